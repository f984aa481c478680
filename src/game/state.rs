//! The play page's one piece of engine state, and how it is written to the
//! outside world: the game link (the URL) and the saved game (local storage).
//!
//! A game is its ruleset plus its move list ([`GameRecord`]) and a cursor, so
//! undo, redo and the replay scrubber are one number. The play page's flow
//! (see [`crate::game::session`]) keeps the position at the cursor and plays each
//! move once.

use crate::jobs::search::MoveRequest;
use crate::platform::storage::{self as stored, Stored};
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{tr, trf, Lang, Say};
use congklak::{
    BundleError, GameRecord, Level, Pack, PackSet, Player, Position, RecordError, Rules, Ruleset,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::OnceLock;

static PACKS: OnceLock<PackSet> = OnceLock::new();

/// How a board is drawn where its pack is not known (not installed yet):
/// the common reading's look, sown clockwise with the store on the left.
pub const COMMON_LOOK: congklak::Presentation = congklak::Presentation {
    direction: congklak::Direction::Clockwise,
    store: congklak::StoreSide::Left,
};

/// The packs, once [`install_packs`] has run (the app does it before mounting).
pub fn packs() -> &'static PackSet {
    PACKS.get_or_init(PackSet::default)
}

/// Installs the packs the app plays with: fetched from `/packs.json` in the
/// app (see [`crate::app::boot::start`]), compiled in for tests. The first call wins.
pub fn install_packs(set: PackSet) {
    let _ = PACKS.set(set);
}

/// Reads the pack bundle (`packs.json`, written by `congklak bundle` at build time).
pub fn packs_from_bundle(json: &str) -> Result<PackSet, BundleError> {
    PackSet::from_bundle(json)
}

/// Why the packs could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PacksProblem {
    /// Their file could not be fetched.
    Fetch(crate::platform::browser::FetchProblem),
    /// Their file is not a pack bundle this app reads.
    Unreadable(BundleError),
}

impl Say for PacksProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            PacksProblem::Fetch(e) => e.say(lang),
            PacksProblem::Unreadable(_) => tr(lang, k::FETCH_DAMAGED).into(),
        }
    }
}

/// What [`crate::app::boot::start`] gets from a reader of a packs file.
pub type ReadingPacks =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<PackSet, PacksProblem>>>>;

/// Reads `/compare`'s packs (`packs-compare.json`: the lean bundle, and
/// which sources back each clause with those sources; see
/// [`PackSet::from_lean_bundle_with_sources`]), by hand like the play
/// page's, so no page's code holds serde's derive for whole packs.
pub fn packs_from_compare_bundle(json: &str) -> Result<PackSet, BundleError> {
    PackSet::from_lean_bundle_with_sources(json)
}

/// [`packs_from_compare_bundle`] for [`crate::app::boot::start`] (a small
/// file, read in one go).
pub fn read_compare_bundle(json: String) -> ReadingPacks {
    Box::pin(async move { packs_from_compare_bundle(&json).map_err(PacksProblem::Unreadable) })
}

/// [`packs_from_lean_bundle`] for [`crate::app::boot::start`] (a small file, read in one go).
pub fn read_lean_bundle(json: String) -> ReadingPacks {
    Box::pin(async move { packs_from_lean_bundle(&json).map_err(PacksProblem::Unreadable) })
}

/// Reads the play page's lean bundle (`packs-play.json`: names, boards and
/// rules; see [`PackSet::from_lean_bundle`]).
pub fn packs_from_lean_bundle(json: &str) -> Result<PackSet, BundleError> {
    PackSet::from_lean_bundle(json)
}

/// A game being played or reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayState {
    /// Ruleset, seed and every move played (also those after the cursor, for redo).
    pub record: GameRecord,
    /// The rules the record names.
    pub rules: Rules,
    /// How many of the moves are on the board.
    pub cursor: usize,
}

impl PlayState {
    /// A new game of a pack, on a board size it allows, with an optional starter.
    pub fn new(pack: &Pack, size: u8, starter: Option<Player>, seed: u64) -> PlayState {
        let mut rules = pack
            .rules_for_size(size)
            .unwrap_or_else(|| pack.rules.clone());
        if let Some(p) = starter {
            // Who moves first is valid under every ruleset.
            if let Ok(r) = rules.edit(|r| r.first_player = p) {
                rules = r;
            }
        }
        PlayState {
            record: GameRecord {
                ruleset: Ruleset::custom(&pack.id, &pack.rules, &rules),
                seed,
                moves: Vec::new(),
                resigned: None,
            },
            rules,
            cursor: 0,
        }
    }

    /// The game with `rounds` agreed (the ruleset's `max_rounds`, so the
    /// link holds it; 0: until a player cannot fill a hole), for a pack of
    /// several rounds without its own number; any other game as it is.
    pub fn with_rounds(mut self, rounds: u8) -> PlayState {
        let Some(pack) = self.pack() else { return self };
        if self.rules.rounds != congklak::Rounds::Several || pack.rules.max_rounds > 0 {
            return self;
        }
        if let Ok(rules) = self.rules.edit(|c| c.max_rounds = rounds) {
            self.record.ruleset = Ruleset::custom(&pack.id, &pack.rules, &rules);
            self.rules = rules;
        }
        self
    }

    /// A game from a link's record text, at turn `at` (default: the end).
    pub fn from_text(text: &str, at: Option<usize>) -> Result<PlayState, GameProblem> {
        let record = GameRecord::parse(text).map_err(|e| GameProblem::of(&e))?;
        let game = record.game(packs()).map_err(|e| GameProblem::of(&e))?;
        let cursor = at.unwrap_or(record.moves.len());
        if cursor > record.moves.len() {
            return Err(GameProblem::PastEnd {
                turn: cursor,
                moves: record.moves.len(),
            });
        }
        Ok(PlayState {
            rules: game.rules().clone(),
            record,
            cursor,
        })
    }

    /// The pack the game is played under.
    pub fn pack(&self) -> Option<&'static Pack> {
        packs().get(self.record.ruleset.base())
    }

    /// The position at the cursor: at the end of the record, ended by the
    /// resignation the record holds, if any (the engine ends it).
    pub fn position(&self) -> Position {
        // Moves were checked when the record was read or played.
        let mut pos = Position::new(&self.rules)
            .replay(&self.rules, &self.record.moves[..self.cursor])
            .unwrap_or_else(|e| *e.before);
        if let Some(p) = self.record.resigned.filter(|_| self.at_end()) {
            pos.resign(&self.rules, p);
        }
        pos
    }

    /// The question for the computer playing `side` at `level` in this
    /// game: its rules, its seed and the moves on the board.
    pub fn move_request(&self, side: Player, level: Level) -> MoveRequest {
        MoveRequest {
            rules: self.rules.clone(),
            seed: self.record.seed,
            moves: self.record.moves[..self.cursor].to_vec(),
            side,
            level,
        }
    }

    /// Where a game of several rounds stands at the cursor: one standing a
    /// round ended (the engine reads them from the game's turns).
    pub fn standings(&self) -> Vec<congklak::RoundStanding> {
        if self.rules.rounds != congklak::Rounds::Several {
            return Vec::new();
        }
        congklak::Game::replay(self.rules.clone(), &self.record.moves[..self.cursor])
            .map(|g| g.standings())
            .unwrap_or_default()
    }

    /// Whether the cursor is at the end of the record.
    pub fn at_end(&self) -> bool {
        self.cursor == self.record.moves.len()
    }

    /// The game link's query: `?g=<record>` and `&t=<turn>` when reviewing.
    pub fn query(&self) -> String {
        let mut q = format!("?g={}", self.record.to_text());
        if self.cursor < self.record.moves.len() {
            q.push_str(&format!("&t={}", self.cursor));
        }
        q
    }
}

/// Why a game's text (a link's record, a saved game) cannot be opened, in
/// the words a player is told ([`Say`]): what a player can act on, not
/// which of the engine's checks refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameProblem {
    /// Longer than a game's text may be.
    TooLong,
    /// Written by another version of the app.
    OtherVersion,
    /// Damaged or cut short (not the parts of a game's text).
    Damaged,
    /// It names a ruleset this app does not have.
    UnknownRules,
    /// Its own rules (a ruleset changed clause by clause) are damaged or
    /// make no game this app can play.
    OwnRules,
    /// Its move `n` (from 1) is not legal where it is played.
    Illegal {
        /// The move's number, from 1.
        n: usize,
    },
    /// It asks for a turn past the end of its game.
    PastEnd {
        /// The turn asked for.
        turn: usize,
        /// The game's moves.
        moves: usize,
    },
    /// Its turn number is not a number.
    BadTurn,
}

impl GameProblem {
    /// What a player is told of the engine's reason.
    pub fn of(e: &RecordError) -> GameProblem {
        match e {
            RecordError::TooLong { .. } => GameProblem::TooLong,
            RecordError::UnknownVersion { .. } => GameProblem::OtherVersion,
            RecordError::NotARecord
            | RecordError::Parts { .. }
            | RecordError::BadSeed { .. }
            | RecordError::NotAHole { .. }
            | RecordError::UnfinishedPair
            | RecordError::BadEnd { .. }
            | RecordError::ResignedAfterEnd => GameProblem::Damaged,
            RecordError::NotAPackId { .. } | RecordError::UnknownPack { .. } => {
                GameProblem::UnknownRules
            }
            RecordError::CustomNotBase64
            | RecordError::CustomNotUtf8
            | RecordError::CustomNotJson(_)
            | RecordError::CustomNoBase
            | RecordError::CustomNoSet
            | RecordError::CustomOtherKeys
            | RecordError::UnknownClause { .. }
            | RecordError::CustomRules(_) => GameProblem::OwnRules,
            RecordError::Replay(r) => GameProblem::Illegal { n: r.index + 1 },
        }
    }
}

impl Say for GameProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            GameProblem::TooLong => tr(lang, k::GAME_PROBLEM_LONG).into(),
            GameProblem::OtherVersion => tr(lang, k::GAME_PROBLEM_VERSION).into(),
            GameProblem::Damaged => tr(lang, k::GAME_PROBLEM_DAMAGED).into(),
            GameProblem::UnknownRules => tr(lang, k::GAME_PROBLEM_RULES).into(),
            GameProblem::OwnRules => tr(lang, k::GAME_PROBLEM_OWN).into(),
            GameProblem::Illegal { n } => trf(lang, k::GAME_PROBLEM_ILLEGAL, &[n]),
            GameProblem::PastEnd { turn, moves } => {
                trf(lang, k::GAME_PROBLEM_PASTEND, &[turn, moves])
            }
            GameProblem::BadTurn => tr(lang, k::GAME_PROBLEM_TURN).into(),
        }
    }
}

/// What is kept in local storage for the current game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// Format version of this object.
    pub v: u32,
    /// The record text.
    pub record: String,
    /// The cursor.
    pub cursor: usize,
}

/// The current save format.
pub const SAVE_VERSION: u32 = 1;
/// Storage key of the saved game.
pub const SAVE_KEY: &str = "congklak.game";
/// Storage key of the settings.
pub const SETTINGS_KEY: &str = "congklak.settings";
/// Storage key of the language.
pub const LANG_KEY: &str = "congklak.lang";

impl Saved {
    /// The saved object for a game.
    pub fn of(state: &PlayState) -> Saved {
        Saved {
            v: SAVE_VERSION,
            record: state.record.to_text(),
            cursor: state.cursor,
        }
    }
    /// The game it holds, or why it cannot be read.
    pub fn restore(&self) -> Result<PlayState, GameProblem> {
        if self.v != SAVE_VERSION {
            return Err(GameProblem::OtherVersion);
        }
        PlayState::from_text(&self.record, Some(self.cursor))
    }
}

/// Who the second player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Two people on one screen.
    Hotseat,
    /// Against the computer.
    Computer,
}

/// Animation speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Speed {
    /// No animation.
    Instant,
    /// Quick.
    Fast,
    /// Default.
    Normal,
    /// For following every seed.
    Slow,
}

impl Speed {
    /// Milliseconds a frame.
    pub fn frame_ms(self) -> u32 {
        match self {
            Speed::Instant => 0,
            Speed::Fast => 45,
            Speed::Normal => 130,
            Speed::Slow => 320,
        }
    }
    /// Every speed with its text key.
    pub const ALL: [(Speed, Key); 4] = [
        (Speed::Instant, k::SPEED_INSTANT),
        (Speed::Fast, k::SPEED_FAST),
        (Speed::Normal, k::SPEED_NORMAL),
        (Speed::Slow, k::SPEED_SLOW),
    ];
}

/// Settings kept across games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Animation speed.
    pub speed: Speed,
    /// Hotseat or computer.
    pub mode: Mode,
    /// The computer's level (stored by its name).
    pub level: congklak::Level,
    /// The human's side against the computer.
    pub human: Player,
    /// The number of rounds agreed for a pack of several rounds without
    /// its own (0: until a player cannot fill a hole).
    #[serde(default = "default_rounds")]
    pub rounds: u8,
}

/// The rounds agreed unless the visitor chose otherwise.
pub const DEFAULT_ROUNDS: u8 = 3;

fn default_rounds() -> u8 {
    DEFAULT_ROUNDS
}

/// The numbers of rounds the new-game form offers (0: until a player
/// cannot fill a hole).
pub const ROUND_CHOICES: [u8; 4] = [1, 3, 5, 0];

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speed: Speed::Normal,
            mode: Mode::Computer,
            level: congklak::Level::Beginner,
            human: Player::A,
            rounds: DEFAULT_ROUNDS,
        }
    }
}

impl Stored for Saved {
    fn from_json(value: &Value) -> Result<Saved, stored::Unfit> {
        let m = stored::members(value, "the saved game", &["v", "record", "cursor"])?;
        let number = |key: &'static str| -> Result<u32, stored::Unfit> {
            let n = m.u64(key)?;
            u32::try_from(n).map_err(|_| stored::Unfit::TooLarge { key, n })
        };
        Ok(Saved {
            v: number("v")?,
            record: m.str("record")?.to_string(),
            cursor: number("cursor")? as usize,
        })
    }
    fn to_json(&self) -> Value {
        stored::object([
            ("v", Value::from(self.v)),
            ("record", Value::from(self.record.as_str())),
            ("cursor", Value::from(self.cursor)),
        ])
    }
}

/// The modes by their stored names.
const MODES: [(Mode, &str); 2] = [(Mode::Hotseat, "Hotseat"), (Mode::Computer, "Computer")];
/// The speeds by their stored names.
const SPEEDS: [(Speed, &str); 4] = [
    (Speed::Instant, "Instant"),
    (Speed::Fast, "Fast"),
    (Speed::Normal, "Normal"),
    (Speed::Slow, "Slow"),
];

impl Stored for Settings {
    fn from_json(value: &Value) -> Result<Settings, stored::Unfit> {
        let m = stored::members(
            value,
            "the settings",
            &["speed", "mode", "level", "human", "rounds"],
        )?;
        let level = m.req("level")?;
        Ok(Settings {
            speed: stored::named(m.req("speed")?, &SPEEDS, "`speed`")?,
            mode: stored::named(m.req("mode")?, &MODES, "`mode`")?,
            level: congklak::Level::from_name(m.str("level")?)
                .ok_or_else(|| stored::Unfit::not(Some("`level`"), level, "a level"))?,
            human: Player::from_json(m.req("human")?)?,
            // Settings kept before the rounds could be chosen have none.
            rounds: match m.get("rounds") {
                None => DEFAULT_ROUNDS,
                Some(_) => {
                    let n = m.u64("rounds")?;
                    u8::try_from(n).map_err(|_| stored::Unfit::TooLarge { key: "rounds", n })?
                }
            },
        })
    }
    fn to_json(&self) -> Value {
        stored::object([
            ("speed", stored::name_of(&SPEEDS, self.speed)),
            ("mode", stored::name_of(&MODES, self.mode)),
            ("level", Value::from(self.level.name())),
            ("human", self.human.to_json()),
            ("rounds", Value::from(self.rounds)),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_link_or_save_says_why_in_the_page_language() {
        use crate::platform::browser::FetchProblem;
        use crate::platform::storage::{Damaged, StoreProblem};
        use crate::texts::i18n::assert_said_in_both;
        install_packs(PackSet::builtin());
        let refused = |text: &str| PlayState::from_text(text, None).unwrap_err();
        assert_eq!(refused("1.umum.7.zz"), GameProblem::Damaged);
        assert_eq!(refused("hello"), GameProblem::Damaged);
        assert_eq!(refused("9.umum.7."), GameProblem::OtherVersion);
        assert_eq!(refused("1.no-such-pack.7."), GameProblem::UnknownRules);
        assert_eq!(refused("1.~AAAA.7."), GameProblem::OwnRules);
        assert_eq!(
            refused(&format!(
                "1.umum.7.{}",
                "1".repeat(congklak::MAX_RECORD_LEN)
            )),
            GameProblem::TooLong
        );
        // Hole 1 twice: the second time it is empty.
        let twice = refused("1.umum.7.11");
        assert!(
            matches!(twice, GameProblem::Illegal { n: 1 | 2 }),
            "{twice:?}"
        );
        assert_eq!(
            PlayState::from_text("1.umum.7.1", Some(5)).unwrap_err(),
            GameProblem::PastEnd { turn: 5, moves: 1 }
        );
        let saved = Saved {
            v: 9,
            record: "1.umum.7.".into(),
            cursor: 0,
        };
        assert_eq!(saved.restore().unwrap_err(), GameProblem::OtherVersion);
        assert_said_in_both(&[
            &GameProblem::TooLong,
            &GameProblem::OtherVersion,
            &GameProblem::Damaged,
            &GameProblem::UnknownRules,
            &GameProblem::OwnRules,
            &GameProblem::Illegal { n: 3 },
            &GameProblem::PastEnd { turn: 5, moves: 1 },
            &GameProblem::BadTurn,
            &PacksProblem::Fetch(FetchProblem::NoAnswer),
            &PacksProblem::Fetch(FetchProblem::Status(404)),
            &PacksProblem::Unreadable(BundleError::NotAnArray),
            &FetchProblem::NotText,
            &StoreProblem::Unavailable,
            &StoreProblem::Refused,
            &Damaged,
            &crate::jobs::search::ComputerProblem::Unavailable,
            &crate::jobs::search::ComputerProblem::Unanswered(
                crate::jobs::search::Unanswered::NoMove,
            ),
            &crate::jobs::search::ComputerProblem::Illegal(congklak::IllegalMove {
                attempted: congklak::Move::Hole(1),
                reason: congklak::IllegalReason::GameOver,
            }),
            &crate::jobs::search::ComputerProblem::OtherAnswer,
        ]);
        assert_eq!(
            GameProblem::Illegal { n: 3 }.say(Lang::Id),
            "langkah ke-3 tidak diperbolehkan dalam permainannya"
        );
    }

    #[test]
    fn a_state_round_trips_through_its_link_and_its_save() {
        install_packs(PackSet::builtin());
        let pack = packs().get("umum").unwrap();
        let mut s = PlayState::new(pack, 7, Some(Player::B), 42);
        for mv in [1u8, 2, 3] {
            let pos = s.position();
            let legal = pos.legal_moves(&s.rules);
            let m = legal[mv as usize % legal.len()];
            s.record.moves.push(m);
            s.cursor += 1;
        }
        s.cursor = 2;
        let q = s.query();
        let text = q.trim_start_matches("?g=").split('&').next().unwrap();
        let back = PlayState::from_text(text, Some(2)).unwrap();
        assert_eq!(back, s);
        assert_eq!(Saved::of(&s).restore().unwrap(), s);
        assert!(PlayState::from_text("1.umum.1.zz", None).is_err());
        assert!(PlayState::from_text(text, Some(99)).is_err());
        let old = Saved {
            v: 0,
            ..Saved::of(&s)
        };
        assert!(old.restore().is_err());
    }

    #[test]
    fn the_rounds_agreed_are_carried_by_the_ruleset_and_its_link() {
        install_packs(PackSet::builtin());
        let sungka = packs().get("sungka").unwrap();
        for n in ROUND_CHOICES {
            let g = PlayState::new(sungka, 7, None, 5).with_rounds(n);
            assert_eq!(g.rules.max_rounds, n);
            let back = PlayState::from_text(&g.record.to_text(), None).unwrap();
            assert_eq!(back.rules.max_rounds, n, "the link holds it");
        }
        // A pack with its own number keeps it; a one-round pack is as it is.
        let dakon = packs().get("dakon-ngacang").unwrap();
        let g = PlayState::new(dakon, dakon.rules.holes, None, 5).with_rounds(3);
        assert_eq!(g.rules.max_rounds, 7);
        let umum = packs().get("umum").unwrap();
        let plain = PlayState::new(umum, 7, None, 5);
        assert_eq!(plain.clone().with_rounds(3), plain);
        // Settings kept before the choice read with the default.
        let old: Settings = crate::platform::storage::read(
            r#"{"speed":"Normal","mode":"Computer","level":"medium","human":"A"}"#,
        )
        .unwrap();
        assert_eq!(old.rounds, DEFAULT_ROUNDS);
    }
}
