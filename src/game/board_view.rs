//! What the board shows, and how a turn's events are replayed on it.
//!
//! The renderer knows no rule: it starts from the engine's position and
//! follows the engine's events one by one (a seed dropped here, a hole picked
//! up there). Animation frames come from the events, as do the written
//! summary of a turn and the live region's announcement
//! ([`crate::ui::board_text`]).

use congklak::{Event, Follower, Position, Snapshot};
use std::ops::{Deref, DerefMut};

/// The counts on the board, as a renderer shows them: the engine's event
/// follower ([`Follower`]), which the property tests check against the
/// engine's board after every turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView(pub Follower);

impl Deref for BoardView {
    type Target = Follower;
    fn deref(&self) -> &Follower {
        &self.0
    }
}

impl DerefMut for BoardView {
    fn deref_mut(&mut self) -> &mut Follower {
        &mut self.0
    }
}

impl BoardView {
    /// The view of a position.
    pub fn of(pos: &Position) -> BoardView {
        BoardView(Follower::new(pos))
    }

    /// The view of a snapshot.
    pub fn of_snapshot(s: &Snapshot) -> BoardView {
        BoardView(Follower::from_snapshot(s))
    }

    /// Follows one event. Returns whether it changed what is on screen (a
    /// frame to show); an event that does not fit is shown as far as it goes.
    pub fn apply(&mut self, e: &Event) -> bool {
        self.0.apply(e).unwrap_or(true)
    }

    /// The frames of a turn: the view after each visible event, from `start`.
    pub fn frames(start: &BoardView, events: &[Event]) -> Vec<BoardView> {
        start.0.frames(events).into_iter().map(BoardView).collect()
    }
}
