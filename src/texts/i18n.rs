//! The one translation layer: every text the UI shows, in Bahasa Indonesia
//! and English, from the language files `src/texts/en.json` and `id.json`
//! (a line a text; see [`Key`]). Components call [`tr`] (or [`trf`] for a
//! text with holes and plurals, see [`super::message`]); none hard-codes a
//! sentence.

use serde::{Deserialize, Serialize};

use super::message;

/// The UI language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// Bahasa Indonesia.
    Id,
    /// English.
    En,
}

impl Lang {
    /// The BCP 47 code, also the key of pack texts.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Id => "id",
            Lang::En => "en",
        }
    }
    /// The other language (the header's switch leads to it).
    pub fn other(self) -> Lang {
        match self {
            Lang::Id => Lang::En,
            Lang::En => Lang::Id,
        }
    }
    /// The address of the page at `path` (the English address: `/`,
    /// `/packs/umum?x#y`) in this language: English pages are at their
    /// address, Indonesian ones under `/id` (`/id/`, `/id/packs/umum?x#y`).
    /// Anything not starting with `/` (a fragment, a full address) is kept.
    pub fn path(self, path: &str) -> String {
        match self {
            Lang::En => path.to_string(),
            Lang::Id if path.starts_with('/') => {
                if path == "/" || path.starts_with("/?") || path.starts_with("/#") {
                    format!("/id/{}", &path[1..])
                } else {
                    format!("/id{path}")
                }
            }
            Lang::Id => path.to_string(),
        }
    }
    /// The language for a browser language tag: Indonesian (and Malay) read Indonesian.
    pub fn from_tag(tag: &str) -> Lang {
        let tag = tag.to_ascii_lowercase();
        if tag.starts_with("id") || tag.starts_with("in") || tag.starts_with("ms") {
            Lang::Id
        } else {
            Lang::En
        }
    }
}

/// The language of the page at `path` and the page's English address:
/// `/id/packs` is `(Id, "/packs")`, `/id` and `/id/` are `(Id, "/")`, any
/// other address is English and itself (see [`Lang::path`]).
pub fn split_lang(path: &str) -> (Lang, &str) {
    match path.strip_prefix("/id") {
        Some("") | Some("/") => (Lang::Id, "/"),
        Some(rest) if rest.starts_with('/') => (Lang::Id, rest),
        _ => (Lang::En, path),
    }
}

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

/// A text: its key in the language files (src/texts/en.json and id.json),
/// a constant of [`k`] (`"nav.play"` is `k::NAV_PLAY`). build.rs makes the
/// constants from the files, so a misspelt key does not build, and it
/// fails the build where a key is in one language only.
///
/// The texts of the files' `"every page"` part come first; those of
/// `"other pages"` (which only pages other than the play page show) after.
/// A release browser build holds the English texts only: an Indonesian page
/// fetches the Indonesian texts from a file (see [`TEXTS_META`]), the play
/// page only those of the first part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u16);

impl Key {
    /// The key's name in the language files.
    pub fn name(self) -> &'static str {
        lookup(&NAMES, &NAMES_OTHER, self).unwrap_or("")
    }
    /// The key named `name`, if this build holds its text: for keys made
    /// from data (a clause's reading, a pack's source language).
    pub fn named(name: &str) -> Option<Key> {
        NAMES
            .iter()
            .chain(NAMES_OTHER.iter())
            .position(|n| *n == name)
            .map(|i| Key(i as u16))
    }
}

impl std::fmt::Display for Key {
    /// The key's name, for messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The entry of `key` in a table held as its two parts.
fn lookup(
    first: &'static [&'static str],
    rest: &'static [&'static str],
    key: Key,
) -> Option<&'static str> {
    let i = usize::from(key.0);
    first
        .get(i)
        .or_else(|| rest.get(i.checked_sub(PLAY_TEXTS)?))
        .copied()
}

/// What [`tr`] gives for a text this build does not hold.
pub const MISSING: &str = "⟨missing text⟩";

/// The text of `key` in `lang`, as the language file writes it (for a text
/// with holes, see [`trf`]). Indonesian texts not yet here (see
/// [`has_lang`]) read in English.
pub fn tr(lang: Lang, key: Key) -> &'static str {
    let text = match lang {
        Lang::Id => indonesian().and_then(|id| id.get(usize::from(key.0)).copied()),
        Lang::En => None,
    };
    text.or_else(|| lookup(&EN, &EN_OTHER, key))
        .unwrap_or(MISSING)
}

/// The text of the key named `name` (see [`Key::named`]), or [`MISSING`].
pub fn tr_named(lang: Lang, name: &str) -> &'static str {
    Key::named(name).map_or(MISSING, |key| tr(lang, key))
}

#[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
thread_local! {
    static INSTALLED_ID: std::cell::OnceCell<&'static [&'static str]> =
        const { std::cell::OnceCell::new() };
}

/// The Indonesian texts in the order of the keys, if they are here: built
/// in, or installed from the page by [`install_indonesian`].
fn indonesian() -> Option<&'static [&'static str]> {
    #[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
    return Some(&ID);
    #[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
    INSTALLED_ID.with(|t| t.get().copied())
}

/// Whether the texts of `lang` are here (English always is).
pub fn has_lang(lang: Lang) -> bool {
    lang == Lang::En || indonesian().is_some()
}

/// The name of the `<meta>` by which an Indonesian page that has code
/// names the file of the Indonesian texts (`/texts-id-<hash>.json`; a
/// release browser build holds the English ones only): the pre-renderer
/// writes the file ([`indonesian_json`]), and the bundle fetches and
/// installs it ([`install_indonesian`]) before it hydrates. One file for
/// every page, named by its content's hash: fetched once over a visit.
pub const TEXTS_META: &str = "congklak-texts";

/// Why the Indonesian texts a page fetched were refused (see [`install_indonesian`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextsProblem {
    /// Not what [`indonesian_json`] writes: the fingerprint of a build's
    /// keys and a list of texts.
    Unreadable,
    /// Another build's texts (other keys, or in another order).
    OtherBuild,
}

impl std::fmt::Display for TextsProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TextsProblem::Unreadable => {
                "the Indonesian texts are not a fingerprint and a list of texts"
            }
            TextsProblem::OtherBuild => "the Indonesian texts are not this build's",
        })
    }
}

/// How many texts this build holds: every page's, and the other pages'
/// unless it is the play page's bundle.
fn held() -> usize {
    NAMES.len() + NAMES_OTHER.len()
}

/// Installs the Indonesian texts a page fetched (see [`TEXTS_META`] and
/// [`indonesian_json`]), once; they stay for the page's life.
pub fn install_indonesian(json: &str) -> Result<(), TextsProblem> {
    let value = congklak::json::parse(json).map_err(|_| TextsProblem::Unreadable)?;
    let keys = value.get("keys").and_then(|k| k.as_str());
    let texts = value.get("texts").and_then(|t| t.as_array()).and_then(|t| {
        t.iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<Vec<String>>>()
    });
    let (Some(keys), Some(texts)) = (keys, texts) else {
        return Err(TextsProblem::Unreadable);
    };
    // The texts of this build's keys, in their order (see [`TEXTS_META`]).
    // Or the play page's: the texts every page shows, which come first
    // (the others are then not shown).
    let fingerprint = FINGERPRINTS[usize::from(held() == ALL_TEXTS)];
    let whole = texts.len() == held() && keys == fingerprint;
    let play = texts.len() == PLAY_TEXTS && keys == FINGERPRINTS[0];
    if !whole && !play {
        return Err(TextsProblem::OtherBuild);
    }
    #[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
    {
        let table: Vec<&'static str> = texts.into_iter().map(|v| &*String::leak(v)).collect();
        INSTALLED_ID.with(|t| {
            let _ = t.set(Vec::leak(table));
        });
    }
    Ok(())
}

/// The Indonesian texts as the pre-renderer writes them into a file (see
/// [`TEXTS_META`]): `{"keys": fingerprint, "texts": [text, ...]}`, the texts
/// in the order of the keys, all of them, or for the play page's bundle
/// only those it holds (`play`: the files' `"every page"` part). The keys
/// themselves are the bundle's already: the file carries a fingerprint of
/// them (made by build.rs), so that texts of another build are refused.
#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub fn indonesian_json(play: bool) -> String {
    let texts = if play { &ID[..PLAY_TEXTS] } else { &ID[..] };
    congklak::json::write(&congklak::json::object(vec![
        ("keys".into(), FINGERPRINTS[usize::from(!play)].into()),
        ("texts".into(), texts.to_vec().into()),
    ]))
}

/// Every text: key, English and Indonesian.
#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub fn all_texts() -> impl Iterator<Item = (Key, &'static str, &'static str)> {
    (0..held()).map(|i| {
        let key = Key(i as u16);
        (key, tr(Lang::En, key), ID[i])
    })
}

/// What the app tells a player (why a link, a code, a file or a stored
/// value was refused), in plain words in either language: the app's error
/// types say it, so no message carries another language's words or the
/// engine's internal names.
pub trait Say {
    /// The message in `lang`.
    fn say(&self, lang: Lang) -> String;
}

/// For tests: each message reads in both languages, differently, every
/// hole filled, with no internal name (nothing in backticks).
#[cfg(test)]
pub fn assert_said_in_both(messages: &[&dyn Say]) {
    for m in messages {
        let (en, id) = (m.say(Lang::En), m.say(Lang::Id));
        assert_ne!(en, id, "the same in both languages");
        for text in [&en, &id] {
            assert!(
                !text.is_empty() && !text.contains(['{', '`']) && !text.contains("⟨missing"),
                "{text}"
            );
        }
    }
}

/// The text of `key` in `lang` with its holes filled by `args`: `{0}` is
/// the first, and a plural (`{0, plural, one {# seed} other {# seeds}}`)
/// chooses by the language's rule (see src/texts/message.rs).
pub fn trf(lang: Lang, key: Key, args: &[&dyn std::fmt::Display]) -> String {
    fill(lang, tr(lang, key), args)
}

/// [`trf`] for a text already looked up.
fn fill(lang: Lang, text: &str, args: &[&dyn std::fmt::Display]) -> String {
    let rule: message::PluralRule = match lang {
        Lang::En => |n| if n == 1 { "one" } else { "other" },
        Lang::Id => |_| "other",
    };
    let arg = |i: usize| {
        Some(
            args.get(i)
                .map_or_else(|| format!("{{{i}}}"), |a| a.to_string()),
        )
    };
    let mut out = String::new();
    match message::render(text, &arg, rule, &mut out) {
        Ok(_) => out,
        Err(_) => text.to_string(),
    }
}

/// [`trf`] for a count `n` as its one argument ("relays once", "relays 3
/// times").
pub fn trn(lang: Lang, key: Key, n: u32) -> String {
    trf(lang, key, &[&n])
}

/// A reactive text: one closure type for every key, so the views that show
/// texts share one instantiation (this keeps the wasm small).
pub fn t<S>(lang: S, key: Key) -> impl Fn() -> &'static str + Clone + Send + Sync + 'static
where
    S: leptos::prelude::Get<Value = Lang> + Clone + Send + Sync + 'static,
{
    move || tr(lang.get(), key)
}

/// Whether this build holds a text named `name` (see [`Key::named`]).
pub fn has(name: &str) -> bool {
    Key::named(name).is_some()
}

/// The language of the page being drawn, from its address (see
/// [`split_lang`]): in the build, the address it draws; in the browser,
/// the page's.
pub fn page_lang() -> Lang {
    #[cfg(target_arch = "wasm32")]
    let path = leptos::prelude::window()
        .location()
        .pathname()
        .unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let path = leptos::prelude::use_context::<leptos_router::location::RequestUrl>()
        .map(|url| url.as_ref().to_string())
        .unwrap_or_default();
    split_lang(&path).0
}

/// Provides the page's language ([`page_lang`]) to the components drawn
/// from here down (what [`use_lang`] reads): the shell does for the whole
/// page, and each island for itself, since an island comes alive on its own.
pub fn provide_page_lang() -> leptos::prelude::RwSignal<Lang> {
    let lang = leptos::prelude::RwSignal::new(page_lang());
    leptos::prelude::provide_context(lang);
    lang
}

/// The UI language, provided by the app (see [`crate::app`]): the page's,
/// which never changes while the page is open (the other language is
/// another page).
pub fn use_lang() -> leptos::prelude::RwSignal<Lang> {
    leptos::prelude::use_context::<leptos::prelude::RwSignal<Lang>>()
        .unwrap_or_else(|| leptos::prelude::RwSignal::new(Lang::En))
}

#[cfg(test)]
mod tests {
    /// A count of one reads in the singular in English wherever a text
    /// counts ("1 seed", "relays once"), by the files' plural choices, and
    /// no English text counts a noun without one.
    #[test]
    fn a_count_of_one_takes_the_singular_in_english_wherever_a_text_counts() {
        let plural_nouns = [
            "seeds",
            "holes",
            "moves",
            "turns",
            "rounds",
            "games",
            "times",
            "positions",
        ];
        for (key, en, _) in all_texts() {
            for i in 0..4 {
                for noun in plural_nouns {
                    assert!(
                        !en.contains(&format!("{{{i}}} {noun}")),
                        "{key}: a count with no plural choice: {en}"
                    );
                }
            }
        }
        let sum = |lang, n: u32| trf(lang, k::SUM_TURN_CAPTURED, &[&n]);
        assert_eq!(sum(Lang::En, 1), "captures 1 seed in all (menembak)");
        assert_eq!(sum(Lang::En, 2), "captures 2 seeds in all (menembak)");
        assert_eq!(sum(Lang::Id, 1), "menembak 1 biji seluruhnya");
        assert_eq!(trn(Lang::En, k::SUM_RELAYS, 1), "relays once (sambung)");
        assert_eq!(trn(Lang::En, k::SUM_RELAYS, 3), "relays 3 times (sambung)");
        assert_eq!(
            trn(Lang::Id, k::PUZZLES_HINT_RELAYS, 1),
            "Taburannya bersambung sekali di jalan."
        );
        assert_eq!(
            trn(Lang::Id, k::PUZZLES_HINT_RELAYS, 4),
            "Taburannya bersambung 4 kali di jalan."
        );
    }

    /// The subset of MessageFormat the files use, read as the build reads
    /// it: holes, plural choices, `#`, and what is refused.
    #[test]
    fn a_text_reads_its_holes_and_choices() {
        let en: message::PluralRule = |n| if n == 1 { "one" } else { "other" };
        let say = |text: &str, args: &[&str]| {
            let mut out = String::new();
            let arg = |i: usize| args.get(i).map(|a| a.to_string());
            message::render(text, &arg, en, &mut out).map(|used| (out, used))
        };
        assert_eq!(
            say("a {1} b {0}", &["x", "y"]),
            Ok(("a y b x".into(), 0b11))
        );
        let seeds = "{0, plural, one {# seed} other {# seeds}} in hole {1}";
        assert_eq!(say(seeds, &["1", "3"]).unwrap().0, "1 seed in hole 3");
        assert_eq!(say(seeds, &["5", "3"]).unwrap().0, "5 seeds in hole 3");
        let exact = "{0, plural, =2 {twice} one {once} other {# times}} #";
        assert_eq!(say(exact, &["2"]).unwrap().0, "twice #");
        assert_eq!(say(exact, &["1"]).unwrap().0, "once #");
        assert_eq!(say(exact, &["1,234"]).unwrap().0, "1,234 times #");
        for bad in [
            "{0",
            "a }",
            "{x}",
            "{0, plural, one {a}}",
            "{0, select, a {b}}",
            "{0, plural, few {a} other {b}}",
        ] {
            assert!(say(bad, &["1"]).is_err(), "{bad}");
        }
        assert!(say("{2}", &["1"]).is_err());
    }

    use super::*;

    #[test]
    fn each_page_has_an_address_in_each_language() {
        for (en, id) in [
            ("/", "/id/"),
            ("/packs", "/id/packs"),
            ("/packs/umum", "/id/packs/umum"),
            ("/?g=1.umum.2.", "/id/?g=1.umum.2."),
            ("/friend#abc", "/id/friend#abc"),
        ] {
            assert_eq!(Lang::En.path(en), en);
            assert_eq!(Lang::Id.path(en), id);
            assert_eq!(split_lang(en), (Lang::En, en));
            let (lang, back) = split_lang(id.split(['?', '#']).next().unwrap());
            assert_eq!(lang, Lang::Id, "{id}");
            assert_eq!(back, en.split(['?', '#']).next().unwrap(), "{id}");
        }
        assert_eq!(split_lang("/id"), (Lang::Id, "/"));
        assert_eq!(split_lang("/idea"), (Lang::En, "/idea"));
        assert_eq!(Lang::Id.path("#main"), "#main");
        assert_eq!(Lang::Id.other(), Lang::En);
    }

    /// The files of `src/` whose code the play page never runs: the other
    /// pages (see `crate::app::routes::ROUTES`) and what only they use.
    const NOT_ON_THE_PLAY_PAGE: &[&str] = &[
        "features/about/mod.rs",
        "features/compare/mod.rs",
        "features/friend/mod.rs",
        "features/friend/model.rs",
        "features/packs/mod.rs",
        "features/packs/perfect.rs",
        "features/puzzles/mod.rs",
        "features/puzzles/model.rs",
        "features/stats/mod.rs",
        "app/not_found.rs",
        "platform/rtc.rs",
        "ui/kept.rs",
        "ui/parting.rs",
        "bin/prerender.rs",
    ];

    /// The Indonesian play page fetches only the files' `"every page"`
    /// texts (see [`indonesian_json`]): each `"other pages"` text must be
    /// named, as a constant of [`k`], only by files the play page never runs
    /// (a text read by name at run time stays in `"every page"`).
    #[test]
    fn the_texts_the_play_page_leaves_out_are_named_only_by_other_pages() {
        fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let path = e.unwrap().path();
                if path.is_dir() {
                    files(&path, out);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    out.push(path);
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut paths = Vec::new();
        files(&src, &mut paths);
        let sources: Vec<(String, String)> = paths
            .iter()
            .filter(|p| !p.ends_with("i18n.rs"))
            .map(|p| {
                let name = p
                    .strip_prefix(&src)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                (name, std::fs::read_to_string(p).unwrap())
            })
            .collect();
        assert!(sources.len() > 30, "read {} files of src/", sources.len());
        for i in PLAY_TEXTS..ALL_TEXTS {
            let key = Key(i as u16);
            let constant = format!("k::{}", ident(key.name()));
            let named: Vec<&str> = sources
                .iter()
                .filter(|(_, text)| {
                    text.match_indices(&constant).any(|(at, _)| {
                        !text[at + constant.len()..]
                            .starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
                })
                .map(|(name, _)| name.as_str())
                .collect();
            assert!(
                !named.is_empty(),
                "{key} is named by no file: move it to the \"every page\" part"
            );
            for name in named {
                assert!(
                    NOT_ON_THE_PLAY_PAGE.contains(&name),
                    "{key} is named by {name}, whose code the play page runs: move it to the \"every page\" part"
                );
            }
        }
        const { assert!(ALL_TEXTS - PLAY_TEXTS > 200 && PLAY_TEXTS > 300) };
    }

    /// The name of a key's constant in [`k`], as build.rs makes it.
    fn ident(name: &str) -> String {
        name.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect()
    }

    /// Players read plain words: no source numbers or keys of ours, no
    /// clause identifiers, in any text.
    #[test]
    fn no_text_shows_an_internal_identifier() {
        let id_like = |w: &str| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '-');
            (w.contains('_') && w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                || w.starts_with("seed-")
                || (w.len() == 3 && w.starts_with("00"))
        };
        for (key, en, id) in all_texts() {
            for text in [en, id] {
                assert!(
                    !text.split_whitespace().any(id_like) && !text.contains("(00"),
                    "{key}: {text}"
                );
            }
        }
    }

    /// One voice and one set of words in Indonesian: the player is "kamu"
    /// everywhere (never the formal "Anda"), Undo is "Urungkan" (not
    /// "Batal", Cancel), "Ulangi" is only Redo (starting a lesson or a
    /// puzzle again is "Mulai lagi"), and a number in a text has no
    /// decimal point.
    #[test]
    fn indonesian_texts_speak_with_one_voice() {
        for (key, _, id) in all_texts() {
            let words: Vec<&str> = id
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .collect();
            assert!(!words.contains(&"Anda"), "{key}: {id}");
            let point = id
                .as_bytes()
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
            assert!(!point, "{key}: {id}");
            if id.contains("Ulangi") {
                assert_eq!(key, k::REDO, "{key}: {id}");
            }
        }
        assert_eq!(tr(Lang::Id, k::UNDO), "Urungkan");
        assert_eq!(tr(Lang::Id, k::REDO), "Ulangi");
        assert_eq!(tr(Lang::Id, k::LEARN_AGAIN), tr(Lang::Id, k::PUZZLES_AGAIN));
        assert_eq!(tr(Lang::Id, k::SEAT_YOU), "Kamu ({0})");
        assert_eq!(tr(Lang::Id, k::MYSTATS_TITLE), "Statistikmu");
        // The option for other networks says what it does, without jargon.
        for lang in [Lang::En, Lang::Id] {
            let stun = tr(lang, k::FRIEND_STUN);
            assert!(!stun.contains("STUN") && stun.contains("Google"), "{stun}");
        }
    }

    #[test]
    fn every_key_has_both_languages_and_the_same_holes() {
        // build.rs refuses a key in one language only, or holes that
        // differ; here, what the app reads of it.
        let mut seen = std::collections::HashSet::new();
        for (key, en, id) in all_texts() {
            assert!(seen.insert(key.name()), "{key} twice");
            assert!(!en.is_empty() && !id.is_empty() && en != MISSING, "{key}");
            assert_eq!(Key::named(key.name()), Some(key));
        }
        assert_eq!(seen.len(), ALL_TEXTS);
        assert_eq!(tr_named(Lang::En, "no.such.key"), MISSING);
        for level in congklak::Level::NAMES {
            for key in [format!("level.{level}"), format!("level.about.{level}")] {
                assert_ne!(tr_named(Lang::Id, &key), MISSING, "{key}");
            }
        }
        assert_eq!(
            trf(Lang::En, k::HOLE_LABEL, &[&"Player A", &3, &7]),
            "Player A, hole 3, 7 seeds"
        );
        // Every clause and its every reading read in words (numbers as
        // themselves): the keys come from the engine's clause registry.
        for c in congklak::Rules::REGISTRY {
            for key in c.text_keys() {
                assert!(has(&key), "{key}");
            }
        }
        // Every source language the packs name reads in words.
        for pack in congklak::PackSet::builtin().all() {
            for src in &pack.sources {
                if let Some(l) = &src.language {
                    assert!(has(&format!("language.{l}")), "{l}");
                }
            }
        }
        // What the pre-renderer writes for the browser reads back whole,
        // and nothing else does.
        install_indonesian(&indonesian_json(false)).unwrap();
        // The play page's texts are the files' "every page" part, in order,
        // fingerprinted by their keys: what the play page shows, read as
        // the first of this build's texts.
        let play = congklak::json::parse(&indonesian_json(true)).unwrap();
        let texts = play["texts"].as_array().unwrap();
        assert_eq!(texts.len(), PLAY_TEXTS);
        assert!(texts.iter().zip(&ID).all(|(t, id)| t.as_str() == Some(id)));
        assert_eq!(play["keys"].as_str().unwrap(), FINGERPRINTS[0]);
        assert_eq!(install_indonesian(&indonesian_json(true)), Ok(()));
        // Texts of another build, or one text short.
        let all = congklak::json::parse(&indonesian_json(false)).unwrap();
        let mut other = all.clone();
        other["keys"] = FINGERPRINTS[0].into();
        assert_eq!(
            install_indonesian(&congklak::json::write(&other)),
            Err(TextsProblem::OtherBuild)
        );
        let mut short = all.clone();
        short["texts"].as_array_mut().unwrap().pop();
        assert_eq!(
            install_indonesian(&congklak::json::write(&short)),
            Err(TextsProblem::OtherBuild)
        );
        assert!(install_indonesian(r#"[["nav.play", "Main"]]"#).is_err());
        assert!(install_indonesian("not json").is_err());
        assert!(install_indonesian(r#"{"keys": "0", "texts": [1]}"#).is_err());
        assert!(install_indonesian(r#"{"nav.play": "Main"}"#).is_err());
        assert_eq!(Lang::from_tag("id-ID"), Lang::Id);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
    }
}
