//! The computer opponent behind a message interface.
//!
//! A [`MoveRequest`] is plain data (the rules, the seed, the moves so far,
//! the side, the level) and the answer is a hole number: [`ask`] posts it to
//! the engine's worker ([`crate::worker`]), so the page never freezes while
//! the computer thinks. The engine chooses the move
//! ([`congklak::choose_hole`]); this module only carries the question.

use crate::state::PlayState;
use crate::worker::{submit, Job, Reply};
use congklak::{choose_hole, Level, Move, Player, Position, Rules};
use leptos::prelude::set_timeout;
use std::time::Duration;

/// A question for the computer. It carries the rules themselves, not a pack
/// id, so the worker needs no packs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// The rules of the game.
    pub rules: Rules,
    /// The game's seed.
    pub seed: u64,
    /// The moves on the board, from the start.
    pub moves: Vec<Move>,
    /// The computer's side.
    pub side: Player,
    /// The level's name (see [`Level::NAMES`]).
    pub level: String,
}

impl MoveRequest {
    /// The question for the computer playing `side` in `state`.
    pub fn new(state: &PlayState, side: Player, level: &str) -> MoveRequest {
        MoveRequest {
            rules: state.rules.clone(),
            seed: state.record.seed,
            moves: state.record.moves[..state.cursor].to_vec(),
            side,
            level: level.to_string(),
        }
    }
}

/// The computer's hole for a request: the position rebuilt from the moves, the hole chosen by the engine.
pub fn answer(req: &MoveRequest) -> Result<u8, String> {
    let level = Level::from_name(&req.level).ok_or_else(|| format!("no level `{}`", req.level))?;
    let pos = Position::new(&req.rules)
        .replay(&req.rules, &req.moves)
        .map_err(|e| e.to_string())?;
    // The seed makes the computer's choices repeatable for a game.
    let seed = req.seed ^ (req.moves.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    choose_hole(&req.rules, &pos, req.side, level, seed)
        .ok_or_else(|| "the computer has no legal move".to_string())
}

/// Asks the computer after `delay_ms`; `reply` gets the answer once the worker has it.
pub fn ask(req: MoveRequest, delay_ms: u64, reply: impl FnOnce(Result<u8, String>) + 'static) {
    set_timeout(
        move || {
            submit(Job::Move(req), move |r| match r {
                Reply::Move(answer) => reply(answer),
                _ => reply(Err("the worker answered another question".into())),
            });
        },
        Duration::from_millis(delay_ms),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{install_packs, packs};
    use congklak::PackSet;

    #[test]
    fn answers_a_legal_hole_deterministically() {
        install_packs(PackSet::builtin());
        let s = PlayState::new(packs().get("umum").unwrap(), 7, None, 3);
        let req = MoveRequest::new(&s, Player::A, "medium");
        let k = answer(&req).unwrap();
        assert!(s.position().legal_holes(&s.rules, Player::A).contains(&k));
        assert_eq!(answer(&req), answer(&req.clone()), "deterministic");
        let bad = MoveRequest {
            level: "grandmaster".into(),
            ..req
        };
        assert!(answer(&bad).is_err());
    }
}
