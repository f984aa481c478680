//! The computer opponent, on the engine's fast path.
//!
//! Search runs [`Position::play_fast`]: the same rules code as play, never a
//! copy. It never assumes that turns alternate: after every move it asks the
//! position who moves (an extra turn keeps the same player; rounds, passes and
//! burnt holes are the engine's business). The search is iterative deepening
//! alpha-beta with a transposition table and move ordering (the table's best
//! move first, then the moves that score best one ply deep), stopped by a
//! node budget, so a level costs the same on every machine and a seed gives
//! the same move.
//!
//! The simultaneous opening is a simultaneous game: both players' picks are
//! scored as a matrix (each pair searched), a mixed strategy is found for the
//! matrix by fictitious play, and the pick is drawn from it with the seed.

use crate::game::{Move, Position, ToMove};
use crate::rules::{Player, Rules};
use crate::sample::RandomPlayer;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Picks at random among the legal moves.
    Random,
    /// Looks one move ahead, and one move in four is a random slip.
    Beginner,
    /// Takes the move that scores best one move ahead.
    Greedy,
    /// Searches with a node budget.
    Search {
        /// Deepest iteration.
        depth: u8,
        /// Positions searched at most.
        nodes: u64,
    },
}

impl Level {
    /// Every level's name, easiest first.
    pub const NAMES: &'static [&'static str] =
        &["random", "beginner", "greedy", "medium", "hard", "hardest"];

    /// A level by name.
    pub fn from_name(name: &str) -> Option<Level> {
        Some(match name {
            "random" => Level::Random,
            "beginner" => Level::Beginner,
            "greedy" => Level::Greedy,
            "medium" => Level::Search {
                depth: 4,
                nodes: 20_000,
            },
            "hard" => Level::Search {
                depth: 12,
                nodes: 100_000,
            },
            "hardest" => Level::Search {
                depth: 30,
                nodes: 300_000,
            },
            _ => return None,
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
}

const WIN: i32 = 1_000_000;

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
}

impl Search<'_> {
    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget
    }

    /// Alpha-beta over holes; the mover is asked, never assumed. Returns the
    /// score for `me`, or `None` when the budget ran out.
    fn node(&mut self, pos: &Position, depth: u8, mut alpha: i32, mut beta: i32) -> Option<i32> {
        self.nodes += 1;
        let mover = match pos.to_move() {
            Some(ToMove::One(p)) => p,
            _ => return Some(evaluate(pos, self.me)),
        };
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
    let holes = pos.legal_holes(rules, me);
    let first = *holes.first()?;
    let mut s = Search {
        rules,
        me,
        nodes: 0,
        budget,
        table: HashMap::default(),
    };
    let mut choice = Choice {
        hole: first,
        score: 0,
        depth: 0,
        nodes: 0,
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

/// [`choose_hole`] with the search's figures.
pub fn choose(
    rules: &Rules,
    pos: &Position,
    me: Player,
    level: Level,
    seed: u64,
) -> Option<Choice> {
    let legal = pos.legal_holes(rules, me);
    if legal.is_empty() {
        return None;
    }
    let mut rng = RandomPlayer::new(seed ^ 0x5eed_c0de);
    let plain = |hole| Choice {
        hole,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    let (depth, budget) = match level {
        Level::Random => return Some(plain(legal[rng.index(legal.len())])),
        Level::Beginner => {
            if rng.index(4) == 0 {
                return Some(plain(legal[rng.index(legal.len())]));
            }
            (1, u64::MAX)
        }
        Level::Greedy => (1, u64::MAX),
        Level::Search { depth, nodes } => (depth, nodes),
    };
    if pos.to_move() == Some(ToMove::Both) {
        return Some(simultaneous(rules, pos, me, depth, budget, &mut rng));
    }
    let best = search(rules, pos, me, depth, budget)?;
    if level == Level::Greedy || level == Level::Beginner {
        // Among equals, a seeded pick rather than always the lowest hole.
        let mut s = Search {
            rules,
            me,
            nodes: 0,
            budget: u64::MAX,
            table: HashMap::default(),
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
    Some(best)
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
                            let c = search(rules, &next, p, depth.saturating_sub(1).max(1), share);
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
    // Draw from the mixed strategy with the seed (in thousandths).
    let scaled: Vec<u32> = weights
        .iter()
        .map(|w| (w * 1000.0).round() as u32)
        .collect();
    let total: u32 = scaled.iter().sum::<u32>().max(1);
    let mut r = rng.index(total as usize) as u32;
    let mut pick = mine[0];
    for (i, &w) in scaled.iter().enumerate() {
        if r < w {
            pick = mine[i];
            break;
        }
        r -= w;
    }
    Choice {
        hole: pick,
        score: 0,
        depth,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_plays_legal_moves_to_the_end() {
        let rules = Rules::default();
        for name in Level::NAMES {
            let level = match Level::from_name(name).unwrap() {
                Level::Search { depth, .. } => Level::Search {
                    depth,
                    nodes: 3_000,
                },
                l => l,
            };
            let mut pos = Position::new(&rules);
            let mut turns = 0;
            while let Some(ToMove::One(p)) = pos.to_move() {
                let k = choose_hole(&rules, &pos, p, level, turns).unwrap();
                pos.play_fast(&rules, Move::Hole(k)).unwrap();
                turns += 1;
            }
            assert!(pos.is_over(), "{name}");
        }
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
        // One ply deep, the capture is the best move.
        assert_eq!(search(&rules, &pos, Player::A, 1, 5_000).unwrap().hole, 1);
        // Deeper, A4 first is better still: its seed ends in A's store (an
        // extra turn), and the capture follows; the search sees a won game.
        let c = search(&rules, &pos, Player::A, 6, 5_000).unwrap();
        assert_eq!(c.hole, 4);
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
