//! The computer's search: principal-variation alpha-beta (negamax over the
//! player to move, who is asked after every move, never assumed), iterative
//! deepening, a transposition table, move ordering, a quiescence search at
//! the horizon and the endgame table; stopped by a budget of positions.
//!
//! - **Positions.** Every move played (a child made, at an inner node or in
//!   the quiescence search) counts one position against the budget; the
//!   budget, never a clock, stops the search, so a seed gives the same move
//!   on every machine and in wasm.
//! - **Transposition table.** A fixed array of two-entry buckets, 16 bytes
//!   an entry, fresh for every search: the first entry of a bucket keeps the
//!   deepest result (replaced by one at least as deep), the second the most
//!   recent. A key is a 64-bit hash of the cells, burnt and ngacang holes,
//!   seeds lost, round and mover; an entry stores its whole key. Bounds are
//!   those of fail-soft alpha-beta (exact, lower, upper) and cut a node only
//!   when the entry is at least as deep.
//! - **Move ordering.** The table's move, then moves that give another turn,
//!   then what the move banks for the mover, then the history of cutoffs
//!   (`depth²` a cutoff, per player and hole).
//! - **PVS.** The first child with the full window, the others with a null
//!   window, searched again when one falls inside.
//! - **Quiescence.** At the horizon the mover may stop (the static score)
//!   or play a move that gives another turn or banks at least
//!   [`QUIET_GAIN`] seeds, at most [`QUIESCENCE_PLIES`] such moves deep:
//!   chains of extra turns and captures are played out before they are
//!   scored.
//! - **Endgame table.** Positions it holds are scored exactly, in the main
//!   search and in the quiescence search.
//! - **Turn planner.** Apart from the search: every sequence of moves of
//!   the mover's turn (a chain of extra turns can be twenty moves and more,
//!   deeper than the search reaches), scored where the turn ends.

use crate::endgame::EndgameTable;
use crate::game::{Move, Phase, Position, ToMove};
use crate::rules::{CaptureSide, Leftover, PerPlayer, Player, Rules};
use crate::topology::MAX_HOLES;

/// The score of a won game (plus 100 a seed of the margin).
pub(crate) const WIN: i32 = 1_000_000;
const INF: i32 = 4 * WIN;

/// A move banking this many seeds or more is played out at the horizon.
pub(crate) const QUIET_GAIN: i32 = 2;
/// The deepest quiescence search.
pub(crate) const QUIESCENCE_PLIES: i32 = 6;
/// Quarter moves of depth an extra turn saves.
pub(crate) const EXTENSION: i32 = 0;
/// Depth is counted in quarter moves.
const PLY: i32 = 4;

/// The evaluation's weights, in hundredths of a seed (a seed in a store is
/// 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Weights {
    /// A seed on one's own side (its sign follows `leftover`: seeds left
    /// on a side go to its owner, to the other player, or to nobody).
    pub side: i32,
    /// A hole whose seeds end exactly in its owner's store.
    pub exact: i32,
    /// A seed facing one of one's own empty holes (where capturing is on).
    pub facing: i32,
    /// Being the player to move.
    pub tempo: i32,
    /// A seed the player to move banks by [`greedy_chain`]'s quick line of
    /// its turn (0: the line is not played).
    pub chain: i32,
    /// The most moves of that line.
    pub chain_moves: i32,
}

/// The weights the levels play with, chosen by play: matches of the
/// search (100,000 positions a move) against the reference opponent on
/// every two-move opening of umum 7 x 7, one weight changed at a time, the
/// best two together (see docs/engine-work.md, "Strength").
pub(crate) const WEIGHTS: Weights = Weights {
    side: 40,
    exact: 30,
    facing: 8,
    tempo: 1000,
    chain: 0,
    chain_moves: 0,
};

/// The seeds the player to move at `pos` banks by a quick greedy line of
/// its turn: while a move gives another turn, the one of those banking
/// most (the lowest hole of equals); the turn's last move the one banking
/// most; at most `cap` moves. Also the moves played. 0 where nobody moves
/// alone.
#[inline]
pub(crate) fn greedy_chain(rules: &Rules, pos: &Position, cap: i32) -> (i32, u32) {
    let Phase::Move(p) = pos.phase else {
        return (0, 0);
    };
    let start = pos.store(p) as i32;
    let mut cur = *pos;
    let mut played = 0;
    for _ in 0..cap {
        let Some(mut mask) = cur.mover_mask() else {
            break;
        };
        let mut again: Option<(u16, Position)> = None;
        let mut end = cur.store(p);
        while mask != 0 {
            let k = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let mut next = cur;
            if next.play_fast(rules, Move::Hole(k)).is_err() {
                continue;
            }
            played += 1;
            let banked = next.store(p);
            if matches!(next.phase, Phase::Move(q) if q == p) && next.round == cur.round {
                if again.is_none_or(|a| banked > a.0) {
                    again = Some((banked, next));
                }
            } else {
                end = end.max(banked);
            }
        }
        match again {
            Some((_, next)) => cur = next,
            None => return (end as i32 - start, played),
        }
    }
    (cur.store(p) as i32 - start, played)
}

/// The score of a finished game for `me`, from A's final margin.
pub(crate) fn final_score(a_minus_b: i32, me: Player) -> i32 {
    let d = if me == Player::A {
        a_minus_b
    } else {
        -a_minus_b
    };
    d * 100 + d.signum() * WIN
}

/// The features of a position for A minus those for B: seeds on the side,
/// holes ending exactly in the store, seeds facing own empty holes.
#[inline]
pub(crate) fn features(rules: &Rules, pos: &Position) -> [i32; 3] {
    let t = pos.board.topo;
    let n = t.holes();
    let cells = &pos.board.cells;
    let capture = rules.capture_side != CaptureSide::Never;
    let mut f = [0i32; 3];
    for (p, sign) in [(Player::A, 1), (Player::B, -1)] {
        let base = t.hole(p, 1);
        let other = t.hole(p.other(), 1);
        let burnt = pos.board.burnt[p];
        for i in 0..n {
            let s = cells[base + i] as i32;
            f[0] += sign * s;
            if s == (n - i) as i32 {
                f[1] += sign;
            }
            if capture && s == 0 && burnt >> i & 1 == 0 {
                f[2] += sign * cells[other + n - 1 - i] as i32;
            }
        }
    }
    f
}

/// The static score of `pos` for `me` (who is to move, or the game is over).
#[inline]
pub(crate) fn evaluate(rules: &Rules, pos: &Position, me: Player, w: &Weights) -> i32 {
    if let Some(o) = pos.outcome() {
        return final_score(o.scores[Player::A] as i32 - o.scores[Player::B] as i32, me);
    }
    let f = features(rules, pos);
    let side = match rules.leftover {
        Leftover::Owner => w.side,
        Leftover::Opponent => -w.side,
        Leftover::Uncounted => 0,
    };
    let stores = pos.store(Player::A) as i32 - pos.store(Player::B) as i32;
    let a = 100 * stores + side * f[0] + w.exact * f[1] + w.facing * f[2];
    let a = if me == Player::A { a } else { -a };
    let tempo = match pos.to_move() {
        Some(ToMove::One(p)) if p == me => w.tempo,
        Some(ToMove::One(_)) => -w.tempo,
        _ => 0,
    };
    let chain = if w.chain != 0 {
        let c = w.chain * greedy_chain(rules, pos, w.chain_moves).0;
        match pos.phase {
            Phase::Move(p) if p == me => c,
            _ => -c,
        }
    } else {
        0
    };
    a + tempo + chain
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    score: i32,
    depth: u8,
    bound: u8,
    best: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// The transposition table: two-entry buckets, depth-preferred and always.
struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    fn new(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Slot>()).max(2);
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: vec![Slot::default(); size],
            mask: size - 2,
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key >> 32) as usize ^ key as usize) & self.mask
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Slot> {
        let i = self.index(key);
        self.slots[i..i + 2].iter().find(|s| s.key == key).copied()
    }

    #[inline]
    fn store(&mut self, key: u64, depth: u8, score: i32, bound: u8, best: u8) {
        let i = self.index(key);
        let new = Slot {
            key,
            score,
            depth,
            bound,
            best,
        };
        let first = self.slots[i];
        if first.key == key || first.key == 0 || depth >= first.depth {
            if first.key != key && first.key != 0 {
                // The deeper entry it replaces moves to the other slot.
                self.slots[i + 1] = first;
            }
            self.slots[i] = new;
        } else {
            self.slots[i + 1] = new;
        }
    }
}

/// The table key of a position between moves where `mover` moves (never 0).
#[inline]
fn key(pos: &Position, mover: Player) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let b = &pos.board;
    let ring = b.topo.ring();
    let mut h = (mover.index() as u64 + 1).wrapping_mul(K) ^ pos.round as u64;
    for c in b.cells[..ring].chunks(4) {
        let mut w = 0u64;
        for (i, &s) in c.iter().enumerate() {
            w |= (s as u64) << (16 * i);
        }
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    let status = b.burnt[Player::A] as u64
        | (b.burnt[Player::B] as u64) << 12
        | (b.ngacang[Player::A] as u64) << 24
        | (b.ngacang[Player::B] as u64) << 36
        | (b.lost as u64) << 48;
    h = (h.rotate_left(23) ^ status).wrapping_mul(K);
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 32;
    h | 1
}

#[derive(Clone, Copy)]
struct Child {
    hole: u8,
    order: i32,
    pos: Position,
}

/// Settings of a search: the evaluation, the quiescence search, the table's
/// memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    /// The evaluation's weights.
    pub weights: Weights,
    /// The deepest quiescence search (0: none).
    pub quiescence: i32,
    /// The transposition table's bytes.
    pub table_bytes: usize,
    /// Quarter moves an extra turn saves of the depth left (0..=3): a
    /// chain of extra turns is searched deeper.
    pub extension: i32,
}

/// The levels' settings for a node budget: a table of about 16 bytes an
/// entry for each position of the budget, between 64 KiB and 8 MiB.
pub(crate) fn settings_for(budget: u64) -> Settings {
    Settings {
        weights: WEIGHTS,
        quiescence: QUIESCENCE_PLIES,
        table_bytes: (budget.saturating_mul(16) as usize).clamp(64 << 10, 8 << 20),
        extension: EXTENSION,
    }
}

/// One search: its table, history and counts.
pub(crate) struct Searcher<'a> {
    rules: &'a Rules,
    settings: Settings,
    table: Table,
    history: PerPlayer<[i32; MAX_HOLES]>,
    endgame: Option<&'a EndgameTable>,
    /// Positions searched.
    pub nodes: u64,
    budget: u64,
    stopped: bool,
}

/// What a search found: a hole, its score for the mover, the deepest
/// complete iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub hole: u8,
    pub score: i32,
    pub depth: u8,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        rules: &'a Rules,
        settings: Settings,
        budget: u64,
        endgame: Option<&'a EndgameTable>,
    ) -> Searcher<'a> {
        Searcher {
            rules,
            settings,
            table: Table::new(settings.table_bytes),
            history: PerPlayer::new([0; MAX_HOLES], [0; MAX_HOLES]),
            endgame,
            nodes: 0,
            budget,
            stopped: false,
        }
    }

    #[inline]
    fn eval(&self, pos: &Position, me: Player) -> i32 {
        evaluate(self.rules, pos, me, &self.settings.weights)
    }

    /// The exact score for `mover` from the endgame table, if it holds `pos`.
    #[inline]
    fn exact(&self, pos: &Position, mover: Player) -> Option<i32> {
        let table = self.endgame?;
        if pos.board.burnt != PerPlayer::new(0, 0) || pos.board.ngacang != PerPlayer::new(0, 0) {
            return None;
        }
        let future = table.lookup(pos, mover)?;
        let stores = pos.store(Player::A) as i32 - pos.store(Player::B) as i32;
        Some(final_score(stores + future, mover))
    }

    /// The children of `pos` (where `mover` moves), ordered best first.
    fn children(&mut self, pos: &Position, mover: Player, first: u8, out: &mut [Child]) -> usize {
        let mut mask = match pos.mover_mask() {
            Some(m) => m,
            None => pos
                .legal_holes(self.rules, mover)
                .iter()
                .fold(0u16, |m, &k| m | 1 << (k - 1)),
        };
        let before = pos.store(mover) as i32;
        let mut count = 0;
        while mask != 0 {
            let k = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let mut next = *pos;
            if next.play_fast(self.rules, Move::Hole(k)).is_err() {
                continue;
            }
            self.nodes += 1;
            let again = next.to_move() == Some(ToMove::One(mover)) && next.round == pos.round;
            let order = if k == first {
                1 << 30
            } else {
                (again as i32) << 24
                    | ((next.store(mover) as i32 - before).clamp(0, 255)) << 16
                    | self.history[mover][k as usize - 1].min(0xffff)
            };
            out[count] = Child {
                hole: k,
                order,
                pos: next,
            };
            count += 1;
        }
        // Insertion sort, best first; stable, so equal orders keep hole order.
        for i in 1..count {
            let mut j = i;
            while j > 0 && out[j - 1].order < out[j].order {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        count
    }

    /// The score for `mover` (who moved into `next` from a node `depth`
    /// deep) of the position `next`, in the window (alpha, beta) of `mover`.
    #[inline]
    fn value(&mut self, next: &Position, mover: Player, depth: i32, alpha: i32, beta: i32) -> i32 {
        match (next.phase, next.to_move()) {
            (Phase::Move(_), Some(ToMove::One(c))) if c == mover => {
                let left = depth - PLY + self.settings.extension;
                self.node(next, c, left, alpha, beta)
            }
            (Phase::Move(_), Some(ToMove::One(c))) => {
                -self.node(next, c, depth - PLY, -beta, -alpha)
            }
            _ => self.eval(next, mover),
        }
    }

    /// Negamax: the score of `pos` for `mover`, fail-soft.
    fn node(&mut self, pos: &Position, mover: Player, depth: i32, alpha: i32, beta: i32) -> i32 {
        if let Some(v) = self.exact(pos, mover) {
            return v;
        }
        if depth <= 0 {
            return self.quiesce(pos, mover, alpha, beta, self.settings.quiescence);
        }
        if self.nodes >= self.budget {
            self.stopped = true;
            return 0;
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let key = key(pos, mover);
        let mut first = 0;
        if let Some(e) = self.table.probe(key) {
            if e.depth as i32 >= depth {
                match e.bound {
                    EXACT => return e.score,
                    LOWER => alpha = alpha.max(e.score),
                    _ => beta = beta.min(e.score),
                }
                if alpha >= beta {
                    return e.score;
                }
            }
            first = e.best;
        }
        let mut kids = [Child {
            hole: 0,
            order: 0,
            pos: *pos,
        }; MAX_HOLES];
        let count = self.children(pos, mover, first, &mut kids);
        if count == 0 {
            return self.eval(pos, mover);
        }
        let a0 = alpha;
        let mut best = -INF;
        let mut best_hole = kids[0].hole;
        for (i, c) in kids[..count].iter().enumerate() {
            let v = if i == 0 {
                self.value(&c.pos, mover, depth, alpha, beta)
            } else {
                let v = self.value(&c.pos, mover, depth, alpha, alpha + 1);
                if v > alpha && v < beta && !self.stopped {
                    self.value(&c.pos, mover, depth, v, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_hole = c.hole;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let h = &mut self.history[mover][c.hole as usize - 1];
                let d = depth / PLY + 1;
                *h = (*h + d * d).min(0xffff);
                break;
            }
        }
        let bound = if best <= a0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table
            .store(key, depth.min(255) as u8, best, bound, best_hole);
        best
    }

    /// The quiescence search: the mover takes the static score or a move
    /// that gives another turn or banks at least [`QUIET_GAIN`] seeds.
    fn quiesce(&mut self, pos: &Position, mover: Player, alpha: i32, beta: i32, left: i32) -> i32 {
        if let Some(v) = self.exact(pos, mover) {
            return v;
        }
        let stand = self.eval(pos, mover);
        if left <= 0 || stand >= beta {
            return stand;
        }
        if self.nodes >= self.budget {
            self.stopped = true;
            return stand;
        }
        let mut alpha = alpha.max(stand);
        let mut best = stand;
        let Some(mut mask) = pos.mover_mask() else {
            return stand;
        };
        let before = pos.store(mover) as i32;
        while mask != 0 {
            let k = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let mut next = *pos;
            if next.play_fast(self.rules, Move::Hole(k)).is_err() {
                continue;
            }
            self.nodes += 1;
            let again = next.to_move() == Some(ToMove::One(mover)) && next.round == pos.round;
            if !again && (next.store(mover) as i32 - before) < QUIET_GAIN && !next.is_over() {
                continue;
            }
            let v = match (next.phase, next.to_move()) {
                (Phase::Move(_), Some(ToMove::One(c))) if c == mover => {
                    self.quiesce(&next, c, alpha, beta, left - 1)
                }
                (Phase::Move(_), Some(ToMove::One(c))) => {
                    -self.quiesce(&next, c, -beta, -alpha, left - 1)
                }
                _ => self.eval(&next, mover),
            };
            if self.stopped {
                return stand;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// One iteration at the root: the holes in `order` (the last
    /// iteration's best first), `depth` moves deep. The best hole and score,
    /// and whether the iteration finished.
    fn root(&mut self, pos: &Position, me: Player, order: &[u8], depth: i32) -> (Found, bool) {
        let mut best = Found {
            hole: order[0],
            score: -INF,
            depth: depth as u8,
        };
        let mut alpha = -INF;
        for (i, &k) in order.iter().enumerate() {
            let mut next = *pos;
            if next.play_fast(self.rules, Move::Hole(k)).is_err() {
                continue;
            }
            self.nodes += 1;
            let v = if i == 0 {
                self.value(&next, me, depth * PLY, -INF, INF)
            } else {
                let v = self.value(&next, me, depth * PLY, alpha, alpha + 1);
                if v > alpha && !self.stopped {
                    self.value(&next, me, depth * PLY, v, INF)
                } else {
                    v
                }
            };
            if self.stopped {
                return (best, false);
            }
            if v > best.score {
                best.hole = k;
                best.score = v;
                alpha = v;
            }
        }
        (best, true)
    }

    /// Iterative deepening from depth 1 to `max_depth` until the budget
    /// runs out; ties go to the lowest hole. `None` when `me` cannot move.
    pub(crate) fn search(&mut self, pos: &Position, me: Player, max_depth: u8) -> Option<Found> {
        let mut order = pos.legal_holes(self.rules, me);
        let mut found = Found {
            hole: *order.first()?,
            score: 0,
            depth: 0,
        };
        for depth in 1..=max_depth.max(1) as i32 {
            let (f, complete) = self.root(pos, me, &order, depth);
            if !complete {
                // Out of budget: a hole that beat the last best at this
                // depth (fully searched) is better informed than the last answer.
                if f.score > -INF && f.hole != found.hole && depth > 1 {
                    found.hole = f.hole;
                    found.score = f.score;
                }
                break;
            }
            found = f;
            order.retain(|&k| k != f.hole);
            order.insert(0, f.hole);
            // A forced result does not end the deepening: a deeper search
            // may find a larger margin for the same result.
        }
        Some(found)
    }
}

/// What the turn planner found: the first hole of the best sequence of
/// moves of one turn and the whole sequence, the mover's store when the
/// turn ends, the score of the position it leaves, and the positions it
/// played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub hole: u8,
    pub path: Vec<u8>,
    pub store: u16,
    pub score: i32,
    pub nodes: u64,
}

/// The turn planner: every sequence of moves of `me`'s turn (while the
/// moves give `me` another turn), depth first, the moves that give another
/// turn first, at most `budget` positions; a turn's end is scored by the
/// static evaluation for `me`. A position already met is not searched again
/// (a direct-mapped set of keys). Searches deeper than the main search can
/// where a chain of extra turns is long, but sees no reply.
pub(crate) fn plan_turn(
    rules: &Rules,
    pos: &Position,
    me: Player,
    budget: u64,
    weights: &Weights,
) -> Option<Plan> {
    struct Planner<'a> {
        rules: &'a Rules,
        me: Player,
        weights: &'a Weights,
        seen: Vec<u64>,
        nodes: u64,
        budget: u64,
        best: Option<Plan>,
        /// The moves from the turn's start to the position walked.
        path: Vec<u8>,
    }
    impl Planner<'_> {
        fn walk(&mut self, pos: &Position, root: u8) {
            let Some(mut mask) = pos.mover_mask() else {
                return;
            };
            let mut kids: [(i32, u8, u8, Position); MAX_HOLES] = [(0, 0, 0, *pos); MAX_HOLES];
            let mut count = 0;
            while mask != 0 && self.nodes < self.budget {
                let k = mask.trailing_zeros() as u8 + 1;
                mask &= mask - 1;
                let mut next = *pos;
                if next.play_fast(self.rules, Move::Hole(k)).is_err() {
                    continue;
                }
                self.nodes += 1;
                let again = next.to_move() == Some(ToMove::One(self.me)) && next.round == pos.round;
                let hole = if root == 0 { k } else { root };
                if again && matches!(next.phase, Phase::Move(_)) {
                    let order = next.store(self.me) as i32;
                    kids[count] = (order, hole, k, next);
                    count += 1;
                } else {
                    let score = evaluate(self.rules, &next, self.me, self.weights);
                    if self.best.as_ref().is_none_or(|b| score > b.score) {
                        let mut path = self.path.clone();
                        path.push(k);
                        self.best = Some(Plan {
                            hole,
                            path,
                            store: next.store(self.me),
                            score,
                            nodes: 0,
                        });
                    }
                }
            }
            kids[..count].sort_by_key(|c| std::cmp::Reverse(c.0));
            for &(_, hole, k, next) in &kids[..count] {
                if self.nodes >= self.budget {
                    return;
                }
                let key = key(&next, self.me);
                let slot = (key as usize) & (self.seen.len() - 1);
                if self.seen[slot] == key {
                    continue;
                }
                self.seen[slot] = key;
                self.path.push(k);
                self.walk(&next, hole);
                self.path.pop();
            }
        }
    }
    let mut p = Planner {
        rules,
        me,
        weights,
        seen: vec![0; 1 << 16],
        nodes: 0,
        budget,
        best: None,
        path: Vec::new(),
    };
    p.walk(pos, 0);
    p.best.map(|b| Plan {
        nodes: p.nodes,
        ..b
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomPlayer;

    /// Plain negamax to a fixed depth with the same leaves (no quiescence).
    fn plain(rules: &Rules, pos: &Position, mover: Player, depth: i32) -> i32 {
        if depth == 0 {
            return evaluate(rules, pos, mover, &WEIGHTS);
        }
        let mut best = -INF;
        for k in pos.legal_holes(rules, mover) {
            let mut next = *pos;
            next.play_fast(rules, Move::Hole(k)).unwrap();
            let v = match (next.phase, next.to_move()) {
                (Phase::Move(_), Some(ToMove::One(c))) if c == mover => {
                    plain(rules, &next, c, depth - 1)
                }
                (Phase::Move(_), Some(ToMove::One(c))) => -plain(rules, &next, c, depth - 1),
                _ => evaluate(rules, &next, mover, &WEIGHTS),
            };
            best = best.max(v);
        }
        best
    }

    fn random_positions(rules: &Rules, count: usize, seed: u64) -> Vec<Position> {
        let mut rng = RandomPlayer::new(seed);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        let mut game = 0;
        while out.len() < count {
            let mut pos = Position::new(rules);
            for _ in 0..(game % 12) {
                match rng.choose(&pos, rules, &mut buf) {
                    Some(m) => pos.play_fast(rules, m).unwrap(),
                    None => break,
                }
            }
            game += 1;
            if matches!(pos.phase, Phase::Move(_)) {
                out.push(pos);
            }
        }
        out
    }

    #[test]
    fn the_table_does_not_change_the_value_at_a_fixed_depth() {
        let set = crate::PackSet::builtin();
        let mut checked = 0;
        for id in ["umum", "standard-mancala", "congkak-melayu"] {
            let rules = set.get(id).unwrap().rules.edit(|c| c.holes = 5).unwrap();
            for pos in random_positions(&rules, 12, 7) {
                let Some(ToMove::One(me)) = pos.to_move() else {
                    continue;
                };
                for depth in 1..=4 {
                    let settings = Settings {
                        weights: WEIGHTS,
                        quiescence: 0,
                        table_bytes: 1 << 16,
                        extension: 0,
                    };
                    let mut s = Searcher::new(&rules, settings, u64::MAX, None);
                    // Iterations 1..depth share the table, as in play.
                    let f = s.search(&pos, me, depth as u8).unwrap();
                    assert_eq!(
                        f.score,
                        plain(&rules, &pos, me, depth),
                        "{id} depth {depth}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 100, "{checked}");
    }

    #[test]
    fn the_search_is_deterministic_with_a_fresh_table() {
        let rules = Rules::default();
        for pos in random_positions(&rules, 8, 11) {
            let Some(ToMove::One(me)) = pos.to_move() else {
                continue;
            };
            let run = || {
                let mut s = Searcher::new(&rules, settings_for(20_000), 20_000, None);
                let f = s.search(&pos, me, 30).unwrap();
                (f, s.nodes)
            };
            let first = run();
            assert_eq!(run(), first);
            // The same search with a table of another size plays legally too.
            let mut small = Searcher::new(
                &rules,
                Settings {
                    table_bytes: 64 << 10,
                    ..settings_for(20_000)
                },
                20_000,
                None,
            );
            let f = small.search(&pos, me, 30).unwrap();
            assert!(pos.legal_holes(&rules, me).contains(&f.hole));
        }
    }

    #[test]
    fn the_table_keeps_the_deeper_entry_and_the_latest() {
        let mut t = Table::new(64);
        let i = t.index(5);
        // Keys landing in one bucket: same index.
        let same: Vec<u64> = (3u64..100_000)
            .step_by(2)
            .filter(|&k| t.index(k) == i)
            .take(3)
            .collect();
        t.store(same[0], 5, 10, EXACT, 1);
        t.store(same[1], 2, 20, EXACT, 2);
        assert_eq!(t.probe(same[0]).unwrap().score, 10);
        assert_eq!(t.probe(same[1]).unwrap().score, 20);
        // A shallow third replaces the latest, not the deep one.
        t.store(same[2], 1, 30, EXACT, 3);
        assert!(t.probe(same[0]).is_some());
        assert!(t.probe(same[1]).is_none());
        // A deeper one takes the first slot; the old deep one moves over.
        t.store(same[1], 9, 40, LOWER, 4);
        assert_eq!(t.probe(same[1]).unwrap().depth, 9);
        assert_eq!(t.probe(same[0]).unwrap().depth, 5);
    }

    #[test]
    fn the_greedy_line_banks_what_one_move_banks_at_least() {
        let rules = Rules::default();
        let mut lines = 0;
        for pos in random_positions(&rules, 24, 3) {
            let Phase::Move(me) = pos.phase else {
                continue;
            };
            assert_eq!(greedy_chain(&rules, &pos, 0), (0, 0));
            let (one, played) = greedy_chain(&rules, &pos, 1);
            let legal = pos.legal_holes(&rules, me);
            assert_eq!(played as usize, legal.len());
            // One move: the most a move banks.
            let most = legal
                .iter()
                .map(|&k| {
                    let mut next = pos;
                    next.play_fast(&rules, Move::Hole(k)).unwrap();
                    next.store(me) as i32 - pos.store(me) as i32
                })
                .max()
                .unwrap();
            assert!(one <= most, "{one} {most}");
            let (gain, _) = greedy_chain(&rules, &pos, 30);
            assert!(gain >= 0);
            assert!(
                gain as u32
                    <= pos.seed_count() - pos.store(Player::A) as u32 - pos.store(Player::B) as u32
            );
            assert_eq!(greedy_chain(&rules, &pos, 30).0, gain);
            lines += 1;
        }
        assert!(lines >= 12, "{lines}");
    }

    #[test]
    fn the_turn_planner_plays_legally_and_beats_every_single_move() {
        let rules = Rules::default();
        let mut planned = 0;
        for pos in random_positions(&rules, 24, 5) {
            let Some(ToMove::One(me)) = pos.to_move() else {
                continue;
            };
            let plan = plan_turn(&rules, &pos, me, 50_000, &WEIGHTS).unwrap();
            assert!(pos.legal_holes(&rules, me).contains(&plan.hole));
            assert!(plan.nodes <= 50_000 + MAX_HOLES as u64);
            assert_eq!(
                plan_turn(&rules, &pos, me, 50_000, &WEIGHTS).as_ref(),
                Some(&plan)
            );
            // Its path starts with its hole, gives `me` another move after
            // each move but the last, and ends the turn with its store.
            assert_eq!(plan.path.first(), Some(&plan.hole));
            let mut at = pos;
            for (i, &k) in plan.path.iter().enumerate() {
                assert_eq!(at.to_move(), Some(ToMove::One(me)), "move {i}");
                at.play_fast(&rules, Move::Hole(k)).unwrap();
            }
            assert_eq!(at.store(me), plan.store);
            assert_eq!(evaluate(&rules, &at, me, &WEIGHTS), plan.score);
            // A move that ends the turn at once is one of the plans.
            for k in pos.legal_holes(&rules, me) {
                let mut next = pos;
                next.play_fast(&rules, Move::Hole(k)).unwrap();
                if next.to_move() != Some(ToMove::One(me)) {
                    assert!(plan.score >= evaluate(&rules, &next, me, &WEIGHTS));
                }
            }
            planned += 1;
        }
        assert!(planned >= 12, "{planned}");
    }
}
