//! Game analysis: how much each move gave away against the best move.
//!
//! A move is marked against perfect play where the solver finishes within
//! its budget ([`ANALYSIS_SOLVE`]): the value of the position before the
//! move (A's seeds minus B's at the end of the game, or of the round in a
//! game of several rounds) against the value after the move played. Where
//! the solver does not finish, the move is marked by `hardest`'s search
//! ([`ANALYSIS_SEARCH_NODES`] positions for each legal hole): an estimate,
//! and said so ([`MoveMark::exact`] is `false`).
//!
//! A simultaneous pick (both players choose at once) is not marked: its
//! worth depends on the other player's pick.

use crate::ai::{search_with, SolveBudget};
use crate::endgame::round_result;
use crate::endgame::EndgameTable;
use crate::game::{Move, Position, ToMove};
use crate::rules::{Player, Rules};
use crate::solve::{solve, Limits, SolveOptions};

/// The solver's budget for marking one move: tried with at most 64 seeds
/// in the holes, 1,000,000 positions with an 8 MiB table.
pub const ANALYSIS_SOLVE: SolveBudget = SolveBudget {
    seeds: 64,
    nodes: 1_000_000,
    table_bytes: 8 << 20,
};

/// Positions `hardest`'s search looks at for each legal hole when the
/// solver does not finish.
pub const ANALYSIS_SEARCH_NODES: u64 = 100_000;

/// One move, marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMark {
    /// Who moved.
    pub player: Player,
    /// The hole played.
    pub played: u8,
    /// The holes that keep the value (the best moves).
    pub best: Vec<u8>,
    /// Seeds the move gave away against the best move (0: it kept the
    /// value), for the player who moved: half the margin it lost, rounded
    /// up, and never more than [`MoveMark::in_play`].
    pub loss: u32,
    /// Seeds in the holes before the move (in play: not yet banked).
    pub in_play: u32,
    /// Whether the mark is the solver's (exact); otherwise the search's estimate.
    pub exact: bool,
}

impl MoveMark {
    /// Whether the move gave seeds away.
    pub fn is_mistake(&self) -> bool {
        self.loss > 0
    }
}

/// Marks the move `played` by the player to move in `before`; `None` if
/// one player does not choose alone there or the hole is not legal.
pub fn mark_move(
    rules: &Rules,
    before: &Position,
    played: u8,
    endgame: Option<&EndgameTable>,
) -> Option<MoveMark> {
    let Some(ToMove::One(player)) = before.to_move() else {
        return None;
    };
    let legal = before.legal_holes(rules, player);
    if !legal.contains(&played) {
        return None;
    }
    exact_mark(rules, before, player, played, endgame)
        .or_else(|| estimated_mark(rules, before, player, played, &legal, endgame))
}

fn options(endgame: Option<&EndgameTable>) -> SolveOptions<'_> {
    SolveOptions {
        table_bytes: ANALYSIS_SOLVE.table_bytes,
        endgame,
    }
}

/// A's margin at the end (of the game or round) with perfect play after
/// `mv`; `None` if the solver does not finish.
fn value_after(
    rules: &Rules,
    before: &Position,
    mv: Move,
    endgame: Option<&EndgameTable>,
) -> Option<i64> {
    let mut next = *before;
    next.play_fast(rules, mv).ok()?;
    if next.is_over() || next.round() != before.round() {
        return Some(round_result(rules, before, mv, &next) as i64);
    }
    let limits = Limits {
        nodes: ANALYSIS_SOLVE.nodes,
        stop: None,
    };
    let sol = solve(rules, &next, &options(endgame), limits).ok()?;
    Some(sol.value.to_f64().round() as i64)
}

fn exact_mark(
    rules: &Rules,
    before: &Position,
    player: Player,
    played: u8,
    endgame: Option<&EndgameTable>,
) -> Option<MoveMark> {
    let in_play = crate::ai::seeds_in_holes(before);
    if in_play > ANALYSIS_SOLVE.seeds {
        return None;
    }
    let limits = Limits {
        nodes: ANALYSIS_SOLVE.nodes,
        stop: None,
    };
    let sol = solve(rules, before, &options(endgame), limits).ok()?;
    let value = sol.value.to_f64().round() as i64;
    let loss = if sol.best.contains(&played) {
        0
    } else {
        let after = value_after(rules, before, Move::Hole(played), endgame)?;
        let d = if player == Player::A {
            value - after
        } else {
            after - value
        };
        seeds_given(d, in_play)
    };
    Some(MoveMark {
        player,
        played,
        best: sol.best,
        loss,
        in_play,
        exact: true,
    })
}

/// The search's estimate of each legal hole for `player`, in seeds.
fn estimated_mark(
    rules: &Rules,
    before: &Position,
    player: Player,
    played: u8,
    legal: &[u8],
    endgame: Option<&EndgameTable>,
) -> Option<MoveMark> {
    let in_play = crate::ai::seeds_in_holes(before);
    // The mover's margin now: whatever happens, the end lies within the
    // seeds in the holes of it.
    let banked = before.store(player) as i64 - before.store(player.other()) as i64;
    let (low, high) = (banked - in_play as i64, banked + in_play as i64);
    let scored: Vec<(u8, i64)> = legal
        .iter()
        .map(|&k| {
            let mut next = *before;
            let _ = next.play_fast(rules, Move::Hole(k));
            let seeds = match next.to_move() {
                _ if next.is_over() || next.round() != before.round() => {
                    let m = round_result(rules, before, Move::Hole(k), &next) as i64;
                    if player == Player::A {
                        m
                    } else {
                        -m
                    }
                }
                Some(ToMove::One(q)) => {
                    let c = search_with(rules, &next, q, 30, ANALYSIS_SEARCH_NODES, endgame);
                    let s = c.map_or(0, |c| seeds_of_score(c.score));
                    if q == player {
                        s
                    } else {
                        -s
                    }
                }
                _ => banked,
            };
            (k, seeds.clamp(low, high))
        })
        .collect();
    let top = scored.iter().map(|s| s.1).max()?;
    let mine = scored.iter().find(|s| s.0 == played)?.1;
    Some(MoveMark {
        player,
        played,
        best: scored.iter().filter(|s| s.1 == top).map(|s| s.0).collect(),
        loss: seeds_given(top - mine, in_play),
        in_play,
        exact: false,
    })
}

/// The seeds a lost `margin` stands for: half of it, rounded up (a seed
/// the other player gets instead of the mover moves the margin by two), at
/// most the `in_play` seeds that were left to win.
fn seeds_given(margin: i64, in_play: u32) -> u32 {
    let half = (margin.max(0) + 1) / 2;
    half.min(in_play as i64) as u32
}

/// A search score in seeds: the store difference it stands for (the
/// search counts a seed as 100 and adds a large bonus for a won game).
fn seeds_of_score(score: i32) -> i64 {
    let win = crate::ai::WIN;
    let s = if score >= win / 2 {
        score - win
    } else if score <= -win / 2 {
        score + win
    } else {
        score
    };
    (s as f64 / 100.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::RandomPlayer;

    #[test]
    fn marks_agree_with_the_solver_and_a_best_move_keeps_the_value() {
        let set = crate::PackSet::builtin();
        let mut mistakes = 0;
        for pack in set.all().iter().take(6) {
            let Ok(rules) = pack.rules.edit(|r| {
                r.holes = 4;
                r.seeds_per_hole = 2;
            }) else {
                continue;
            };
            let mut pos = Position::new(&rules);
            let mut rng = RandomPlayer::new(3);
            let mut buf = Vec::new();
            while pos.to_move().is_some() {
                let Some(mv) = rng.choose(&pos, &rules, &mut buf) else {
                    break;
                };
                if let Move::Hole(k) = mv {
                    let m = mark_move(&rules, &pos, k, None).expect("a mark");
                    assert!(m.exact, "{}: the solver finishes on 4 x 2", pack.id);
                    assert_eq!(m.loss == 0, m.best.contains(&k), "{}", pack.id);
                    assert!(m.loss <= m.in_play, "{}: {m:?}", pack.id);
                    assert_eq!(m.in_play, crate::ai::seeds_in_holes(&pos));
                    // Every best move is marked as keeping the value.
                    for &b in &m.best {
                        assert_eq!(mark_move(&rules, &pos, b, None).unwrap().loss, 0);
                    }
                    mistakes += m.is_mistake() as u32;
                }
                pos.play_fast(&rules, mv).unwrap();
            }
        }
        assert!(mistakes > 3, "random play makes mistakes: {mistakes}");
    }

    #[test]
    fn seeds_given_are_half_the_margin_and_no_more_than_were_in_play() {
        assert_eq!(seeds_given(0, 10), 0);
        assert_eq!(seeds_given(-4, 10), 0);
        assert_eq!(
            seeds_given(4, 10),
            2,
            "a seed to the other side moves the margin by two"
        );
        assert_eq!(seeds_given(5, 10), 3);
        assert_eq!(seeds_given(99, 98), 50);
        assert_eq!(seeds_given(199, 98), 98);
        assert_eq!(seeds_given(30, 6), 6);
    }

    #[test]
    fn the_search_estimates_where_the_solver_does_not_finish() {
        let rules = Rules::default(); // 7 x 7: the solver does not finish
        let pos = Position::new(&rules);
        let legal = pos.legal_holes(&rules, Player::A);
        let m = estimated_mark(&rules, &pos, Player::A, legal[0], &legal, None).unwrap();
        assert!(!m.exact);
        assert!(!m.best.is_empty());
        assert_eq!(m.loss == 0, m.best.contains(&legal[0]));
        assert!(m.loss <= m.in_play);
        assert_eq!(m.in_play, 98);
        assert_eq!(seeds_of_score(crate::ai::WIN + 300), 3);
        assert_eq!(seeds_of_score(-crate::ai::WIN - 250), -3);
        assert_eq!(seeds_of_score(-40), 0);
    }
}
