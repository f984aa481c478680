//! One event follower: a board that only follows a turn's events.
//!
//! The renderer animates a turn by applying its [`Event`]s one by one to a
//! [`Follower`] and drawing it after each visible step; the property tests
//! apply the same events to the same type and check that it ends on the
//! engine's board, conserving seeds at every step. A follower knows no rule:
//! everything it does is what the events say.

use crate::game::{Position, Snapshot};
use crate::rules::{PerPlayer, Player};
use crate::sow::Event;
use crate::topology::{Place, Topology, MAX_HOLES};
use std::fmt;

/// A board as the events leave it: seeds in every hole and store, seeds in
/// each hand, seeds lost, burnt and ngacang holes, and where each hand is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Follower {
    topo: Topology,
    /// Seeds at each ring index (holes and stores), as [`Position::cells`].
    cells: Vec<u16>,
    burnt: PerPlayer<Vec<bool>>,
    ngacang: PerPlayer<Vec<bool>>,
    hands: PerPlayer<u16>,
    lost: u16,
    focus: PerPlayer<Option<Place>>,
}

/// An event that does not fit the board it is applied to (the follower
/// still applies it as far as it can, never going below zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowError {
    /// The event names a hole off this board.
    OffBoard(Place),
    /// A scoop or relay took a different count than the hole held.
    PartialPickUp {
        /// The hole picked up.
        place: Place,
        /// Seeds it held.
        held: u16,
        /// Seeds the event says were taken.
        taken: u16,
    },
    /// A hand dropped a seed it did not hold.
    EmptyHand(Player),
    /// A place would hold fewer than no seeds.
    BelowZero(Place),
    /// A capture banked more than the facing hole and the one landing seed.
    Capture(Place),
    /// Seeds banked from a side are not the seeds on it.
    Bank {
        /// Whose side.
        side: Player,
        /// Seeds on it.
        held: u16,
        /// Seeds the event says were banked.
        banked: u16,
    },
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::OffBoard(p) => write!(f, "{p:?} is not on this board"),
            FollowError::PartialPickUp { place, held, taken } => {
                write!(
                    f,
                    "{taken} seeds picked up from {place:?}, which held {held}"
                )
            }
            FollowError::EmptyHand(p) => write!(f, "{p}'s hand dropped a seed it did not hold"),
            FollowError::BelowZero(p) => write!(f, "{p:?} would hold fewer than no seeds"),
            FollowError::Capture(p) => {
                write!(
                    f,
                    "a capture at {p:?} banked more than the facing hole and the last seed"
                )
            }
            FollowError::Bank { side, held, banked } => write!(
                f,
                "{banked} seeds banked from {side}'s side, which held {held}"
            ),
        }
    }
}

impl std::error::Error for FollowError {}

impl Follower {
    /// The board of a position, hands empty.
    pub fn new(pos: &Position) -> Follower {
        let n = pos.topology().holes() as u8;
        let marks = |f: &dyn Fn(Player, u8) -> bool| {
            PerPlayer::from_fn(|p| (1..=n).map(|k| f(p, k)).collect::<Vec<bool>>())
        };
        Follower {
            topo: pos.topology(),
            cells: pos.cells().to_vec(),
            burnt: marks(&|p, k| pos.is_burnt(p, k)),
            ngacang: marks(&|p, k| pos.is_ngacang(p, k)),
            hands: PerPlayer::default(),
            lost: pos.lost(),
            focus: PerPlayer::default(),
        }
    }

    /// The board of a snapshot (seeds lost are not in one: none). A
    /// snapshot read from elsewhere with a size off the board is drawn on
    /// the nearest size, missing holes empty.
    pub fn from_snapshot(s: &Snapshot) -> Follower {
        let n = s.holes[Player::A].len().clamp(3, MAX_HOLES) as u8;
        let topo = Topology::new(n);
        let mut cells = vec![0; topo.ring()];
        for p in Player::BOTH {
            for (k, &seeds) in (1..=n).zip(s.holes.get(p)) {
                cells[topo.hole(p, k)] = seeds;
            }
            cells[topo.store(p)] = *s.stores.get(p);
        }
        let marks = |list: &PerPlayer<Vec<u8>>| {
            PerPlayer::from_fn(|p| (1..=n).map(|k| list[p].contains(&k)).collect())
        };
        Follower {
            topo,
            cells,
            burnt: marks(&s.burnt),
            ngacang: marks(&s.ngacang),
            hands: PerPlayer::default(),
            lost: 0,
            focus: PerPlayer::default(),
        }
    }

    /// Holes a side.
    pub fn holes(&self) -> u8 {
        self.topo.holes() as u8
    }
    /// The board's ring cells, as [`Position::cells`].
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }
    /// Seeds at a place (none off the board).
    pub fn at(&self, place: Place) -> u16 {
        self.topo.index_of(place).map_or(0, |i| self.cells[i])
    }
    /// Seeds in a player's hole `k` (none off the board).
    pub fn seeds(&self, p: Player, k: u8) -> u16 {
        self.at(Place::Hole { side: p, hole: k })
    }
    /// Seeds in a player's store.
    pub fn store(&self, p: Player) -> u16 {
        self.cells[self.topo.store(p)]
    }
    /// Whether a player's hole is burnt.
    pub fn is_burnt(&self, p: Player, k: u8) -> bool {
        self.burnt[p]
            .get((k as usize).wrapping_sub(1))
            .copied()
            .unwrap_or(false)
    }
    /// Whether a player's hole is a protected ngacang hole.
    pub fn is_ngacang(&self, p: Player, k: u8) -> bool {
        self.ngacang[p]
            .get((k as usize).wrapping_sub(1))
            .copied()
            .unwrap_or(false)
    }
    /// Seeds in a player's hand while sowing.
    pub fn hand(&self, p: Player) -> u16 {
        self.hands[p]
    }
    /// Seeds lost into burnt holes.
    pub fn lost(&self) -> u16 {
        self.lost
    }
    /// Where a player's hand is, while it sows.
    pub fn focus(&self, p: Player) -> Option<Place> {
        self.focus[p]
    }
    /// Whether a hand is at `place`.
    pub fn has_focus(&self, place: Place) -> bool {
        self.focus.iter().any(|&f| f == Some(place))
    }
    /// Forgets where the hands are (the turn is over).
    pub fn clear_focus(&mut self) {
        self.focus = PerPlayer::default();
    }
    /// Every seed: on the board, in hands and lost. Constant through a turn
    /// whose events fit the board.
    pub fn total(&self) -> u32 {
        self.cells.iter().map(|&c| c as u32).sum::<u32>()
            + self.hands.iter().map(|&h| h as u32).sum::<u32>()
            + self.lost as u32
    }

    fn index(&self, place: Place) -> Result<usize, FollowError> {
        self.topo
            .index_of(place)
            .ok_or(FollowError::OffBoard(place))
    }

    fn add(&mut self, place: Place, seeds: u16) -> Result<(), FollowError> {
        let i = self.index(place)?;
        self.cells[i] = self.cells[i].saturating_add(seeds);
        Ok(())
    }

    fn take(&mut self, place: Place, seeds: u16) -> Result<(), FollowError> {
        let i = self.index(place)?;
        let held = self.cells[i];
        self.cells[i] = held.saturating_sub(seeds);
        if held < seeds {
            return Err(FollowError::BelowZero(place));
        }
        Ok(())
    }

    fn drop_seed(&mut self, p: Player) -> Result<(), FollowError> {
        let h = &mut self.hands[p];
        if *h == 0 {
            return Err(FollowError::EmptyHand(p));
        }
        *h -= 1;
        Ok(())
    }

    fn pick_up(&mut self, p: Player, from: Place, seeds: u16) -> Result<(), FollowError> {
        let i = self.index(from)?;
        let held = std::mem::take(&mut self.cells[i]);
        self.hands[p] = self.hands[p].saturating_add(seeds);
        self.focus[p] = Some(from);
        if held != seeds {
            return Err(FollowError::PartialPickUp {
                place: from,
                held,
                taken: seeds,
            });
        }
        Ok(())
    }

    fn capture(
        &mut self,
        p: Player,
        landing: Place,
        from: Place,
        seeds: u16,
    ) -> Result<(), FollowError> {
        let i = self.index(from)?;
        let taken = std::mem::take(&mut self.cells[i]);
        let sower = seeds.saturating_sub(taken);
        self.focus[p] = Some(from);
        self.add(Place::Store { side: p }, seeds)?;
        self.take(landing, sower)?;
        if sower > 1 || taken > seeds {
            return Err(FollowError::Capture(landing));
        }
        Ok(())
    }

    fn bank(&mut self, side: Player, to: Player, seeds: u16) -> Result<(), FollowError> {
        let mut held = 0u16;
        for k in 1..=self.holes() {
            let i = self.topo.hole(side, k);
            held = held.saturating_add(std::mem::take(&mut self.cells[i]));
        }
        self.add(Place::Store { side: to }, seeds)?;
        if held != seeds {
            return Err(FollowError::Bank {
                side,
                held,
                banked: seeds,
            });
        }
        Ok(())
    }

    fn refill(&mut self, p: Player, holes: &[u16], burnt: &[u8], ngacang: &[u8], store: u16) {
        let n = self.holes();
        for (k, &seeds) in (1..=n).zip(holes) {
            let i = self.topo.hole(p, k);
            self.cells[i] = seeds;
        }
        let i = self.topo.store(p);
        self.cells[i] = store;
        self.burnt[p] = (1..=n).map(|k| burnt.contains(&k)).collect();
        self.ngacang[p] = (1..=n).map(|k| ngacang.contains(&k)).collect();
    }

    /// Follows one event. `Ok(true)` when it changed the board (a frame to
    /// show), `Ok(false)` when it did not. An event that does not fit the
    /// board is an error; it is still applied as far as it goes, so a
    /// renderer may go on.
    pub fn apply(&mut self, e: &Event) -> Result<bool, FollowError> {
        match e {
            Event::Scoop {
                player,
                from,
                seeds,
            }
            | Event::Relay {
                player,
                from,
                seeds,
            } => self.pick_up(*player, *from, *seeds)?,
            Event::Sow { player, to } => {
                self.add(*to, 1)?;
                self.focus[*player] = Some(*to);
                self.drop_seed(*player)?;
            }
            Event::Capture {
                player,
                landing,
                from,
                seeds,
            } => self.capture(*player, *landing, *from, *seeds)?,
            Event::BurntForfeit { player, at, to } => {
                match to {
                    Some(q) => self.add(Place::Store { side: *q }, 1)?,
                    None => self.lost = self.lost.saturating_add(1),
                }
                self.focus[*player] = Some(*at);
                self.drop_seed(*player)?;
            }
            Event::Bank { side, to, seeds } => self.bank(*side, *to, *seeds)?,
            Event::Refill {
                player,
                holes,
                burnt,
                ngacang,
                store,
            } => self.refill(*player, holes, burnt, ngacang, *store),
            Event::Stop { player, .. } | Event::ExtraTurn { player } => {
                self.focus[*player] = None;
                return Ok(false);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The boards of a turn: this board after each event that changed it,
    /// then the board at the end with the hands' places forgotten. Events
    /// that do not fit are applied as far as they go.
    pub fn frames(&self, events: &[Event]) -> Vec<Follower> {
        let mut board = self.clone();
        let mut out = Vec::new();
        for e in events {
            if board.apply(e).unwrap_or(true) {
                out.push(board.clone());
            }
        }
        board.clear_focus();
        out.push(board);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Move, Rules};

    #[test]
    fn following_a_turn_ends_on_the_engine_board() {
        let mut game = Game::new(Rules::default());
        let mut board = Follower::new(game.position());
        let total = board.total();
        let turn = game.play(Move::Hole(3)).unwrap();
        for e in &turn.events {
            board.apply(e).unwrap();
            assert_eq!(board.total(), total);
        }
        assert_eq!(board.cells(), game.position().cells());
        let frames =
            Follower::new(&Game::new(Rules::default()).position().clone()).frames(&turn.events);
        assert_eq!(frames.last().unwrap().cells(), game.position().cells());
        assert_eq!(frames.last().unwrap().focus(Player::A), None);
    }

    #[test]
    fn an_event_that_does_not_fit_is_an_error_and_goes_no_lower_than_zero() {
        let pos = Position::new(&Rules::default());
        let mut board = Follower::new(&pos);
        let hole = Place::Hole {
            side: Player::A,
            hole: 1,
        };
        assert_eq!(
            board.apply(&Event::Scoop {
                player: Player::A,
                from: hole,
                seeds: 3
            }),
            Err(FollowError::PartialPickUp {
                place: hole,
                held: 7,
                taken: 3
            })
        );
        assert_eq!(board.at(hole), 0);
        assert_eq!(
            board.apply(&Event::Sow {
                player: Player::B,
                to: hole
            }),
            Err(FollowError::EmptyHand(Player::B))
        );
        let off = Place::Hole {
            side: Player::B,
            hole: 9,
        };
        assert_eq!(
            board.apply(&Event::Sow {
                player: Player::A,
                to: off
            }),
            Err(FollowError::OffBoard(off))
        );
    }

    #[test]
    fn a_snapshot_of_the_wrong_shape_is_drawn_without_a_panic() {
        let r = Rules::default();
        let mut s = Position::new(&r).snapshot(&r);
        s.holes[Player::B].truncate(2);
        s.holes[Player::A].clear();
        let board = Follower::from_snapshot(&s);
        assert_eq!(board.holes(), 3);
        assert_eq!(board.seeds(Player::B, 2), 7);
        assert_eq!(board.seeds(Player::B, 3), 0);
        let whole = Position::new(&r).snapshot(&r);
        assert!(whole.difference(&s).any());
        assert!(s.difference(&whole).sizes);
    }

    #[test]
    fn a_snapshot_gives_the_same_board_as_its_position() {
        let r = Rules::default();
        let pos = Position::new(&r)
            .replay(&r, &[Move::Hole(1), Move::Hole(4)])
            .unwrap();
        assert_eq!(
            Follower::from_snapshot(&pos.snapshot(&r)),
            Follower::new(&pos)
        );
    }
}
