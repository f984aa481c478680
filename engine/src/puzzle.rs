//! Puzzles: a position, a goal, and the one hole that meets it.
//!
//! A puzzle is data ([`Puzzle`], JSON): the pack and board size it is played
//! under, the position (a [`Setup`], the same JSON as the CLI's `--position`),
//! the goal and the answer. The player to move is always Player A (the
//! generator turns the board round when B was to move in the game it came
//! from; the rules are the same for both sides).
//!
//! Goals ([`Goal`]):
//! - `extra-turn`: the move ends in the mover's own store (lumbung), so they
//!   move again;
//! - `capture-most`: the move captures (menembak) more seeds than any other;
//! - `bank`: the move puts at least `at_least` seeds into the mover's store
//!   (sown into it and captured, relays included);
//! - `win`: after the move, the mover wins with perfect play (proved by the
//!   solver, [`crate::solve`]); every other move draws or loses with perfect
//!   play. Only for packs of one round.
//!
//! [`check`] verifies a puzzle: the position is legal for the pack at that
//! size (a size the pack lists), the answer meets the goal and no other legal
//! move does; each legal move is played by the engine (and, for `win`,
//! solved), so a puzzle is proved, not trusted. It also recomputes the
//! difficulty and the figures the puzzle states, which must match.
//!
//! [`generate`] finds puzzles in seeded random games ([`crate::random_game`])
//! of several packs and sizes: deterministic, the same list every run.
//!
//! Difficulty ([`grade`]): 1 (easy) to 3 (hard), from a score: the number
//! of legal moves, twice the number of "near" moves (other moves that come
//! close to the goal: for `extra-turn` moves that reach the store and sow
//! past it, for `capture-most` other captures, for `bank` moves within two
//! seeds of the target, for `win` moves that draw or lose by at most two),
//! three points a relay (sambung) of the answer, up to three, and four for a
//! `win` goal (which needs the game read to its end).

use crate::game::{Move, Position, Setup, SetupError, ToMove};
use crate::json::{MemberError, Members};
use crate::pack::PackSet;
use crate::rules::PerPlayer;
use crate::rules::{Player, Rounds, Rules};
use crate::sample::random_game;
use crate::solve::{solve, Limits, SolveOptions};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// What the player must do with one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Goal {
    /// End in your own store: move again.
    ExtraTurn,
    /// Capture more seeds than any other move would.
    CaptureMost,
    /// Put at least this many seeds into your store with this move.
    Bank {
        /// The target.
        at_least: u16,
    },
    /// Win with perfect play from here.
    Win,
}

impl Goal {
    /// `extra-turn`, `capture-most`, `bank` or `win`.
    pub fn name(self) -> &'static str {
        match self {
            Goal::ExtraTurn => "extra-turn",
            Goal::CaptureMost => "capture-most",
            Goal::Bank { .. } => "bank",
            Goal::Win => "win",
        }
    }
}

/// The value of one legal move with perfect play afterwards (`win` puzzles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoleValue {
    /// The hole.
    pub hole: u8,
    /// A's final seeds minus B's with perfect play after this move.
    pub value: i32,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Its name in links (`/puzzles?p=<id>`): letters, digits and hyphens.
    pub id: String,
    /// The pack whose rules it is played under.
    pub pack: String,
    /// Holes a side: one of the pack's board sizes.
    pub size: u8,
    /// The position; Player A is to move.
    pub position: Setup,
    /// What the move must do.
    pub goal: Goal,
    /// The one hole of A's that does it.
    pub answer: u8,
    /// 1 (easy), 2 (medium) or 3 (hard): see [`grade`].
    pub difficulty: u8,
    /// Other moves that come close to the goal (see [`grade`]).
    pub near: u8,
    /// Relay pick-ups (sambung) of the answer.
    pub relays: u16,
    /// For `win`: every legal move's value with perfect play, hole order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<HoleValue>,
    /// Where it was found: the seed of the random game and the move number.
    pub from: (u64, u32),
}

/// A file of puzzles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// The format, [`PuzzleFile::VERSION`].
    pub version: u32,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleFile {
    /// The format written and read.
    pub const VERSION: u32 = 1;
}

/// Why a puzzle file's JSON could not be read by [`PuzzleFile::from_json`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFileError {
    /// A member is missing, unknown or of the wrong kind.
    Member(MemberError),
    /// A member's value is out of its range or not one of its names.
    Value {
        /// The member's key.
        key: &'static str,
    },
}

impl From<MemberError> for PuzzleFileError {
    fn from(e: MemberError) -> PuzzleFileError {
        PuzzleFileError::Member(e)
    }
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleFileError::Member(e) => e.fmt(f),
            PuzzleFileError::Value { key } => write!(f, "`{key}`: a value out of range"),
        }
    }
}

impl std::error::Error for PuzzleFileError {}

impl PuzzleFile {
    /// Reads a puzzle file from its JSON, as serde's derive reads it
    /// (unknown members refused, `values`, `burnt`, `ngacang` and `round`
    /// optional) but by hand: the puzzles page's bundle then holds this
    /// reader and none of serde's code for each type.
    pub fn from_json(value: &Value) -> Result<PuzzleFile, PuzzleFileError> {
        let m = Members::of(value, "a puzzle file")?;
        m.only(&["version", "puzzles"])?;
        Ok(PuzzleFile {
            version: number(&m, "version")?,
            puzzles: m
                .array("puzzles")?
                .iter()
                .map(puzzle_of)
                .collect::<Result<_, _>>()?,
        })
    }
}

/// A whole-number member that must fit `T`.
fn number<T: TryFrom<u64>>(m: &Members, key: &'static str) -> Result<T, PuzzleFileError> {
    T::try_from(m.u64(key)?).map_err(|_| PuzzleFileError::Value { key })
}

fn puzzle_of(value: &Value) -> Result<Puzzle, PuzzleFileError> {
    let m = Members::of(value, "a puzzle")?;
    m.only(&[
        "id",
        "pack",
        "size",
        "position",
        "goal",
        "answer",
        "difficulty",
        "near",
        "relays",
        "values",
        "from",
    ])?;
    let from = match m.array("from")? {
        [seed, ply] => seed
            .as_u64()
            .zip(ply.as_u64().and_then(|n| u32::try_from(n).ok())),
        _ => None,
    }
    .ok_or(PuzzleFileError::Value { key: "from" })?;
    let values = match m.get("values") {
        None => Vec::new(),
        Some(_) => m
            .array("values")?
            .iter()
            .map(|v| {
                let h = Members::of(v, "a hole's value")?;
                h.only(&["hole", "value"])?;
                let value = h
                    .req("value")?
                    .as_i64()
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or(PuzzleFileError::Value { key: "value" })?;
                Ok(HoleValue {
                    hole: number(&h, "hole")?,
                    value,
                })
            })
            .collect::<Result<_, PuzzleFileError>>()?,
    };
    Ok(Puzzle {
        id: m.str("id")?.to_string(),
        pack: m.str("pack")?.to_string(),
        size: number(&m, "size")?,
        position: setup_of(m.req("position")?)?,
        goal: goal_of(m.req("goal")?)?,
        answer: number(&m, "answer")?,
        difficulty: number(&m, "difficulty")?,
        near: number(&m, "near")?,
        relays: number(&m, "relays")?,
        values,
        from,
    })
}

fn goal_of(value: &Value) -> Result<Goal, PuzzleFileError> {
    let m = Members::of(value, "a goal")?;
    let (goal, known): (Goal, &[&str]) = match m.str("kind")? {
        "extra-turn" => (Goal::ExtraTurn, &["kind"]),
        "capture-most" => (Goal::CaptureMost, &["kind"]),
        "win" => (Goal::Win, &["kind"]),
        "bank" => (
            Goal::Bank {
                at_least: number(&m, "at_least")?,
            },
            &["kind", "at_least"],
        ),
        _ => return Err(PuzzleFileError::Value { key: "kind" }),
    };
    m.only(known)?;
    Ok(goal)
}

/// A [`Setup`] as its JSON has it (`{"holes": {"A": [..], "B": [..]}, ..}`).
fn setup_of(value: &Value) -> Result<Setup, PuzzleFileError> {
    let m = Members::of(value, "a position")?;
    m.only(&["holes", "stores", "burnt", "ngacang", "to_move", "round"])?;
    /// `{"A": .., "B": ..}`, each read by `read`.
    fn by_name<T>(
        value: &Value,
        key: &'static str,
        read: impl Fn(&Value) -> Option<T>,
    ) -> Result<PerPlayer<T>, PuzzleFileError> {
        let m = Members::of(value, key)?;
        m.only(&["A", "B"])?;
        let side = |name| read(m.req(name)?).ok_or(PuzzleFileError::Value { key });
        Ok(PerPlayer::new(side("A")?, side("B")?))
    }
    fn list<T: TryFrom<u64>>(value: &Value) -> Option<Vec<T>> {
        value
            .as_array()?
            .iter()
            .map(|n| n.as_u64().and_then(|n| T::try_from(n).ok()))
            .collect()
    }
    let numbers = |key: &'static str| match m.get(key) {
        None => Ok(PerPlayer::new(Vec::new(), Vec::new())),
        Some(v) => by_name(v, key, list::<u8>),
    };
    Ok(Setup {
        holes: by_name(m.req("holes")?, "holes", list::<u16>)?,
        stores: by_name(m.req("stores")?, "stores", |v| {
            v.as_u64().and_then(|n| u16::try_from(n).ok())
        })?,
        burnt: numbers("burnt")?,
        ngacang: numbers("ngacang")?,
        to_move: match m.str("to_move")? {
            "A" => Player::A,
            "B" => Player::B,
            _ => return Err(PuzzleFileError::Value { key: "to_move" }),
        },
        round: match m.get("round") {
            None => 1,
            Some(_) => number(&m, "round")?,
        },
    })
}

/// What one legal move does, as the goals need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The hole.
    pub hole: u8,
    /// Whether the mover moves again.
    pub extra_turn: bool,
    /// Whether the sowing passed the mover's store (a seed went in).
    pub reached_store: bool,
    /// Seeds captured (menembak).
    pub captured: u16,
    /// Seeds into the mover's store (sown and captured).
    pub banked: u16,
    /// Relay pick-ups (sambung).
    pub relays: u16,
    /// With perfect play afterwards: A's seeds minus B's (`win` only).
    pub value: Option<i32>,
}

impl MoveFacts {
    /// What the move does, in a few words (for messages).
    pub fn describe(&self) -> String {
        let mut s = format!(
            "banks {}, captures {}, relays {} times, {}",
            self.banked,
            self.captured,
            self.relays,
            if self.extra_turn {
                "and moves again"
            } else {
                "and does not move again"
            }
        );
        if let Some(v) = self.value {
            s.push_str(&format!("; with perfect play after it A's margin is {v}"));
        }
        s
    }
}

/// Why a puzzle is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The puzzle's id.
    pub id: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle `{}`: {}", self.id, self.problem)
    }
}

impl std::error::Error for PuzzleError {}

/// Why a puzzle cannot be set up to play: its board or its position (see
/// [`Puzzle::rules`] and [`Puzzle::start`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStartError {
    /// No pack has the puzzle's pack id.
    NoPack {
        /// The pack id.
        pack: String,
    },
    /// The pack is not played on the puzzle's board size.
    NoSize {
        /// The pack id.
        pack: String,
        /// The puzzle's holes a side.
        size: u8,
        /// The pack's board sizes.
        sizes: Vec<u8>,
    },
    /// The position is not legal under the rules.
    Position(SetupError),
    /// Someone else than Player A is to move (or both, in an opening).
    NotAToMove,
    /// Play has already stopped in the position.
    Over,
}

impl fmt::Display for PuzzleStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleStartError::NoPack { pack } => write!(f, "there is no pack `{pack}`"),
            PuzzleStartError::NoSize { pack, size, sizes } => write!(
                f,
                "pack `{pack}` is not played on {size} holes a side (its sizes: {sizes:?})"
            ),
            PuzzleStartError::Position(e) => write!(f, "the position is not legal: {e}"),
            PuzzleStartError::NotAToMove => f.write_str("Player A is not the one to move"),
            PuzzleStartError::Over => f.write_str("play has already stopped in this position"),
        }
    }
}

impl std::error::Error for PuzzleStartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PuzzleStartError::Position(e) => Some(e),
            _ => None,
        }
    }
}

/// Positions a `win` solve may search, per move, before the puzzle counts
/// as unproved.
pub const SOLVE_NODES: u64 = 3_000_000;

/// Bytes of transposition table for a `win` solve.
const SOLVE_TABLE_BYTES: usize = 8 << 20;

impl Puzzle {
    /// The rules it is played under: the pack's at its size.
    pub fn rules(&self, packs: &PackSet) -> Result<Rules, PuzzleStartError> {
        let pack = packs
            .get(&self.pack)
            .ok_or_else(|| PuzzleStartError::NoPack {
                pack: self.pack.clone(),
            })?;
        pack.rules_for_size(self.size)
            .ok_or_else(|| PuzzleStartError::NoSize {
                pack: self.pack.clone(),
                size: self.size,
                sizes: pack.board_sizes.clone(),
            })
    }

    /// The position (checked against the rules), Player A to move.
    pub fn start(&self, rules: &Rules) -> Result<Position, PuzzleStartError> {
        let pos =
            Position::from_setup(rules, &self.position).map_err(PuzzleStartError::Position)?;
        match pos.to_move() {
            Some(ToMove::One(Player::A)) if !pos.in_opening() => Ok(pos),
            Some(_) => Err(PuzzleStartError::NotAToMove),
            None => Err(PuzzleStartError::Over),
        }
    }

    /// Whether a move with these facts meets the goal (for `capture-most`,
    /// `best_capture` is the most any legal move captures).
    pub fn meets(&self, f: &MoveFacts, best_capture: u16) -> bool {
        meets(self.goal, f, best_capture)
    }
}

fn meets(goal: Goal, f: &MoveFacts, best_capture: u16) -> bool {
    match goal {
        Goal::ExtraTurn => f.extra_turn,
        Goal::CaptureMost => best_capture > 0 && f.captured == best_capture,
        Goal::Bank { at_least } => f.banked >= at_least,
        Goal::Win => f.value.is_some_and(|v| v > 0),
    }
}

/// What every legal move of A's does from `pos` (A to move), without
/// values (see [`solve_values`]). `None` if A has no move to choose.
pub fn move_facts(rules: &Rules, pos: &Position) -> Option<Vec<MoveFacts>> {
    let mut out = Vec::new();
    for k in pos.legal_holes(rules, Player::A) {
        let p = pos.preview(rules, Move::Hole(k))?;
        let mut after = *pos;
        let turn = after.play(rules, Move::Hole(k)).ok()?;
        let reached_store = turn.events.iter().any(|e| {
            matches!(
                e,
                crate::sow::Event::Sow {
                    player: Player::A,
                    to: crate::topology::Place::Store { side: Player::A }
                }
            )
        });
        out.push(MoveFacts {
            hole: k,
            extra_turn: p.extra_turn,
            reached_store,
            captured: p.captured,
            banked: p.banked,
            relays: p.relays,
            value: None,
        });
    }
    Some(out)
}

/// Solves every move of `facts` (from `pos`) and fills in its value; `None`
/// if a solve ran out of its budget ([`SOLVE_NODES`] positions a move).
/// Kept apart from [`move_facts`] so that a caller that never solves (the
/// browser app) does not carry the solver.
pub fn solve_values(rules: &Rules, pos: &Position, facts: &mut [MoveFacts]) -> Option<()> {
    for f in facts {
        let mut after = *pos;
        after.play_fast(rules, Move::Hole(f.hole)).ok()?;
        f.value = Some(value_of(rules, &after)?);
    }
    Some(())
}

/// A's margin with perfect play from `pos` (over: the final scores).
fn value_of(rules: &Rules, pos: &Position) -> Option<i32> {
    if let Some(o) = pos.outcome() {
        return Some(o.scores[Player::A] as i32 - o.scores[Player::B] as i32);
    }
    let options = SolveOptions {
        table_bytes: SOLVE_TABLE_BYTES,
        endgame: None,
    };
    let limits = Limits {
        nodes: SOLVE_NODES,
        stop: None,
    };
    let s = solve(rules, pos, &options, limits).ok()?;
    s.value.is_integer().then(|| s.value.numerator() as i32)
}

/// The grade of a puzzle: (difficulty 1..=3, near moves), from the goal and
/// every legal move's facts (see the module's text).
pub fn grade(goal: Goal, answer: u8, facts: &[MoveFacts]) -> (u8, u8) {
    let others = facts.iter().filter(|f| f.hole != answer);
    let near = others
        .filter(|f| match goal {
            Goal::ExtraTurn => f.reached_store,
            Goal::CaptureMost => f.captured > 0,
            Goal::Bank { at_least } => f.banked > 0 && f.banked + 2 >= at_least,
            Goal::Win => f.value.is_some_and(|v| v >= -2),
        })
        .count() as u32;
    let relays = facts
        .iter()
        .find(|f| f.hole == answer)
        .map_or(0, |f| u32::from(f.relays.min(3)));
    let score = facts.len() as u32 + 2 * near + 3 * relays + if goal == Goal::Win { 4 } else { 0 };
    let difficulty = match score {
        0..=8 => 1,
        9..=14 => 2,
        _ => 3,
    };
    (difficulty, near.min(255) as u8)
}

fn fail(p: &Puzzle, problem: impl Into<String>) -> PuzzleError {
    PuzzleError {
        id: p.id.clone(),
        problem: problem.into(),
    }
}

/// Verifies one puzzle (see the module's text); the error names the puzzle
/// and the problem.
pub fn check(p: &Puzzle, packs: &PackSet) -> Result<Vec<MoveFacts>, PuzzleError> {
    if p.id.is_empty()
        || !p
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(fail(
            p,
            "its id must be lowercase letters, digits and hyphens",
        ));
    }
    let rules = p.rules(packs).map_err(|e| fail(p, e.to_string()))?;
    if p.goal == Goal::Win && rules.rounds == Rounds::Several {
        return Err(fail(
            p,
            "a win goal needs a pack of one round (a game of several rounds is not solved to its end)",
        ));
    }
    if let Goal::Bank { at_least: 0 } = p.goal {
        return Err(fail(p, "a bank goal of 0 seeds is met by any move"));
    }
    let pos = p.start(&rules).map_err(|e| fail(p, e.to_string()))?;
    let mut facts = move_facts(&rules, &pos).ok_or_else(|| fail(p, "A has no move"))?;
    if p.goal == Goal::Win {
        solve_values(&rules, &pos, &mut facts).ok_or_else(|| {
            fail(
                p,
                format!("a move could not be solved within {SOLVE_NODES} positions"),
            )
        })?;
    }
    let best_capture = facts.iter().map(|f| f.captured).max().unwrap_or(0);
    let Some(ans) = facts.iter().find(|f| f.hole == p.answer) else {
        let legal: Vec<u8> = facts.iter().map(|f| f.hole).collect();
        return Err(fail(
            p,
            format!(
                "the answer, hole {}, is not a legal move (legal: {legal:?})",
                p.answer
            ),
        ));
    };
    if !p.meets(ans, best_capture) {
        return Err(fail(
            p,
            format!(
                "the answer, hole {}, does not meet the goal `{}`: {ans:?}",
                p.answer,
                p.goal.name()
            ),
        ));
    }
    let also: Vec<u8> = facts
        .iter()
        .filter(|f| f.hole != p.answer && p.meets(f, best_capture))
        .map(|f| f.hole)
        .collect();
    if !also.is_empty() {
        return Err(fail(
            p,
            format!(
                "holes {also:?} meet the goal `{}` too: the answer is not the only one",
                p.goal.name()
            ),
        ));
    }
    let (difficulty, near) = grade(p.goal, p.answer, &facts);
    if (difficulty, near, ans.relays) != (p.difficulty, p.near, p.relays) {
        return Err(fail(
            p,
            format!(
                "it states difficulty {}, {} near moves and {} relays; the engine finds {difficulty}, {near} and {}",
                p.difficulty, p.near, p.relays, ans.relays
            ),
        ));
    }
    let values: Vec<HoleValue> = facts
        .iter()
        .filter_map(|f| {
            f.value.map(|value| HoleValue {
                hole: f.hole,
                value,
            })
        })
        .collect();
    if values != p.values {
        return Err(fail(
            p,
            format!(
                "its move values {:?} are not the solver's {values:?}",
                p.values
            ),
        ));
    }
    Ok(facts)
}

/// Verifies a whole file: every puzzle, and ids used once. The first
/// problem found is returned.
pub fn check_file(file: &PuzzleFile, packs: &PackSet) -> Result<(), PuzzleError> {
    if file.version != PuzzleFile::VERSION {
        return Err(PuzzleError {
            id: String::new(),
            problem: format!(
                "the file is in format {}, this engine reads format {}",
                file.version,
                PuzzleFile::VERSION
            ),
        });
    }
    let mut seen = std::collections::HashSet::new();
    for p in &file.puzzles {
        if !seen.insert(p.id.as_str()) {
            return Err(fail(p, "its id is used twice"));
        }
        check(p, packs)?;
    }
    Ok(())
}

/// The position `pos` with `mover` to move, as a [`Setup`] with the board
/// turned round so that the mover is Player A.
pub fn setup_for(pos: &Position, mover: Player) -> Setup {
    let other = mover.other();
    Setup {
        holes: PerPlayer::new(pos.holes(mover), pos.holes(other)),
        stores: PerPlayer::new(pos.store(mover), pos.store(other)),
        burnt: PerPlayer::new(pos.burnt(mover), pos.burnt(other)),
        ngacang: PerPlayer::new(pos.ngacang(mover), pos.ngacang(other)),
        to_move: Player::A,
        round: pos.round(),
    }
}

/// The boards the generator draws games on: (pack, size).
pub const GENERATOR_BOARDS: &[(&str, u8)] = &[
    ("umum", 7),
    ("congkak-melayu", 5),
    ("standard-mancala", 6),
    ("jawa-sleman", 7),
    ("dakon-ngacang", 6),
    ("ohvalhu", 6),
    ("congkak-tradisional", 5),
    ("sungka", 7),
    ("congkak-melayu", 9),
];

/// Seeds on the holes at most for a `win` candidate (the solver then
/// finishes in well under a second).
const WIN_MAX_SEEDS: u32 = 18;

/// The kinds of goal tried, in turn.
const GOAL_KINDS: [&str; 4] = ["extra-turn", "capture-most", "bank", "win"];

/// A puzzle for `goal kind` at this position, if exactly one move meets it.
fn candidate(
    kind: &str,
    rules: &Rules,
    setup: &Setup,
    pack: &str,
    size: u8,
    from: (u64, u32),
) -> Option<Puzzle> {
    let pos = Position::from_setup(rules, setup).ok()?;
    if !matches!(pos.to_move(), Some(ToMove::One(Player::A))) || pos.in_opening() {
        return None;
    }
    let legal = pos.legal_holes(rules, Player::A);
    if legal.len() < 3 {
        return None;
    }
    let on_holes: u32 = setup.holes[Player::A]
        .iter()
        .chain(&setup.holes[Player::B])
        .map(|&s| u32::from(s))
        .sum();
    let win = kind == "win";
    if win && (rules.rounds == Rounds::Several || on_holes > WIN_MAX_SEEDS) {
        return None;
    }
    let mut facts = move_facts(rules, &pos)?;
    if win {
        solve_values(rules, &pos, &mut facts)?;
    }
    let goal = match kind {
        "extra-turn" => Goal::ExtraTurn,
        "capture-most" => Goal::CaptureMost,
        "win" => Goal::Win,
        _ => {
            let mut banked: Vec<u16> = facts.iter().map(|f| f.banked).collect();
            banked.sort_unstable_by(|a, b| b.cmp(a));
            // The best move must bank clearly more than the next (by two).
            if banked.len() < 2 || banked[0] < 3 || banked[0] < banked[1] + 2 {
                return None;
            }
            Goal::Bank {
                at_least: banked[0],
            }
        }
    };
    let best_capture = facts.iter().map(|f| f.captured).max().unwrap_or(0);
    let meeting: Vec<&MoveFacts> = facts
        .iter()
        .filter(|f| meets(goal, f, best_capture))
        .collect();
    let [ans] = meeting.as_slice() else {
        return None;
    };
    let (difficulty, near) = grade(goal, ans.hole, &facts);
    Some(Puzzle {
        id: format!("{pack}-{size}-{}-{}", from.0, from.1),
        pack: pack.to_string(),
        size,
        position: setup.clone(),
        goal,
        answer: ans.hole,
        difficulty,
        near,
        relays: ans.relays,
        values: facts
            .iter()
            .filter_map(|f| {
                f.value.map(|value| HoleValue {
                    hole: f.hole,
                    value,
                })
            })
            .collect(),
        from,
    })
}

/// The board a newcomer learns on (the common reading, as the lessons
/// teach it), and how many easy puzzles of it [`generate`] adds after the
/// others: the puzzles a newcomer is offered first.
pub const NEWCOMER_BOARD: (&str, u8) = ("umum", 7);

/// How many easy puzzles on [`NEWCOMER_BOARD`] [`generate`] adds.
pub const NEWCOMER_PUZZLES: usize = 3;

/// Generates `count` puzzles from seeded random games of the boards in
/// [`GENERATOR_BOARDS`] (those of packs in `packs`), taking the goals in
/// turn on each board: deterministic. Each game gives at most one puzzle
/// (its first position, after the opening moves, where exactly one move
/// meets the goal). Stops short of `count` if the games run out. Then up
/// to [`NEWCOMER_PUZZLES`] more, easy ones (difficulty 1) on
/// [`NEWCOMER_BOARD`], each of another goal, found later in the games if
/// need be, so that a newcomer starts on the rules the lessons teach.
pub fn generate(packs: &PackSet, count: usize) -> Vec<Puzzle> {
    let mut out = generate_mixed(packs, count);
    let (pack, size) = NEWCOMER_BOARD;
    if let Some(rules) = packs.get(pack).and_then(|p| p.rules_for_size(size)) {
        /// Games tried for one goal before giving up on it.
        const MAX_SEEDS: u64 = 2_000;
        for (g, kind) in GOAL_KINDS.iter().enumerate().take(NEWCOMER_PUZZLES) {
            let found = (1..=MAX_SEEDS).find_map(|n| {
                let seed = 1_000_000 + n * 4 + g as u64;
                easy_puzzle_in_game(kind, &rules, pack, size, seed)
                    .filter(|p| !out.iter().any(|q| q.position == p.position))
            });
            out.extend(found);
        }
    }
    out
}

/// The mixed puzzles of [`generate`].
fn generate_mixed(packs: &PackSet, count: usize) -> Vec<Puzzle> {
    /// Games tried for one board and goal before giving up on it.
    const MAX_SEEDS: u64 = 400;
    let boards: Vec<(&str, u8, Rules)> = GENERATOR_BOARDS
        .iter()
        .filter_map(|&(id, size)| Some((id, size, packs.get(id)?.rules_for_size(size)?)))
        .collect();
    // One cursor (next seed) per board and goal kind.
    let mut cursors = vec![[1u64; 4]; boards.len()];
    let mut out: Vec<Puzzle> = Vec::new();
    let mut stuck = 0;
    let mut turn = 0usize;
    while out.len() < count && stuck < boards.len() * GOAL_KINDS.len() {
        let (b, g) = (
            turn % boards.len(),
            (turn / boards.len()) % GOAL_KINDS.len(),
        );
        turn += 1;
        let (pack, size, rules) = &boards[b];
        let kind = GOAL_KINDS[g];
        let mut found = None;
        while found.is_none() && cursors[b][g] <= MAX_SEEDS {
            let seed = cursors[b][g] * 4 + g as u64;
            cursors[b][g] += 1;
            found = puzzle_in_game(kind, rules, pack, *size, seed);
        }
        match found {
            Some(p) if !out.iter().any(|q| q.position == p.position) => {
                stuck = 0;
                out.push(p);
            }
            _ => stuck += 1,
        }
    }
    out
}

/// The first puzzle of `kind` in the seeded game (from the fourth move on).
fn puzzle_in_game(kind: &str, rules: &Rules, pack: &str, size: u8, seed: u64) -> Option<Puzzle> {
    puzzles_in_game(kind, rules, pack, size, seed, |_| true)
}

/// The first easy puzzle (difficulty 1) of `kind` in the seeded game.
fn easy_puzzle_in_game(
    kind: &str,
    rules: &Rules,
    pack: &str,
    size: u8,
    seed: u64,
) -> Option<Puzzle> {
    puzzles_in_game(kind, rules, pack, size, seed, |p| p.difficulty == 1)
}

/// The first puzzle of `kind` in the seeded game (from the fourth move on)
/// that `keep` accepts.
fn puzzles_in_game(
    kind: &str,
    rules: &Rules,
    pack: &str,
    size: u8,
    seed: u64,
    keep: impl Fn(&Puzzle) -> bool,
) -> Option<Puzzle> {
    let game = random_game(rules, seed);
    let mut pos = Position::new(rules);
    for (i, &mv) in game.moves.iter().enumerate() {
        if i >= 3 {
            if let Some(ToMove::One(mover)) = pos.to_move() {
                if !pos.in_opening() {
                    let setup = setup_for(&pos, mover);
                    if let Some(p) =
                        candidate(kind, rules, &setup, pack, size, (seed, i as u32 + 1))
                            .filter(&keep)
                    {
                        return Some(p);
                    }
                }
            }
        }
        pos.play_fast(rules, mv).ok()?;
    }
    None
}
