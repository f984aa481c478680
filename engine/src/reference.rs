//! The reference opponent: a rebuild, from its description, of the search of
//! the TypeScript app that came before this engine. A benchmark opponent,
//! not a level offered to players (it is not in [`crate::Level::ALL`]).
//!
//! What it is: plain alpha-beta, full width, to a fixed depth (9), with no
//! transposition table and no move ordering (holes in ascending order). The
//! side of a node is read from who is to move (an extra turn does not
//! alternate); depth counts moves. A leaf is scored for the searching
//! player ("own") by [`reference_evaluate`]; a finished game is
//! ±1,000,000 plus the difference of the final scores.
//!
//! The app deepened iteratively from 1 to 9; without a table or ordering an
//! earlier iteration changes nothing in the last one (the root's holes are
//! searched in the same order, ties to the first), so only the last is run.

use crate::game::{Move, Position, ToMove};
use crate::rules::{CaptureSide, Player, Rules};

/// The reference opponent's depth (moves).
pub const REFERENCE_DEPTH: u8 = 9;

const WIN: i32 = 1_000_000;

/// What the reference search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReferenceChoice {
    /// The hole to play.
    pub hole: u8,
    /// Its score for the mover.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// The reference evaluation of a position for `me`:
/// 100 × (own store − other store)
/// + 3 × (seeds on own side − on the other side)
/// + 18 × (own holes whose seeds end exactly in the own store − the other's)
///   (hole k of n holds exactly n + 1 − k seeds)
/// + 6 × (seeds facing own empty holes − the same for the other), only where
///   capturing is on (`capture_side` not `never`).
///
/// A finished game is ±1,000,000 plus the final score difference (0 for a draw).
pub fn reference_evaluate(rules: &Rules, pos: &Position, me: Player) -> i32 {
    if let Some(o) = pos.outcome() {
        let diff = o.scores[me] as i32 - o.scores[me.other()] as i32;
        return match o.winner {
            Some(p) if p == me => WIN + diff,
            Some(_) => -WIN + diff,
            None => diff,
        };
    }
    let t = pos.board.topo;
    let n = t.holes() as u8;
    let cells = &pos.board.cells;
    let capture = rules.capture_side != CaptureSide::Never;
    let mut side = [0i32; 2];
    let mut exact = [0i32; 2];
    let mut facing = [0i32; 2];
    for p in Player::BOTH {
        let i = p.index();
        for k in 1..=n {
            let s = cells[t.hole(p, k)] as i32;
            side[i] += s;
            if s == (n + 1 - k) as i32 {
                exact[i] += 1;
            }
            if capture && s == 0 && !pos.is_burnt(p, k) {
                facing[i] += cells[t.hole(p.other(), n + 1 - k)] as i32;
            }
        }
    }
    let (m, o) = (me.index(), me.other().index());
    let stores = pos.store(me) as i32 - pos.store(me.other()) as i32;
    100 * stores
        + 3 * (side[m] - side[o])
        + 18 * (exact[m] - exact[o])
        + 6 * (facing[m] - facing[o])
}

struct Reference<'a> {
    rules: &'a Rules,
    me: Player,
    nodes: u64,
}

impl Reference<'_> {
    fn node(&mut self, pos: &Position, depth: u8, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let mover = match pos.to_move() {
            Some(ToMove::One(p)) if depth > 0 => p,
            _ => return reference_evaluate(self.rules, pos, self.me),
        };
        let Some(mut mask) = pos.mover_mask() else {
            return reference_evaluate(self.rules, pos, self.me);
        };
        let maximize = mover == self.me;
        let mut best = if maximize { i32::MIN } else { i32::MAX };
        while mask != 0 {
            let k = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let mut next = *pos;
            if next.play_fast(self.rules, Move::Hole(k)).is_err() {
                continue;
            }
            let s = self.node(&next, depth - 1, alpha, beta);
            if maximize {
                best = best.max(s);
                alpha = alpha.max(s);
            } else {
                best = best.min(s);
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The reference opponent's move for `me` at `pos`, searched `depth` moves
/// deep (the app's is [`REFERENCE_DEPTH`]); `None` when `me` has no move to
/// make alone. Ties go to the lowest hole.
pub fn reference_choose(
    rules: &Rules,
    pos: &Position,
    me: Player,
    depth: u8,
) -> Option<ReferenceChoice> {
    if pos.to_move() != Some(ToMove::One(me)) {
        return None;
    }
    let mut s = Reference {
        rules,
        me,
        nodes: 0,
    };
    let mut best: Option<(u8, i32)> = None;
    for k in pos.legal_holes(rules, me) {
        let mut next = *pos;
        if next.play_fast(rules, Move::Hole(k)).is_err() {
            continue;
        }
        let alpha = best.map_or(i32::MIN, |b| b.1);
        let score = s.node(&next, depth.max(1) - 1, alpha, i32::MAX);
        if best.is_none_or(|b| score > b.1) {
            best = Some((k, score));
        }
    }
    best.map(|(hole, score)| ReferenceChoice {
        hole,
        score,
        nodes: s.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Clauses, PerPlayer, Setup};

    fn position(rules: &Rules, a: Vec<u16>, b: Vec<u16>, stores: (u16, u16)) -> Position {
        let setup = Setup {
            holes: PerPlayer::new(a, b),
            stores: PerPlayer::new(stores.0, stores.1),
            burnt: Default::default(),
            ngacang: Default::default(),
            to_move: Player::A,
            round: 1,
        };
        Position::from_setup(rules, &setup).unwrap()
    }

    #[test]
    fn the_reference_evaluation_of_a_hand_checked_position() {
        let rules = Rules::new(Clauses {
            holes: 4,
            seeds_per_hole: 4,
            ..Clauses::default()
        })
        .unwrap();
        // A: holes 1..4 = [4, 0, 2, 0], store 5; B: [1, 3, 0, 2], store 3.
        // Hole k facing is the other's hole 5 - k.
        let pos = position(&rules, vec![4, 0, 2, 0], vec![1, 3, 0, 2], (5, 3));
        // stores: 5 - 3 = 2 -> 200.
        // sides: 6 - 6 = 0.
        // exact (hole k holds 5 - k): A hole 1 (4) yes, hole 3 (2) yes -> 2;
        //   B hole 3 (0 vs 2) no, hole 4 (2 vs 1) no, hole 1 (1 vs 4) no,
        //   hole 2 (3 vs 3) yes -> 1. 18 x (2 - 1) = 18.
        // facing: A's empty holes 2 and 4 face B's 3 (0) and 1 (1) -> 1;
        //   B's empty hole 3 faces A's 2 (0) -> 0. 6 x (1 - 0) = 6.
        assert_eq!(reference_evaluate(&rules, &pos, Player::A), 224);
        assert_eq!(reference_evaluate(&rules, &pos, Player::B), -224);
        // Without capture the last term goes.
        let no_capture = rules.edit(|c| c.capture_side = CaptureSide::Never).unwrap();
        assert_eq!(reference_evaluate(&no_capture, &pos, Player::A), 218);
    }

    #[test]
    fn the_reference_evaluation_of_a_finished_game() {
        let rules = Rules::new(Clauses {
            holes: 4,
            seeds_per_hole: 4,
            ..Clauses::default()
        })
        .unwrap();
        // A has no seeds and is to move: play stops, B's leftovers go to B.
        let pos = position(&rules, vec![0, 0, 0, 0], vec![1, 0, 0, 2], (20, 9));
        let o = pos.outcome().expect("over");
        assert_eq!((o.scores[Player::A], o.scores[Player::B]), (20, 12));
        assert_eq!(reference_evaluate(&rules, &pos, Player::A), WIN + 8);
        assert_eq!(reference_evaluate(&rules, &pos, Player::B), -WIN - 8);
    }

    #[test]
    fn the_reference_is_a_plain_minimax() {
        // Alpha-beta with no ordering gives the minimax value of plain minimax.
        fn minimax(rules: &Rules, pos: &Position, me: Player, depth: u8) -> i32 {
            let mover = match pos.to_move() {
                Some(ToMove::One(p)) if depth > 0 => p,
                _ => return reference_evaluate(rules, pos, me),
            };
            let scores = pos.legal_holes(rules, mover).into_iter().map(|k| {
                let mut next = *pos;
                next.play_fast(rules, Move::Hole(k)).unwrap();
                minimax(rules, &next, me, depth - 1)
            });
            if mover == me {
                scores.max().unwrap()
            } else {
                scores.min().unwrap()
            }
        }
        let rules = Rules::new(Clauses {
            holes: 5,
            seeds_per_hole: 4,
            ..Clauses::default()
        })
        .unwrap();
        let mut rng = crate::RandomPlayer::new(3);
        let mut buf = Vec::new();
        for game in 0..6 {
            let mut pos = Position::new(&rules);
            for _ in 0..game * 3 {
                match rng.choose(&pos, &rules, &mut buf) {
                    Some(m) => pos.play_fast(&rules, m).unwrap(),
                    None => break,
                }
            }
            let Some(ToMove::One(me)) = pos.to_move() else {
                continue;
            };
            let c = reference_choose(&rules, &pos, me, 4).unwrap();
            let mut next = pos;
            next.play_fast(&rules, Move::Hole(c.hole)).unwrap();
            assert_eq!(c.score, minimax(&rules, &pos, me, 4), "game {game}");
            assert_eq!(minimax(&rules, &next, me, 3), c.score, "game {game}");
        }
    }
}
