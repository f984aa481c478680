//! A computer opponent on the engine's fast path.
//!
//! Shallow search over [`Position::play_fast`]: the same rules code as play,
//! never a copy. Extra turns are handled by asking the position who moves
//! next rather than assuming alternation. The simultaneous opening is played
//! as a simultaneous game: each of our picks is scored by its average over all
//! the other player's picks (both matrices are evaluated; nobody is assumed to
//! move first).

use crate::game::{Move, Position, ToMove};
use crate::rules::{Player, Rules};
use crate::sample::RandomPlayer;

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Picks at random among the legal moves.
    Random,
    /// Takes the move that banks most now; misses a move in four.
    Beginner,
    /// Takes the move that banks most now.
    Greedy,
    /// Looks a few moves ahead.
    Search(u8),
}

impl Level {
    /// Every level's name, easiest first.
    pub const NAMES: &'static [&'static str] = &["random", "beginner", "greedy", "medium", "hard"];

    /// A level by name.
    pub fn from_name(name: &str) -> Option<Level> {
        Some(match name {
            "random" => Level::Random,
            "beginner" => Level::Beginner,
            "greedy" => Level::Greedy,
            "medium" => Level::Search(3),
            "hard" => Level::Search(5),
            _ => return None,
        })
    }
}

/// The score of a position for `me`: store difference, plus the seeds on each
/// side as a small tie-break; a finished game counts its result heavily.
fn evaluate(pos: &Position, me: Player) -> i32 {
    if let Some(o) = pos.outcome() {
        let diff = o.scores[me.index()] as i32 - o.scores[me.other().index()] as i32;
        return diff * 100
            + match o.winner {
                Some(p) if p == me => 10_000,
                Some(_) => -10_000,
                None => 0,
            };
    }
    let stores = pos.store(me) as i32 - pos.store(me.other()) as i32;
    let sides = pos.holes(me).iter().map(|&s| s as i32).sum::<i32>()
        - pos.holes(me.other()).iter().map(|&s| s as i32).sum::<i32>();
    stores * 100 + sides * 10
}

fn search(
    rules: &Rules,
    pos: &Position,
    me: Player,
    depth: u8,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    let mover = match pos.to_move() {
        None => return evaluate(pos, me),
        Some(ToMove::Both) => return evaluate(pos, me),
        Some(ToMove::One(p)) => p,
    };
    if depth == 0 {
        return evaluate(pos, me);
    }
    let moves = pos.legal_moves(rules);
    if mover == me {
        let mut best = i32::MIN;
        for m in moves {
            let mut next = *pos;
            if next.play_fast(rules, m).is_err() {
                continue;
            }
            best = best.max(search(rules, &next, me, depth - 1, alpha, beta));
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    } else {
        let mut best = i32::MAX;
        for m in moves {
            let mut next = *pos;
            if next.play_fast(rules, m).is_err() {
                continue;
            }
            best = best.min(search(rules, &next, me, depth - 1, alpha, beta));
            beta = beta.min(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The score of each of `me`'s holes at a point where `me` must choose; while
/// both choose at once, each hole is averaged over all the other's picks.
fn scored_holes(rules: &Rules, pos: &Position, me: Player, depth: u8) -> Vec<(u8, i32)> {
    let both = pos.to_move() == Some(ToMove::Both);
    let mine = pos.legal_holes(rules, me);
    let theirs = if both {
        pos.legal_holes(rules, me.other())
    } else {
        vec![0]
    };
    mine.iter()
        .map(|&k| {
            let mut sum = 0i64;
            for &j in &theirs {
                let mv = match (both, me) {
                    (false, _) => Move::Hole(k),
                    (true, Player::A) => Move::Both(k, j),
                    (true, Player::B) => Move::Both(j, k),
                };
                let mut next = *pos;
                sum += match next.play_fast(rules, mv) {
                    Ok(()) => search(
                        rules,
                        &next,
                        me,
                        depth.saturating_sub(1),
                        i32::MIN,
                        i32::MAX,
                    ) as i64,
                    Err(_) => i32::MIN as i64,
                };
            }
            (k, (sum / theirs.len() as i64) as i32)
        })
        .collect()
}

/// The hole `me` plays now at `level`, or `None` if `me` has nothing to choose.
/// Deterministic for a given seed.
pub fn choose_hole(
    rules: &Rules,
    pos: &Position,
    me: Player,
    level: Level,
    seed: u64,
) -> Option<u8> {
    let legal = pos.legal_holes(rules, me);
    if legal.is_empty() {
        return None;
    }
    let mut rng = RandomPlayer::new(seed ^ 0x5eed_c0de);
    let depth = match level {
        Level::Random => return Some(legal[rng.index(legal.len())]),
        Level::Beginner => {
            if rng.index(4) == 0 {
                return Some(legal[rng.index(legal.len())]);
            }
            1
        }
        Level::Greedy => 1,
        Level::Search(d) => d.max(1),
    };
    let scored = scored_holes(rules, pos, me, depth);
    let best = scored.iter().map(|s| s.1).max()?;
    let top: Vec<u8> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
    Some(top[rng.index(top.len())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_takes_the_extra_turn_and_never_plays_illegally() {
        let rules = Rules::default();
        let pos = Position::new(&rules);
        // Greedy takes a move whose position after it scores best.
        let after = |k: u8| {
            let mut p = pos;
            p.play_fast(&rules, Move::Hole(k)).unwrap();
            evaluate(&p, Player::A)
        };
        let best = (1..=7).map(after).max().unwrap();
        let k = choose_hole(&rules, &pos, Player::A, Level::Greedy, 1).unwrap();
        assert_eq!(after(k), best);
        for name in Level::NAMES {
            let level = Level::from_name(name).unwrap();
            let mut pos = Position::new(&rules);
            let mut turns = 0;
            while let Some(tm) = pos.to_move() {
                let p = match tm {
                    ToMove::One(p) => p,
                    ToMove::Both => unreachable!("alternating pack"),
                };
                let k = choose_hole(&rules, &pos, p, level, turns).unwrap();
                pos.play_fast(&rules, Move::Hole(k)).unwrap();
                turns += 1;
            }
        }
    }
}
