//! Reading local storage: what gloo-storage's `get` does (a missing key is
//! `KeyNotFound`, unreadable text a `SerdeError`), with the JSON read by the
//! engine's reader (`congklak::json`) instead of serde_json's, whose copy
//! per stored type weighed on the play page's bundle. Writing stays
//! gloo-storage's (`Storage::set`, serde_json's writer), so what is stored
//! is what it always was, and everything stored before still reads.

use gloo_storage::errors::StorageError;
use serde::de::DeserializeOwned;

/// The value stored under `key`.
pub fn get<T: DeserializeOwned>(key: &str) -> Result<T, StorageError> {
    use gloo_storage::{LocalStorage, Storage as _};
    let text = LocalStorage::raw()
        .get_item(key)
        .ok()
        .flatten()
        .ok_or_else(|| StorageError::KeyNotFound(key.to_string()))?;
    read(&text)
}

/// A stored text read as a `T`.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, StorageError> {
    let value = congklak::json::parse(text)
        .map_err(|e| StorageError::SerdeError(serde::de::Error::custom(e)))?;
    serde_json::from_value(value).map_err(StorageError::SerdeError)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Saved, Settings};

    #[test]
    fn reads_what_gloo_storage_wrote() {
        // gloo-storage's `set` writes serde_json's text.
        let saved = Saved {
            v: 1,
            record: "umum.7.7:1:abc".into(),
            cursor: 2,
        };
        let text = serde_json::to_string(&saved).unwrap();
        assert_eq!(read::<Saved>(&text).unwrap(), saved);
        let settings = Settings::default();
        let text = serde_json::to_string(&settings).unwrap();
        assert_eq!(read::<Settings>(&text).unwrap(), settings);
        assert!(read::<bool>("true").unwrap());
        let lang = serde_json::to_string(&crate::i18n::Lang::Id).unwrap();
        assert_eq!(
            read::<crate::i18n::Lang>(&lang).unwrap(),
            crate::i18n::Lang::Id
        );
    }

    #[test]
    fn broken_text_is_a_serde_error_that_says_why() {
        match read::<Saved>("{\"v\":1,") {
            Err(StorageError::SerdeError(e)) => {
                assert!(e.to_string().contains("line 1 column 8"), "{e}")
            }
            other => panic!("{other:?}"),
        }
        match read::<Saved>("{\"v\":1}") {
            Err(StorageError::SerdeError(e)) => assert!(e.to_string().contains("record"), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}
