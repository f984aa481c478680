//! Local storage, for every key the app keeps: each stored value is JSON, read and written by hand
//! through the engine's JSON reader and writer (`congklak::json`) instead
//! of serde's derive, whose code per stored type (and serde_json's generic
//! reader and writer under it) weighed on the play page's bundle.
//!
//! What is written is what serde wrote for the same types, but for the
//! order of an object's members (the writer keeps a map's order, which is
//! alphabetical): everything stored before reads, and the reading pages,
//! which read some of these values with serde, read what the play page
//! writes (the tests check both ways).

use crate::texts::i18n::k;
use crate::texts::i18n::{tr, Lang, Say};
use congklak::json::{self, JsonError, MemberError, Members};
use serde_json::Value;
use std::fmt;

/// A value kept in local storage as JSON.
pub trait Stored: Sized {
    /// Reads the value from its JSON, or says why not.
    fn from_json(value: &Value) -> Result<Self, Unfit>;
    /// The value as JSON.
    fn to_json(&self) -> Value;
}

impl Stored for Lang {
    fn from_json(value: &Value) -> Result<Lang, Unfit> {
        named(value, &[(Lang::Id, "Id"), (Lang::En, "En")], "a language")
    }
    fn to_json(&self) -> Value {
        Value::from(if *self == Lang::Id { "Id" } else { "En" })
    }
}

/// Why a stored value was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// Nothing is stored under the key (or storage is unavailable).
    Missing,
    /// What is stored cannot be read, and why.
    Broken(Unfit),
}

/// Why what is stored is not a value of its type: for the console, in
/// English (a visitor is told only that it could not be read, see
/// [`Reset`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// The text is not JSON.
    Syntax(JsonError),
    /// An object is not one, or a member of it is missing, unknown or of
    /// the wrong kind.
    Member(MemberError),
    /// A value that is none of the names its kind is stored by.
    Unnamed {
        /// What it should have been (`a player`, `` `speed` ``).
        what: &'static str,
        /// The value, as JSON.
        found: String,
        /// The names it may be.
        names: Vec<&'static str>,
    },
    /// A value that is not of the kind it should be.
    Not {
        /// The member it is, if it is one (`` `best` ``).
        key: Option<&'static str>,
        /// The value, as JSON.
        found: String,
        /// What it should be (`true or false`, `a hole`).
        expected: &'static str,
    },
    /// A number too large for its member.
    TooLarge {
        /// The member.
        key: &'static str,
        /// The number.
        n: u64,
    },
    /// Another format version than this app writes.
    Version {
        /// What the value is (`the analysis`).
        what: &'static str,
        /// Its version.
        v: u64,
    },
    /// The game kept does not open (the engine's reason).
    Record(congklak::RecordError),
}

impl fmt::Display for Unfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unfit::Syntax(e) => write!(f, "{e}"),
            Unfit::Member(e) => write!(f, "{e}"),
            Unfit::Unnamed { what, found, names } => {
                write!(f, "{what}: {found} is not one of {}", names.join(", "))
            }
            Unfit::Not {
                key,
                found,
                expected,
            } => {
                if let Some(key) = key {
                    write!(f, "{key}: ")?;
                }
                write!(f, "{found} is not {expected}")
            }
            Unfit::TooLarge { key, n } => write!(f, "`{key}`: {n} is too large"),
            Unfit::Version { what, v } => write!(f, "{what}: version {v} is not this app's"),
            Unfit::Record(e) => write!(f, "the game kept does not open: {e}"),
        }
    }
}

impl From<MemberError> for Unfit {
    fn from(e: MemberError) -> Unfit {
        Unfit::Member(e)
    }
}

impl Unfit {
    /// `value` is not `expected` (as the member `key`, if it is one).
    pub fn not(key: Option<&'static str>, value: &Value, expected: &'static str) -> Unfit {
        Unfit::Not {
            key,
            found: json::write(value),
            expected,
        }
    }
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unread::Missing => f.write_str("nothing is stored"),
            Unread::Broken(why) => write!(f, "{why}"),
        }
    }
}

/// The browser's local storage.
#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Off the browser (native tests), a map in memory, one a thread, stands in
/// for local storage: the same reads, writes and set-asides, testable.
#[cfg(not(target_arch = "wasm32"))]
fn storage() -> Option<Memory> {
    Some(Memory)
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static MEMORY: std::cell::RefCell<std::collections::BTreeMap<String, String>> =
        const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
}

/// The native stand-in for local storage (see [`storage`]), with the
/// methods of `web_sys::Storage` that this module uses.
#[cfg(not(target_arch = "wasm32"))]
struct Memory;

#[cfg(not(target_arch = "wasm32"))]
impl Memory {
    fn get_item(&self, key: &str) -> Result<Option<String>, ()> {
        Ok(MEMORY.with(|m| m.borrow().get(key).cloned()))
    }
    fn set_item(&self, key: &str, value: &str) -> Result<(), ()> {
        MEMORY.with(|m| m.borrow_mut().insert(key.to_string(), value.to_string()));
        Ok(())
    }
    fn remove_item(&self, key: &str) -> Result<(), ()> {
        MEMORY.with(|m| m.borrow_mut().remove(key));
        Ok(())
    }
}

/// Everything kept, key by key (native only: for tests).
#[cfg(not(target_arch = "wasm32"))]
pub fn everything() -> std::collections::BTreeMap<String, String> {
    MEMORY.with(|m| m.borrow().clone())
}

/// Forgets everything kept (native only: for tests).
#[cfg(not(target_arch = "wasm32"))]
pub fn clear() {
    MEMORY.with(|m| m.borrow_mut().clear());
}

/// The value stored under `key`.
pub fn get<T: Stored>(key: &str) -> Result<T, Unread> {
    read(&get_text(key).ok_or(Unread::Missing)?)
}

/// Why a value could not be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreProblem {
    /// The browser keeps nothing (local storage is off or missing).
    Unavailable,
    /// Local storage refused the value (it may be full).
    Refused,
}

impl Say for StoreProblem {
    fn say(&self, lang: Lang) -> String {
        tr(
            lang,
            match self {
                StoreProblem::Unavailable => k::STORE_UNAVAILABLE,
                StoreProblem::Refused => k::STORE_REFUSED,
            },
        )
        .into()
    }
}

/// What is stored cannot be read (for values read whole, such as puzzle
/// progress, whose reader says no more than that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damaged;

impl Say for Damaged {
    fn say(&self, lang: Lang) -> String {
        tr(lang, k::STORE_DAMAGED).into()
    }
}

/// Stores `value` under `key`.
pub fn set<T: Stored>(key: &str, value: &T) -> Result<(), StoreProblem> {
    set_text(key, &json::write(&value.to_json()))
}

/// The text stored under `key`, if there is one: for the values the pages
/// that already hold serde read and write with it (statistics, puzzle
/// progress), which then go through this module like every other key.
pub fn get_text(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores `text` under `key` (see [`get_text`]).
pub fn set_text(key: &str, text: &str) -> Result<(), StoreProblem> {
    storage()
        .ok_or(StoreProblem::Unavailable)?
        .set_item(key, text)
        .map_err(|_| StoreProblem::Refused)
}

/// Deletes what is stored under `key`.
pub fn delete(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// A stored value that could not be read: set aside (its text kept under
/// [`set_aside_key`], so nothing is lost) and its default used instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reset {
    /// Its key.
    pub key: String,
    /// Why it could not be read.
    pub why: Unfit,
    /// The text that was stored.
    pub text: String,
}

/// Where the unreadable text of `key` is kept.
pub fn set_aside_key(key: &str) -> String {
    format!("{key}.unreadable")
}

thread_local! {
    static RESETS: leptos::prelude::ArcRwSignal<Vec<Reset>> =
        leptos::prelude::ArcRwSignal::new(Vec::new());
}

/// The values set aside since the page started (see [`get_or_reset`]):
/// the shell says so once, with each unreadable text to download.
pub fn resets() -> leptos::prelude::ArcRwSignal<Vec<Reset>> {
    RESETS.with(Clone::clone)
}

/// The value stored under `key`: `None` if there is none, and also if what
/// is stored cannot be read, which is then set aside and reported (see
/// [`set_aside`]): the caller uses its default, and the visitor is told.
pub fn get_or_reset<T: Stored>(key: &str) -> Option<T> {
    match get::<T>(key) {
        Ok(value) => Some(value),
        Err(Unread::Missing) => None,
        Err(Unread::Broken(why)) => {
            set_aside(key, why);
            None
        }
    }
}

/// Sets aside the unreadable value under `key` and reports it once through
/// [`resets`].
pub fn set_aside(key: &str, why: Unfit) {
    use leptos::prelude::Update;
    if let Some(text) = keep_aside(key) {
        leptos::logging::warn!("{key} could not be read and was set aside: {why}");
        resets().update(|r| {
            r.push(Reset {
                key: key.to_string(),
                why,
                text,
            })
        });
    }
}

/// Moves the text under `key` to [`set_aside_key`] (where nothing reads
/// it, so it is reported only once): the text, if there was one.
pub fn keep_aside(key: &str) -> Option<String> {
    let s = storage()?;
    let text = s.get_item(key).ok().flatten()?;
    let _ = s.set_item(&set_aside_key(key), &text);
    let _ = s.remove_item(key);
    Some(text)
}

/// A stored text read as a `T`.
pub fn read<T: Stored>(text: &str) -> Result<T, Unread> {
    let value = json::parse(text).map_err(|e| Unread::Broken(Unfit::Syntax(e)))?;
    T::from_json(&value).map_err(Unread::Broken)
}

/// A value's text as stored.
pub fn text<T: Stored>(value: &T) -> String {
    json::write(&value.to_json())
}

/// A JSON object of these members.
pub fn object(members: impl IntoIterator<Item = (&'static str, Value)>) -> Value {
    json::object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// A reading stored by its name: the name, or an error listing the names.
pub fn named<T: Copy>(
    value: &Value,
    all: &[(T, &'static str)],
    what: &'static str,
) -> Result<T, Unfit> {
    let name = value.as_str().unwrap_or_default();
    all.iter()
        .find(|(_, n)| *n == name)
        .map(|(t, _)| *t)
        .ok_or_else(|| Unfit::Unnamed {
            what,
            found: json::write(value),
            names: all.iter().map(|(_, n)| *n).collect(),
        })
}

/// A reading's stored name (see [`named`]).
pub fn name_of<T: Copy + PartialEq>(all: &[(T, &'static str)], reading: T) -> Value {
    all.iter()
        .find(|(t, _)| *t == reading)
        .map(|(_, n)| Value::from(*n))
        .unwrap_or_default()
}

impl Stored for bool {
    fn from_json(value: &Value) -> Result<bool, Unfit> {
        value
            .as_bool()
            .ok_or_else(|| Unfit::not(None, value, "true or false"))
    }
    fn to_json(&self) -> Value {
        Value::Bool(*self)
    }
}

/// A player by the engine's spelling (`A`, `B`), as serde writes it.
impl Stored for congklak::Player {
    fn from_json(value: &Value) -> Result<Self, Unfit> {
        use congklak::Reading;
        let all: Vec<(Self, &'static str)> = Self::ALL.iter().map(|&p| (p, p.as_str())).collect();
        named(value, &all, "a player")
    }
    fn to_json(&self) -> Value {
        Value::from(congklak::Reading::as_str(*self))
    }
}

/// Reads an object's members, refusing any not in `known` (serde's
/// `deny_unknown_fields`).
pub fn members<'a>(value: &'a Value, what: &str, known: &[&str]) -> Result<Members<'a>, Unfit> {
    let m = Members::of(value, what)?;
    m.only(known)?;
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{Mode, Saved, Settings, Speed};
    use crate::texts::i18n::Lang;
    use serde::{de::DeserializeOwned, Serialize};
    use std::fmt::Debug;

    /// What serde wrote reads back by hand, and what is written by hand
    /// serde reads (the same value both ways).
    fn both_ways<T: Stored + Serialize + DeserializeOwned + PartialEq + Debug>(value: T) {
        let by_serde = serde_json::to_string(&value).unwrap();
        assert_eq!(read::<T>(&by_serde).unwrap(), value, "{by_serde}");
        let by_hand = text(&value);
        assert_eq!(
            serde_json::from_str::<T>(&by_hand).unwrap(),
            value,
            "{by_hand}"
        );
        let a: Value = serde_json::from_str(&by_serde).unwrap();
        let b: Value = serde_json::from_str(&by_hand).unwrap();
        assert_eq!(a, b, "the same JSON, members aside");
    }

    #[test]
    fn what_serde_wrote_reads_and_what_is_written_serde_reads() {
        both_ways(Saved {
            v: 1,
            record: "umum.7.7:1:abc".into(),
            cursor: 2,
        });
        both_ways(Settings::default());
        for (speed, _) in Speed::ALL {
            for level in congklak::Level::ALL {
                for mode in [Mode::Hotseat, Mode::Computer] {
                    both_ways(Settings {
                        speed,
                        mode,
                        level,
                        human: congklak::Player::B,
                        rounds: if mode == Mode::Hotseat { 0 } else { 5 },
                    });
                }
            }
        }
        both_ways(true);
        both_ways(false);
        both_ways(Lang::Id);
        both_ways(Lang::En);
        both_ways(crate::platform::audio::SoundSettings::default());
        both_ways(crate::platform::audio::SoundSettings {
            on: true,
            quiet_when_reduced_motion: false,
        });
    }

    #[test]
    fn broken_text_is_refused_saying_why() {
        match read::<Saved>("{\"v\":1,") {
            Err(Unread::Broken(e @ Unfit::Syntax(_))) => {
                assert_eq!(e.to_string(), "expected a key in quotes at line 1 column 8")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read::<Saved>("{\"v\":1}"),
            Err(Unread::Broken(Unfit::Member(MemberError::Missing {
                key: "record".into()
            })))
        );
        match read::<Settings>(
            r#"{"speed":"Normal","mode":"Computer","level":"medium","human":"A","colour":1}"#,
        ) {
            Err(Unread::Broken(e @ Unfit::Member(MemberError::Unknown { .. }))) => {
                assert!(e.to_string().contains("unknown field `colour`"), "{e}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read::<Settings>(r#"{"speed":"Warp","mode":"Computer","level":"medium","human":"A"}"#),
            Err(Unread::Broken(Unfit::Unnamed {
                what: "`speed`",
                found: "\"Warp\"".into(),
                names: vec!["Instant", "Fast", "Normal", "Slow"],
            }))
        );
        assert_eq!(
            read::<Settings>(r#"{"speed":"Fast","mode":"Computer","level":"x","human":"A"}"#)
                .unwrap_err()
                .to_string(),
            "`level`: \"x\" is not a level"
        );
        assert_eq!(
            read::<Settings>(
                r#"{"speed":"Fast","mode":"Computer","level":"medium","human":"A","rounds":300}"#
            ),
            Err(Unread::Broken(Unfit::TooLarge {
                key: "rounds",
                n: 300
            }))
        );
        assert_eq!(
            read::<bool>("3").unwrap_err().to_string(),
            "3 is not true or false"
        );
    }
}
