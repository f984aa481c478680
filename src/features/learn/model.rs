//! The lessons a learner has finished, kept on this device: a lesson is
//! finished when the learner's own pick was the lesson's hole (being shown
//! the answer does not finish it).

use crate::platform::storage::{self, Stored};
use serde_json::Value;
use std::collections::BTreeSet;

/// Where the finished lessons are kept (local storage).
pub const FINISHED_KEY: &str = "congklak.lessons.v1";

/// The ids of the finished lessons.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finished(BTreeSet<String>);

impl Finished {
    /// Whether the lesson `id` is finished.
    pub fn has(&self, id: &str) -> bool {
        self.0.contains(id)
    }

    /// Marks the lesson `id` finished: whether it was not before.
    pub fn mark(&mut self, id: &str) -> bool {
        self.0.insert(id.to_string())
    }

    /// How many of `ids` are finished.
    pub fn count_of<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> usize {
        ids.into_iter().filter(|id| self.has(id)).count()
    }
}

/// Kept as a JSON list of lesson ids, in order.
impl Stored for Finished {
    fn from_json(value: &Value) -> Result<Self, storage::Unfit> {
        let list = value
            .as_array()
            .ok_or_else(|| storage::Unfit::not(None, value, "a list of lessons"))?;
        list.iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| storage::Unfit::not(None, v, "a lesson's name"))
            })
            .collect::<Result<BTreeSet<_>, _>>()
            .map(Finished)
    }
    fn to_json(&self) -> Value {
        Value::Array(self.0.iter().map(|id| Value::from(id.as_str())).collect())
    }
}

/// The finished lessons on this device: none if nothing is kept; what
/// cannot be read is set aside and reported by the shell (nothing lost).
pub fn load() -> Finished {
    storage::get_or_reset::<Finished>(FINISHED_KEY).unwrap_or_default()
}

/// Marks `id` finished and keeps the list: the list as it now is.
pub fn finish(id: &str) -> Finished {
    let mut f = load();
    if f.mark(id) {
        let _ = storage::set(FINISHED_KEY, &f);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_each_lesson_once_and_reads_back_what_it_wrote() {
        let mut f = Finished::default();
        assert!(f.mark("relay"));
        assert!(f.mark("sowing"));
        assert!(!f.mark("relay"), "already finished");
        assert!(f.has("sowing") && !f.has("capture"));
        assert_eq!(f.count_of(["sowing", "relay", "capture"]), 2);
        let text = storage::text(&f);
        assert_eq!(text, r#"["relay","sowing"]"#);
        assert_eq!(storage::read::<Finished>(&text), Ok(f));
    }

    #[test]
    fn broken_text_is_refused_saying_why() {
        let not = |found: &str, expected| {
            Err(storage::Unread::Broken(storage::Unfit::Not {
                key: None,
                found: found.into(),
                expected,
            }))
        };
        assert_eq!(
            storage::read::<Finished>(r#"{"relay":true}"#),
            not(r#"{"relay":true}"#, "a list of lessons")
        );
        assert_eq!(
            storage::read::<Finished>(r#"["relay",3]"#),
            not("3", "a lesson's name")
        );
        assert_eq!(
            storage::read::<Finished>(r#"["relay",3]"#)
                .unwrap_err()
                .to_string(),
            "3 is not a lesson's name"
        );
    }
}
