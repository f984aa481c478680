//! The computer opponent behind a message interface.
//!
//! A [`MoveRequest`] is plain data (the game record, the cursor, the side,
//! the level) and the answer is a hole number, so the question can be posted
//! to a Web Worker unchanged. For now [`ask`] answers on the main thread after
//! yielding to the browser (a timeout), so the page paints first; the strong
//! opponent and the worker come with the AI issue. The engine chooses the
//! move ([`congklak::choose_hole`]); this module only carries the question.

use crate::state::PlayState;
use congklak::{choose_hole, Level, Player};
use leptos::prelude::set_timeout;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A question for the computer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRequest {
    /// The game record's text.
    pub record: String,
    /// How many of its moves are on the board.
    pub cursor: usize,
    /// The computer's side.
    pub side: Player,
    /// The level's name (see [`Level::NAMES`]).
    pub level: String,
}

impl MoveRequest {
    /// The question for the computer playing `side` in `state`.
    pub fn new(state: &PlayState, side: Player, level: &str) -> MoveRequest {
        MoveRequest {
            record: state.record.to_text(),
            cursor: state.cursor,
            side,
            level: level.to_string(),
        }
    }
}

/// The computer's hole for a request: rebuilt from the record, chosen by the engine.
pub fn answer(req: &MoveRequest) -> Result<u8, String> {
    let state = PlayState::from_text(&req.record, Some(req.cursor))?;
    let level = Level::from_name(&req.level).ok_or_else(|| format!("no level `{}`", req.level))?;
    let pos = state.position();
    // The seed makes the computer's choices repeatable for a game.
    let seed = state.record.seed ^ (req.cursor as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    choose_hole(&state.rules, &pos, req.side, level, seed)
        .ok_or_else(|| "the computer has no legal move".to_string())
}

/// Asks the computer; `reply` gets the answer once it is ready.
pub fn ask(req: MoveRequest, delay_ms: u64, reply: impl FnOnce(Result<u8, String>) + 'static) {
    set_timeout(move || reply(answer(&req)), Duration::from_millis(delay_ms));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{install_packs, packs};
    use congklak::PackSet;

    #[test]
    fn answers_a_legal_hole_and_round_trips_as_json() {
        install_packs(PackSet::builtin());
        let s = PlayState::new(packs().get("umum").unwrap(), 7, None, 3);
        let req = MoveRequest::new(&s, Player::A, "medium");
        let json = serde_json::to_string(&req).unwrap();
        let back: MoveRequest = serde_json::from_str(&json).unwrap();
        assert_eq!(back, req);
        let k = answer(&req).unwrap();
        assert!(s.position().legal_holes(&s.rules, Player::A).contains(&k));
        assert_eq!(answer(&req), answer(&back), "deterministic");
        let bad = MoveRequest {
            level: "grandmaster".into(),
            ..req
        };
        assert!(answer(&bad).is_err());
    }
}
