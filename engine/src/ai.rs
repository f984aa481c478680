//! The computer opponent, on the engine's fast path.
//!
//! Search runs [`Position::play_fast`]: the same rules code as play, never a
//! copy. It never assumes that turns alternate: after every move it asks the
//! position who moves (an extra turn keeps the same player; rounds, passes and
//! burnt holes are the engine's business). The search (`src/search.rs`) is
//! iterative deepening principal-variation alpha-beta with a transposition
//! table, move ordering and a quiescence search of extra turns and captures,
//! stopped by a node budget, so a level costs the same on every machine and
//! a seed gives the same move. `random`, `beginner` and `greedy` keep the
//! one-move look of the search before issue 28 (version 1, kept here for
//! the benchmarks' `hardest-v1` as well).
//!
//! The simultaneous opening is a simultaneous game: both players' picks are
//! scored as a matrix (each pair searched), a mixed strategy is found for the
//! matrix by fictitious play, and the pick is drawn from it with the seed.

use crate::endgame::EndgameTable;
use crate::game::{Move, Phase, Position, ToMove};
use crate::rules::{PerPlayer, Player, Rounds, Rules, Win};
use crate::sample::RandomPlayer;
use crate::search::{plan_turn, settings_for, Searcher, WEIGHTS};
use crate::solve::{solve, Limits, SolveError, SolveOptions};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::str::FromStr;

/// How hard the computer plays. Each level has a name, used in links,
/// storage and on the command line ([`Level::name`], [`Level::from_name`];
/// serde reads and writes the name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Picks at random among the legal moves.
    Random,
    /// Looks one move ahead, and one move in four is a random slip.
    Beginner,
    /// Takes the move that scores best one move ahead.
    Greedy,
    /// Searches 20,000 positions, 4 moves deep at most (extra turns and
    /// captures played out beyond).
    Medium,
    /// Searches 150,000 positions, 12 moves deep at most.
    Hard,
    /// Searches 2,000,000 positions; with an endgame table once few seeds are
    /// left, and plays the solver's move when few enough seeds are left in
    /// the holes for the solver to finish within [`HARDEST_SOLVE`]. Before
    /// the search, plans its turn ([`PLAN_NODES`] positions of chains of
    /// extra turns) and plays the plan when it banks enough to win. Where
    /// the solver was tried and did not finish, the planner and the search
    /// get a share of their positions ([`AFTER_SOLVE_SHARE`]).
    Hardest,
    /// Plays the solver's move (perfect play) whenever the solver finishes
    /// within [`PERFECT_SOLVE`]; otherwise as [`Level::Hardest`].
    Perfect,
}

/// When a level asks the solver: at most `seeds` seeds in the holes, and
/// the solver gives up after `nodes` positions (with a transposition table
/// of `table_bytes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveBudget {
    /// Most seeds in the holes for the solver to be tried.
    pub seeds: u32,
    /// Positions the solver searches at most.
    pub nodes: u64,
    /// Bytes of its transposition table.
    pub table_bytes: usize,
}

/// `hardest`'s solver: tried with 64 seeds or fewer in the holes,
/// 1,500,000 positions, an 8 MiB table (chosen by play against the
/// reference opponent and by the time of its slowest move in wasm, see
/// docs/engine-work.md, "Strength").
pub const HARDEST_SOLVE: SolveBudget = SolveBudget {
    seeds: 64,
    nodes: 1_500_000,
    table_bytes: 8 << 20,
};

/// The solver of `hardest` before issue 28 (`hardest-v1`, for the
/// benchmarks): tried with 24 seeds or fewer in the holes, 200,000
/// positions, a 2 MiB table.
const V1_SOLVE: SolveBudget = SolveBudget {
    seeds: 24,
    nodes: 200_000,
    table_bytes: 2 << 20,
};

/// `perfect`'s solver: tried with as many seeds in the holes as
/// [`HARDEST_SOLVE`] (64 or fewer), twice its positions (3,000,000) and
/// table (16 MiB), so it finishes wherever `hardest`'s does and earlier.
pub const PERFECT_SOLVE: SolveBudget = SolveBudget {
    seeds: HARDEST_SOLVE.seeds,
    nodes: 2 * HARDEST_SOLVE.nodes,
    table_bytes: 2 * HARDEST_SOLVE.table_bytes,
};

/// Where the solver of `hardest` or `perfect` stops with the mover's final
/// margin proved to within this many seeds (its floor and ceiling at most
/// this far apart), the level plays the hole that proved the floor, which
/// keeps the value or gives up at most this much; a wider range leaves the
/// move to the planner and the search. Chosen by play against the
/// reference opponent (docs/engine-work.md, "Strength"): within 2 or 4
/// the same games, +0.39 seeds a pair over leaving every such move to the
/// search.
pub const SOLVE_NEAR: i32 = 2;

/// Positions of the turn planner of `hardest` and `perfect`.
pub const PLAN_NODES: u64 = 1_000_000;

/// How many times [`PLAN_NODES`] a turn's chain is planned with once more
/// before it is played from memory (see [`TurnMemory`]).
pub const DEEPER_PLAN: u64 = 4;

/// After the solver was tried on a move and did not finish (it gave up), the
/// turn planner and the search of `hardest` and `perfect` get this part of
/// their positions (one in `AFTER_SOLVE_SHARE`), so that the slowest move
/// (the solver's whole budget, then the planner and the search) stays
/// within the time target: the move's positions are shared by all three.
pub const AFTER_SOLVE_SHARE: u64 = 4;

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] = [
        Level::Random,
        Level::Beginner,
        Level::Greedy,
        Level::Medium,
        Level::Hard,
        Level::Hardest,
        Level::Perfect,
    ];

    /// Every level's name, easiest first.
    pub const NAMES: [&'static str; 7] = [
        "random", "beginner", "greedy", "medium", "hard", "hardest", "perfect",
    ];

    /// The level's name (for links, storage and the command line).
    pub fn name(self) -> &'static str {
        Level::NAMES[self as usize]
    }

    /// A level by name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The search's deepest iteration and node budget.
    pub fn search_budget(self) -> (u8, u64) {
        match self {
            Level::Random | Level::Beginner | Level::Greedy => (1, u64::MAX),
            Level::Medium => (4, 20_000),
            Level::Hard => (12, 150_000),
            Level::Hardest | Level::Perfect => (40, 2_000_000),
        }
    }

    /// The turn planner's positions, for the levels that plan a turn.
    pub fn plan_budget(self) -> Option<u64> {
        match self {
            Level::Hardest | Level::Perfect => Some(PLAN_NODES),
            _ => None,
        }
    }

    /// When the level asks the solver, if it does.
    pub fn solve_budget(self) -> Option<SolveBudget> {
        match self {
            Level::Hardest => Some(HARDEST_SOLVE),
            Level::Perfect => Some(PERFECT_SOLVE),
            _ => None,
        }
    }

    /// Whether the level uses an endgame table when one is given.
    pub fn uses_endgame_table(self) -> bool {
        matches!(self, Level::Hardest | Level::Perfect)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level's (see [`Level::NAMES`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownLevel {
    /// The name, and every level's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no level `{}`; levels: {}",
            self.name,
            Level::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    /// A level by name, or an error naming every level.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::from_name(s).ok_or_else(|| UnknownLevel {
            name: s.to_string(),
        })
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The hole to play.
    pub hole: u8,
    /// Its score for the mover (store difference ×100 and more; wins are large).
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u8,
    /// Positions searched.
    pub nodes: u64,
    /// Whether the hole is the solver's: it keeps the perfect-play value.
    pub solved: bool,
    /// The rest of the turn the turn planner found, when the hole is the
    /// first move of a planned turn (see [`TurnMemory`]); empty otherwise.
    pub then: Chain,
}

/// The moves a player means to play after the one chosen, in the same turn
/// (each gives them another move), as the turn planner found them: at most
/// [`Chain::MOST`]. Small and `Copy`, like [`Choice`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    holes: [u8; Chain::MOST],
    len: u8,
}

impl Chain {
    /// The most moves a chain holds; a longer turn is planned again after them.
    pub const MOST: usize = 64;
    /// No move planned.
    pub const NONE: Chain = Chain {
        holes: [0; Chain::MOST],
        len: 0,
    };
    /// The first [`Chain::MOST`] of `holes`.
    pub fn of(holes: &[u8]) -> Chain {
        let mut c = Chain::NONE;
        let n = holes.len().min(Chain::MOST);
        c.holes[..n].copy_from_slice(&holes[..n]);
        c.len = n as u8;
        c
    }
    /// The holes, in order.
    pub fn holes(&self) -> &[u8] {
        &self.holes[..usize::from(self.len)]
    }
}

impl Default for Chain {
    fn default() -> Chain {
        Chain::NONE
    }
}

/// A computer player's memory of the turn it planned, so that a turn of
/// many moves is planned once: after a [`Choice`] with a [`Chain`] (the
/// planner plays a chain only when it wins the game outright, see
/// [`Level::plan_budget`]), the chain is planned once more with
/// [`DEEPER_PLAN`] times the positions, and each position it leads to is
/// answered with its next move at once, as planned, until the mover has
/// banked more than half the seeds; then, and at any other position, the
/// level chooses afresh, the search playing on for the largest margin.
/// Planning again before every move of a chain of 30 took longer than
/// showing the moves, for about half a seed a pair more against the
/// reference (docs/engine-work.md, "Strength").
#[derive(Clone, Debug, Default)]
pub struct TurnMemory {
    /// The rules, the player and level the plan is for.
    of: Option<(Rules, Player, Level)>,
    /// Each position of the chain still to come, with the move planned there.
    steps: Vec<(Position, u8)>,
    /// The planner's score of the position the chain leaves.
    score: i32,
}

impl TurnMemory {
    /// [`choose_with`], or the planned move where `pos` is on the chain
    /// planned last for the same rules, player and level.
    pub fn choose_with(
        &mut self,
        rules: &Rules,
        pos: &Position,
        me: Player,
        level: Level,
        seed: u64,
        endgame: Option<&EndgameTable>,
    ) -> Option<Choice> {
        if let Some(hole) = self.planned_at(rules, pos, me, level) {
            return Some(Choice {
                hole,
                score: self.score,
                depth: 0,
                nodes: 0,
                solved: false,
                then: Chain::NONE,
            });
        }
        let mut c = choose_with(rules, pos, me, level, seed, endgame)?;
        if !c.then.holes().is_empty() {
            // The chain is played as planned: plan it once more, with more
            // positions, in case a better end of the turn is further down.
            let budget = level.plan_budget().unwrap_or(0) * DEEPER_PLAN;
            if let Some(plan) = plan_turn(rules, pos, me, budget, &WEIGHTS) {
                if plan.score > c.score {
                    c = Choice {
                        hole: plan.hole,
                        score: plan.score,
                        depth: 0,
                        nodes: c.nodes + plan.nodes,
                        solved: false,
                        then: Chain::of(&plan.path[1..]),
                    };
                }
            }
        }
        self.remember(rules, pos, me, level, &c);
        Some(c)
    }

    /// Keeps the chain of `c`, chosen at `pos`, if it has one.
    fn remember(&mut self, rules: &Rules, pos: &Position, me: Player, level: Level, c: &Choice) {
        self.steps.clear();
        self.of = None;
        if c.then.holes().is_empty() {
            return;
        }
        let mut at = *pos;
        let mut next = c.hole;
        for &hole in c.then.holes() {
            if at.play_fast(rules, Move::Hole(next)).is_err() {
                break;
            }
            self.steps.push((at, hole));
            next = hole;
        }
        self.of = Some((rules.clone(), me, level));
        self.score = c.score;
    }

    /// The move planned at `pos`, if it is on the chain.
    fn planned_at(&self, rules: &Rules, pos: &Position, me: Player, level: Level) -> Option<u8> {
        let (r, p, l) = self.of.as_ref()?;
        if r != rules || *p != me || *l != level || pos.to_move() != Some(ToMove::One(me)) {
            return None;
        }
        // Once the chain has banked more than half the seeds, the game is
        // won and the search plays on for the largest margin.
        let half = (pos.seed_count() - pos.lost() as u32) / 2;
        if u32::from(pos.store(me)) > half {
            return None;
        }
        self.steps.iter().find(|(at, _)| at == pos).map(|s| s.1)
    }
}

pub(crate) use crate::search::WIN;

/// The score of a position for `me`: store difference, plus the seeds still
/// on each side as a small tie-break; a finished game counts its result.
fn evaluate(pos: &Position, me: Player) -> i32 {
    if let Some(o) = pos.outcome() {
        let diff = o.scores[me] as i32 - o.scores[me.other()] as i32;
        return diff * 100
            + match o.winner {
                Some(p) if p == me => WIN,
                Some(_) => -WIN,
                None => 0,
            };
    }
    let stores = pos.store(me) as i32 - pos.store(me.other()) as i32;
    let sides = pos.holes(me).iter().map(|&s| s as i32).sum::<i32>()
        - pos.holes(me.other()).iter().map(|&s| s as i32).sum::<i32>();
    stores * 100 + sides * 10
}

/// FNV-1a: a fixed hasher, so the table and the search are the same everywhere.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x100_0000_01b3);
        }
        self.0 = h;
    }
}

/// FNV-1a (64 bits) of `bytes` from its standard start: a fixed hash, the
/// same natively and in wasm, for short keys and fingerprints (the [`Fnv`]
/// hasher of the search's table walks bytes the same way).
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u8,
    score: i32,
    bound: Bound,
    best: u8,
}

#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Search<'a> {
    rules: &'a Rules,
    me: Player,
    nodes: u64,
    budget: u64,
    table: HashMap<Position, Entry, BuildHasherDefault<Fnv>>,
    /// An endgame table that holds for these rules, if any.
    endgame: Option<&'a EndgameTable>,
}

/// The endgame table if it holds for `rules` in the computer's search: the
/// same rules, one round (a round's end is then the game's end), and the
/// stores not deciding the game early.
fn usable_table<'a>(rules: &Rules, table: Option<&'a EndgameTable>) -> Option<&'a EndgameTable> {
    table.filter(|t| {
        t.covers_rules(rules) && rules.rounds == Rounds::Single && rules.win == Win::MostSeeds
    })
}

/// The most seeds in the holes of the endgame table the computer builds
/// during a game ([`endgame_seeds_for`]): building it is part of the time
/// of the move that needs it, and a larger one took seconds in wasm (10
/// seeds on 7 holes a side: about 4,000,000 positions) where the solver
/// already finishes at once (with 20 seeds or fewer in the holes).
pub const ENDGAME_MAX_SEEDS: u32 = 8;

/// The size of the endgame table (most seeds in the holes, at most
/// [`ENDGAME_MAX_SEEDS`]) worth building
/// for the game at `pos` within `bytes` of memory: `Some` when tables hold
/// for `rules` (one round, `win = most-seeds`), one of at least 2 seeds
/// fits, and `pos` has at most twice that many seeds in its holes (the
/// search reaches the table soon).
pub fn endgame_seeds_for(rules: &Rules, pos: &Position, bytes: u64) -> Option<u32> {
    if rules.rounds != Rounds::Single || rules.win != Win::MostSeeds {
        return None;
    }
    let seeds = EndgameTable::seeds_within(rules.holes, bytes).min(ENDGAME_MAX_SEEDS);
    (seeds >= 2 && seeds_in_holes(pos) <= 2 * seeds).then_some(seeds)
}

/// Seeds in the holes (between moves).
pub(crate) fn seeds_in_holes(pos: &Position) -> u32 {
    pos.seed_count() - pos.store(Player::A) as u32 - pos.store(Player::B) as u32 - pos.lost() as u32
}

use crate::search::final_score;

impl Search<'_> {
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget
    }

    /// The exact score of a position from the endgame table, if it holds it.
    fn exact(&self, pos: &Position, mover: Player) -> Option<i32> {
        let table = self.endgame?;
        if !matches!(pos.phase, Phase::Move(_))
            || pos.board.burnt != PerPlayer::new(0, 0)
            || pos.board.ngacang != PerPlayer::new(0, 0)
        {
            return None;
        }
        let future = table.lookup(pos, mover)?;
        let stores = pos.store(Player::A) as i32 - pos.store(Player::B) as i32;
        Some(final_score(stores + future, self.me))
    }

    /// Alpha-beta over holes; the mover is asked, never assumed. Returns the
    /// score for `me`, or `None` when the budget ran out.
    fn node(&mut self, pos: &Position, depth: u8, mut alpha: i32, mut beta: i32) -> Option<i32> {
        self.nodes += 1;
        let mover = match pos.to_move() {
            Some(ToMove::One(p)) => p,
            _ => return Some(evaluate(pos, self.me)),
        };
        if let Some(exact) = self.exact(pos, mover) {
            return Some(exact);
        }
        if depth == 0 {
            return Some(evaluate(pos, self.me));
        }
        if self.out_of_budget() {
            return None;
        }
        let mut first = 0;
        if let Some(e) = self.table.get(pos) {
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return Some(e.score),
                    Bound::Lower => alpha = alpha.max(e.score),
                    Bound::Upper => beta = beta.min(e.score),
                }
                if alpha >= beta {
                    return Some(e.score);
                }
            }
            first = e.best;
        }
        let (a0, b0) = (alpha, beta);
        let maximize = mover == self.me;
        let mut children: Vec<(u8, Position)> = pos
            .legal_holes(self.rules, mover)
            .into_iter()
            .map(|k| {
                let mut next = *pos;
                let _ = next.play_fast(self.rules, Move::Hole(k));
                (k, next)
            })
            .collect();
        // Ordering: the table's best first, then the most promising one ply deep.
        children.sort_by_key(|(k, next)| {
            let s = evaluate(next, self.me);
            (*k != first, if maximize { -s } else { s })
        });
        let mut best = if maximize { i32::MIN } else { i32::MAX };
        let mut best_hole = children.first().map_or(0, |c| c.0);
        for (k, next) in &children {
            let s = self.node(next, depth - 1, alpha, beta)?;
            if (maximize && s > best) || (!maximize && s < best) {
                best = s;
                best_hole = *k;
            }
            if maximize {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= a0 {
            Bound::Upper
        } else if best >= b0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            *pos,
            Entry {
                depth,
                score: best,
                bound,
                best: best_hole,
            },
        );
        Some(best)
    }

    /// The score of each of `me`'s holes at `pos`, searched `depth` deep.
    fn roots(&mut self, pos: &Position, holes: &[u8], depth: u8) -> Option<Vec<(u8, i32)>> {
        let mut out = Vec::with_capacity(holes.len());
        for &k in holes {
            let mut next = *pos;
            let _ = next.play_fast(self.rules, Move::Hole(k));
            out.push((k, self.node(&next, depth - 1, -WIN * 4, WIN * 4)?));
        }
        Some(out)
    }

    /// The best of `holes` (tried in that order) searched `depth` deep, with
    /// the bound of the best found so far cutting the others short. If the
    /// budget runs out part way, the best among the holes fully searched,
    /// flagged `false` (the caller keeps it only if it beats its last answer).
    fn best_root(&mut self, pos: &Position, holes: &[u8], depth: u8) -> ((u8, i32), bool) {
        let mut best = (holes[0], i32::MIN);
        let mut alpha = -WIN * 4;
        for &k in holes {
            let mut next = *pos;
            let _ = next.play_fast(self.rules, Move::Hole(k));
            let Some(score) = self.node(&next, depth - 1, alpha, WIN * 4) else {
                return (best, false);
            };
            if score > best.1 {
                best = (k, score);
                alpha = alpha.max(score);
            }
        }
        (best, true)
    }
}

/// Searches `me`'s move where `me` alone must choose, deepening until the
/// node budget or `max_depth`; ties go to the lowest hole.
pub fn search(
    rules: &Rules,
    pos: &Position,
    me: Player,
    max_depth: u8,
    budget: u64,
) -> Option<Choice> {
    search_with(rules, pos, me, max_depth, budget, None)
}

/// [`search`] with an endgame table: positions it holds are scored exactly
/// (when it holds for `rules`: the same rules, one round, `win =
/// most-seeds`; otherwise it is not used).
pub fn search_with(
    rules: &Rules,
    pos: &Position,
    me: Player,
    max_depth: u8,
    budget: u64,
    endgame: Option<&EndgameTable>,
) -> Option<Choice> {
    let settings = settings_for(budget);
    search_by(rules, pos, me, max_depth, budget, settings, endgame)
}

/// The new search with `settings`, as a [`Choice`].
fn search_by(
    rules: &Rules,
    pos: &Position,
    me: Player,
    max_depth: u8,
    budget: u64,
    settings: crate::search::Settings,
    endgame: Option<&EndgameTable>,
) -> Option<Choice> {
    let mut s = Searcher::new(rules, settings, budget, usable_table(rules, endgame));
    let f = s.search(pos, me, max_depth)?;
    Some(Choice {
        hole: f.hole,
        score: f.score,
        depth: f.depth,
        nodes: s.nodes,
        solved: false,
        then: Chain::NONE,
    })
}

/// The search with its settings given, for the benchmarks' tuning:
/// `params` = weights of a seed on one's side, a hole ending in the store,
/// a seed facing an empty hole, the move; the quiescence depth; the quarter
/// moves an extra turn saves; a seed of the mover's greedy line of its turn,
/// that line's most moves. Missing values take the levels' own.
#[doc(hidden)]
pub fn search_tuned(
    rules: &Rules,
    pos: &Position,
    me: Player,
    budget: u64,
    params: &[i32],
    endgame: Option<&EndgameTable>,
) -> Option<Choice> {
    let settings = tuned_settings(budget, params);
    search_by(rules, pos, me, 60, budget, settings, endgame)
}

/// The levels' settings for `budget` with `params` in place (see
/// [`search_tuned`]).
fn tuned_settings(budget: u64, params: &[i32]) -> crate::search::Settings {
    let mut settings = settings_for(budget);
    let w = &mut settings.weights;
    for (i, &v) in params.iter().enumerate() {
        match i {
            0 => w.side = v,
            1 => w.exact = v,
            2 => w.facing = v,
            3 => w.tempo = v,
            4 => settings.quiescence = v,
            5 => settings.extension = v.clamp(0, 3),
            6 => w.chain = v,
            7 => w.chain_moves = v,
            _ => {}
        }
    }
    settings
}

/// [`choose_planned`] with the settings of [`search_tuned`], in the turn
/// planner (its weights) and in the search, for the benchmarks' tuning; a
/// ninth and tenth value are the planner's own weight of the greedy line
/// and its most moves; an eleventh, if not 0, plays the plan also once the
/// game is won, where it banks at least that many seeds this turn.
#[doc(hidden)]
pub fn choose_planned_tuned(
    rules: &Rules,
    pos: &Position,
    me: Player,
    nodes: u64,
    plan: u64,
    params: &[i32],
) -> Option<Choice> {
    let settings = tuned_settings(nodes, params);
    let mut weights = settings.weights;
    if params.len() >= 10 {
        weights.chain = params[8];
        weights.chain_moves = params[9];
    }
    let won = params.get(10).map_or(0, |&v| v.max(0) as u16);
    if pos.to_move() == Some(ToMove::One(me)) {
        if let Some(c) = planned(rules, pos, me, plan, &weights, won) {
            return Some(c);
        }
    }
    search_by(rules, pos, me, 40, nodes, settings, None)
}

/// The evaluation's features of a position, A's minus B's: seeds on the
/// side, holes ending exactly in the store, seeds facing own empty holes
/// (where capturing is on); for the benchmarks' fit of the weights.
#[doc(hidden)]
pub fn eval_features(rules: &Rules, pos: &Position) -> [i32; 3] {
    crate::search::features(rules, pos)
}

/// The search of version 1 (before issue 28): alpha-beta with a hash map
/// for a table, ordering by the table's move and a one-ply score; no
/// quiescence. Kept for the benchmarks' `hardest-v1`.
fn search_with_v1(
    rules: &Rules,
    pos: &Position,
    me: Player,
    max_depth: u8,
    budget: u64,
    endgame: Option<&EndgameTable>,
) -> Option<Choice> {
    let holes = pos.legal_holes(rules, me);
    let first = *holes.first()?;
    let mut s = Search {
        rules,
        me,
        nodes: 0,
        budget,
        table: HashMap::default(),
        endgame: usable_table(rules, endgame),
    };
    let mut choice = Choice {
        hole: first,
        score: 0,
        depth: 0,
        nodes: 0,
        solved: false,
        then: Chain::NONE,
    };
    // Each iteration tries the last iteration's best hole first, so its
    // bound cuts the others short and an interrupted iteration has at least
    // searched that hole again, one ply deeper.
    let mut order = holes.clone();
    for depth in 1..=max_depth.max(1) {
        let ((hole, score), complete) = s.best_root(pos, &order, depth);
        if !complete {
            // Out of budget: a hole that beat the last best at this depth is
            // better informed than the last answer.
            if score > i32::MIN && hole != choice.hole && depth > 1 {
                choice.hole = hole;
                choice.score = score;
            }
            break;
        }
        choice = Choice {
            hole,
            score,
            depth,
            nodes: s.nodes,
            solved: false,
            then: Chain::NONE,
        };
        order.retain(|&k| k != hole);
        order.insert(0, hole);
        if score.abs() >= WIN / 2 {
            break; // a forced result: deeper search cannot change it
        }
    }
    choice.nodes = s.nodes;
    Some(choice)
}

/// A mixed strategy for the row player of a zero-sum matrix (row player's
/// payoffs), by fictitious play: deterministic, good enough for a handful
/// of opening holes.
fn mixed_strategy(matrix: &[Vec<i64>]) -> Vec<f64> {
    let rows = matrix.len();
    let cols = matrix.first().map_or(0, |r| r.len());
    if rows == 0 || cols == 0 {
        return vec![1.0; rows];
    }
    let mut row_counts = vec![0u32; rows];
    let mut col_counts = vec![0u32; cols];
    let mut row_payoff = vec![0i64; rows]; // against the columns played so far
    let mut col_payoff = vec![0i64; cols]; // row player's payoff against the rows played so far
    let mut r = 0;
    for _ in 0..400 {
        row_counts[r] += 1;
        for c in 0..cols {
            col_payoff[c] += matrix[r][c];
        }
        // The column player answers by minimising the row player's payoff.
        let c = (0..cols).min_by_key(|&c| col_payoff[c]).unwrap_or(0);
        col_counts[c] += 1;
        for (i, p) in row_payoff.iter_mut().enumerate() {
            *p += matrix[i][c];
        }
        r = (0..rows)
            .max_by_key(|&i| (row_payoff[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
    }
    let total: u32 = row_counts.iter().sum();
    row_counts
        .iter()
        .map(|&n| n as f64 / total as f64)
        .collect()
}

/// The hole `me` plays now at `level`, or `None` if `me` has nothing to
/// choose. Deterministic for a seed.
pub fn choose_hole(
    rules: &Rules,
    pos: &Position,
    me: Player,
    level: Level,
    seed: u64,
) -> Option<u8> {
    choose(rules, pos, me, level, seed).map(|c| c.hole)
}

/// [`choose_hole`] with the search's figures (no endgame table).
pub fn choose(
    rules: &Rules,
    pos: &Position,
    me: Player,
    level: Level,
    seed: u64,
) -> Option<Choice> {
    choose_with(rules, pos, me, level, seed, None)
}

/// [`choose`] with an endgame table for `rules` (`hardest` and `perfect`
/// use it where it holds; the other levels ignore it).
pub fn choose_with(
    rules: &Rules,
    pos: &Position,
    me: Player,
    level: Level,
    seed: u64,
    endgame: Option<&EndgameTable>,
) -> Option<Choice> {
    let endgame = endgame.filter(|_| level.uses_endgame_table());
    let mut rng = RandomPlayer::new(seed ^ 0x5eed_c0de);
    let (depth, mut nodes) = level.search_budget();
    let mut plan = level.plan_budget();
    if let Some(budget) = level.solve_budget() {
        if solver_tried(pos, me, budget) {
            if let Some(c) = solved_choice(rules, pos, me, budget, endgame, true, &mut rng) {
                return Some(c);
            }
            // The solver gave up: the rest of the move gets a share.
            nodes /= AFTER_SOLVE_SHARE;
            plan = plan.map(|n| n / AFTER_SOLVE_SHARE);
        }
    }
    pick(
        rules, pos, me, level, depth, nodes, plan, endgame, false, &mut rng,
    )
}

/// `hardest` as it played before issue 28 (the solver with few seeds
/// left, the endgame table, and the search of version 1 to 30 moves and
/// 300,000 positions): for the benchmarks only (`hardest-v1`).
#[doc(hidden)]
pub fn choose_v1(
    rules: &Rules,
    pos: &Position,
    me: Player,
    seed: u64,
    endgame: Option<&EndgameTable>,
) -> Option<Choice> {
    let mut rng = RandomPlayer::new(seed ^ 0x5eed_c0de);
    if let Some(c) = solved_choice(rules, pos, me, V1_SOLVE, endgame, false, &mut rng) {
        return Some(c);
    }
    pick(
        rules,
        pos,
        me,
        Level::Hardest,
        30,
        300_000,
        None,
        endgame,
        true,
        &mut rng,
    )
}

/// The search alone at a depth and node budget, as the levels that search
/// play it (no solver, no endgame table): e.g. `hardest` before it used
/// the solver is `choose_search(.., 30, 300_000, seed)`.
pub fn choose_search(
    rules: &Rules,
    pos: &Position,
    me: Player,
    depth: u8,
    nodes: u64,
    seed: u64,
) -> Option<Choice> {
    let mut rng = RandomPlayer::new(seed ^ 0x5eed_c0de);
    pick(
        rules,
        pos,
        me,
        Level::Hardest,
        depth,
        nodes,
        Level::Hardest.plan_budget(),
        None,
        false,
        &mut rng,
    )
}

/// Whether the solver is tried for `me` at `pos`: few enough seeds in the
/// holes for `budget`, and not the other player's turn alone.
fn solver_tried(pos: &Position, me: Player, budget: SolveBudget) -> bool {
    seeds_in_holes(pos) <= budget.seeds
        && pos.to_move().is_some_and(|t| t != ToMove::One(me.other()))
}

/// The solver's choice for `me` if it is tried (few enough seeds in the
/// holes) and finishes within `budget`: a best hole drawn with the seed
/// among the solver's best; while both choose at once, a draw from the
/// solver's optimal mix. With `near`, also where it stops with `me`'s
/// margin proved to within [`SOLVE_NEAR`] seeds: the hole that proved the
/// floor (not marked solved).
fn solved_choice(
    rules: &Rules,
    pos: &Position,
    me: Player,
    budget: SolveBudget,
    endgame: Option<&EndgameTable>,
    near: bool,
    rng: &mut RandomPlayer,
) -> Option<Choice> {
    if !solver_tried(pos, me, budget) {
        return None;
    }
    let to_move = pos.to_move()?;
    let options = SolveOptions {
        table_bytes: budget.table_bytes,
        endgame,
    };
    let limits = Limits {
        nodes: budget.nodes,
        stop: None,
    };
    let sol = match solve(rules, pos, &options, limits) {
        Ok(sol) => sol,
        Err(SolveError::Stopped {
            nodes,
            bounds: Some((lo, hi)),
            hole: Some(hole),
        }) if near && pos.phase == Phase::Move(me) => {
            // A's bounds, as `me`'s floor and ceiling.
            let (floor, ceiling) = if me == Player::A {
                (lo, hi)
            } else {
                (-hi, -lo)
            };
            if ceiling - floor > SOLVE_NEAR {
                return None;
            }
            return Some(Choice {
                hole,
                score: final_score(floor, Player::A),
                depth: 0,
                nodes,
                solved: false,
                then: Chain::NONE,
            });
        }
        Err(_) => return None,
    };
    let hole = match (&sol.opening, to_move) {
        (Some(game), ToMove::Both) => {
            let (holes, mix) = if me == Player::A {
                (&game.a_holes, &game.a_mix)
            } else {
                (&game.b_holes, &game.b_mix)
            };
            let weights: Vec<f64> = mix.iter().map(|r| r.to_f64()).collect();
            draw(holes, &weights, rng)
        }
        (None, ToMove::One(_)) => *sol.best.get(rng.index(sol.best.len().max(1)))?,
        _ => return None,
    };
    let value = sol.value.to_f64().round() as i32;
    Some(Choice {
        hole,
        score: final_score(if me == Player::A { value } else { -value }, Player::A),
        depth: 0,
        nodes: sol.nodes,
        solved: true,
        then: Chain::NONE,
    })
}

/// A seeded draw from `holes` with `weights` (in thousandths).
fn draw(holes: &[u8], weights: &[f64], rng: &mut RandomPlayer) -> u8 {
    let scaled: Vec<u32> = weights
        .iter()
        .map(|w| (w * 1000.0).round() as u32)
        .collect();
    let total: u32 = scaled.iter().sum::<u32>().max(1);
    let mut r = rng.index(total as usize) as u32;
    let mut pick = holes[0];
    for (i, &w) in scaled.iter().enumerate() {
        if r < w {
            pick = holes[i];
            break;
        }
        r -= w;
    }
    pick
}

/// The levels' own pick: random, one move ahead, or the search (after the
/// turn planner with `plan` positions, if any).
#[allow(clippy::too_many_arguments)]
fn pick(
    rules: &Rules,
    pos: &Position,
    me: Player,
    level: Level,
    depth: u8,
    budget: u64,
    plan: Option<u64>,
    endgame: Option<&EndgameTable>,
    v1: bool,
    rng: &mut RandomPlayer,
) -> Option<Choice> {
    let legal = pos.legal_holes(rules, me);
    if legal.is_empty() {
        return None;
    }
    let plain = |hole| Choice {
        hole,
        score: 0,
        depth: 0,
        nodes: 0,
        solved: false,
        then: Chain::NONE,
    };
    match level {
        Level::Random => return Some(plain(legal[rng.index(legal.len())])),
        Level::Beginner if rng.index(4) == 0 => {
            return Some(plain(legal[rng.index(legal.len())]));
        }
        _ => {}
    }
    if pos.to_move() == Some(ToMove::Both) {
        return Some(simultaneous(rules, pos, me, depth, budget, v1, rng));
    }
    if level == Level::Greedy || level == Level::Beginner || v1 {
        // The one-move levels keep the search of version 1 (its score one
        // move ahead is theirs).
        let best = search_with_v1(rules, pos, me, depth, budget, endgame)?;
        if v1 {
            return Some(best);
        }
        // Among equals, a seeded pick rather than always the lowest hole.
        let mut s = Search {
            rules,
            me,
            nodes: 0,
            budget: u64::MAX,
            table: HashMap::default(),
            endgame: None,
        };
        let scored = s.roots(pos, &legal, 1)?;
        let top: Vec<u8> = scored
            .iter()
            .filter(|c| c.1 == best.score)
            .map(|c| c.0)
            .collect();
        return Some(Choice {
            hole: top[rng.index(top.len())],
            ..best
        });
    }
    if let Some(c) = plan.and_then(|n| planned(rules, pos, me, n, &WEIGHTS, 0)) {
        return Some(c);
    }
    search_with(rules, pos, me, depth, budget, endgame)
}

/// The turn planner's move (see [`plan_turn`]) when it banks enough this
/// turn to win (more than half the seeds in `me`'s store, where the most
/// seeds win a game of one round) and `me` had not won already; otherwise
/// `None`, and the main search chooses.
fn planned(
    rules: &Rules,
    pos: &Position,
    me: Player,
    budget: u64,
    weights: &crate::search::Weights,
    won: u16,
) -> Option<Choice> {
    if rules.rounds != Rounds::Single || rules.win != Win::MostSeeds {
        return None;
    }
    let half = (pos.seed_count() - pos.lost() as u32) / 2;
    let already = pos.store(me) as u32 > half;
    if already && won == 0 {
        return None;
    }
    let plan = plan_turn(rules, pos, me, budget, weights)?;
    let play = if already {
        plan.store >= pos.store(me) + won
    } else {
        plan.store as u32 > half
    };
    play.then_some(Choice {
        hole: plan.hole,
        score: plan.score,
        depth: 0,
        nodes: plan.nodes,
        solved: false,
        then: Chain::of(&plan.path[1..]),
    })
}

/// The search alone at a budget after the turn planner with `plan`
/// positions (see [`Level::plan_budget`]), for the benchmarks.
#[doc(hidden)]
pub fn choose_planned(
    rules: &Rules,
    pos: &Position,
    me: Player,
    nodes: u64,
    plan: u64,
) -> Option<Choice> {
    if pos.to_move() == Some(ToMove::One(me)) {
        if let Some(c) = planned(rules, pos, me, plan, &WEIGHTS, 0) {
            return Some(c);
        }
    }
    choose_search(rules, pos, me, 40, nodes, 0)
}

/// The opening pick when both choose at once: the matrix of both players'
/// picks, each pair searched with a share of the budget; a mixed strategy for
/// `me`; a seeded draw from it.
fn simultaneous(
    rules: &Rules,
    pos: &Position,
    me: Player,
    depth: u8,
    budget: u64,
    v1: bool,
    rng: &mut RandomPlayer,
) -> Choice {
    let mine = pos.legal_holes(rules, me);
    let theirs = pos.legal_holes(rules, me.other());
    let cells = (mine.len() * theirs.len()).max(1) as u64;
    let share = (budget / cells).max(50);
    let mut nodes = 0;
    let matrix: Vec<Vec<i64>> = mine
        .iter()
        .map(|&k| {
            theirs
                .iter()
                .map(|&j| {
                    let mv = if me == Player::A {
                        Move::Both(k, j)
                    } else {
                        Move::Both(j, k)
                    };
                    let mut next = *pos;
                    if next.play_fast(rules, mv).is_err() {
                        return i64::MIN / 4;
                    }
                    let score = match next.to_move() {
                        Some(ToMove::One(p)) => {
                            // The first deeper choice decides the cell's value.
                            let d = depth.saturating_sub(1).max(1);
                            let c = if v1 {
                                search_with_v1(rules, &next, p, d, share, None)
                            } else {
                                search(rules, &next, p, d, share)
                            };
                            nodes += c.map_or(0, |c| c.nodes);
                            match c {
                                Some(c) if p == me => c.score,
                                Some(c) => -c.score,
                                None => evaluate(&next, me),
                            }
                        }
                        _ => evaluate(&next, me),
                    };
                    score as i64
                })
                .collect()
        })
        .collect();
    let weights = mixed_strategy(&matrix);
    // Draw from the mixed strategy with the seed.
    Choice {
        hole: draw(&mine, &weights, rng),
        score: 0,
        depth,
        nodes,
        solved: false,
        then: Chain::NONE,
    }
}

#[cfg(test)]
mod tests {
    /// The published FNV-1a (64 bits) test values.
    #[test]
    fn fnv1a_is_the_standard_hash() {
        assert_eq!(super::fnv1a(*b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::fnv1a(*b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(super::fnv1a(*b"foobar"), 0x8594_4171_f739_67e8);
    }

    use super::*;

    /// A turn the planner chains is planned once: the memory answers each
    /// position of the chain with its next move (no positions searched)
    /// until the mover has banked more than half the seeds, then the
    /// search plays on; the chain gives the mover a move after each of its
    /// moves but the last, which ends the turn with more than half the
    /// seeds banked. Another level, or a position off the chain, is chosen
    /// afresh.
    #[test]
    fn a_planned_turn_is_played_from_memory() {
        let rules = Rules::default();
        let (mut chained, mut remembered) = (0, 0);
        for first in Position::new(&rules).legal_holes(&rules, Player::A) {
            let mut pos = Position::new(&rules);
            pos.play_fast(&rules, Move::Hole(first)).unwrap();
            if pos.to_move() != Some(ToMove::One(Player::B)) {
                continue;
            }
            let mut memory = TurnMemory::default();
            let c = memory
                .choose_with(&rules, &pos, Player::B, Level::Hardest, 7, None)
                .unwrap();
            if c.then.holes().is_empty() {
                continue;
            }
            chained += 1;
            // The chain as planned.
            let mut end = pos;
            for (i, &k) in [c.hole].iter().chain(c.then.holes()).enumerate() {
                assert_eq!(end.to_move(), Some(ToMove::One(Player::B)), "move {i}");
                end.play_fast(&rules, Move::Hole(k)).unwrap();
            }
            assert_ne!(end.to_move(), Some(ToMove::One(Player::B)));
            let half = |p: &Position| (p.seed_count() - p.lost() as u32) / 2;
            assert!(u32::from(end.store(Player::B)) > half(&end));
            // Played from memory while not yet won.
            pos.play_fast(&rules, Move::Hole(c.hole)).unwrap();
            for &planned in c.then.holes() {
                let again = memory
                    .choose_with(&rules, &pos, Player::B, Level::Hardest, 7, None)
                    .unwrap();
                if u32::from(pos.store(Player::B)) > half(&pos) {
                    assert!(again.nodes > 0 || again.solved);
                    break;
                }
                assert_eq!((again.hole, again.nodes), (planned, 0));
                remembered += 1;
                assert!(memory
                    .clone()
                    .choose_with(&rules, &pos, Player::B, Level::Medium, 7, None)
                    .is_some_and(|c| c.nodes > 0));
                pos.play_fast(&rules, Move::Hole(planned)).unwrap();
            }
        }
        assert!(
            chained > 0 && remembered > 0,
            "{chained} chains, {remembered} moves remembered"
        );
    }

    #[test]
    fn every_level_plays_legal_moves_to_the_end() {
        let rules = Rules::default();
        for level in Level::ALL {
            let mut pos = Position::new(&rules);
            let mut turns = 0;
            while let Some(ToMove::One(p)) = pos.to_move() {
                // The searching levels with their budgets cut, to stay quick.
                let c = match level.search_budget() {
                    (depth, nodes) if nodes > 3_000 && nodes < u64::MAX => {
                        choose_search(&rules, &pos, p, depth, 3_000, turns)
                    }
                    _ if level.solve_budget().is_some() => {
                        choose_search(&rules, &pos, p, 30, 3_000, turns)
                    }
                    _ => choose(&rules, &pos, p, level, turns),
                };
                pos.play_fast(&rules, Move::Hole(c.unwrap().hole)).unwrap();
                turns += 1;
            }
            assert!(pos.is_over(), "{level}");
        }
    }

    #[test]
    fn levels_have_names_both_ways() {
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            let json = serde_json::to_string(&level).unwrap();
            assert_eq!(json, format!("\"{}\"", level.name()));
            assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), level);
        }
        let unknown = "grandmaster".parse::<Level>().unwrap_err();
        assert_eq!(unknown.name, "grandmaster");
        assert!(unknown.to_string().contains("perfect"), "{unknown}");
        assert!(serde_json::from_str::<Level>("\"grandmaster\"").is_err());
    }

    /// Plays a game from a seeded random opening: `level` for `side`,
    /// random moves for the other; calls `check` before each of `side`'s moves.
    fn games_against_random(
        rules: &Rules,
        seed: u64,
        side: Player,
        mut check: impl FnMut(&Position) -> Option<u8>,
    ) {
        let mut pos = Position::new(rules);
        let mut rng = RandomPlayer::new(seed);
        let mut buf = Vec::new();
        while let Some(tm) = pos.to_move() {
            let mv = match tm {
                ToMove::One(p) if p == side => Move::Hole(check(&pos).expect("a move")),
                _ => match rng.choose(&pos, rules, &mut buf) {
                    Some(m) => m,
                    None => break,
                },
            };
            pos.play_fast(rules, mv).unwrap();
        }
    }

    #[test]
    fn perfect_plays_the_solvers_move_on_tiny_boards_of_every_pack() {
        let set = crate::PackSet::builtin();
        let mut checked = 0;
        for pack in set.all() {
            let Ok(rules) = pack.rules.edit(|r| {
                r.holes = 3;
                r.seeds_per_hole = 2;
            }) else {
                continue;
            };
            for (seed, side) in [(1, Player::A), (2, Player::B)] {
                games_against_random(&rules, seed, side, |pos| {
                    let c = choose(&rules, pos, side, Level::Perfect, seed).unwrap();
                    assert!(c.solved, "{}: the solver finishes on 3 x 2", pack.id);
                    let best = solve(&rules, pos, &SolveOptions::default(), Limits::default())
                        .unwrap()
                        .best;
                    assert!(
                        best.contains(&c.hole),
                        "{}: {} not in {best:?}",
                        pack.id,
                        c.hole
                    );
                    checked += 1;
                    Some(c.hole)
                });
            }
        }
        assert!(checked > 50, "{checked} moves checked");
    }

    #[test]
    fn the_search_with_an_endgame_table_agrees_with_the_solver() {
        let set = crate::PackSet::builtin();
        let mut checked = 0;
        for pack in set.all() {
            let Ok(rules) = pack.rules.edit(|r| {
                r.holes = 4;
                r.seeds_per_hole = 3;
            }) else {
                continue;
            };
            if usable_table(&rules, Some(&EndgameTable::build(&rules, 0))).is_none() {
                continue;
            }
            let table = EndgameTable::build(&rules, 8);
            for seed in 1..6 {
                games_against_random(&rules, seed, Player::A, |pos| {
                    let legal = pos.legal_holes(&rules, Player::A);
                    if seeds_in_holes(pos) > 8 || pos.to_move() != Some(ToMove::One(Player::A)) {
                        return legal.first().copied();
                    }
                    // A shallow search: the table alone makes it exact.
                    let c = search_with(&rules, pos, Player::A, 1, 1_000, Some(&table)).unwrap();
                    let best = solve(&rules, pos, &SolveOptions::default(), Limits::default())
                        .unwrap()
                        .best;
                    assert!(
                        best.contains(&c.hole),
                        "{}: {} not in {best:?}",
                        pack.id,
                        c.hole
                    );
                    checked += 1;
                    Some(c.hole)
                });
            }
        }
        assert!(checked > 20, "{checked} moves checked");
    }

    #[test]
    fn the_search_takes_a_capture_and_respects_its_budget() {
        // A to move: A1 (1) lands in empty A2 facing B3 (9): a capture of 10.
        // A4 (1) ends in A's store.
        let rules = Rules::new(crate::Clauses {
            holes: 4,
            seeds_per_hole: 4,
            ..crate::Clauses::default()
        })
        .expect("valid rules");
        let setup = crate::Setup {
            holes: crate::PerPlayer::new(vec![1, 0, 0, 1], vec![1, 1, 9, 1]),
            stores: crate::PerPlayer::new(0, 0),
            burnt: Default::default(),
            ngacang: Default::default(),
            to_move: Player::A,
            round: 1,
        };
        let pos = Position::from_setup(&rules, &setup).unwrap();
        // One move deep and no further, the capture is the best move.
        assert_eq!(
            search_with_v1(&rules, &pos, Player::A, 1, 5_000, None)
                .unwrap()
                .hole,
            1
        );
        // Deeper, the search sees a won game and plays one of the solver's
        // best holes (A4 first: its seed ends in A's store, an extra turn,
        // and the capture follows).
        let c = search(&rules, &pos, Player::A, 6, 5_000).unwrap();
        let best = solve(&rules, &pos, &SolveOptions::default(), Limits::default())
            .unwrap()
            .best;
        assert!(best.contains(&c.hole), "{} not in {best:?}", c.hole);
        assert!(c.score >= WIN / 2, "a forced win: {c:?}");
        let mut after = pos;
        after.play_fast(&rules, Move::Hole(4)).unwrap();
        assert_eq!(after.to_move(), Some(ToMove::One(Player::A)));
        assert!(c.nodes <= 5_000 + 16, "{} nodes", c.nodes);
        let again = search(&rules, &pos, Player::A, 6, 5_000).unwrap();
        assert_eq!(again, c, "deterministic");
    }

    #[test]
    fn fictitious_play_finds_matching_pennies() {
        let w = mixed_strategy(&[vec![1, -1], vec![-1, 1]]);
        assert!((w[0] - 0.5).abs() < 0.05, "{w:?}");
        let dominant = mixed_strategy(&[vec![5, 5], vec![0, 0]]);
        assert!(dominant[0] > 0.95, "{dominant:?}");
    }
}
