//! Every key the app keeps in local storage, in one list: the keys belong
//! to the modules that read them (the game, the platform, the pages), so
//! the list lives in the shell, the one module that may name them all.

/// Every key the app keeps in local storage. A key added later is listed
/// here, with a reader and hostile values in the table of
/// `app::stored_hostile` (its test fails on a `*_KEY` constant of
/// `src/` missing from this list, and on a key here without hostile cases).
pub const KEYS: [&str; 10] = [
    crate::game::state::SAVE_KEY,
    crate::game::state::SETTINGS_KEY,
    crate::game::state::LANG_KEY,
    crate::platform::audio::SOUND_KEY,
    crate::game::stats::STATS_KEY,
    crate::game::analysis::ANALYSIS_KEY,
    crate::features::friend::FRIEND_KEY,
    crate::features::play::WELCOME_KEY,
    crate::features::puzzles::model::PROGRESS_KEY,
    crate::features::learn::model::FINISHED_KEY,
];
