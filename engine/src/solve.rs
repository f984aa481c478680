//! The exact solver: the value of a position with perfect play.
//!
//! The value is A's final seeds minus B's when both play perfectly from the
//! position on; for a game of several rounds, the current round's (A's seeds
//! minus B's when the round ends, [`Scope::Round`]). A maximises it, B
//! minimises it, and nobody assumes that turns alternate: after every move
//! the position says who moves (extra turns, passes).
//!
//! Every move is played by [`Position::play_fast`], the engine's own fast
//! path: the solver knows no rule. It relies on two facts about the rules,
//! both checked by the tests against a plain minimax:
//! - within a round the game cannot repeat a position (a move either puts
//!   seeds in a store or lost, or moves seeds forward on the mover's own
//!   side), so the game is a finite acyclic graph and a transposition table
//!   is exact;
//! - what is still to come depends only on the holes and who moves (the
//!   stores matter only under `win = more-than-half`, and are then part of
//!   the key), so the table stores the *future* margin (seeds A still banks
//!   minus seeds B still banks) and positions with different stores share
//!   entries. The round's move limit is ignored (a round within the limit is
//!   assumed; none of the boards solved comes near 2,000 moves).
//!
//! The search is MTD(f): null-window alpha-beta calls (fail-soft) that close
//! in on the value, with a transposition table holding a lower and an upper
//! bound per position (bounded memory: a fixed array of two-entry buckets,
//! 24 bytes an entry; when a bucket is full the entry with the smaller
//! subtree is replaced), move ordering (the table's best move, then moves
//! that give another turn, then what the move banks), enhanced transposition
//! cutoffs (before searching, the children already in the table may cut the
//! node off) and the natural bound (the future margin is at most the seeds
//! left on the board). Positions with few seeds left can be looked up in an
//! endgame table ([`crate::EndgameTable`]) instead of searched.
//!
//! The simultaneous opening is a matrix game: every pair of first picks is
//! solved, and the matrix is solved exactly ([`crate::solve_matrix_game`]).
//!
//! A search may be bounded by a node budget and a stop callback ([`Limits`]);
//! with neither it runs to the end. Nothing here reads a clock, so the same
//! code runs in wasm (the caller's callback may read one).

use crate::endgame::{round_result, store_margin, EndgameTable};
use crate::game::{Move, Phase, Position, ToMove};
use crate::matrix_game::{solve_matrix_game, Ratio};
use crate::rules::{PerPlayer, Player, Rounds, Rules, Win};
use crate::topology::MAX_HOLES;
use std::fmt;

/// What a value covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The whole game (a game of one round).
    Game,
    /// The current round of a game of several rounds.
    Round,
}

impl Scope {
    /// `"game"` or `"round"`.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Game => "game",
            Scope::Round => "round",
        }
    }
}

/// When a search gives up.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    /// Positions searched at most.
    pub nodes: u64,
    /// Asked every 4,096 positions; `true` stops the search (a deadline, a
    /// cancel button). None: never stops.
    pub stop: Option<&'a dyn Fn() -> bool>,
}

impl Default for Limits<'_> {
    /// No limit.
    fn default() -> Self {
        Limits {
            nodes: u64::MAX,
            stop: None,
        }
    }
}

/// The solver's memory and tables.
#[derive(Clone, Copy)]
pub struct SolveOptions<'a> {
    /// Bytes for the transposition table (rounded down to a power of two of
    /// 24-byte entries; at least two entries).
    pub table_bytes: usize,
    /// An endgame table for these rules, used for positions it covers.
    pub endgame: Option<&'a EndgameTable>,
}

impl Default for SolveOptions<'_> {
    /// 64 MiB of transposition table, no endgame table.
    fn default() -> Self {
        SolveOptions {
            table_bytes: 64 << 20,
            endgame: None,
        }
    }
}

/// The simultaneous opening as a matrix game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningGame {
    /// A's first picks (the rows).
    pub a_holes: Vec<u8>,
    /// B's first picks (the columns).
    pub b_holes: Vec<u8>,
    /// The value of each pair of picks: `matrix[row][column]`.
    pub matrix: Vec<Vec<Ratio>>,
    /// A's optimal mix over `a_holes`.
    pub a_mix: Vec<Ratio>,
    /// B's optimal mix over `b_holes`.
    pub b_mix: Vec<Ratio>,
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A's seeds minus B's at the end (of the game or the round) with
    /// perfect play; a whole number except after a simultaneous choice
    /// (then the matrix game's value, an average).
    pub value: Ratio,
    /// What the value covers.
    pub scope: Scope,
    /// Who chooses.
    pub to_move: ToMove,
    /// The holes of the player to move that achieve the value; while both
    /// choose, A's holes played with positive probability.
    pub best: Vec<u8>,
    /// While both choose: the matrix game.
    pub opening: Option<OpeningGame>,
    /// Positions searched.
    pub nodes: u64,
    /// Entries of the transposition table (24 bytes each).
    pub table_entries: usize,
}

/// Why a position was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The game is over: nothing to choose.
    GameOver,
    /// The node budget ran out or the stop callback said stop.
    Stopped {
        /// Positions searched.
        nodes: u64,
        /// What was proved of the root's value so far (A's margin), if anything.
        bounds: Option<(i32, i32)>,
        /// The hole proved to reach the lower bound (A's) or upper bound
        /// (B's) of `bounds` for the player to move, if one was.
        hole: Option<u8>,
    },
    /// A matrix game's exact arithmetic overflowed.
    Arithmetic,
    /// The engine reached a position that is not over but offers the
    /// player to choose no legal move (a bug of the rules code, reported
    /// rather than guessed around).
    Stuck,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::GameOver => f.write_str("the game is over"),
            SolveError::Stopped { nodes, .. } => {
                write!(
                    f,
                    "stopped after {nodes} positions before the value was proved"
                )
            }
            SolveError::Arithmetic => f.write_str("a matrix game overflowed exact arithmetic"),
            SolveError::Stuck => f.write_str(
                "the engine reached a position that is not over in which the player to choose has no legal move",
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Solves `pos` under `rules`: its value with perfect play, the best holes,
/// and for a simultaneous choice the matrix game.
pub fn solve(
    rules: &Rules,
    pos: &Position,
    options: &SolveOptions,
    limits: Limits,
) -> Result<Solution, SolveError> {
    let mut solver = Solver::new(rules, pos, options, limits);
    let scope = if rules.rounds == Rounds::Several {
        Scope::Round
    } else {
        Scope::Game
    };
    let to_move = pos.to_move().ok_or(SolveError::GameOver)?;
    let stopped = |s: &Solver| SolveError::Stopped {
        nodes: s.nodes,
        bounds: s.root_bounds,
        hole: s.root_hole,
    };
    let failed = |s: &Solver| {
        if s.stopped {
            stopped(s)
        } else if s.stuck {
            SolveError::Stuck
        } else {
            SolveError::Arithmetic
        }
    };
    let (value, best, opening) = match (pos.phase, to_move) {
        (Phase::Move(mover), _) => {
            let (value, best) = solver
                .solve_turn(pos, mover)
                .ok_or_else(|| stopped(&solver))?;
            (Ratio::from_int(value as i64), best, None)
        }
        (_, ToMove::Both) => {
            let game = solver.opening_game(pos).ok_or_else(|| failed(&solver))?;
            let (value, game) = game;
            let best = game
                .a_holes
                .iter()
                .zip(&game.a_mix)
                .filter(|(_, p)| p.is_positive())
                .map(|(&k, _)| k)
                .collect();
            (value, best, Some(game))
        }
        (_, ToMove::One(p)) => {
            // One player chooses again during the opening.
            let mut scored = Vec::new();
            for k in pos.legal_holes(rules, p) {
                let v = solver
                    .value_after(pos, Move::Hole(k))
                    .ok_or_else(|| failed(&solver))?;
                scored.push((k, v));
            }
            let value = if p == Player::A {
                scored.iter().map(|s| s.1).max()
            } else {
                scored.iter().map(|s| s.1).min()
            }
            .ok_or(SolveError::Stuck)?;
            let best = scored
                .iter()
                .filter(|s| s.1 == value)
                .map(|s| s.0)
                .collect();
            (value, best, None)
        }
    };
    Ok(Solution {
        value,
        scope,
        to_move,
        best,
        opening,
        nodes: solver.nodes,
        table_entries: solver.table.entries.len(),
    })
}

/// Seeds in the holes (between moves: no hand holds any).
#[inline]
fn board_seeds(pos: &Position) -> i32 {
    pos.total as i32 - pos.store(Player::A) as i32 - pos.store(Player::B) as i32 - pos.lost() as i32
}

/// Whether `after` (the position after a move from `before`) ends the round.
#[inline]
fn ends_round(before: &Position, after: &Position) -> bool {
    after.is_over() || after.round != before.round
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key_high: u64,
    key_low: u64,
    lower: i16,
    upper: i16,
    best: u8,
    /// log2 of the positions searched below, for replacement.
    work: u8,
}

/// The transposition table: a fixed array of two-entry buckets.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(2);
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 2,
        }
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let mut h = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 31;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 29;
        (h as usize) & self.mask
    }

    #[inline]
    fn probe(&self, key: u128) -> Option<Entry> {
        let i = self.bucket(key);
        let (high, low) = ((key >> 64) as u64, key as u64);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.key_high == high && e.key_low == low)
            .copied()
    }

    #[inline]
    fn store(&mut self, key: u128, lower: i32, upper: i32, best: u8, work: u8) {
        let i = self.bucket(key);
        let (high, low) = ((key >> 64) as u64, key as u64);
        let bucket = &mut self.entries[i..i + 2];
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| e.key_high == high && e.key_low == low)
        {
            // Both are proved bounds: keep the tighter of each.
            e.lower = e.lower.max(lower as i16);
            e.upper = e.upper.min(upper as i16);
            e.best = best;
            e.work = e.work.max(work);
            return;
        }
        let slot = if bucket[0].work <= bucket[1].work {
            0
        } else {
            1
        };
        bucket[slot] = Entry {
            key_high: high,
            key_low: low,
            lower: lower as i16,
            upper: upper as i16,
            best,
            work,
        };
    }
}

#[derive(Clone, Copy)]
struct Child {
    hole: u8,
    /// Change of A's margin over the move (to the round's end if terminal).
    gain: i32,
    terminal: bool,
    order: i32,
    pos: Position,
}

struct Solver<'a> {
    rules: &'a Rules,
    table: Table,
    /// Bits a hole takes in a key; 0 when keys would not fit in 128 bits.
    hole_bits: u32,
    /// Bits a store takes in a key (`win = more-than-half` only), else 0.
    store_bits: u32,
    endgame: Option<&'a EndgameTable>,
    limits: Limits<'a>,
    nodes: u64,
    stopped: bool,
    /// A position with nobody able to choose was met (see [`SolveError::Stuck`]).
    stuck: bool,
    root_bounds: Option<(i32, i32)>,
    /// The root's hole proved to reach the mover's side of `root_bounds`.
    root_hole: Option<u8>,
    /// The hole behind the result the last search returned (0: none).
    cut_hole: u8,
    /// Enhanced transposition cutoffs only at positions with this many seeds or more.
    etc_min_seeds: i32,
}

fn bit_length(x: u32) -> u32 {
    u32::BITS - x.leading_zeros()
}

impl<'a> Solver<'a> {
    fn new(
        rules: &'a Rules,
        root: &Position,
        options: &SolveOptions<'a>,
        limits: Limits<'a>,
    ) -> Solver<'a> {
        let holes = 2 * root.topology().holes() as u32;
        let stores = root.store(Player::A) as u32 + root.store(Player::B) as u32;
        let in_play = root.seed_count() - stores - root.lost() as u32;
        let hole_bits = bit_length(in_play).max(1);
        let store_bits = if rules.win == Win::MoreThanHalf {
            bit_length(root.seed_count())
        } else {
            0
        };
        let fits = 2 + holes * hole_bits + 2 * store_bits <= 128;
        let endgame = options
            .endgame
            .filter(|t| t.covers_rules(rules) && root.board.burnt == PerPlayer::default())
            .filter(|_| {
                root.board.ngacang == PerPlayer::default() && rules.win != Win::MoreThanHalf
            });
        Solver {
            rules,
            table: Table::new(options.table_bytes),
            hole_bits: if fits { hole_bits } else { 0 },
            store_bits,
            endgame,
            limits,
            nodes: 0,
            stopped: false,
            stuck: false,
            root_bounds: None,
            root_hole: None,
            cut_hole: 0,
            // Enhanced transposition cutoffs cost a table probe per child, a
            // cache miss each: worth it near the root, not in the many small
            // subtrees below.
            etc_min_seeds: (in_play * 3).div_ceil(5) as i32,
        }
    }

    /// The table key of a position between moves: a leading 1, each hole's
    /// seeds in ring order, who moves, and the stores if they matter.
    #[inline]
    fn key(&self, pos: &Position, mover: Player) -> Option<u128> {
        if self.hole_bits == 0 {
            return None;
        }
        let t = pos.board.topo;
        let n = t.holes();
        let mut key: u128 = 1;
        for side in [0, n + 1] {
            for &seeds in &pos.board.cells[side..side + n] {
                key = key << self.hole_bits | seeds as u128;
            }
        }
        key = key << 1 | mover.index() as u128;
        if self.store_bits > 0 {
            key = key << self.store_bits | pos.store(Player::A) as u128;
            key = key << self.store_bits | pos.store(Player::B) as u128;
        }
        Some(key)
    }

    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.nodes & 0xfff == 0 {
            if let Some(stop) = self.limits.stop {
                self.stopped = stop();
            }
        }
        !self.stopped
    }

    /// The future margin of a position between moves where `mover` moves,
    /// searched in the window (alpha, beta); fail-soft. `None` when stopped.
    /// The steps: bounds from the seeds left, the endgame table and the
    /// transposition table; the children; enhanced transposition cutoffs;
    /// the children searched best-first; the result stored.
    fn search(&mut self, pos: &Position, mover: Player, alpha: i32, beta: i32) -> Option<i32> {
        if !self.count_node() {
            return None;
        }
        self.cut_hole = 0;
        let seeds = board_seeds(pos);
        if alpha >= seeds {
            return Some(seeds);
        }
        if beta <= -seeds {
            return Some(-seeds);
        }
        if let Some(table) = self.endgame {
            if let Some(v) = table.lookup(pos, mover) {
                return Some(v);
            }
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let key = self.key(pos, mover);
        let mut first = 0;
        if let Some(e) = key.and_then(|k| self.table.probe(k)) {
            let (lower, upper) = (e.lower as i32, e.upper as i32);
            if lower >= beta {
                return Some(lower);
            }
            if upper <= alpha {
                return Some(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            first = e.best;
        }
        let maximize = mover == Player::A;
        let mut children = [Child {
            hole: 0,
            gain: 0,
            terminal: true,
            order: 0,
            pos: *pos,
        }; MAX_HOLES];
        let count = match self.expand(pos, mover, (alpha, beta), first, &mut children) {
            Ok(count) => count,
            Err((exact, hole)) => {
                self.cut_hole = hole;
                return Some(exact);
            }
        };
        if let Some((v, hole)) =
            self.transposition_cutoff(&children[..count], seeds, maximize, alpha, beta)
        {
            self.cut_hole = hole;
            return Some(v);
        }
        let children = &mut children[..count];
        children.sort_unstable_by_key(|c| -c.order);
        let (a0, b0) = (alpha, beta);
        let start = self.nodes;
        let mut best = if maximize { i32::MIN } else { i32::MAX };
        let mut best_hole = 0;
        for c in children.iter() {
            let value = if c.terminal {
                c.gain
            } else {
                let Phase::Move(next) = c.pos.phase else {
                    unreachable!("a move within a round leads to a player's move")
                };
                c.gain + self.search(&c.pos, next, alpha - c.gain, beta - c.gain)?
            };
            if (maximize && value > best) || (!maximize && value < best) {
                best = value;
                best_hole = c.hole;
            }
            if maximize {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            self.store_result(k, best, best_hole, (a0, b0), seeds, start);
        }
        self.cut_hole = best_hole;
        Some(best)
    }

    /// Plays every legal hole of `pos` into `children`, with the change of
    /// A's margin and a move-ordering score (the table's best move first,
    /// then moves that play again, then the gain). Returns how many, or
    /// `Err` with an exact result that already cuts the node off.
    #[inline]
    fn expand(
        &self,
        pos: &Position,
        mover: Player,
        (alpha, beta): (i32, i32),
        first: u8,
        children: &mut [Child; MAX_HOLES],
    ) -> Result<usize, (i32, u8)> {
        let maximize = mover == Player::A;
        let before = store_margin(pos);
        let mut count = 0;
        let mut mask = pos.mover_mask().unwrap_or(0);
        while mask != 0 {
            let hole = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let c = &mut children[count];
            count += 1;
            c.hole = hole;
            let _ = c.pos.play_fast(self.rules, Move::Hole(hole));
            c.terminal = ends_round(pos, &c.pos);
            c.gain = if c.terminal {
                round_result(self.rules, pos, Move::Hole(hole), &c.pos) - before
            } else {
                store_margin(&c.pos) - before
            };
            let for_mover = if maximize { c.gain } else { -c.gain };
            // Exact results that already cut the node off.
            if c.terminal && ((maximize && c.gain >= beta) || (!maximize && c.gain <= alpha)) {
                return Err((c.gain, hole));
            }
            let again = !c.terminal && c.pos.phase == Phase::Move(mover);
            c.order = for_mover * 4
                + if again { 1000 } else { 0 }
                + if hole == first { 100_000 } else { 0 }
                + hole as i32;
        }
        Ok(count)
    }

    /// Enhanced transposition cutoffs: a child already known to be good
    /// enough ends the search of this node before any child is searched.
    #[inline]
    fn transposition_cutoff(
        &self,
        children: &[Child],
        seeds: i32,
        maximize: bool,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        for c in children {
            if c.terminal || seeds < self.etc_min_seeds {
                continue;
            }
            let Phase::Move(next) = c.pos.phase else {
                continue;
            };
            if let Some(e) = self.key(&c.pos, next).and_then(|k| self.table.probe(k)) {
                if maximize && e.lower as i32 + c.gain >= beta {
                    return Some((e.lower as i32 + c.gain, c.hole));
                }
                if !maximize && e.upper as i32 + c.gain <= alpha {
                    return Some((e.upper as i32 + c.gain, c.hole));
                }
            }
        }
        None
    }

    /// Stores a node's result as bounds for the window it was searched in
    /// (`best` below it is an upper bound, above it a lower bound), weighted
    /// by the work done since `start`.
    fn store_result(
        &mut self,
        key: u128,
        best: i32,
        best_hole: u8,
        (a0, b0): (i32, i32),
        seeds: i32,
        start: u64,
    ) {
        let (lower, upper) = if best <= a0 {
            (-seeds, best)
        } else if best >= b0 {
            (best, seeds)
        } else {
            (best, best)
        };
        let work = bit_length((self.nodes - start).min(u32::MAX as u64) as u32) as u8;
        self.table.store(key, lower, upper, best_hole, work);
    }

    /// The exact future margin by null-window searches, each at the middle
    /// of what is still possible (the first at `guess`): a search that
    /// reaches its test raises the floor to the value it returns, one that
    /// fails lowers the ceiling. Halving the range takes a few searches
    /// where a chain of extra turns puts the value far from the guess;
    /// MTD(f), each test one past the last result, climbed there a seed or
    /// two a search (26 searches where halving takes 6 on one position of
    /// 53 seeds), and docs/engine-work.md, "Strength", has the nodes it saves.
    /// Records the bounds proved so far (`root_bounds`) and, for the root
    /// (`root`), the hole that proved the mover's side of them
    /// (`root_hole`), for a solve that stops.
    fn mtdf(&mut self, pos: &Position, mover: Player, guess: i32, root: bool) -> Option<i32> {
        let seeds = board_seeds(pos);
        let (mut lower, mut upper) = (-seeds, seeds);
        let mut g = guess.clamp(lower + 1, upper.max(lower + 1));
        while lower < upper {
            let beta = g;
            g = self.search(pos, mover, beta - 1, beta)?;
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
            // A raises the floor with a hole, B lowers the ceiling with one.
            if root && (g >= beta) == (mover == Player::A) && self.cut_hole != 0 {
                self.root_hole = Some(self.cut_hole);
            }
            let margin = store_margin(pos);
            self.root_bounds = Some((margin + lower, margin + upper));
            // The next test: the middle of (lower, upper], so that both
            // outcomes narrow the range.
            if lower < upper {
                g = lower + (upper - lower + 1) / 2;
            }
        }
        Some(lower)
    }

    /// A whole turn solved: the value (A's final margin) and the mover's
    /// holes that achieve it.
    fn solve_turn(&mut self, pos: &Position, mover: Player) -> Option<(i32, Vec<u8>)> {
        let future = self.mtdf(pos, mover, 0, true)?;
        let before = store_margin(pos);
        let mut best = Vec::new();
        for hole in pos.legal_holes(self.rules, mover) {
            let mut next = *pos;
            let _ = next.play_fast(self.rules, Move::Hole(hole));
            let achieves = if ends_round(pos, &next) {
                round_result(self.rules, pos, Move::Hole(hole), &next) - before == future
            } else {
                let Phase::Move(p) = next.phase else {
                    unreachable!("a move within a round leads to a player's move")
                };
                // The child's future must reach `need` (for A, at least; for B, at most).
                let need = future - (store_margin(&next) - before);
                if mover == Player::A {
                    self.search(&next, p, need - 1, need)? >= need
                } else {
                    self.search(&next, p, need, need + 1)? <= need
                }
            };
            if achieves {
                best.push(hole);
            }
        }
        Some((before + future, best))
    }

    /// A's final margin after `mv` from `pos` with perfect play.
    fn value_after(&mut self, pos: &Position, mv: Move) -> Option<Ratio> {
        let mut next = *pos;
        next.play_fast(self.rules, mv).ok()?;
        if ends_round(pos, &next) {
            return Some(Ratio::from_int(
                round_result(self.rules, pos, mv, &next) as i64
            ));
        }
        match next.phase {
            Phase::Move(p) => {
                let future = self.mtdf(&next, p, 0, false)?;
                Some(Ratio::from_int((store_margin(&next) + future) as i64))
            }
            _ => match next.to_move()? {
                ToMove::Both => self.opening_game(&next).map(|(v, _)| v),
                ToMove::One(p) => {
                    let mut best: Option<Ratio> = None;
                    for k in next.legal_holes(self.rules, p) {
                        let v = self.value_after(&next, Move::Hole(k))?;
                        best = Some(match best {
                            None => v,
                            Some(b) if p == Player::A => b.max(v),
                            Some(b) => b.min(v),
                        });
                    }
                    self.stuck |= best.is_none();
                    best
                }
            },
        }
    }

    /// Both choose at once: every pair of picks solved, then the matrix game.
    fn opening_game(&mut self, pos: &Position) -> Option<(Ratio, OpeningGame)> {
        let a_holes = pos.legal_holes(self.rules, Player::A);
        let b_holes = pos.legal_holes(self.rules, Player::B);
        let mut matrix = Vec::with_capacity(a_holes.len());
        for &a in &a_holes {
            let mut row = Vec::with_capacity(b_holes.len());
            for &b in &b_holes {
                row.push(self.value_after(pos, Move::Both(a, b))?);
            }
            matrix.push(row);
        }
        let s = solve_matrix_game(&matrix)?;
        Some((
            s.value,
            OpeningGame {
                a_holes,
                b_holes,
                matrix,
                a_mix: s.rows,
                b_mix: s.columns,
            },
        ))
    }
}
