//! Hostile values under every local-storage key (issue 54, item 3), run
//! natively over the stand-in for local storage (see [`KEYS`]).
//!
//! Each key of [`KEYS`] has a row: a value its reader takes, the
//! reader the app runs on it, and where a refused value goes. Under the key
//! go, one at a time, values that are not JSON, JSON of the wrong type,
//! nested past any sense, 5 MB strings, `__proto__` and `constructor`,
//! NaN-like, negative and huge numbers, the key's own value damaged, and
//! every other key's valid value; around it, every other key holds its
//! valid value. Each must be refused without a panic, set aside (moved to
//! `<key>.unreadable`, or, for the values a page offers to download and
//! reset, left where it is and never written over) and nothing else
//! stored may change. A key declared without a row, or a `*_KEY` constant
//! of `src/` not in [`KEYS`], fails the test.
//!
//! The link reader of the play page is tested here too: hostile links
//! leave the visitor's saved game as it was, and the page opens it.

use crate::app::stored_keys::KEYS;
use crate::game::state::{self, install_packs, PlayState, Saved};
use crate::platform::storage;
use crate::texts::i18n::Lang;
use congklak::PackSet;
use leptos::prelude::{Set, WithUntracked};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Whether a reader took the value stored or refused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Read {
    Took,
    Refused,
}

/// Where a refused value goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// Moved to `<key>.unreadable`, and reported to the visitor (the shell
    /// offers it to download) if `reported`.
    Aside { reported: bool },
    /// Left where it is: the page says the value is damaged and offers to
    /// download and reset it; nothing writes over it until then.
    InPlace,
}

struct Row {
    key: &'static str,
    /// A value the reader takes.
    valid: &'static str,
    /// The app's reader of the key.
    read: fn() -> Read,
    refusal: Refusal,
    /// Values of the hostile list that are of this key's own type.
    takes: &'static [&'static str],
    /// Its strings are names of any length (ids of puzzles and lessons,
    /// which may be of ones since removed): an empty or long one is taken.
    free_text: bool,
}

/// Runs a reader that sets aside what it refuses: whether the value stayed.
fn by_storage(key: &str, read: impl FnOnce()) -> Read {
    let before = storage::get_text(key);
    read();
    if before.is_some() && storage::get_text(key) == before {
        Read::Took
    } else {
        Read::Refused
    }
}

fn rows() -> Vec<Row> {
    use crate::features::{friend, learn, play, puzzles};
    use crate::game::{analysis, stats};
    use crate::platform::audio;
    vec![
        Row {
            key: state::SAVE_KEY,
            valid: r#"{"v":1,"record":"1.umum.7.","cursor":0}"#,
            // The play page's start (no link): the saved game, or a notice.
            read: || match play::initial_state(Lang::En, None, None, None, 3).1 {
                None => Read::Took,
                Some(_) => Read::Refused,
            },
            refusal: Refusal::Aside { reported: false },
            takes: &[],
            free_text: false,
        },
        Row {
            key: state::SETTINGS_KEY,
            valid: r#"{"speed":"Fast","mode":"Hotseat","level":"hard","human":"B"}"#,
            read: || {
                by_storage(state::SETTINGS_KEY, || {
                    let _ = play::load_settings();
                })
            },
            refusal: Refusal::Aside { reported: true },
            takes: &[],
            free_text: false,
        },
        Row {
            key: state::LANG_KEY,
            valid: r#""Id""#,
            // What the app's start runs (see `app::boot::start`).
            read: || {
                by_storage(state::LANG_KEY, || {
                    let _ = storage::get_or_reset::<Lang>(state::LANG_KEY);
                })
            },
            refusal: Refusal::Aside { reported: true },
            takes: &[],
            free_text: false,
        },
        Row {
            key: audio::SOUND_KEY,
            valid: r#"{"on":true,"quiet_when_reduced_motion":false}"#,
            read: || {
                by_storage(audio::SOUND_KEY, || {
                    let _ = audio::stored_settings();
                })
            },
            refusal: Refusal::Aside { reported: true },
            takes: &[],
            free_text: false,
        },
        Row {
            key: stats::STATS_KEY,
            valid: r#"{"v":1,"games":[]}"#,
            read: || match stats::load() {
                Ok(_) => Read::Took,
                Err(_) => Read::Refused,
            },
            refusal: Refusal::InPlace,
            takes: &[],
            free_text: false,
        },
        Row {
            key: analysis::ANALYSIS_KEY,
            valid: r#"{"v":1,"record":"1.umum.7.","marks":[]}"#,
            read: || {
                by_storage(analysis::ANALYSIS_KEY, || {
                    let _ = play::analysis_view::load_kept();
                })
            },
            refusal: Refusal::Aside { reported: false },
            takes: &[],
            free_text: false,
        },
        Row {
            key: friend::FRIEND_KEY,
            valid: r#"{"game":"1.umum.7.4","me":"B"}"#,
            read: || {
                by_storage(friend::FRIEND_KEY, || {
                    let _ = friend::load_saved();
                })
            },
            refusal: Refusal::Aside { reported: true },
            takes: &[],
            free_text: false,
        },
        Row {
            key: play::WELCOME_KEY,
            valid: "true",
            read: || {
                by_storage(play::WELCOME_KEY, || {
                    let _ = play::example_seen();
                })
            },
            refusal: Refusal::Aside { reported: true },
            takes: &["false"],
            free_text: false,
        },
        Row {
            key: puzzles::model::PROGRESS_KEY,
            valid: r#"{"solved":["a"],"tried":["a","b"]}"#,
            read: || match puzzles::model::load_progress() {
                Ok(_) => Read::Took,
                Err(_) => Read::Refused,
            },
            refusal: Refusal::InPlace,
            takes: &[],
            free_text: true,
        },
        Row {
            key: learn::model::FINISHED_KEY,
            valid: r#"["relay","sowing"]"#,
            read: || {
                by_storage(learn::model::FINISHED_KEY, || {
                    let _ = learn::model::load();
                })
            },
            refusal: Refusal::Aside { reported: true },
            takes: &["[]"],
            free_text: true,
        },
    ]
}

const MB: usize = 1 << 20;

/// Hostile values for every key, by kind.
fn hostile_for_any_key() -> Vec<(&'static str, String)> {
    let mut out: Vec<(&str, String)> = Vec::new();
    for v in [
        "",
        " ",
        "hello",
        "{",
        "}",
        "[",
        "{\"v\":1,",
        "'single'",
        "undefined",
        "\u{FEFF}{}",
        "{\"a\":1}x",
        "\u{0}",
        "// comment",
    ] {
        out.push(("not JSON", v.to_string()));
    }
    for v in [
        "null", "0", "1", "\"text\"", "\"\"", "[]", "{}", "[1,2,3]", "false", "[null]",
    ] {
        out.push(("wrong type", v.to_string()));
    }
    for depth in [200, 100_000] {
        out.push(("deeply nested", "[".repeat(depth) + &"]".repeat(depth)));
        out.push((
            "deeply nested",
            "{\"a\":".repeat(depth) + "1" + &"}".repeat(depth),
        ));
    }
    out.push(("5 MB", format!("\"{}\"", "x".repeat(5 * MB))));
    out.push(("5 MB", "7".repeat(5 * MB)));
    out.push(("5 MB", format!("[{}1]", "1,".repeat(5 * MB / 2))));
    out.push(("5 MB", "é".repeat(5 * MB / 2)));
    for v in [
        r#"{"__proto__":{"polluted":true}}"#,
        r#"{"constructor":{"prototype":{"polluted":true}}}"#,
        r#"{"__proto__":null}"#,
    ] {
        out.push(("__proto__", v.to_string()));
    }
    for v in [
        "NaN",
        "Infinity",
        "-Infinity",
        "1e999",
        "-1e999",
        "-0",
        "0.1e-400",
        "\"NaN\"",
    ] {
        out.push(("NaN-like", v.to_string()));
    }
    for v in [
        "-1",
        "-9223372036854775809",
        "18446744073709551616",
        "1e308",
        "99999999999999999999999999999999999999",
    ] {
        out.push(("negative or huge", v.to_string()));
    }
    out
}

/// The key's own valid value, damaged.
fn damaged(valid: &str) -> Vec<(&'static str, String)> {
    let mut out = vec![
        ("damaged", format!("{valid}x")),
        ("damaged", valid[..valid.len() / 2].to_string()),
        ("damaged", format!("{valid}{valid}")),
        ("damaged", format!("[{valid}]")),
        ("damaged", format!("{{\"value\":{valid}}}")),
    ];
    // Each number and each string of the value in turn set to odd values.
    let value: serde_json::Value = serde_json::from_str(valid).expect("valid JSON");
    for odd in [
        "-1",
        "1e999",
        "18446744073709551616",
        "4294967296",
        "0.5",
        "null",
        "\"\"",
        &format!("\"{}\"", "z".repeat(5 * MB)),
        "{\"__proto__\":1}",
    ] {
        for path in leaves(&value, String::new()) {
            let odd_value: serde_json::Value =
                serde_json::from_str(odd).unwrap_or(serde_json::Value::Null);
            let mut v = value.clone();
            *v.pointer_mut(&path).expect("a leaf") = odd_value;
            let text = if odd == "1e999" {
                // Not a JSON number serde writes: put in as text.
                congklak::json::write(&v).replacen("null", "1e999", 1)
            } else {
                congklak::json::write(&v)
            };
            if text != valid {
                let kind = if odd.starts_with('"') {
                    "a string emptied or 5 MB"
                } else {
                    "negative or huge"
                };
                out.push((kind, text));
            }
        }
    }
    out
}

/// The JSON pointers of a value's numbers, strings and booleans.
fn leaves(v: &serde_json::Value, at: String) -> Vec<String> {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .flat_map(|(k, v)| leaves(v, format!("{at}/{k}")))
            .collect(),
        serde_json::Value::Array(a) => a
            .iter()
            .enumerate()
            .flat_map(|(i, v)| leaves(v, format!("{at}/{i}")))
            .collect(),
        _ => vec![at],
    }
}

/// Stores every row's valid value but `except`'s.
fn store_the_others(rows: &[Row], except: &str) {
    storage::clear();
    for r in rows.iter().filter(|r| r.key != except) {
        storage::set_text(r.key, r.valid).expect("stored");
    }
}

fn ready() -> Vec<Row> {
    install_packs(PackSet::builtin());
    rows()
}

#[test]
fn every_key_has_a_row_and_every_key_constant_is_declared() {
    let rows = ready();
    let mut declared: Vec<&str> = KEYS.to_vec();
    let mut covered: Vec<&str> = rows.iter().map(|r| r.key).collect();
    declared.sort();
    covered.sort();
    assert_eq!(
        covered, declared,
        "a row for every key in app::stored_keys::KEYS"
    );
    // Every storage key constant of the app's source is declared.
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("src/") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for line in text.lines() {
                    if let Some((name, rest)) = line.split_once(": &str = \"") {
                        let name = name.rsplit(' ').next().unwrap_or_default();
                        if name.ends_with("_KEY") {
                            let value = rest.split('"').next().unwrap_or_default();
                            out.push((name.to_string(), value.to_string()));
                        }
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(found.len() >= KEYS.len(), "{found:?}");
    for (name, value) in &found {
        assert!(
            KEYS.contains(&value.as_str()),
            "{name} = {value:?} is not in app::stored_keys::KEYS (add it, with a row here)"
        );
    }
}

#[test]
fn every_reader_takes_its_valid_value_with_the_others_around() {
    for row in ready().iter() {
        let rows = rows();
        store_the_others(&rows, "");
        let before = storage::everything();
        assert_eq!((row.read)(), Read::Took, "{}: {}", row.key, row.valid);
        assert_eq!(
            storage::everything(),
            before,
            "{}: nothing changed",
            row.key
        );
    }
}

#[test]
fn every_key_refuses_hostile_values_and_loses_nothing() {
    let rows = ready();
    let mut tried: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        let mut values = hostile_for_any_key();
        values.extend(damaged(row.valid));
        for other in rows.iter().filter(|r| r.key != row.key) {
            values.push(("another key's value", other.valid.to_string()));
        }
        for (kind, text) in values {
            if row.takes.contains(&text.as_str())
                || (row.free_text && kind == "a string emptied or 5 MB")
            {
                continue;
            }
            store_the_others(&rows, row.key);
            storage::set_text(row.key, &text).expect("stored");
            storage::resets().set(Vec::new());
            let before = storage::everything();
            let shown: String = text.chars().take(80).collect();
            let read = catch_unwind(AssertUnwindSafe(row.read))
                .unwrap_or_else(|_| panic!("{}: {kind}: panicked on {shown:?}", row.key));
            assert_eq!(read, Read::Refused, "{}: {kind}: took {shown:?}", row.key);
            let mut expected = before.clone();
            if let Refusal::Aside { reported } = row.refusal {
                let kept = expected.remove(row.key).expect("was stored");
                expected.insert(storage::set_aside_key(row.key), kept);
                let resets = storage::resets().with_untracked(Clone::clone);
                if reported {
                    assert_eq!(resets.len(), 1, "{}: {kind}: reported once", row.key);
                    assert_eq!(resets[0].key, row.key);
                    assert!(resets[0].text == text, "{}: the text to download", row.key);
                } else {
                    assert!(resets.is_empty(), "{}: {kind}", row.key);
                }
            }
            assert!(
                storage::everything() == expected,
                "{}: {kind}: {shown:?}: what is stored changed otherwise",
                row.key
            );
            *tried.entry(kind).or_default() += 1;
        }
    }
    println!("hostile stored values refused, by kind: {tried:?}");
    assert!(tried.len() >= 8, "{tried:?}");
}

/// A hostile game link does not touch the visitor's saved game: the page
/// opens the saved game, says the link is broken, and keeps everything.
#[test]
fn a_refused_link_keeps_the_saved_game() {
    let rows = ready();
    let pack = state::packs().get("sungka").expect("sungka");
    let rules = pack.rules.clone();
    let game = congklak::sample_game(&rules, 5);
    let mut saved = PlayState::new(pack, rules.holes, None, 5);
    saved.record.moves = game.moves[..game.moves.len() / 2].to_vec();
    saved.cursor = saved.record.moves.len();
    let saved_text = storage::text(&Saved::of(&saved));
    let record = saved.record.to_text();
    let links: Vec<(&str, String)> = vec![
        ("1 MB", format!("1.sungka.1.{}", "1".repeat(MB))),
        ("5 MB", format!("{record}{}", "2".repeat(5 * MB))),
        ("truncated", record[..record.len() - 3].to_string() + "_"),
        (
            "moves repeated",
            format!("{record}{}", &record[record.len() - 20..]),
        ),
        ("hole past the board", format!("{record}b")),
        (
            "huge seed",
            record.replacen(".5.", ".18446744073709551616.", 1),
        ),
        ("unicode", record.replacen('1', "١", 1)),
        ("not a record", "\u{202E}<script>".to_string()),
        ("empty", String::new()),
    ];
    for (kind, link) in &links {
        store_the_others(&rows, state::SAVE_KEY);
        storage::set_text(state::SAVE_KEY, &saved_text).expect("stored");
        let before = storage::everything();
        let (opened, notice, broken, _) = catch_unwind(|| {
            crate::features::play::initial_state(Lang::Id, Some(link.clone()), None, None, 3)
        })
        .unwrap_or_else(|_| panic!("{kind}: panicked"));
        assert!(broken, "{kind}: the link is refused");
        let notice = notice.expect("a notice");
        assert!(
            notice.starts_with("Tautan"),
            "{kind}: said in the page's language: {notice}"
        );
        assert_eq!(opened, saved, "{kind}: the saved game is opened");
        assert!(
            storage::everything() == before,
            "{kind}: nothing stored changed"
        );
    }
    // A turn number that is not one refuses the link the same way.
    store_the_others(&rows, state::SAVE_KEY);
    storage::set_text(state::SAVE_KEY, &saved_text).expect("stored");
    let (opened, _, broken, _) = crate::features::play::initial_state(
        Lang::En,
        Some(record.clone()),
        Some("99999999999999999999999".into()),
        None,
        3,
    );
    assert!(broken);
    assert_eq!(opened, saved);
    // The link itself, unharmed, opens its game.
    let (opened, notice, broken, _) =
        crate::features::play::initial_state(Lang::En, Some(record.clone()), None, None, 3);
    assert!(!broken && notice.is_none());
    assert_eq!(opened.record, saved.record);
}
