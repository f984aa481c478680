//! The game record: ruleset + seed + moves, in a compact, URL-safe,
//! versioned text form.
//!
//! ```text
//! 1.<ruleset>.<seed>.<moves>
//! ```
//! - `1`: the format version.
//! - `<ruleset>`: a pack id (`umum`), or `~` followed by the base64url (no
//!   padding) of the JSON `{"base":"<pack id>","set":{<clause>:<value>,..}}`
//!   for a custom ruleset: a pack with some clauses changed.
//! - `<seed>`: a decimal `u64` (the game's seed: the computer's and sample games').
//! - `<moves>`: one character a move, `1`-`9`, `a` (10), `b` (11); a
//!   simultaneous pair is `_` and two characters, A's hole then B's (`_31`).
//! - `.<end>`, optional: how the game ended other than by its moves. `rA`
//!   or `rB`: that player resigned ("menyerah") after the moves. A record
//!   without it (every record written before resignation existed) reads as
//!   before: `1.<ruleset>.<seed>.<moves>.rB` is a game whose moves are
//!   `<moves>` and that B then resigned.
//!
//! Every character is unreserved in URLs (RFC 3986), so a record needs no
//! escaping in a path, query or fragment. [`GameRecord::parse`] rejects bad
//! input with a message and never panics.

use crate::clauses::ClauseError;
use crate::game::{Game, Move, ReplayError};
use crate::json::JsonError;
use crate::pack::PackSet;
use crate::rules::{Player, Rules, MAX_GAME_MOVES};
use std::collections::BTreeMap;
use std::fmt;

/// The format version written by [`GameRecord::to_text`].
pub const RECORD_VERSION: u32 = 1;

/// The longest record text read, in bytes. A game has at most
/// [`MAX_GAME_MOVES`] moves of at most three characters each, which leaves
/// 10,000 characters for the version, the ruleset and the seed (a custom
/// ruleset of every clause takes about 1,500), so every game the engine
/// plays makes a record that is read back.
pub const MAX_RECORD_LEN: usize = 100_000;

const _: () = assert!(3 * MAX_GAME_MOVES as usize + 10_000 <= MAX_RECORD_LEN);

/// Which rules a record is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruleset {
    /// A pack, by id.
    Pack(String),
    /// A pack with clauses changed: `set` maps clause names to JSON values.
    Custom {
        /// The pack it starts from.
        base: String,
        /// The clauses changed.
        set: BTreeMap<String, serde_json::Value>,
    },
}

/// A game as ruleset + seed + moves, and who resigned after them, if
/// anyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The seed.
    pub seed: u64,
    /// The moves from the start.
    pub moves: Vec<Move>,
    /// The player who resigned after the moves (the record's `.rA` or
    /// `.rB`), if one did.
    pub resigned: Option<Player>,
}

/// Why a record, or a ruleset's text, was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The record is longer than [`MAX_RECORD_LEN`].
    TooLong {
        /// Its length, in bytes.
        len: usize,
    },
    /// The text does not start with a format version.
    NotARecord,
    /// A format version this engine does not read.
    UnknownVersion {
        /// The version given.
        version: String,
    },
    /// Not the four parts of a record (five with an ending).
    Parts {
        /// The parts found.
        count: usize,
    },
    /// The seed is not a whole number.
    BadSeed {
        /// The seed's text.
        seed: String,
    },
    /// A move character that is not a hole.
    NotAHole {
        /// The character.
        found: char,
    },
    /// A `_` without the two holes of a simultaneous pair after it.
    UnfinishedPair,
    /// Text that is not a pack id.
    NotAPackId {
        /// The text (its first 40 characters).
        id: String,
    },
    /// A custom ruleset that is not base64url.
    CustomNotBase64,
    /// A custom ruleset whose bytes are not UTF-8 text.
    CustomNotUtf8,
    /// A custom ruleset that is not JSON.
    CustomNotJson(JsonError),
    /// A custom ruleset without its `base` pack id.
    CustomNoBase,
    /// A custom ruleset without its `set` object of clauses.
    CustomNoSet,
    /// A custom ruleset with keys other than `base` and `set`.
    CustomOtherKeys,
    /// No pack has this id.
    UnknownPack {
        /// The pack id.
        id: String,
    },
    /// A custom ruleset sets a clause that does not exist.
    UnknownClause {
        /// The clause's name.
        clause: String,
    },
    /// A custom ruleset whose clauses do not read or make no sense.
    CustomRules(ClauseError),
    /// A move of the record is not legal.
    Replay(ReplayError),
    /// A fifth part that is not an ending the format knows (`rA`, `rB`).
    BadEnd {
        /// The part's text (its first 40 characters).
        end: String,
    },
    /// The record says a player resigned, but its moves had already ended
    /// the game.
    ResignedAfterEnd,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLong { len } => write!(
                f,
                "the record is too long: {len} characters, at most {MAX_RECORD_LEN}"
            ),
            RecordError::NotARecord => {
                f.write_str("this is not a game record (it should start with `1.`)")
            }
            RecordError::UnknownVersion { version } => write!(
                f,
                "record format version {version} is not known (this app reads version {RECORD_VERSION})"
            ),
            RecordError::Parts { count } => write!(
                f,
                "a record has four parts separated by `.` (version, ruleset, seed, moves) and perhaps a fifth (how it ended), this has {count}"
            ),
            RecordError::BadSeed { seed } => write!(f, "the seed `{seed}` is not a whole number"),
            RecordError::NotAHole { found } => write!(f, "`{found}` is not a hole (1-9, a, b)"),
            RecordError::UnfinishedPair => f.write_str("`_` must be followed by two holes"),
            RecordError::NotAPackId { id } => write!(
                f,
                "`{id}` is not a pack id (lowercase letters, digits and -)"
            ),
            RecordError::CustomNotBase64 => {
                f.write_str("the custom ruleset is not valid base64url")
            }
            RecordError::CustomNotUtf8 => {
                f.write_str("the custom ruleset is not valid JSON: the text is not UTF-8")
            }
            RecordError::CustomNotJson(e) => {
                write!(f, "the custom ruleset is not valid JSON: {e}")
            }
            RecordError::CustomNoBase => f.write_str("the custom ruleset has no `base` pack"),
            RecordError::CustomNoSet => f.write_str("the custom ruleset has no `set` object"),
            RecordError::CustomOtherKeys => {
                f.write_str("the custom ruleset has keys other than `base` and `set`")
            }
            RecordError::UnknownPack { id } => write!(f, "unknown pack `{id}`"),
            RecordError::UnknownClause { clause } => {
                write!(f, "unknown clause `{clause}` in the custom ruleset")
            }
            RecordError::CustomRules(e) => write!(f, "custom ruleset: {e}"),
            RecordError::Replay(e) => write!(f, "{e}"),
            RecordError::BadEnd { end } => write!(
                f,
                "`{end}` is not an ending (rA: A resigned, rB: B resigned)"
            ),
            RecordError::ResignedAfterEnd => {
                f.write_str("the record says a player resigned after the game was over")
            }
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::CustomNotJson(e) => Some(e),
            RecordError::CustomRules(e) => Some(e),
            RecordError::Replay(e) => Some(e),
            _ => None,
        }
    }
}

impl Ruleset {
    /// The custom ruleset that turns pack `base`'s rules into `rules`.
    pub fn custom(base: &str, base_rules: &Rules, rules: &Rules) -> Ruleset {
        let full = rules.to_value();
        let mut set = BTreeMap::new();
        for k in base_rules.differences(rules) {
            set.insert(k.to_string(), full[k].clone());
        }
        if set.is_empty() {
            Ruleset::Pack(base.to_string())
        } else {
            Ruleset::Custom {
                base: base.to_string(),
                set,
            }
        }
    }

    /// The base pack's id.
    pub fn base(&self) -> &str {
        match self {
            Ruleset::Pack(id) => id,
            Ruleset::Custom { base, .. } => base,
        }
    }

    /// The rules this ruleset names, resolved against `packs`.
    pub fn rules(&self, packs: &PackSet) -> Result<Rules, RecordError> {
        let pack = packs
            .get(self.base())
            .ok_or_else(|| RecordError::UnknownPack {
                id: self.base().to_string(),
            })?;
        match self {
            Ruleset::Pack(_) => Ok(pack.rules.clone()),
            Ruleset::Custom { set, .. } => {
                let mut json = pack.rules.to_value();
                for (k, v) in set {
                    if !Rules::CLAUSES.contains(&k.as_str()) {
                        return Err(RecordError::UnknownClause { clause: k.clone() });
                    }
                    json[k] = v.clone();
                }
                Rules::from_json(&json).map_err(RecordError::CustomRules)
            }
        }
    }

    /// The ruleset's text: a pack id, or `~` + base64url of the custom JSON.
    pub fn to_text(&self) -> String {
        match self {
            Ruleset::Pack(id) => id.clone(),
            Ruleset::Custom { base, set } => {
                let set = set.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                let json = crate::json::object(vec![
                    ("base".to_string(), serde_json::Value::from(base.as_str())),
                    ("set".to_string(), crate::json::object(set)),
                ]);
                format!(
                    "~{}",
                    base64url_encode(crate::json::write(&json).as_bytes())
                )
            }
        }
    }

    /// Reads a ruleset's text (as in a record or a compare link).
    pub fn parse(text: &str) -> Result<Ruleset, RecordError> {
        if let Some(b64) = text.strip_prefix('~') {
            let bytes = base64url_decode(b64).ok_or(RecordError::CustomNotBase64)?;
            let text = std::str::from_utf8(&bytes).map_err(|_| RecordError::CustomNotUtf8)?;
            let json = crate::json::parse(text).map_err(RecordError::CustomNotJson)?;
            let base = json
                .get("base")
                .and_then(|b| b.as_str())
                .ok_or(RecordError::CustomNoBase)?;
            let set = json
                .get("set")
                .and_then(|s| s.as_object())
                .ok_or(RecordError::CustomNoSet)?;
            if json.as_object().is_some_and(|o| o.len() != 2) {
                return Err(RecordError::CustomOtherKeys);
            }
            check_id(base)?;
            Ok(Ruleset::Custom {
                base: base.to_string(),
                set: {
                    let mut out = BTreeMap::new();
                    for (k, v) in set {
                        out.insert(k.clone(), v.clone());
                    }
                    out
                },
            })
        } else {
            check_id(text)?;
            Ok(Ruleset::Pack(text.to_string()))
        }
    }
}

fn check_id(id: &str) -> Result<(), RecordError> {
    if id.is_empty()
        || id.len() > 64
        || !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(RecordError::NotAPackId {
            id: id.chars().take(40).collect(),
        });
    }
    Ok(())
}

fn hole_char(k: u8) -> char {
    char::from_digit(k as u32, 12).unwrap_or('?')
}

fn hole_of(c: char) -> Result<u8, RecordError> {
    match c.to_digit(12) {
        Some(d) if d >= 1 && (c.is_ascii_digit() || c == 'a' || c == 'b') => Ok(d as u8),
        _ => Err(RecordError::NotAHole { found: c }),
    }
}

impl GameRecord {
    /// The record's text form.
    pub fn to_text(&self) -> String {
        let mut moves = String::with_capacity(self.moves.len());
        for m in &self.moves {
            match *m {
                Move::Hole(k) => moves.push(hole_char(k)),
                Move::Both(a, b) => {
                    moves.push('_');
                    moves.push(hole_char(a));
                    moves.push(hole_char(b));
                }
            }
        }
        let end = match self.resigned {
            Some(p) => format!(".r{p}"),
            None => String::new(),
        };
        format!(
            "{RECORD_VERSION}.{}.{}.{moves}{end}",
            self.ruleset.to_text(),
            self.seed
        )
    }

    /// The record of `game` under `ruleset` (the ruleset it was played
    /// under, by name) with `seed`: its moves and who resigned.
    pub fn of_game(ruleset: Ruleset, seed: u64, game: &Game) -> GameRecord {
        GameRecord {
            ruleset,
            seed,
            moves: game.moves().to_vec(),
            resigned: game.resigned(),
        }
    }

    /// Parses the text form; a clear message for anything malformed.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let text = text.trim();
        if text.len() > MAX_RECORD_LEN {
            return Err(RecordError::TooLong { len: text.len() });
        }
        let parts: Vec<&str> = text.split('.').collect();
        let version = parts[0];
        if version != RECORD_VERSION.to_string() {
            return Err(
                if version.chars().all(|c| c.is_ascii_digit()) && !version.is_empty() {
                    RecordError::UnknownVersion {
                        version: version.to_string(),
                    }
                } else {
                    RecordError::NotARecord
                },
            );
        }
        if parts.len() != 4 && parts.len() != 5 {
            return Err(RecordError::Parts { count: parts.len() });
        }
        let resigned = match parts.get(4) {
            None => None,
            Some(&"rA") => Some(Player::A),
            Some(&"rB") => Some(Player::B),
            Some(end) => {
                return Err(RecordError::BadEnd {
                    end: end.chars().take(40).collect(),
                })
            }
        };
        let ruleset = Ruleset::parse(parts[1])?;
        let seed = parts[2].parse::<u64>().map_err(|_| RecordError::BadSeed {
            seed: parts[2].to_string(),
        })?;
        let mut moves = Vec::new();
        let mut chars = parts[3].chars();
        while let Some(c) = chars.next() {
            if c == '_' {
                let a = chars.next().ok_or(RecordError::UnfinishedPair)?;
                let b = chars.next().ok_or(RecordError::UnfinishedPair)?;
                moves.push(Move::Both(hole_of(a)?, hole_of(b)?));
            } else {
                moves.push(Move::Hole(hole_of(c)?));
            }
        }
        Ok(GameRecord {
            ruleset,
            seed,
            moves,
            resigned,
        })
    }

    /// Replays the record into a game, with its resignation; the error
    /// says which move failed and why.
    pub fn game(&self, packs: &PackSet) -> Result<Game, RecordError> {
        let rules = self.ruleset.rules(packs)?;
        let mut game = Game::replay(rules, &self.moves).map_err(RecordError::Replay)?;
        if let Some(p) = self.resigned {
            game.resign(p).ok_or(RecordError::ResignedAfterEnd)?;
        }
        Ok(game)
    }
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let v = (chunk[0] as u32) << 16
            | (*chunk.get(1).unwrap_or(&0) as u32) << 8
            | *chunk.get(2).unwrap_or(&0) as u32;
        for i in 0..chunk.len() + 1 {
            out.push(B64[(v >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let vals: Vec<u32> = text
        .bytes()
        .map(|c| B64.iter().position(|&b| b == c).map(|i| i as u32))
        .collect::<Option<_>>()?;
    for chunk in vals.chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let mut v = 0u32;
        for (i, &x) in chunk.iter().enumerate() {
            v |= x << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((v >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url_encode(&bytes);
            assert!(text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            assert_eq!(base64url_decode(&text).unwrap(), bytes);
        }
        assert_eq!(base64url_decode("a"), None);
        assert_eq!(base64url_decode("ab=c"), None);
    }

    #[test]
    fn text_round_trips_and_rejects_garbage() {
        let mut set = BTreeMap::new();
        set.insert("relay".to_string(), serde_json::json!("never"));
        let rec = GameRecord {
            ruleset: Ruleset::Custom {
                base: "umum".into(),
                set,
            },
            seed: 42,
            moves: vec![Move::Both(3, 1), Move::Hole(11), Move::Hole(1)],
            resigned: None,
        };
        let text = rec.to_text();
        assert!(text.starts_with("1.~"));
        assert!(text.ends_with(".42._31b1"));
        assert_eq!(GameRecord::parse(&text).unwrap(), rec);
        for bad in [
            "",
            "2.umum.1.",
            "x",
            "1.umum.1",
            "1.UMUM.1.",
            "1.umum.-1.",
            "1.umum.1.0",
            "1.umum.1.c",
            "1.umum.1._3",
            "1.~!!.1.",
            "1.~e30.1.",
            "1.umum.1.1.2",
            "1..1.",
            "1.umum.99999999999999999999.",
        ] {
            assert!(GameRecord::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn a_refusal_says_what_is_wrong_as_data_and_in_words() {
        for (bad, error, says) in [
            (
                "2.umum.1.",
                RecordError::UnknownVersion {
                    version: "2".into(),
                },
                "record format version 2 is not known (this app reads version 1)",
            ),
            (
                "x",
                RecordError::NotARecord,
                "this is not a game record (it should start with `1.`)",
            ),
            (
                "1.umum.1",
                RecordError::Parts { count: 3 },
                "a record has four parts separated by `.` (version, ruleset, seed, moves) and perhaps a fifth (how it ended), this has 3",
            ),
            (
                "1.umum.1.c",
                RecordError::NotAHole { found: 'c' },
                "`c` is not a hole (1-9, a, b)",
            ),
            (
                "1.umum.1._3",
                RecordError::UnfinishedPair,
                "`_` must be followed by two holes",
            ),
            (
                "1.UMUM.1.",
                RecordError::NotAPackId { id: "UMUM".into() },
                "`UMUM` is not a pack id (lowercase letters, digits and -)",
            ),
            (
                "1.umum.-1.",
                RecordError::BadSeed { seed: "-1".into() },
                "the seed `-1` is not a whole number",
            ),
            (
                "1.~e30.1.",
                RecordError::CustomNoBase,
                "the custom ruleset has no `base` pack",
            ),
        ] {
            let e = GameRecord::parse(bad).unwrap_err();
            assert_eq!(e, error, "{bad:?}");
            assert_eq!(e.to_string(), says, "{bad:?}");
        }
        let packs = PackSet::builtin();
        let e = Ruleset::Pack("nowhere".into()).rules(&packs).unwrap_err();
        assert_eq!(e.to_string(), "unknown pack `nowhere`");
        let mut set = BTreeMap::new();
        set.insert("holes".to_string(), serde_json::json!(40));
        let e = Ruleset::Custom {
            base: "umum".into(),
            set,
        }
        .rules(&packs)
        .unwrap_err();
        assert!(
            matches!(e, RecordError::CustomRules(ClauseError::Invalid(_))),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "custom ruleset: holes: must be 3 to 11, not 40"
        );
        // A's hole 1 is empty after it is played: the second move is refused.
        let record = GameRecord::parse("1.umum.1.11").unwrap();
        let e = record.game(&packs).unwrap_err();
        let RecordError::Replay(replay) = &e else {
            panic!("{e:?}");
        };
        assert_eq!(replay.index, 1);
        assert_eq!(e.to_string(), replay.to_string());
    }

    /// Plays `rules` with the sample player of `seed` to the end, or for
    /// `moves` moves.
    fn sample_moves(rules: &Rules, seed: u64, moves: usize) -> Vec<Move> {
        let mut pos = crate::game::Position::new(rules);
        let mut player = crate::sample::SamplePlayer::new(seed);
        let (mut buf, mut out) = (Vec::new(), Vec::new());
        while out.len() < moves {
            let Some(mv) = player.choose(&pos, rules, &mut buf) else {
                break;
            };
            pos.play_fast(rules, mv).unwrap();
            out.push(mv);
        }
        out
    }

    #[test]
    fn a_resignation_is_written_read_back_and_replayed() {
        let packs = PackSet::builtin();
        let rules = packs.get("sungka").unwrap().rules.clone();
        let moves = sample_moves(&rules, 9, 30);
        let mut game = Game::replay(rules.clone(), &moves).unwrap();
        assert!(!game.position().is_over());
        let outcome = game.resign(Player::B).unwrap();
        assert_eq!(outcome.winner, Some(Player::A));
        assert_eq!(outcome.cause, crate::game::EndCause::Resigned(Player::B));
        let record = GameRecord::of_game(Ruleset::Pack("sungka".into()), 9, &game);
        assert_eq!(record.resigned, Some(Player::B));
        let text = record.to_text();
        assert!(text.ends_with(".rB"), "{text}");
        let read = GameRecord::parse(&text).unwrap();
        assert_eq!(read, record);
        assert_eq!(read.to_text(), text);
        let replayed = read.game(&packs).unwrap();
        assert_eq!(replayed.resigned(), Some(Player::B));
        assert_eq!(replayed.position().outcome(), Some(outcome));
        assert_eq!(replayed.moves(), &moves[..]);

        // The same record without its ending is the game before the
        // resignation: a record written before resignation existed.
        let old = text.strip_suffix(".rB").unwrap();
        let before = GameRecord::parse(old).unwrap();
        assert_eq!(before.resigned, None);
        assert_eq!(before.to_text(), old);
        assert!(!before.game(&packs).unwrap().position().is_over());

        // A's resignation is A's.
        let a = GameRecord::parse(&format!("{old}.rA")).unwrap();
        let o = a.game(&packs).unwrap().position().outcome().unwrap();
        assert_eq!(o.winner, Some(Player::B));
    }

    #[test]
    fn an_ending_the_format_does_not_know_or_after_the_end_is_refused() {
        for (bad, error) in [
            ("1.umum.1.1.x", RecordError::BadEnd { end: "x".into() }),
            ("1.umum.1.1.ra", RecordError::BadEnd { end: "ra".into() }),
            ("1.umum.1.1.", RecordError::BadEnd { end: "".into() }),
            ("1.umum.1.1.rA.rB", RecordError::Parts { count: 6 }),
        ] {
            assert_eq!(GameRecord::parse(bad).unwrap_err(), error, "{bad:?}");
        }
        assert_eq!(
            RecordError::BadEnd { end: "x".into() }.to_string(),
            "`x` is not an ending (rA: A resigned, rB: B resigned)"
        );
        // A game already over cannot be resigned.
        let packs = PackSet::builtin();
        let rules = packs.get("umum").unwrap().rules.clone();
        let moves = sample_moves(&rules, 1, usize::MAX);
        let over = GameRecord {
            ruleset: Ruleset::Pack("umum".into()),
            seed: 1,
            moves,
            resigned: Some(Player::A),
        };
        assert_eq!(
            over.game(&packs).unwrap_err(),
            RecordError::ResignedAfterEnd
        );
    }

    #[test]
    fn an_agreed_number_of_rounds_travels_in_the_record_and_ends_the_game() {
        let packs = PackSet::builtin();
        let pack = packs.get("congkak-tradisional").unwrap();
        for agreed in [1u8, 3] {
            let rules = pack.rules.edit(|c| c.max_rounds = agreed).unwrap();
            let moves = sample_moves(&rules, 4, usize::MAX);
            let record = GameRecord {
                ruleset: Ruleset::custom(&pack.id, &pack.rules, &rules),
                seed: 4,
                moves,
                resigned: None,
            };
            let text = record.to_text();
            let read = GameRecord::parse(&text).unwrap();
            assert_eq!(read, record);
            let game = read.game(&packs).unwrap();
            assert_eq!(game.rules().max_rounds, agreed);
            let o = game.position().outcome().expect("over");
            let standings = game.standings();
            let last = standings.last().unwrap();
            assert!(last.ends_game);
            if o.cause == crate::game::EndCause::LastRound {
                assert_eq!(game.position().round(), u16::from(agreed));
                assert_eq!(standings.len(), usize::from(agreed));
            } else {
                // A player could not go on before the agreed rounds were played.
                assert!(matches!(o.cause, crate::game::EndCause::OutOfSeeds(_)));
                assert!(game.position().round() < u16::from(agreed));
            }
            assert_eq!(o.winner, last.winner);
        }
    }
}
