//! Packs: a region's reading of the rules, with its sources and where they disagree.
//!
//! A pack is a JSON file in `packs/` named after its id. It may `extend`
//! another pack and then states only what differs: its `rules` are laid over
//! the parent's, and `presentation`, `board_sizes` and `seeds_follow_size` are
//! inherited when absent. Texts carry Bahasa Indonesia (`id`) and English
//! (`en`). Unknown keys are errors; every error names the file and the field.
//!
//! Players read every text of a pack (name, region, aliases, description,
//! source titles, publishers and notes, divergences, glossary), so a text
//! that shows an internal identifier is refused (see [`internal_identifier`]):
//! a source key such as `seed-004`, a source number such as `(004)`, a clause
//! name such as `seeds_per_hole` or a `clause = value` expression. Source
//! keys and clause names stay in the data; the texts say them in words.

use crate::clauses::ClauseError;
use crate::json::{JsonError, MemberError};
use crate::rules::{Clauses, Rules};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A text in Bahasa Indonesia and English.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// Bahasa Indonesia.
    pub id: String,
    /// English.
    pub en: String,
}

impl Text {
    /// The text in a language (`"id"` or anything else for English).
    pub fn get(&self, lang: &str) -> &str {
        if lang == "id" {
            &self.id
        } else {
            &self.en
        }
    }
}

/// A source's publisher or author: a plain string where it reads the same
/// in both languages (a person, a site, an office's own name), or a text in
/// each language where it describes (`{"id": "Penerbit tidak disebut…",
/// "en": "Publisher not named…"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Name {
    /// Words in each language.
    Words(Text),
    /// The same in both languages.
    Same(String),
}

impl Name {
    /// The name in a language (`"id"` or anything else for English).
    pub fn get(&self, lang: &str) -> &str {
        match self {
            Name::Words(t) => t.get(lang),
            Name::Same(s) => s,
        }
    }
    /// Whether it is empty (or blank) in some language.
    pub fn is_blank(&self) -> bool {
        self.get("id").trim().is_empty() || self.get("en").trim().is_empty()
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::Same(s.to_string())
    }
}

/// How the board is drawn; the engine plays the same game either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Presentation {
    /// Sowing direction as seen by the player: `clockwise` or `anticlockwise`.
    pub direction: Direction,
    /// Which end holds the player's own store, as they see it: `left` or `right`.
    pub store: StoreSide,
}

/// Sowing direction on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Clockwise (all congklak sources).
    Clockwise,
    /// Anticlockwise (Kalah, WPid, Slm).
    Anticlockwise,
}

/// Where a player's own store is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreSide {
    /// On the player's left.
    Left,
    /// On the player's right.
    Right,
}

/// What kind of source a source is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    /// A government body (culture office, ministry).
    Government,
    /// Scholarly work.
    Academic,
    /// A specialist reference on games.
    SpecialistReference,
    /// An encyclopedia.
    Encyclopedia,
    /// Newspapers, magazines, blogs.
    Media,
    /// An online game portal's rules.
    GamePortal,
    /// A school or teaching sheet.
    Teaching,
}

/// How far a source is trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// Well grounded.
    High,
    /// Usable with care.
    Medium,
    /// Recorded, little weight.
    Low,
}

/// A source a pack draws on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Short key used by divergences (`hel`, `seed-003`).
    pub key: String,
    /// Title: the document's own, with a description in each language
    /// where it has none (`"Rules (Congklak web app)"`).
    pub title: Name,
    /// Publisher or author, the same in both languages or in each.
    pub publisher: Name,
    /// Kind of source.
    pub kind: SourceKind,
    /// Where to read it, if online.
    #[serde(default)]
    pub url: Option<String>,
    /// Year of publication, if known.
    #[serde(default)]
    pub year: Option<u16>,
    /// The language the source is written in, as a BCP 47 code (`fr`, `es`,
    /// `cs`, `nl`, `id`, `en`, `ms`, `tl`), if known.
    #[serde(default)]
    pub language: Option<String>,
    /// How far to trust it.
    pub confidence: Confidence,
    /// Why and how far to trust it.
    pub note: Text,
}

/// Whether a divergence is played by the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", tag = "status")]
pub enum DivergenceStatus {
    /// The other reading is a clause value the engine plays.
    Played {
        /// The clause.
        clause: String,
        /// Its value under the other reading (JSON text: `"never"`, `false`, `9`).
        value: serde_json::Value,
        /// Other clauses the other reading needs changed with it (for
        /// combinations the rules refuse otherwise, e.g. `all-in-stores`
        /// needs `no_move = pass`).
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        also: BTreeMap<String, serde_json::Value>,
    },
    /// Recorded only, with the reason.
    Recorded {
        /// Why it is not played.
        reason: Text,
    },
}

/// A point where the sources disagree, as it touches this pack.
///
/// (Its unknown keys are refused by [`PackSet::load`]: serde cannot combine
/// `deny_unknown_fields` with the flattened status.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivergenceNote {
    /// Slug, unique in the pack: the deep link's anchor.
    pub id: String,
    /// Title.
    pub title: Text,
    /// What this pack does.
    pub this_pack: Text,
    /// The other reading.
    pub other: Text,
    /// Why this pack reads it this way.
    pub why: Text,
    /// Played or recorded.
    #[serde(flatten)]
    pub status: DivergenceStatus,
    /// Source keys on this pack's side.
    #[serde(default)]
    pub sources_this: Vec<String>,
    /// Source keys on the other side.
    #[serde(default)]
    pub sources_other: Vec<String>,
}

/// A glossary entry: a traditional term.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlossaryEntry {
    /// The term as written (lumbung, biji, menembak).
    pub term: String,
    /// Its meaning.
    pub meaning: Text,
}

/// A pack file as written (unresolved).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PackFile {
    id: String,
    #[serde(default)]
    extends: Option<String>,
    name: Text,
    region: Text,
    #[serde(default)]
    aliases: Vec<String>,
    description: Text,
    #[serde(default)]
    presentation: Option<Presentation>,
    #[serde(default)]
    board_sizes: Option<Vec<u8>>,
    #[serde(default)]
    seeds_follow_size: Option<bool>,
    #[serde(default)]
    rules: serde_json::Map<String, serde_json::Value>,
    #[serde(default)]
    rule_sources: BTreeMap<String, Vec<String>>,
    sources: Vec<Source>,
    #[serde(default)]
    divergences: Vec<DivergenceNote>,
    #[serde(default)]
    glossary: Vec<GlossaryEntry>,
}

/// A resolved, validated pack. Its JSON (from [`PackSet::to_bundle`]) is
/// what the browser app loads: resolved and checked at build time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pack {
    /// Id, also the file name without `.json`.
    pub id: String,
    /// The pack it extends, if any.
    pub extends: Option<String>,
    /// Display name.
    pub name: Text,
    /// Region.
    pub region: Text,
    /// Other names of the game there.
    pub aliases: Vec<String>,
    /// Description.
    pub description: Text,
    /// How the board is drawn.
    pub presentation: Presentation,
    /// Board sizes the pack allows (holes a side); the first is `rules.holes`.
    pub board_sizes: Vec<u8>,
    /// Whether seeds a hole follow the board size (n holes, n seeds) when the size changes.
    pub seeds_follow_size: bool,
    /// The full ruleset.
    pub rules: Rules,
    /// For each clause set in this pack or its parents, the source keys behind it
    /// (`"choice"` marks a choice no source settles).
    pub rule_sources: BTreeMap<String, Vec<String>>,
    /// Sources.
    pub sources: Vec<Source>,
    /// Divergences.
    pub divergences: Vec<DivergenceNote>,
    /// Glossary.
    pub glossary: Vec<GlossaryEntry>,
}

impl Pack {
    /// The rules on a board of `holes` a side (one of `board_sizes`).
    pub fn rules_for_size(&self, holes: u8) -> Option<Rules> {
        if !self.board_sizes.contains(&holes) {
            return None;
        }
        self.rules
            .edit(|r| {
                r.holes = holes;
                if self.seeds_follow_size {
                    r.seeds_per_hole = holes as u16;
                }
            })
            .ok()
    }

    /// The rules with one divergence's other reading, if it is played.
    pub fn flipped(&self, note: &DivergenceNote) -> Option<Rules> {
        match &note.status {
            DivergenceStatus::Played {
                clause,
                value,
                also,
            } => flip(&self.rules, clause, value, also).ok(),
            DivergenceStatus::Recorded { .. } => None,
        }
    }
}

/// One pack file read and checked on its own: its size, its JSON, each
/// top-level field (so that an error names it), the divergences' fields,
/// and its id against the file name.
fn read_pack_file(name: &str, text: &str) -> Result<PackFile, PackError> {
    let e = |field: &str, message: String| PackError {
        file: name.to_string(),
        field: field.to_string(),
        message,
    };
    if text.len() > MAX_PACK_BYTES {
        return Err(e(
            "(file)",
            format!(
                "{} bytes; a pack file may have at most {MAX_PACK_BYTES} bytes (1 MiB)",
                text.len()
            ),
        ));
    }
    let value =
        crate::json::parse(text).map_err(|x| e("(file)", format!("not valid JSON: {x}")))?;
    let obj = value
        .as_object()
        .ok_or_else(|| e("(file)", "a pack is a JSON object".into()))?;
    // Check each top-level field on its own so the error names it.
    let empty = PackFile::skeleton();
    let mut probe = serde_json::to_value(&empty).unwrap_or_default();
    for (k, v) in obj {
        if probe.get(k).is_none() {
            return Err(e(k, "unknown field".into()));
        }
        let mut one = probe.clone();
        one[k] = v.clone();
        if let Err(x) = serde_json::from_value::<PackFile>(one) {
            return Err(e(k, x.to_string()));
        }
        probe[k] = v.clone();
    }
    if let Some(list) = obj.get("divergences").and_then(|d| d.as_array()) {
        for (i, d) in list.iter().enumerate() {
            for k in d
                .as_object()
                .map(|o| o.keys().collect::<Vec<_>>())
                .unwrap_or_default()
            {
                if !DIVERGENCE_KEYS.contains(&k.as_str()) {
                    return Err(e(&format!("divergences[{i}].{k}"), "unknown field".into()));
                }
            }
        }
    }
    let file: PackFile =
        serde_json::from_value(value.clone()).map_err(|x| e("(file)", x.to_string()))?;
    let stem = name
        .rsplit('/')
        .next()
        .unwrap_or(name)
        .trim_end_matches(".json");
    if file.id != stem {
        return Err(e(
            "id",
            format!("`{}` must match the file name `{stem}`", file.id),
        ));
    }
    Ok(file)
}

/// No text a player reads shows an internal identifier of any pack.
fn check_player_texts(raw: &[(String, PackFile)]) -> Result<(), PackError> {
    let identifiers = Identifiers::of(raw.iter().map(|(_, f)| f));
    for (name, file) in raw {
        for (field, text) in file.player_texts() {
            if let Some(what) = internal_identifier(&text, &identifiers) {
                return Err(PackError {
                    file: name.clone(),
                    field,
                    message: format!("players read this text; it shows {what}: say it in words"),
                });
            }
        }
    }
    Ok(())
}

/// Resolves every pack, parents before children; a cycle, a missing parent
/// or a second pack with one id is an error.
fn resolve_in_order(raw: &[(String, PackFile)]) -> Result<PackSet, PackError> {
    let mut set = PackSet::default();
    let mut pending: Vec<usize> = (0..raw.len()).collect();
    while !pending.is_empty() {
        let before = pending.len();
        let mut rest = Vec::new();
        for i in pending {
            let (name, file) = &raw[i];
            let parent = match &file.extends {
                None => None,
                Some(p) => match set.get(p) {
                    Some(pack) => Some(pack.clone()),
                    None => {
                        rest.push(i);
                        continue;
                    }
                },
            };
            let pack = resolve(name, file, parent.as_ref())?;
            if set.get(&pack.id).is_some() {
                return Err(PackError {
                    file: name.clone(),
                    field: "id".into(),
                    message: format!("a second pack with id `{}`", pack.id),
                });
            }
            set.packs.push(pack);
        }
        if rest.len() == before {
            return Err(unresolved_parent(raw, &rest));
        }
        pending = rest;
    }
    Ok(set)
}

/// The rules with `clause` set to `value` and the clauses of `also` with
/// it; an error names the clause.
fn flip(
    rules: &Rules,
    clause: &str,
    value: &serde_json::Value,
    also: &BTreeMap<String, serde_json::Value>,
) -> Result<Rules, ClauseError> {
    let pairs: Vec<(&str, serde_json::Value)> = std::iter::once((clause, value))
        .chain(also.iter().map(|(k, v)| (k.as_str(), v)))
        .map(|(k, v)| (k, v.clone()))
        .collect();
    rules.with_values(&pairs)
}

/// The keys a divergence may have.
const DIVERGENCE_KEYS: &[&str] = &[
    "id",
    "title",
    "this_pack",
    "other",
    "why",
    "status",
    "clause",
    "value",
    "also",
    "reason",
    "sources_this",
    "sources_other",
];

fn value_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A pack that failed to load: the file, the field, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackError {
    /// The file (or pack id).
    pub file: String,
    /// The field, as a path (`rules.relay`, `divergences[2].status`).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: field `{}`: {}", self.file, self.field, self.message)
    }
}

impl std::error::Error for PackError {}

/// Why a pack bundle (see [`PackSet::to_bundle`]) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BundleError {
    /// The bundle is not JSON this engine reads.
    Syntax(JsonError),
    /// The bundle is not an array.
    NotAnArray,
    /// One pack of the bundle could not be read.
    Pack {
        /// Its place in the bundle, from 0.
        index: usize,
        /// What is wrong with it.
        problem: BundlePackError,
    },
}

impl fmt::Display for BundleError {
    /// `the pack bundle cannot be read: pack 2: missing field `rules``
    /// (packs counted from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the pack bundle cannot be read: ")?;
        match self {
            BundleError::Syntax(e) => write!(f, "{e}"),
            BundleError::NotAnArray => f.write_str("expected an array of packs"),
            BundleError::Pack { index, problem } => write!(f, "pack {}: {problem}", index + 1),
        }
    }
}

impl std::error::Error for BundleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BundleError::Syntax(e) => Some(e),
            BundleError::Pack { problem, .. } => Some(problem),
            BundleError::NotAnArray => None,
        }
    }
}

/// Why one pack of a bundle could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BundlePackError {
    /// serde's message (a field missing or of the wrong kind, or rules that
    /// make no sense).
    Json(String),
    /// A field missing or of the wrong kind (a lean bundle).
    Member(MemberError),
    /// A presentation field that is not one of its readings.
    UnknownValue {
        /// The field (`direction`, `store`).
        field: &'static str,
        /// The value given.
        value: String,
    },
    /// A board size that is not a number of holes.
    BoardSize {
        /// The value given.
        value: serde_json::Value,
    },
    /// The rules do not read or make no sense.
    Rules(ClauseError),
}

impl fmt::Display for BundlePackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundlePackError::Json(message) => f.write_str(message),
            BundlePackError::Member(e) => write!(f, "{e}"),
            BundlePackError::UnknownValue { field, value } => {
                write!(f, "`{field}`: unknown `{value}`")
            }
            BundlePackError::BoardSize { value } => write!(
                f,
                "`board_sizes`: {} is not a board size",
                crate::json::write(value)
            ),
            BundlePackError::Rules(e) => write!(f, "`rules`: {e}"),
        }
    }
}

impl std::error::Error for BundlePackError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BundlePackError::Member(e) => Some(e),
            BundlePackError::Rules(e) => Some(e),
            _ => None,
        }
    }
}

impl From<MemberError> for BundlePackError {
    fn from(e: MemberError) -> BundlePackError {
        BundlePackError::Member(e)
    }
}

/// The largest pack file read, in bytes (1 MiB, many times the largest pack
/// in `packs/`). A larger file is refused before it is parsed, which would
/// otherwise take time and memory in proportion to its size.
pub const MAX_PACK_BYTES: usize = 1 << 20;

/// A set of resolved packs.
#[derive(Clone, Debug, Default)]
pub struct PackSet {
    packs: Vec<Pack>,
}

/// The packs in `packs/`, compiled in: `(file name, JSON text)`.
#[cfg(feature = "builtin-packs")]
pub fn builtin_packs() -> &'static [(&'static str, &'static str)] {
    include!(concat!(env!("OUT_DIR"), "/packs.rs"))
}

/// A text in both languages (`{"id": ..., "en": ...}`), read by hand.
fn text_of(value: &serde_json::Value, what: &str) -> Result<Text, MemberError> {
    let t = crate::json::Members::of(value, what)?;
    t.only(&["id", "en"])?;
    Ok(Text {
        id: t.str("id")?.to_string(),
        en: t.str("en")?.to_string(),
    })
}

/// A name: a string, or a text in both languages.
fn name_of(value: &serde_json::Value, what: &str) -> Result<Name, MemberError> {
    match value {
        serde_json::Value::String(s) => Ok(Name::Same(s.clone())),
        other => text_of(other, what).map(Name::Words),
    }
}

/// A member that may be missing or `null`, read by `read` otherwise.
fn optional<'a, T>(
    m: &crate::json::Members<'a>,
    key: &str,
    read: impl FnOnce(&crate::json::Members<'a>) -> Result<T, BundlePackError>,
) -> Result<Option<T>, BundlePackError> {
    match m.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(_) => read(m).map(Some),
    }
}

/// A source of a lean bundle with sources, read by hand (serde's spellings).
fn lean_source(value: &serde_json::Value) -> Result<Source, BundlePackError> {
    use crate::json::Members;
    let m = Members::of(value, "a source")?;
    let unknown = |field: &'static str, value: &str| BundlePackError::UnknownValue {
        field,
        value: value.to_string(),
    };
    let kind = match m.str("kind")? {
        "government" => SourceKind::Government,
        "academic" => SourceKind::Academic,
        "specialist-reference" => SourceKind::SpecialistReference,
        "encyclopedia" => SourceKind::Encyclopedia,
        "media" => SourceKind::Media,
        "game-portal" => SourceKind::GamePortal,
        "teaching" => SourceKind::Teaching,
        other => return Err(unknown("kind", other)),
    };
    let confidence = match m.str("confidence")? {
        "high" => Confidence::High,
        "medium" => Confidence::Medium,
        "low" => Confidence::Low,
        other => return Err(unknown("confidence", other)),
    };
    let year = optional(&m, "year", |m| {
        u16::try_from(m.u64("year")?).map_err(|_| unknown("year", "a number over 65535"))
    })?;
    Ok(Source {
        key: m.str("key")?.to_string(),
        title: name_of(m.req("title")?, "title")?,
        publisher: name_of(m.req("publisher")?, "publisher")?,
        kind,
        url: optional(&m, "url", |m| Ok(m.str("url")?.to_string()))?,
        year,
        language: optional(&m, "language", |m| Ok(m.str("language")?.to_string()))?,
        confidence,
        note: text_of(m.req("note")?, "note")?,
    })
}

/// One pack of a lean bundle (see [`PackSet::from_lean_bundle`]), read by
/// hand: serde's derive for these fields would weigh on the browser bundle's
/// wasm. The bundle is written by serde from [`Pack`], so the spellings are
/// its. With `sources`, also which sources back each clause, and the
/// sources (see [`PackSet::from_lean_bundle_with_sources`]).
fn lean_pack(value: &serde_json::Value, sources: bool) -> Result<Pack, BundlePackError> {
    use crate::json::Members;
    let m = Members::of(value, "a pack")?;
    let text = |key: &str| -> Result<Text, MemberError> { text_of(m.req(key)?, key) };
    let presentation = Members::of(m.req("presentation")?, "presentation")?;
    presentation.only(&["direction", "store"])?;
    let direction = match presentation.str("direction")? {
        "clockwise" => Direction::Clockwise,
        "anticlockwise" => Direction::Anticlockwise,
        other => {
            return Err(BundlePackError::UnknownValue {
                field: "direction",
                value: other.to_string(),
            })
        }
    };
    let store = match presentation.str("store")? {
        "left" => StoreSide::Left,
        "right" => StoreSide::Right,
        other => {
            return Err(BundlePackError::UnknownValue {
                field: "store",
                value: other.to_string(),
            })
        }
    };
    let board_sizes = m
        .array("board_sizes")?
        .iter()
        .map(|n| {
            n.as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| BundlePackError::BoardSize { value: n.clone() })
        })
        .collect::<Result<Vec<u8>, BundlePackError>>()?;
    let extends = match m.get("extends") {
        None | Some(serde_json::Value::Null) => None,
        Some(_) => Some(m.str("extends")?.to_string()),
    };
    Ok(Pack {
        id: m.str("id")?.to_string(),
        extends,
        name: text("name")?,
        region: Text::default(),
        aliases: Vec::new(),
        description: Text::default(),
        presentation: Presentation { direction, store },
        board_sizes,
        seeds_follow_size: m.bool("seeds_follow_size")?,
        rules: Rules::from_json(m.req("rules")?).map_err(BundlePackError::Rules)?,
        rule_sources: if sources {
            Members::of(m.req("rule_sources")?, "rule_sources")?
                .iter()
                .map(|(clause, keys)| {
                    let keys = keys
                        .as_array()
                        .and_then(|keys| {
                            keys.iter()
                                .map(|k| k.as_str().map(str::to_string))
                                .collect::<Option<Vec<String>>>()
                        })
                        .ok_or_else(|| BundlePackError::UnknownValue {
                            field: "rule_sources",
                            value: clause.to_string(),
                        })?;
                    Ok((clause.to_string(), keys))
                })
                .collect::<Result<BTreeMap<String, Vec<String>>, BundlePackError>>()?
        } else {
            BTreeMap::new()
        },
        sources: if sources {
            m.array("sources")?
                .iter()
                .map(lean_source)
                .collect::<Result<Vec<Source>, BundlePackError>>()?
        } else {
            Vec::new()
        },
        divergences: Vec::new(),
        glossary: Vec::new(),
    })
}

impl PackSet {
    /// The packs compiled in from `packs/`; they are checked by the test suite,
    /// so this does not fail in a release.
    #[cfg(feature = "builtin-packs")]
    pub fn builtin() -> PackSet {
        PackSet::load(builtin_packs()).expect("the packs in packs/ are valid (see tests/packs.rs)")
    }

    /// Loads and resolves packs from `(file name, JSON text)` pairs: each
    /// file is read and checked on its own, then the player texts across
    /// all of them, then parents are resolved before their children.
    pub fn load(files: &[(&str, &str)]) -> Result<PackSet, PackError> {
        let raw = files
            .iter()
            .map(|(name, text)| Ok((name.to_string(), read_pack_file(name, text)?)))
            .collect::<Result<Vec<(String, PackFile)>, PackError>>()?;
        check_player_texts(&raw)?;
        let mut set = resolve_in_order(&raw)?;
        set.packs.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(set)
    }

    /// The resolved packs as one JSON text (see [`PackSet::from_bundle`]).
    pub fn to_bundle(&self) -> String {
        crate::json::to_string(&self.packs).unwrap_or_default()
    }

    /// Packs from a bundle written by [`PackSet::to_bundle`] (already
    /// resolved and validated when it was written); each pack's rules are
    /// checked again, so a damaged bundle is refused, not played.
    pub fn from_bundle(json: &str) -> Result<PackSet, BundleError> {
        let items = match crate::json::parse(json).map_err(BundleError::Syntax)? {
            serde_json::Value::Array(items) => items,
            _ => return Err(BundleError::NotAnArray),
        };
        let mut packs = items
            .into_iter()
            .enumerate()
            .map(|(index, item)| {
                // Reading a pack's rules checks them (`Rules` is valid by construction).
                serde_json::from_value(item).map_err(|e| BundleError::Pack {
                    index,
                    problem: BundlePackError::Json(e.to_string()),
                })
            })
            .collect::<Result<Vec<Pack>, BundleError>>()?;
        packs.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(PackSet { packs })
    }

    /// Reads a lean bundle: each pack's names, boards and rules, as the play
    /// page needs them (any other field is skipped; descriptions, regions,
    /// other names, sources, divergences and glossaries are left empty). Reading only
    /// these fields is what lets a browser bundle that needs no more leave
    /// out the code that reads the rest.
    pub fn from_lean_bundle(json: &str) -> Result<PackSet, BundleError> {
        PackSet::read_lean(json, false)
    }

    /// Reads a lean bundle with sources: as [`PackSet::from_lean_bundle`],
    /// and also which sources back each clause and the sources themselves,
    /// as `/compare` needs them.
    pub fn from_lean_bundle_with_sources(json: &str) -> Result<PackSet, BundleError> {
        PackSet::read_lean(json, true)
    }

    fn read_lean(json: &str, sources: bool) -> Result<PackSet, BundleError> {
        let value = crate::json::parse(json).map_err(BundleError::Syntax)?;
        let items = value.as_array().ok_or(BundleError::NotAnArray)?;
        let mut packs = items
            .iter()
            .enumerate()
            .map(|(index, item)| {
                lean_pack(item, sources).map_err(|problem| BundleError::Pack { index, problem })
            })
            .collect::<Result<Vec<Pack>, BundleError>>()?;
        packs.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(PackSet { packs })
    }

    /// A pack by id.
    pub fn get(&self, id: &str) -> Option<&Pack> {
        self.packs.iter().find(|p| p.id == id)
    }
    /// Every pack, by id.
    pub fn all(&self) -> &[Pack] {
        &self.packs
    }
}

impl PackFile {
    /// Every text a player reads, with its JSON path (`sources[2].note.en`).
    fn player_texts(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut text = |path: String, t: &Text| {
            out.push((format!("{path}.id"), t.id.clone()));
            out.push((format!("{path}.en"), t.en.clone()));
        };
        text("name".into(), &self.name);
        text("region".into(), &self.region);
        text("description".into(), &self.description);
        for (i, s) in self.sources.iter().enumerate() {
            text(format!("sources[{i}].note"), &s.note);
            if let Name::Words(t) = &s.title {
                text(format!("sources[{i}].title"), t);
            }
            if let Name::Words(t) = &s.publisher {
                text(format!("sources[{i}].publisher"), t);
            }
        }
        for (i, d) in self.divergences.iter().enumerate() {
            text(format!("divergences[{i}].title"), &d.title);
            text(format!("divergences[{i}].this_pack"), &d.this_pack);
            text(format!("divergences[{i}].other"), &d.other);
            text(format!("divergences[{i}].why"), &d.why);
            if let DivergenceStatus::Recorded { reason } = &d.status {
                text(format!("divergences[{i}].reason"), reason);
            }
        }
        for (i, g) in self.glossary.iter().enumerate() {
            text(format!("glossary[{i}].meaning"), &g.meaning);
        }
        for (i, s) in self.sources.iter().enumerate() {
            if let Name::Same(n) = &s.title {
                out.push((format!("sources[{i}].title"), n.clone()));
            }
            if let Name::Same(n) = &s.publisher {
                out.push((format!("sources[{i}].publisher"), n.clone()));
            }
        }
        for (i, g) in self.glossary.iter().enumerate() {
            out.push((format!("glossary[{i}].term"), g.term.clone()));
        }
        for (i, a) in self.aliases.iter().enumerate() {
            out.push((format!("aliases[{i}]"), a.clone()));
        }
        out
    }

    fn skeleton() -> PackFile {
        PackFile {
            id: String::new(),
            extends: None,
            name: Text::default(),
            region: Text::default(),
            aliases: vec![],
            description: Text::default(),
            presentation: None,
            board_sizes: None,
            seeds_follow_size: None,
            rules: Default::default(),
            rule_sources: Default::default(),
            sources: vec![],
            divergences: vec![],
            glossary: vec![],
        }
    }
}

/// The internal identifiers of a set of packs that player texts must not show.
#[derive(Clone, Debug, Default)]
struct Identifiers {
    /// Source keys that look like identifiers (a digit or a hyphen: `seed-004`,
    /// `l-mc`) and hyphenated pack ids (`congkak-melayu`), lowercase. Keys that
    /// are plain words (`hel`, `gambiter`) are left alone: they may be words.
    words: Vec<String>,
    /// The numbers inside source keys (`004` from `seed-004`): refused as a
    /// list in parentheses (zero-padded numbers are refused anywhere).
    numbers: Vec<String>,
}

impl Identifiers {
    fn of<'a>(files: impl Iterator<Item = &'a PackFile>) -> Identifiers {
        let mut ids = Identifiers::default();
        let add = |list: &mut Vec<String>, w: &str| {
            if !w.is_empty() && !list.iter().any(|x| x == w) {
                list.push(w.to_string());
            }
        };
        for f in files {
            if f.id.contains('-') {
                add(&mut ids.words, &f.id.to_lowercase());
            }
            for s in &f.sources {
                let k = s.key.to_lowercase();
                if k.contains('-') || k.chars().any(|c| c.is_ascii_digit()) {
                    add(&mut ids.words, &k);
                }
                for n in k.split(|c: char| !c.is_ascii_digit()) {
                    add(&mut ids.numbers, n);
                }
            }
        }
        // Longest first, so `seed-003-nl` is named rather than `seed-003`.
        ids.words.sort_by_key(|w| std::cmp::Reverse(w.len()));
        ids
    }
}

/// Whether `c` continues an identifier (so it cannot border a whole word).
fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// The internal identifier a player text shows, described, if any:
/// - a source key of the pack set that looks like an identifier (`seed-004`,
///   `seed-003-nl`, `l-mc`) or a hyphenated pack id (`congkak-melayu`), as a
///   whole word, in any case;
/// - a source number, bare or in parentheses (`004`, `(002, 003)`): a number
///   from a source key, or any zero-padded number;
/// - a clause identifier with an underscore (`seeds_per_hole`, `end_when`);
/// - a `clause = value` expression, or text in backticks (code).
fn internal_identifier(text: &str, ids: &Identifiers) -> Option<String> {
    let lower = text.to_lowercase();
    let chars: Vec<(usize, char)> = lower.char_indices().collect();
    let bordered = |start: usize, end: usize| {
        let before = lower[..start].chars().next_back();
        let after = lower[end..].chars().next();
        !before.is_some_and(ident_char) && !after.is_some_and(ident_char)
    };
    for w in &ids.words {
        let mut from = 0;
        while let Some(at) = lower[from..].find(w.as_str()) {
            let start = from + at;
            if bordered(start, start + w.len()) {
                return Some(format!("the internal identifier `{w}`"));
            }
            from = start + w.len();
        }
    }
    // Runs of letters, digits and underscores (hyphens split them here).
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if !(c.is_alphanumeric() || c == '_') {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (chars[j].1.is_alphanumeric() || chars[j].1 == '_') {
            j += 1;
        }
        let end = chars.get(j).map_or(lower.len(), |&(k, _)| k);
        let word = &lower[start..end];
        if word.trim_matches('_').contains('_') {
            return Some(format!("the clause identifier `{word}`"));
        }
        if word.len() > 1 && word.starts_with('0') && word.chars().all(|c| c.is_ascii_digit()) {
            return Some(format!("the source number `{word}`"));
        }
        i = j;
    }
    // A list of source numbers in parentheses: `(4)`, `(2, 3)`, `(2 and 3)`.
    for (open, _) in text.match_indices('(') {
        let Some(len) = text[open..].find(')') else {
            break;
        };
        let inside = &text[open + 1..open + len];
        let tokens: Vec<&str> = inside
            .split(|c: char| c == ',' || c == ';' || c == '&' || c.is_whitespace())
            .filter(|t| !t.is_empty() && *t != "and" && *t != "dan")
            .collect();
        if !tokens.is_empty()
            && tokens.iter().all(|t| t.chars().all(|c| c.is_ascii_digit()))
            && tokens.iter().any(|t| {
                ids.numbers.iter().any(
                    |n| matches!((n.parse::<u64>(), t.parse::<u64>()), (Ok(a), Ok(b)) if a == b),
                )
            })
        {
            return Some(format!("the source numbers `({inside})`"));
        }
    }
    if let Some(at) = text.find('=') {
        let before = text[..at].trim_end();
        if before.chars().next_back().is_some_and(ident_char) {
            return Some("a `clause = value` expression".into());
        }
    }
    if text.contains('`') {
        return Some("text in backticks (code)".into());
    }
    None
}

/// Whether `code` looks like a BCP 47 language tag (`id`, `en`, `pt-BR`).
fn language_tag(code: &str) -> bool {
    let mut parts = code.split('-');
    let first = parts.next().unwrap_or_default();
    (2..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Why none of the `stuck` files could be resolved, blaming the right file:
/// one whose parent exists nowhere, else one on a circle of `extends`
/// (a file that extends itself is a circle of one). The files waiting
/// behind them are not blamed.
fn unresolved_parent(raw: &[(String, PackFile)], stuck: &[usize]) -> PackError {
    let parent_of = |i: usize| raw[i].1.extends.clone().unwrap_or_default();
    let stuck_with_id = |id: &str| stuck.iter().copied().find(|&j| raw[j].1.id == id);
    if let Some(&i) = stuck
        .iter()
        .find(|&&i| stuck_with_id(&parent_of(i)).is_none())
    {
        return PackError {
            file: raw[i].0.clone(),
            field: "extends".into(),
            message: format!("no pack `{}` to extend", parent_of(i)),
        };
    }
    // Every stuck file waits on another stuck file: follow the chain from
    // the first until a file comes round again; that file is on the circle.
    let mut seen = vec![stuck[0]];
    let mut at = stuck[0];
    let start = loop {
        at = stuck_with_id(&parent_of(at)).unwrap_or(at);
        if let Some(k) = seen.iter().position(|&j| j == at) {
            break k;
        }
        seen.push(at);
    };
    let circle = &seen[start..];
    let first = circle[0];
    let message = if circle.len() == 1 {
        format!("pack `{}` extends itself", raw[first].1.id)
    } else {
        let mut names: Vec<&str> = circle.iter().map(|&j| raw[j].1.id.as_str()).collect();
        names.push(&raw[first].1.id);
        format!(
            "the packs extend each other in a circle: {}",
            names.join(" -> ")
        )
    };
    PackError {
        file: raw[first].0.clone(),
        field: "extends".into(),
        message,
    }
}

/// Names the file in a [`PackError`].
#[derive(Clone, Copy)]
struct Blame<'a>(&'a str);

impl Blame<'_> {
    fn at(self, field: impl Into<String>, message: impl Into<String>) -> PackError {
        PackError {
            file: self.0.to_string(),
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A pack file resolved over its parent (already resolved) and checked, in
/// named steps; the first problem is the error, naming file and field.
fn resolve(name: &str, file: &PackFile, parent: Option<&Pack>) -> Result<Pack, PackError> {
    let blame = Blame(name);
    check_identity(blame, file)?;
    let rules = resolve_rules(blame, file, parent)?;
    let mut source_keys: Vec<&str> = file.sources.iter().map(|s| s.key.as_str()).collect();
    if let Some(p) = parent {
        source_keys.extend(p.sources.iter().map(|s| s.key.as_str()));
    }
    let rule_sources = resolve_rule_sources(blame, file, parent, &rules, &source_keys)?;
    check_sources(blame, file, parent)?;
    let presentation = file
        .presentation
        .or(parent.map(|p| p.presentation))
        .ok_or_else(|| blame.at("presentation", "missing (and no parent to inherit it from)"))?;
    let board_sizes = resolve_board_sizes(blame, file, parent, &rules)?;
    let seeds_follow_size = file
        .seeds_follow_size
        .or(parent.map(|p| p.seeds_follow_size))
        .unwrap_or(false);
    check_divergences(blame, file, &rules, &source_keys)?;
    let glossary = if file.glossary.is_empty() {
        parent.map(|p| p.glossary.clone()).unwrap_or_default()
    } else {
        file.glossary.clone()
    };
    Ok(Pack {
        id: file.id.clone(),
        extends: file.extends.clone(),
        name: file.name.clone(),
        region: file.region.clone(),
        aliases: file.aliases.clone(),
        description: file.description.clone(),
        presentation,
        board_sizes,
        seeds_follow_size,
        rules,
        rule_sources,
        sources: file
            .sources
            .iter()
            .cloned()
            .chain(
                parent
                    .map(|p| p.sources.clone())
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|s| !file.sources.iter().any(|t| t.key == s.key)),
            )
            .collect(),
        divergences: file.divergences.clone(),
        glossary,
    })
}

/// The id's spelling and the texts every pack has in both languages.
fn check_identity(blame: Blame, file: &PackFile) -> Result<(), PackError> {
    if file.id.is_empty()
        || !file
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(blame.at("id", "lowercase letters, digits and - only"));
    }
    for (field, text) in [
        ("name", &file.name),
        ("region", &file.region),
        ("description", &file.description),
    ] {
        if text.id.trim().is_empty() || text.en.trim().is_empty() {
            return Err(blame.at(field, "needs both `id` and `en` text"));
        }
    }
    Ok(())
}

/// The rules: the parent's (or the defaults), then this file's clauses,
/// each checked by name, then the whole validated.
fn resolve_rules(blame: Blame, file: &PackFile, parent: Option<&Pack>) -> Result<Rules, PackError> {
    let mut rules_json = serde_json::to_value(parent.map(|p| p.rules.clone()).unwrap_or_default())
        .unwrap_or_default();
    for (k, v) in &file.rules {
        if !Rules::CLAUSES.contains(&k.as_str()) {
            return Err(blame.at(format!("rules.{k}"), "unknown clause"));
        }
        let mut one = serde_json::Map::new();
        one.insert(k.clone(), v.clone());
        if let Err(x) = serde_json::from_value::<Clauses>(serde_json::Value::Object(one)) {
            return Err(blame.at(format!("rules.{k}"), x.to_string()));
        }
        rules_json[k] = v.clone();
    }
    let clauses: Clauses =
        serde_json::from_value(rules_json).map_err(|x| blame.at("rules", x.to_string()))?;
    let rules = Rules::new(clauses).map_err(|x| {
        // The field of the first problem; the message lists every problem.
        let first = &x.problems[0];
        let message = if x.problems.len() == 1 {
            first.message.clone()
        } else {
            x.to_string()
        };
        blame.at(format!("rules.{}", first.clauses.join("+rules.")), message)
    })?;
    Ok(rules)
}

/// The parent's rule sources with this file's laid over; every key names a
/// source (or `choice`), and every clause that differs from the defaults is
/// traced.
fn resolve_rule_sources(
    blame: Blame,
    file: &PackFile,
    parent: Option<&Pack>,
    rules: &Rules,
    source_keys: &[&str],
) -> Result<BTreeMap<String, Vec<String>>, PackError> {
    let mut rule_sources = parent.map(|p| p.rule_sources.clone()).unwrap_or_default();
    for (clause, keys) in &file.rule_sources {
        if !Rules::CLAUSES.contains(&clause.as_str()) {
            return Err(blame.at(format!("rule_sources.{clause}"), "unknown clause"));
        }
        for k in keys {
            if k != "choice" && !source_keys.contains(&k.as_str()) {
                return Err(blame.at(
                    format!("rule_sources.{clause}"),
                    format!("no source with key `{k}` in this pack or its parent"),
                ));
            }
        }
        rule_sources.insert(clause.clone(), keys.clone());
    }
    for clause in Rules::default().differences(rules) {
        if !rule_sources.contains_key(clause) {
            return Err(blame.at(
                format!("rule_sources.{clause}"),
                "this clause differs from the defaults; name its sources, or `choice`",
            ));
        }
    }
    Ok(rule_sources)
}

/// At least one source (or a parent's); each with key, title, publisher
/// and a note in both languages; no key twice.
fn check_sources(blame: Blame, file: &PackFile, parent: Option<&Pack>) -> Result<(), PackError> {
    if file.sources.is_empty() && parent.is_none() {
        return Err(blame.at("sources", "a pack needs at least one source"));
    }
    for (i, s) in file.sources.iter().enumerate() {
        if s.key.is_empty() || s.title.is_blank() || s.publisher.is_blank() {
            return Err(blame.at(format!("sources[{i}]"), "needs key, title and publisher"));
        }
        if s.note.id.trim().is_empty() || s.note.en.trim().is_empty() {
            return Err(blame.at(
                format!("sources[{i}].note"),
                "needs both `id` and `en` text",
            ));
        }
        if s.language.as_deref().is_some_and(|l| !language_tag(l)) {
            return Err(blame.at(
                format!("sources[{i}].language"),
                "a BCP 47 language code such as `fr`, `id` or `en`",
            ));
        }
        if file.sources[..i].iter().any(|t| t.key == s.key) {
            return Err(blame.at(
                format!("sources[{i}].key"),
                format!("`{}` is used twice", s.key),
            ));
        }
    }
    Ok(())
}

/// The board sizes (inherited when absent): the rules' own size first, all 3..11.
fn resolve_board_sizes(
    blame: Blame,
    file: &PackFile,
    parent: Option<&Pack>,
    rules: &Rules,
) -> Result<Vec<u8>, PackError> {
    let board_sizes = file
        .board_sizes
        .clone()
        .or(parent.map(|p| p.board_sizes.clone()))
        .unwrap_or_else(|| vec![rules.holes]);
    if board_sizes.first() != Some(&rules.holes) {
        return Err(blame.at(
            "board_sizes",
            format!("must start with the rules' own size, {}", rules.holes),
        ));
    }
    if let Some(n) = board_sizes.iter().find(|n| !(3..=11).contains(*n)) {
        return Err(blame.at("board_sizes", format!("{n} is not 3 to 11")));
    }
    Ok(board_sizes)
}

/// Each divergence: a unique id, texts in both languages, known sources,
/// and a played reading that is valid and changes something, or a
/// recorded one that says why.
fn check_divergences(
    blame: Blame,
    file: &PackFile,
    rules: &Rules,
    source_keys: &[&str],
) -> Result<(), PackError> {
    let mut seen = Vec::new();
    for (i, d) in file.divergences.iter().enumerate() {
        let f = |x: &str| format!("divergences[{i}].{x}");
        if d.id.is_empty() || seen.contains(&d.id) {
            return Err(blame.at(f("id"), format!("missing or repeated id `{}`", d.id)));
        }
        seen.push(d.id.clone());
        for (field, text) in [
            ("title", &d.title),
            ("this_pack", &d.this_pack),
            ("other", &d.other),
            ("why", &d.why),
        ] {
            if text.id.trim().is_empty() || text.en.trim().is_empty() {
                return Err(blame.at(f(field), "needs both `id` and `en` text"));
            }
        }
        for k in d.sources_this.iter().chain(&d.sources_other) {
            if !source_keys.contains(&k.as_str()) {
                return Err(blame.at(f("sources"), format!("no source with key `{k}`")));
            }
        }
        match &d.status {
            DivergenceStatus::Played {
                clause,
                value,
                also,
            } => {
                let flipped = flip(rules, clause, value, also)
                    .map_err(|x| blame.at(f("value"), x.to_string()))?;
                if flipped == *rules {
                    return Err(blame.at(
                        f("value"),
                        format!(
                            "{clause} is already {} in this pack: nothing would change",
                            value_text(value)
                        ),
                    ));
                }
            }
            DivergenceStatus::Recorded { reason } => {
                if reason.id.trim().is_empty() || reason.en.trim().is_empty() {
                    return Err(blame.at(
                        f("reason"),
                        "a recorded divergence says why, in both languages",
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids() -> Identifiers {
        let mut file = PackFile::skeleton();
        file.id = "congkak-melayu".into();
        for key in ["seed-004", "seed-003-nl", "l-mc", "gambiter", "hel"] {
            file.sources.push(Source {
                key: key.into(),
                title: "t".into(),
                publisher: Name::from("p"),
                kind: SourceKind::Media,
                url: None,
                year: None,
                language: None,
                confidence: Confidence::Low,
                note: Text::default(),
            });
        }
        Identifiers::of(std::iter::once(&file))
    }

    #[test]
    fn texts_with_internal_identifiers_are_refused() {
        let ids = ids();
        for text in [
            "As reported by seed-004.",
            "The Dutch text (SEED-003-NL) agrees.",
            "Ludii's reading (l-mc) takes only the facing hole.",
            "Matching the umum pack of the app we studied (004).",
            "Both sources (002, 003) say so.",
            "Sumber 000 dan 001 sepakat.",
            "(4)",
            "Seven seeds, as seeds_per_hole says.",
            "Played: end_when = all-in-stores.",
            "capture_lap=whole-turn",
            "opening = simultaneous",
            "The `holes` clause.",
            "The congkak-melayu pack plays it.",
        ] {
            assert!(
                internal_identifier(text, &ids).is_some(),
                "should be refused: {text}"
            );
        }
    }

    #[test]
    fn plain_texts_pass() {
        let ids = ids();
        for text in [
            "The rules page of the open-source Congklak web app by Andi Fathul Mukminin Salahuddin.",
            "Hellier (1907) and the gambiter site agree; Hel is a name, not a key here.",
            "A board of 2x7 holes holds 98 seeds (7 in each hole).",
            "Lumbung, biji, menembak, sambung and ngacang: the Congkak Melayu reading.",
            "A well-known, long-standing rule (seven holes, seven seeds).",
            "Anak-anak bermain congklak sepulang sekolah.",
            "",
        ] {
            assert_eq!(internal_identifier(text, &ids), None, "should pass: {text}");
        }
    }

    #[test]
    fn a_pack_text_with_an_identifier_is_refused_naming_file_and_path() {
        let pack = |note: &str| {
            format!(
                r#"{{"id":"probe","name":{{"id":"a","en":"a"}},"region":{{"id":"a","en":"a"}},
                "description":{{"id":"a","en":"a"}},"presentation":{{"direction":"clockwise","store":"left"}},
                "sources":[{{"key":"seed-004","title":"t","publisher":"p","kind":"media","language":"en",
                "confidence":"low","note":{{"id":"a","en":"{note}"}}}}]}}"#
            )
        };
        PackSet::load(&[("packs/probe.json", &pack("A clean note."))]).expect("clean text");
        let err = PackSet::load(&[("packs/probe.json", &pack("As reported by seed-004."))])
            .expect_err("an identifier");
        assert_eq!(err.file, "packs/probe.json");
        assert_eq!(err.field, "sources[0].note.en");
        assert!(err.message.contains("seed-004"), "{err}");
        let err = PackSet::load(&[("packs/probe.json", &pack("Per end_when, play stops."))])
            .expect_err("a clause name");
        assert_eq!(err.field, "sources[0].note.en");
    }

    #[test]
    fn a_source_language_is_a_language_code() {
        for good in [
            "fr", "es", "cs", "nl", "id", "en", "ms", "tl", "jv", "pt-BR",
        ] {
            assert!(language_tag(good), "{good}");
        }
        for bad in ["", "French", "f", "EN", "en_US", "en-"] {
            assert!(!language_tag(bad), "{bad}");
        }
    }

    #[test]
    fn a_lean_bundle_with_sources_reads_them_as_serde_wrote_them() {
        let full = PackSet::builtin();
        let with = PackSet::from_lean_bundle_with_sources(&full.to_bundle()).unwrap();
        assert_eq!(with.all().len(), full.all().len());
        let mut kinds = std::collections::BTreeSet::new();
        for (l, f) in with.all().iter().zip(full.all()) {
            assert_eq!((&l.rules, &l.rule_sources), (&f.rules, &f.rule_sources));
            assert_eq!(l.sources, f.sources, "{}", f.id);
            assert!(l.divergences.is_empty() && l.glossary.is_empty());
            kinds.extend(f.sources.iter().map(|s| format!("{:?}", s.kind)));
        }
        // The packs use several kinds, both kinds of names and sources
        // with and without an address or a year.
        assert!(kinds.len() >= 4, "{kinds:?}");
        let sources = full.all().iter().flat_map(|p| &p.sources);
        assert!(sources
            .clone()
            .any(|s| matches!(s.publisher, Name::Words(_))));
        assert!(sources
            .clone()
            .any(|s| matches!(s.publisher, Name::Same(_))));
        assert!(
            sources.clone().any(|s| s.url.is_none()) && sources.clone().any(|s| s.url.is_some())
        );
        assert!(
            sources.clone().any(|s| s.year.is_none()) && sources.clone().any(|s| s.year.is_some())
        );
        let bundle = full.to_bundle();
        for (from, to, says) in [
            (
                "\"kind\":\"academic\"",
                "\"kind\":\"rumour\"",
                "`kind`: unknown `rumour`",
            ),
            (
                "\"confidence\":\"high\"",
                "\"confidence\":\"sure\"",
                "`confidence`: unknown `sure`",
            ),
            (
                "\"rule_sources\":{",
                "\"rule_sources\":{\"not_a_clause\":3,",
                "`rule_sources`: unknown `not_a_clause`",
            ),
        ] {
            assert!(bundle.contains(from), "{from}");
            let e = PackSet::from_lean_bundle_with_sources(&bundle.replacen(from, to, 1))
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{to}: {e}");
        }
    }

    #[test]
    fn a_lean_bundle_reads_the_names_boards_and_rules() {
        let full = PackSet::builtin();
        let lean = PackSet::from_lean_bundle(&full.to_bundle()).unwrap();
        assert_eq!(lean.all().len(), full.all().len());
        for (l, f) in lean.all().iter().zip(full.all()) {
            assert_eq!(
                (&l.id, &l.extends, &l.name, &l.presentation, &l.board_sizes),
                (&f.id, &f.extends, &f.name, &f.presentation, &f.board_sizes)
            );
            assert_eq!(
                (l.seeds_follow_size, &l.rules),
                (f.seeds_follow_size, &f.rules)
            );
            assert!(l.sources.is_empty() && l.description == Text::default());
        }
        for (bad, says) in [
            ("{}", "expected an array of packs"),
            ("[1]", "pack 1: a pack: expected an object"),
            (r#"[{"id":"x"}]"#, "pack 1: missing field `presentation`"),
            ("[", "at line 1"),
        ] {
            let e = PackSet::from_lean_bundle(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let mut one: serde_json::Value = serde_json::from_str(&full.to_bundle()).unwrap();
        one[0]["rules"]["holes"] = 40.into();
        let e = PackSet::from_lean_bundle(&one.to_string()).unwrap_err();
        assert!(
            matches!(
                &e,
                BundleError::Pack {
                    index: 0,
                    problem: BundlePackError::Rules(_)
                }
            ),
            "{e:?}"
        );
        let e = e.to_string();
        assert!(e.contains("`rules`") && e.contains("holes"), "{e}");
    }
}
