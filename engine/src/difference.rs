//! One way to compare two positions: where they differ.
//!
//! [`Position`]'s `PartialEq` says whether two positions are the same state;
//! [`Position::difference`] (and [`Snapshot::difference`] for two boards as
//! JSON) says where they are not: which holes and stores, whether the seeds
//! lost differ, whether one game is over, and whether the rest of the state
//! (who moves, the opening's hands, the counts) differs. The divergence
//! finder, [`Position::plays_differently`] and the app's "places that
//! differ" marks all read it.

use crate::game::{Position, Snapshot};
use crate::rules::Player;
use crate::topology::Place;

/// Where two positions (or two snapshots) differ.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Difference {
    /// The boards have different sizes: nothing else is compared (`places`
    /// is empty).
    pub sizes: bool,
    /// The holes (seeds, burnt or ngacang status) and stores that differ, A's
    /// holes 1..=n, A's store, then B's.
    pub places: Vec<Place>,
    /// The seeds lost into burnt holes differ.
    pub lost: bool,
    /// One game is over and the other is not.
    pub over: bool,
    /// The rest of the state differs: who moves next, the opening's hands,
    /// the outcome, the round or the move counts.
    pub state: bool,
}

impl Difference {
    /// Whether the boards themselves differ (size, a place, or the seeds lost).
    pub fn board(&self) -> bool {
        self.sizes || !self.places.is_empty() || self.lost
    }
    /// Whether anything differs; for two positions, the same as `a != b`.
    pub fn any(&self) -> bool {
        self.board() || self.over || self.state
    }
}

/// What the one comparison reads of a board.
trait Compared {
    fn size(&self) -> u8;
    fn seeds_at(&self, p: Player, k: u8) -> u16;
    fn store_of(&self, p: Player) -> u16;
    fn burnt_at(&self, p: Player, k: u8) -> bool;
    fn ngacang_at(&self, p: Player, k: u8) -> bool;
    fn lost_seeds(&self) -> Option<u16>;
    fn over(&self) -> bool;
    /// Everything else, compared as a whole.
    fn same_state(&self, other: &Self) -> bool;
}

fn difference<B: Compared>(a: &B, b: &B) -> Difference {
    let mut d = Difference {
        sizes: a.size() != b.size(),
        lost: a.lost_seeds() != b.lost_seeds(),
        over: a.over() != b.over(),
        state: !a.same_state(b),
        places: Vec::new(),
    };
    if d.sizes {
        return d;
    }
    for side in Player::BOTH {
        for hole in 1..=a.size() {
            if a.seeds_at(side, hole) != b.seeds_at(side, hole)
                || a.burnt_at(side, hole) != b.burnt_at(side, hole)
                || a.ngacang_at(side, hole) != b.ngacang_at(side, hole)
            {
                d.places.push(Place::Hole { side, hole });
            }
        }
        if a.store_of(side) != b.store_of(side) {
            d.places.push(Place::Store { side });
        }
    }
    d
}

impl Compared for Position {
    fn size(&self) -> u8 {
        self.board.topo.holes() as u8
    }
    fn seeds_at(&self, p: Player, k: u8) -> u16 {
        self.seeds(p, k)
    }
    fn store_of(&self, p: Player) -> u16 {
        self.store(p)
    }
    fn burnt_at(&self, p: Player, k: u8) -> bool {
        self.is_burnt(p, k)
    }
    fn ngacang_at(&self, p: Player, k: u8) -> bool {
        self.is_ngacang(p, k)
    }
    fn lost_seeds(&self) -> Option<u16> {
        Some(self.lost())
    }
    fn over(&self) -> bool {
        self.is_over()
    }
    fn same_state(&self, other: &Self) -> bool {
        // The board is compared place by place above; the rest as a whole.
        let mut mine = *self;
        mine.board = other.board;
        mine == *other
    }
}

impl Compared for Snapshot {
    fn size(&self) -> u8 {
        self.holes[Player::A].len() as u8
    }
    fn seeds_at(&self, p: Player, k: u8) -> u16 {
        // A snapshot read from elsewhere may be short: a missing hole holds none.
        self.holes[p].get(k as usize - 1).copied().unwrap_or(0)
    }
    fn store_of(&self, p: Player) -> u16 {
        *self.stores.get(p)
    }
    fn burnt_at(&self, p: Player, k: u8) -> bool {
        self.burnt.get(p).contains(&k)
    }
    fn ngacang_at(&self, p: Player, k: u8) -> bool {
        self.ngacang.get(p).contains(&k)
    }
    fn lost_seeds(&self) -> Option<u16> {
        None
    }
    fn over(&self) -> bool {
        self.over
    }
    fn same_state(&self, other: &Self) -> bool {
        (
            &self.next,
            &self.legal,
            &self.legal_b,
            &self.winner,
            self.round,
        ) == (
            &other.next,
            &other.legal,
            &other.legal_b,
            &other.winner,
            other.round,
        )
    }
}

impl Position {
    /// Where this position and `other` differ (see [`Difference`]); the one
    /// comparison of two positions.
    pub fn difference(&self, other: &Position) -> Difference {
        difference(self, other)
    }
}

impl Snapshot {
    /// Where this snapshot and `other` differ (see [`Difference`]); the
    /// seeds lost are not in a snapshot, so `lost` is always false.
    pub fn difference(&self, other: &Snapshot) -> Difference {
        difference(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Rules};

    #[test]
    fn the_same_position_has_no_difference() {
        let p = Position::new(&Rules::default());
        assert_eq!(p.difference(&p), Difference::default());
        assert!(!p.difference(&p).any());
    }

    #[test]
    fn a_move_marks_the_places_it_changed() {
        let r = Rules::default();
        let a = Position::new(&r);
        let b = a.replay(&r, &[Move::Hole(1)]).unwrap();
        let d = a.difference(&b);
        // Seven seeds from A's hole 1: holes 1..=7 of A change (hole 1 empties,
        // 2..=7 gain one) and A's store gains the last seed.
        let mut want: Vec<Place> = (1..=7)
            .map(|hole| Place::Hole {
                side: Player::A,
                hole,
            })
            .collect();
        want.push(Place::Store { side: Player::A });
        assert_eq!(d.places, want);
        assert!(d.board() && !d.over && !d.sizes && !d.lost);
        // A moves again after ending in the store, but the move counts differ.
        assert!(d.state);
        // The snapshots mark the same places.
        assert_eq!(a.snapshot(&r).difference(&b.snapshot(&r)).places, want);
    }

    #[test]
    fn boards_of_different_sizes_differ_in_size_only() {
        let small = Rules::new(crate::Clauses {
            holes: 5,
            ..crate::Clauses::default()
        })
        .expect("valid rules");
        let d = Position::new(&small).difference(&Position::new(&Rules::default()));
        assert!(d.sizes && d.board() && d.places.is_empty());
    }

    #[test]
    fn any_difference_is_inequality() {
        let r = Rules::default();
        let game = crate::random_game(&r, 7);
        let start = Position::new(&r);
        let mut prev = start;
        for &m in &game.moves {
            let mut next = prev;
            next.play_fast(&r, m).unwrap();
            assert_eq!(prev.difference(&next).any(), prev != next);
            assert!(!next.difference(&next).any());
            prev = next;
        }
    }
}
