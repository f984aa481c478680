//! The board's topology: holes, stores, the sowing ring and who faces whom.
//!
//! A board has `n` holes a side (3..=11) and a store ("lumbung") for each
//! player. Each player numbers their own holes 1..n in their sowing order:
//! hole 1 is farthest from their own store, hole n next to it. A player's hole
//! `k` faces the other player's hole `n + 1 - k`.
//!
//! Internally the board is one ring of `2n + 2` places in sowing order:
//! A's holes 1..n, A's store, B's holes 1..n, B's store, and round again.
//! Clockwise with the store on the left and anticlockwise with the store on
//! the right are the same ring drawn two ways: that is presentation data in
//! the pack, never engine logic.

use crate::rules::Player;
use serde::{Deserialize, Serialize};

/// Most holes a side the engine plays.
pub const MAX_HOLES: usize = 11;
/// Places on the largest ring: 2 × 11 holes + 2 stores.
pub const MAX_RING: usize = 2 * MAX_HOLES + 2;

/// A place on the board as a renderer names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Place {
    /// A small hole: its owner and its number 1..=n in the owner's numbering.
    Hole {
        /// Whose side the hole is on.
        side: Player,
        /// 1 (farthest from the owner's store) ..= n (next to it).
        hole: u8,
    },
    /// A player's store (lumbung).
    Store {
        /// Whose store.
        side: Player,
    },
}

/// Index arithmetic for a board of `n` holes a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Topology {
    n: u8,
}

impl Topology {
    /// A board of `n` holes a side; `n` must be 3..=11 (checked by [`crate::Clauses::validate`]).
    pub fn new(n: u8) -> Topology {
        debug_assert!((3..=MAX_HOLES as u8).contains(&n));
        Topology { n }
    }
    /// Holes a side.
    #[inline]
    pub fn holes(self) -> usize {
        self.n as usize
    }
    /// Places on the ring, `2n + 2`.
    #[inline]
    pub fn ring(self) -> usize {
        2 * self.n as usize + 2
    }
    /// The ring index of a player's store.
    #[inline]
    pub fn store(self, p: Player) -> usize {
        self.n as usize + p.index() * (self.n as usize + 1)
    }
    /// The ring index of a player's hole `k` (1..=n).
    #[inline]
    pub fn hole(self, p: Player, k: u8) -> usize {
        p.index() * (self.n as usize + 1) + k as usize - 1
    }
    /// Who owns the place at a ring index (stores included).
    #[inline]
    pub fn owner(self, pos: usize) -> Player {
        if pos <= self.n as usize {
            Player::A
        } else {
            Player::B
        }
    }
    /// Whether a ring index is a store.
    #[inline]
    pub fn is_store(self, pos: usize) -> bool {
        pos == self.n as usize || pos == 2 * self.n as usize + 1
    }
    /// The owner's hole number (1..=n) of a hole's ring index.
    #[inline]
    pub fn hole_number(self, pos: usize) -> u8 {
        // A's holes are 0..n, B's n+1..=2n (no division).
        let n = self.n as usize;
        (if pos <= n { pos + 1 } else { pos - n }) as u8
    }
    /// The ring index of the hole facing the hole at `pos`: hole k faces the other side's n+1-k.
    #[inline]
    pub fn opposite(self, pos: usize) -> usize {
        // A's hole k is at k-1 and faces B's n+1-k at 2n+1-k: the two add up to 2n.
        2 * self.n as usize - pos
    }
    /// The next ring index, ignoring every skip rule.
    #[inline]
    pub fn step(self, pos: usize) -> usize {
        let next = pos + 1;
        if next == self.ring() {
            0
        } else {
            next
        }
    }
    /// The ring index as a renderer's [`Place`].
    pub fn place(self, pos: usize) -> Place {
        let side = self.owner(pos);
        if self.is_store(pos) {
            Place::Store { side }
        } else {
            Place::Hole {
                side,
                hole: self.hole_number(pos),
            }
        }
    }
    /// The ring index of a [`Place`], or `None` if the hole number is off the board.
    pub fn index_of(self, place: Place) -> Option<usize> {
        match place {
            Place::Store { side } => Some(self.store(side)),
            Place::Hole { side, hole } if (1..=self.n).contains(&hole) => {
                Some(self.hole(side, hole))
            }
            Place::Hole { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_facing_hold_on_every_size() {
        for n in 3..=11u8 {
            let t = Topology::new(n);
            assert_eq!(t.ring(), 2 * n as usize + 2);
            for p in Player::BOTH {
                for k in 1..=n {
                    let pos = t.hole(p, k);
                    assert_eq!(t.owner(pos), p);
                    assert_eq!(t.hole_number(pos), k);
                    assert!(!t.is_store(pos));
                    let o = t.opposite(pos);
                    assert_eq!(t.owner(o), p.other());
                    assert_eq!(t.hole_number(o), n + 1 - k);
                    assert_eq!(t.opposite(o), pos);
                    assert_eq!(t.index_of(t.place(pos)), Some(pos));
                }
                // hole n is next to its owner's store in sowing order
                assert_eq!(t.step(t.hole(p, n)), t.store(p));
                assert_eq!(t.owner(t.store(p)), p);
            }
            assert_eq!(t.step(t.store(Player::B)), t.hole(Player::A, 1));
        }
    }
}
