//! The single sowing routine.
//!
//! Everything that moves seeds during play goes through [`Board::sow`]:
//! one seed from a hand into the next place, and, when the hand is empty, what
//! the landing place decides (store, relay, capture or stop). Ordinary moves
//! call it until the hand is done; the simultaneous opening calls it for both
//! hands in lockstep. It is generic over a [`Sink`]: with a `Vec<Event>` it
//! reports every event for a renderer; with [`NoEvents`] the event code is
//! compiled away, which is the fast path used by search and simulation. One
//! implementation of the rules, not two.

use crate::rules::{CaptureLap, CaptureSide, PerPlayer, Player, Relay, Rules, Unfilled};
use crate::topology::{Place, Topology, MAX_HOLES, MAX_RING};
use std::sync::OnceLock;
const _: () = assert!(2 * MAX_RING <= PLACES);

/// Slots in the board arrays: the largest ring (24) rounded up to a power of
/// two, so that `i & 31` indexes them without a bounds check.
pub(crate) const SLOTS: usize = 32;

/// Entries of a ring's place list: twice the largest ring (48) rounded up
/// to a power of two, so that `i & 63` indexes it without a bounds check.
const PLACES: usize = 64;
use serde::{Deserialize, Serialize};

/// What happened, in order, during a turn: enough for a renderer to animate
/// it without knowing any rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A player takes every seed from one of their holes to start sowing.
    Scoop {
        /// Who sows.
        player: Player,
        /// The hole emptied.
        from: Place,
        /// Seeds taken.
        seeds: u16,
    },
    /// One seed dropped into a hole or into the sower's own store.
    Sow {
        /// Whose hand.
        player: Player,
        /// Where it fell.
        to: Place,
    },
    /// The last seed fell in an occupied hole: its seeds are picked up and sown on ("sambung").
    Relay {
        /// Whose hand.
        player: Player,
        /// The hole picked up.
        from: Place,
        /// Seeds picked up (the last seed included).
        seeds: u16,
    },
    /// The last seed fell in the sower's store: they choose a hole again.
    ExtraTurn {
        /// Who moves again.
        player: Player,
    },
    /// A capture ("menembak"): seeds from `from` (and the landing seed when the
    /// rules bank it) go to the player's store.
    Capture {
        /// Who captures.
        player: Player,
        /// Where the last seed landed.
        landing: Place,
        /// The facing hole emptied.
        from: Place,
        /// Seeds that went to the store in all.
        seeds: u16,
    },
    /// A seed sown into a burnt hole: it goes to the sower's opponent's store
    /// (`to` is that player) or is lost (`to` is none).
    BurntForfeit {
        /// Whose hand.
        player: Player,
        /// The burnt hole.
        at: Place,
        /// Whose store received it, if anyone's.
        to: Option<Player>,
    },
    /// The move reached the relay limit: the last seed stays where it fell and the move ends.
    EndlessSowing {
        /// Whose hand.
        player: Player,
        /// Where the last seed stays.
        at: Place,
    },
    /// The hand is empty and the move ends here (empty hole, no relay, burnt hole).
    Stop {
        /// Whose hand.
        player: Player,
        /// Where the last seed fell.
        at: Place,
    },
    /// A player has no legal move and passes.
    Pass {
        /// Who passes.
        player: Player,
    },
    /// The round reached the move limit and ends.
    MoveLimit,
    /// The game reached the round limit and ends.
    RoundLimit,
    /// The game reached [`MAX_GAME_MOVES`](crate::MAX_GAME_MOVES) moves and
    /// ends, scored as when play stops (our rule, so that every game fits a
    /// game record).
    GameMoveLimit,
    /// Seeds left on a side when play stopped go to a store.
    Bank {
        /// Whose side they were on.
        side: Player,
        /// Whose store they go to.
        to: Player,
        /// How many.
        seeds: u16,
    },
    /// A round is over.
    RoundEnd {
        /// Its number, from 1.
        round: u16,
        /// The stores after the leftovers were banked.
        stores: PerPlayer<u16>,
        /// Who had more, if anyone.
        winner: Option<Player>,
    },
    /// A player refills their holes from their store for the next round.
    Refill {
        /// Who refills.
        player: Player,
        /// Seeds now in each hole, hole 1 first.
        holes: Vec<u16>,
        /// Holes burnt (out of play) this round.
        burnt: Vec<u8>,
        /// Protected "ngacang" holes this round.
        ngacang: Vec<u8>,
        /// Seeds left in the store.
        store: u16,
    },
    /// A new round starts.
    RoundStart {
        /// Its number, from 1.
        round: u16,
        /// Who moves first, or none when the round opens simultaneously.
        starter: Option<Player>,
    },
    /// The game is over.
    GameEnd {
        /// Final scores, A then B.
        scores: PerPlayer<u32>,
        /// The winner, or none for a draw.
        winner: Option<Player>,
    },
}

/// Where events go: a `Vec<Event>` collects them, [`NoEvents`] drops them at compile time.
pub trait Sink {
    /// Whether events are wanted at all; `false` compiles the event code away.
    const ON: bool;
    /// Receives one event.
    fn push(&mut self, event: Event);
}

impl Sink for Vec<Event> {
    const ON: bool = true;
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event)
    }
}

/// The fast path's sink: no events.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl Sink for NoEvents {
    const ON: bool = false;
    #[inline(always)]
    fn push(&mut self, _event: Event) {}
}

/// Seeds in a player's hand while sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Hand {
    /// Ring index of the place the last seed went to (or the hole scooped).
    pub pos: u8,
    /// Seeds still in the hand.
    pub seeds: u16,
    /// The lap condition holds: the hand has passed its owner's store
    /// (since the scoop, or since the last pick-up under `per-pickup`).
    pub lap: bool,
    /// Relay pick-ups made in this move.
    pub relays: u32,
}

/// What a hand does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HandState {
    /// Seeds remain: keep sowing.
    Sowing,
    /// The last seed fell in the sower's own store and the rules give another move.
    ExtraTurn,
    /// The move is over.
    Done,
}

/// The places and per-hole status of a board: holes and stores on one ring,
/// burnt and protected holes, seeds lost.
///
/// Hashed without its sowing rings (`rings`), which follow from the
/// rest and the rules: a position's hash is the same as before they were
/// kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub topo: Topology,
    /// Seeds at each ring index (holes and stores).
    pub cells: [u16; SLOTS],
    /// Burnt holes of each side: bit k-1 for hole k.
    pub burnt: PerPlayer<u16>,
    /// Protected "ngacang" holes of each side: bit k-1 for hole k.
    pub ngacang: PerPlayer<u16>,
    /// For each player, the ring positions a hand passes over: the
    /// opponent's store, skipped burnt holes, the opponent's ngacang holes
    /// (derived from the above).
    pub skip: PerPlayer<u32>,
    /// Ring positions whose seeds are diverted (burnt holes that are sown into).
    pub divert: u32,
    /// Seeds forfeited into burnt holes and out of the game.
    pub lost: u16,
    /// Bit i set when ring place i holds seeds: kept in step with `cells` by
    /// every change, so that a player's playable holes are one mask away.
    pub occupied: u32,
    /// Each player's sowing ring (derived, with `skip`).
    pub rings: PerPlayer<SowRing>,
}

/// A player's sowing ring: the places their hand sows into, in ring order,
/// with what the rules say about a last seed there, worked out once per
/// ruleset and hole status (`Board::derive_masks`) instead of once a drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SowRing {
    /// The places, written twice so that a walk of less than a lap never
    /// wraps: every place but those the hand skips. Diverting burnt holes
    /// are on it (their seeds are moved after each sowing). The second
    /// writing adds 32 to each place, so that the list rises throughout
    /// and a run is one interval of a 64-bit mask (`& 31` is the place).
    places: [u8; PLACES],
    /// Places on the ring (once).
    len: u8,
    /// The index of the owner's store on the ring.
    store_at: u8,
    /// The places on the ring, as a mask.
    keep: u32,
    /// Places where a last seed needs a closer look: the owner's store and
    /// burnt holes that divert it.
    special: u32,
    /// Holes where a last seed in an occupied hole may relay: every hole
    /// but the protected ngacang holes (nobody picks those up, 000); the
    /// `relay` clause narrows it at each sowing (a position may be played
    /// under other rules, as the divergence finder does).
    relays_at: u32,
    /// The same on the opponent's side only (`relay = opponent-side`).
    relays_opposite: u32,
    /// The owner's holes where a last seed in an empty hole may capture
    /// (`capture_side = own`): neither it nor the facing hole is a
    /// protected ngacang hole (000); `capture_side` picks from this and
    /// `captures_opposite` at each sowing.
    captures_own: u32,
    /// The same on the opponent's side.
    captures_opposite: u32,
    /// The owner's holes a move may start from when they hold seeds
    /// (neither burnt nor protected).
    movable: u32,
    /// The ring index of the owner's hole 1.
    base: u8,
    /// For each board place, its index on the ring (`SowRing::index`,
    /// looked up once a sowing instead of worked out).
    index_of: [u8; SLOTS],
    /// What a walk may leave out on this ring (`Board::walk_as`):
    /// [`NARROW`] when no burnt hole diverts seeds and no place on the
    /// ring is 16 or more, [`WIDE`] when no burnt hole diverts seeds but
    /// some place is 16 or more (boards of more than seven holes a side),
    /// [`DIVERTS`] when burnt holes divert seeds.
    shape: u8,
}

/// What a walk reads of the sower's ring and the rules ([`Board::setup`]).
#[derive(Clone, Copy)]
struct Setup {
    /// Places on the ring.
    len: usize,
    /// The index of the sower's store on the ring.
    store_at: usize,
    /// The places on the ring, as a mask.
    keep: u32,
    /// The sower's store and burnt holes that divert.
    special: u32,
    /// Holes where a last seed in an occupied hole relays, as the `relay`
    /// clause reads.
    relays_at: u32,
    /// Holes where a last seed in an empty hole may capture, as
    /// `capture_side` reads.
    captures_at: u32,
    /// The ring index of the hand's place.
    from: usize,
}

/// [`SowRing::shape`]: no burnt hole diverts seeds, every place below 16.
const NARROW: u8 = 0;
/// [`SowRing::shape`]: no burnt hole diverts seeds, some place 16 or more.
const WIDE: u8 = 1;
/// [`SowRing::shape`]: burnt holes divert seeds.
const DIVERTS: u8 = 2;

impl SowRing {
    const EMPTY: SowRing = SowRing {
        places: [0; PLACES],
        len: 1,
        store_at: 0,
        keep: 0,
        special: 0,
        relays_at: 0,
        relays_opposite: 0,
        captures_own: 0,
        captures_opposite: 0,
        movable: 0,
        base: 0,
        index_of: [0; SLOTS],
        shape: DIVERTS,
    };

    /// The index on the ring of a place on it.
    #[inline(always)]
    fn index(&self, pos: usize) -> usize {
        // The places below `pos` that the hand skips: usually none or one
        // (the opponent's store), so the bit count is rarely needed.
        let skipped = !self.keep & ((1u32 << (pos & 31)) - 1);
        let count = if skipped & skipped.wrapping_sub(1) == 0 {
            usize::from(skipped != 0)
        } else {
            skipped.count_ones() as usize
        };
        pos - count
    }
}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // The derived order, without the rings.
        self.topo.hash(state);
        self.cells.hash(state);
        self.burnt.hash(state);
        self.ngacang.hash(state);
        self.skip.hash(state);
        self.divert.hash(state);
        self.lost.hash(state);
        self.occupied.hash(state);
    }
}

impl Board {
    /// A fresh board: every hole holds `rules.seeds_per_hole`. Copied from
    /// the empty board of its size ([`Board::empty`]), whose rings hold for
    /// every ruleset: no hole is burnt or protected at the start.
    #[inline]
    pub fn new(rules: &Rules) -> Board {
        let mut board = *Board::one_a_hole(rules.holes);
        board.seed(rules.seeds_per_hole);
        board
    }

    /// The board [`Board::one_a_hole`] gave, copied in place, with `seeds`
    /// in each hole instead of one: the start of a game.
    #[inline(always)]
    pub fn seed(&mut self, seeds: u16) {
        // Stores and places beyond the board hold none: no branch, and
        // the compiler multiplies several places at once.
        for cell in &mut self.cells {
            *cell *= seeds;
        }
        if seeds == 0 {
            self.occupied = 0;
        }
    }

    /// The board of `n` holes a side with one seed in each hole and no hole
    /// burnt or protected, its rings derived: built once for each size and
    /// copied where a game starts ([`Board::seed`] then sets its seeds).
    #[inline]
    pub fn one_a_hole(n: u8) -> &'static Board {
        static EMPTY: OnceLock<[Board; MAX_HOLES + 1]> = OnceLock::new();
        let boards = EMPTY.get_or_init(|| {
            std::array::from_fn(|n| {
                let mut board = Board {
                    // Sizes below 3 are never asked for; they hold the smallest board.
                    topo: Topology::new(n.max(3) as u8),
                    cells: [0; SLOTS],
                    burnt: PerPlayer::default(),
                    ngacang: PerPlayer::default(),
                    skip: PerPlayer::default(),
                    divert: 0,
                    lost: 0,
                    occupied: 0,
                    rings: PerPlayer::new(SowRing::EMPTY, SowRing::EMPTY),
                };
                // With nothing burnt the `unfilled` clause changes nothing.
                board.derive(false);
                let t = board.topo;
                for p in Player::BOTH {
                    let first = t.hole(p, 1);
                    board.cells[first..first + t.holes()].fill(1);
                }
                board.recount();
                board
            })
        });
        &boards[usize::from(n)]
    }

    /// Empties every hole, the stores kept, and returns each side's seeds
    /// that were in them: four places at a time, as the four 16-bit lanes
    /// of a 64-bit word (no count reaches 2^16), with no loop that ends
    /// with the board (places beyond it hold none). `occupied` is left to
    /// the caller.
    #[inline(always)]
    pub fn empty_holes(&mut self) -> PerPlayer<u16> {
        let t = self.topo;
        let (store_a, store_b) = (t.store(Player::A), t.store(Player::B));
        let kept = (self.cells[store_a], self.cells[store_b]);
        // A's holes are the places below A's store.
        let below = (1u32 << store_a) - 1;
        let (mut all, mut side_a) = (0u64, 0u64);
        for i in (0..SLOTS).step_by(4) {
            let word = u64::from(self.cells[i])
                | u64::from(self.cells[i + 1]) << 16
                | u64::from(self.cells[i + 2]) << 32
                | u64::from(self.cells[i + 3]) << 48;
            all += word;
            side_a += word & (LANES[(below >> i) as usize & 15] * 0xffff);
        }
        let sum = |x: u64| (x + (x >> 16) + (x >> 32) + (x >> 48)) as u16;
        let (all, side_a) = (sum(all), sum(side_a));
        self.cells = [0; SLOTS];
        self.cells[store_a] = kept.0;
        self.cells[store_b] = kept.1;
        PerPlayer::new(side_a, all - side_a - kept.0 - kept.1)
    }

    /// Recomputes `occupied` from `cells` (after a bulk change).
    pub fn recount(&mut self) {
        self.occupied = 0;
        for i in 0..self.topo.ring() {
            self.occupied |= u32::from(self.cells[i] != 0) << i;
        }
    }

    /// Recomputes `skip`, `divert` and the sowing rings from the hole status
    /// and the rules.
    pub fn derive_masks(&mut self, rules: &Rules) {
        self.derive(matches!(
            rules.unfilled,
            Unfilled::BurntToOpponent | Unfilled::BurntForfeit
        ));
    }

    /// [`Board::derive_masks`], `diverted` saying whether burnt holes are
    /// sown into (their seeds then diverted) rather than passed over.
    fn derive(&mut self, diverted: bool) {
        let t = self.topo;
        let mut burnt_bits = 0u32;
        let mut ngacang_bits = PerPlayer::<u32>::default();
        for p in Player::BOTH {
            for k in 1..=t.holes() as u8 {
                let bit = 1u32 << t.hole(p, k);
                if self.burnt[p] >> (k - 1) & 1 == 1 {
                    burnt_bits |= bit;
                }
                if self.ngacang[p] >> (k - 1) & 1 == 1 {
                    ngacang_bits[p] |= bit;
                }
            }
        }
        self.divert = if diverted { burnt_bits } else { 0 };
        for p in Player::BOTH {
            let mut skip = 1u32 << t.store(p.other());
            if !diverted {
                skip |= burnt_bits;
            }
            // The opponent's protected holes are passed over; one's own are sown into.
            skip |= ngacang_bits[p.other()];
            self.skip[p] = skip;
        }
        let n = t.holes();
        let ngacang =
            u32::from(self.ngacang[Player::A]) | u32::from(self.ngacang[Player::B]) << (n + 1);
        let holes = PerPlayer::new((1u32 << n) - 1, ((1u32 << n) - 1) << (n + 1));
        // Holes facing a protected hole (hole at `pos` faces `2n - pos`).
        let mut facing_ngacang = 0u32;
        let mut rest = ngacang;
        while rest != 0 {
            facing_ngacang |= 1 << t.opposite(rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
        for p in Player::BOTH {
            // The sowing ring: the places not skipped, in ring order.
            let keep = !self.skip[p] & ((1u32 << t.ring()) - 1);
            let ring = &mut self.rings[p];
            let mut rest = keep;
            let mut len = 0;
            while rest != 0 {
                ring.places[len] = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                len += 1;
            }
            let (once, twice) = ring.places.split_at_mut(len);
            for (second, &first) in twice[..len].iter_mut().zip(once.iter()) {
                *second = first + 32;
            }
            ring.len = len as u8;
            ring.keep = keep;
            ring.store_at = ring.index(t.store(p)) as u8;
            // `SowRing::index` of every place: less the places below it
            // that are not on the ring.
            let mut below = 0;
            for pos in 0..SLOTS {
                ring.index_of[pos] = (pos - below) as u8;
                below += usize::from(keep >> pos & 1 == 0);
            }
            debug_assert!((0..SLOTS).all(|pos| usize::from(ring.index_of[pos]) == ring.index(pos)));
            ring.special = self.divert | 1 << t.store(p);
            ring.relays_at = (holes[p] | holes[p.other()]) & !ngacang;
            ring.relays_opposite = holes[p.other()] & !ngacang;
            ring.captures_own = holes[p] & !ngacang & !facing_ngacang;
            ring.captures_opposite = holes[p.other()] & !ngacang & !facing_ngacang;
            let base = t.hole(p, 1);
            ring.movable = u32::from(!(self.burnt[p] | self.ngacang[p])) << base & holes[p];
            ring.base = base as u8;
            ring.shape = if self.divert != 0 {
                DIVERTS
            } else if keep >> 16 != 0 {
                WIDE
            } else {
                NARROW
            };
        }
    }

    #[cfg(test)]
    pub fn is_ngacang(&self, pos: usize) -> bool {
        let side = self.topo.owner(pos);
        self.ngacang[side] >> (self.topo.hole_number(pos) - 1) & 1 == 1
    }

    #[inline]
    pub fn is_burnt(&self, pos: usize) -> bool {
        let side = self.topo.owner(pos);
        self.burnt[side] >> (self.topo.hole_number(pos) - 1) & 1 == 1
    }

    /// The holes a player may start a move from, bit k-1 for hole k: they
    /// have seeds and are neither burnt nor protected.
    #[inline(always)]
    pub fn playable_mask(&self, p: Player) -> u16 {
        let ring = &self.rings[p];
        ((self.occupied & ring.movable) >> (ring.base & 31)) as u16
    }

    /// Whether a player has any legal move.
    #[inline(always)]
    pub fn has_move(&self, p: Player) -> bool {
        self.playable_mask(p) != 0
    }

    /// Whether any of a player's holes holds seeds.
    #[inline]
    pub fn side_has_seeds(&self, p: Player) -> bool {
        let n = self.topo.holes();
        self.occupied >> self.topo.hole(p, 1) & ((1 << n) - 1) != 0
    }

    /// Takes every seed from a player's hole into a new hand.
    #[inline(always)]
    pub fn scoop<S: Sink>(&mut self, p: Player, k: u8, sink: &mut S) -> Hand {
        // `Topology::hole` from the ring's hole 1, in the board's range
        // without a check.
        let pos = (usize::from(self.rings[p].base) + usize::from(k) - 1) & (SLOTS - 1);
        debug_assert_eq!(pos, self.topo.hole(p, k));
        let seeds = self.cells[pos];
        self.cells[pos] = 0;
        self.occupied &= !(1 << pos);
        if S::ON {
            sink.push(Event::Scoop {
                player: p,
                from: self.topo.place(pos),
                seeds,
            });
        }
        Hand {
            pos: pos as u8,
            seeds,
            lap: false,
            relays: 0,
        }
    }

    /// Drops up to `max` seeds (at least one) from `p`'s hand, one place at a
    /// time, and, if the last seed fell, applies what the landing place
    /// decides. The only code in the engine that sows: ordinary moves call it
    /// with `u16::MAX`, and it sows on after each relay until the move is
    /// done or earns another turn; the simultaneous opening calls it with 1
    /// for each hand in turn.
    ///
    /// The drops are an index walk along the sower's ring (`sow_ring`,
    /// which leaves out every place the hand passes over and is written
    /// twice so a walk never wraps): whole laps added at once when the hand
    /// holds more seeds than the ring, then one run of one seed a place,
    /// with no rule in it (the run's places as a mask, added four at a
    /// time by [`add_one_each`]). What the rules say about a landing place is
    /// worked out once per call as masks of ring places, and asked once per
    /// stop; the lap condition and diverting burnt holes are settled once per
    /// sowing. With events on, the same walk reports each drop in order.
    #[inline(never)]
    pub fn sow<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        max: u16,
        sink: &mut S,
    ) -> HandState {
        self.walk(rules, p, hand, max, sink)
    }

    /// [`Board::sow`] of a whole hand (`max = u16::MAX`), inlined where a
    /// move is played so that the walk knows it never pauses: the same
    /// code.
    #[inline(always)]
    pub fn sow_move<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        sink: &mut S,
    ) -> HandState {
        self.walk(rules, p, hand, u16::MAX, sink)
    }

    /// The body of [`Board::sow`]: without events and with no burnt hole
    /// that diverts seeds, a walk that leaves out the test for those, and
    /// on a ring of places below 16 (`SowRing::shape`) or with no lap rule
    /// the test for those too (one of the two at least); else the walk
    /// with every test. The same code, the tests folded away.
    #[inline(always)]
    fn walk<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        max: u16,
        sink: &mut S,
    ) -> HandState {
        let setup = self.setup(rules, p, hand);
        if S::ON {
            return self.walk_as::<S, false, true, true>(rules, p, hand, max, setup, sink);
        }
        match (self.rings[p].shape, rules.capture_lap == CaptureLap::None) {
            (NARROW, true) => {
                self.walk_as::<S, true, false, false>(rules, p, hand, max, setup, sink)
            }
            (NARROW, false) => {
                self.walk_as::<S, true, true, false>(rules, p, hand, max, setup, sink)
            }
            (WIDE, true) => self.walk_as::<S, true, false, true>(rules, p, hand, max, setup, sink),
            _ => self.walk_as::<S, false, true, true>(rules, p, hand, max, setup, sink),
        }
    }

    /// What a walk reads of the sower's ring and the rules, read once a
    /// sowing before [`Board::walk`] picks its walk (so that the walks
    /// share it).
    #[inline(always)]
    fn setup(&self, rules: &Rules, p: Player, hand: &Hand) -> Setup {
        // The ring's scalars; its places are read in place (no copy). The
        // hand lives in registers until the walk returns.
        let ring = &self.rings[p];
        let (len, store_at, keep, special) = (
            usize::from(ring.len),
            usize::from(ring.store_at),
            ring.keep,
            ring.special,
        );
        let relays_at = match rules.relay {
            Relay::Anywhere => ring.relays_at,
            Relay::OpponentSide => ring.relays_opposite,
            Relay::Never => 0,
        };
        // By masks, not a jump: own holes under `own` and `any`, the
        // opponent's under `opponent` and `any`.
        let side = rules.capture_side;
        let own = 0u32.wrapping_sub(u32::from(matches!(
            side,
            CaptureSide::Own | CaptureSide::Any
        )));
        let opposite = 0u32.wrapping_sub(u32::from(matches!(
            side,
            CaptureSide::Opponent | CaptureSide::Any
        )));
        let captures_at = ring.captures_own & own | ring.captures_opposite & opposite;
        Setup {
            len,
            store_at,
            keep,
            special,
            relays_at,
            captures_at,
            from: usize::from(ring.index_of[usize::from(hand.pos) & (SLOTS - 1)]),
        }
    }

    /// [`Board::walk`]: `PLAIN` when no burnt hole diverts seeds, `LAP`
    /// unless there is no lap rule, `WIDE` unless no place on the ring is
    /// 16 or more.
    #[inline(always)]
    fn walk_as<S: Sink, const PLAIN: bool, const LAP: bool, const WIDE: bool>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        max: u16,
        setup: Setup,
        sink: &mut S,
    ) -> HandState {
        debug_assert!(!PLAIN || self.divert == 0);
        debug_assert!(WIDE || self.rings[p].keep >> 16 == 0);
        debug_assert!(LAP || rules.capture_lap == CaptureLap::None);
        debug_assert_eq!(self.divert & self.occupied, 0, "a burnt hole holds seeds");
        let t = self.topo;
        let Setup {
            len,
            store_at,
            keep,
            special,
            relays_at,
            captures_at,
            mut from,
        } = setup;
        let lap_rule = if !LAP {
            CaptureLap::None
        } else {
            rules.capture_lap
        };
        let relay_limit = rules.relay_limit;
        let mut seeds = hand.seeds;
        let mut relays = hand.relays;
        let mut lap = hand.lap;
        let mut occupied = self.occupied;
        let diverts = !PLAIN && self.divert != 0;
        let (sowing, pos, count) = loop {
            let drops = seeds.min(max);
            seeds -= drops;
            let d = usize::from(drops);
            // Whole laps but the last, whose run is a whole lap: the run
            // is never empty (1 to `len` places), so it always ends on
            // the landing.
            let mut rem = d;
            if d > len {
                let laps = (d - 1) / len;
                rem = d - laps * len;
                self.add_laps(p, laps as u16);
                occupied |= keep;
            }
            let places = &self.rings[p].places;
            // The landing, read on the ring's second writing when the run
            // wraps; its index on the first for the next run.
            let end = from + rem;
            // (A checked index: the check is off the landing's path, a
            // mask would be on it.)
            let at = usize::from(places[end]);
            let pos = at & 31;
            let last = if end >= len { end - len } else { end };
            // The run: one seed into each place from the one after `from`
            // to `pos`, at most a lap: on the list, which rises throughout,
            // the places from the one after `from` to `at`, one interval
            // of 64 bits, folded onto the board's 32.
            let first = usize::from(places[(from + 1) & (PLACES - 1)]);
            let run = (2u64 << at).wrapping_sub(1) & (u64::MAX << first);
            let run = (run | run >> 32) as u32 & keep;
            // The landing's count, from its seeds before the run and the
            // run's seed there (read before the run's adds, so that it
            // does not wait for them).
            let mut count = self.cells[pos] + 1;
            occupied |= run;
            add_one_each(&mut self.cells, run, WIDE, PLAIN);
            if lap_rule != CaptureLap::None {
                // Passed one's own store: it is within `d` steps of `from`.
                let to_store = if store_at > from {
                    store_at - from
                } else {
                    store_at + len - from
                };
                lap |= d >= to_store;
            }
            if S::ON {
                // Beyond one lap the same places again, in the same order.
                for i in 0..d {
                    let at = places[(from + 1 + i % len) & (PLACES - 1)] & 31;
                    self.push_drop(rules, p, usize::from(at), sink);
                }
            }
            if diverts && self.divert & occupied != 0 {
                self.occupied = occupied;
                self.divert_burnt(rules, p);
                occupied = self.occupied;
                count = self.cells[pos];
            }
            if seeds > 0 {
                break (true, pos, count);
            }
            // The one common landing inside the loop: an occupied hole
            // that relays ("sambung"): pick it up and sow on. Stores and
            // empty holes are not in `relays_at`'s sense of occupied
            // (stores are not in it; a diverting burnt hole is empty by
            // now), so every other landing is decided once, below.
            let relay = relays_at >> pos & u32::from(count > 1) != 0;
            if !relay || relays >= relay_limit {
                break (false, pos, count);
            }
            relays += 1;
            seeds = count;
            self.cells[pos] = 0;
            occupied &= !(1 << pos);
            if lap_rule == CaptureLap::PerPickup {
                lap = false;
            }
            if S::ON {
                sink.push(Event::Relay {
                    player: p,
                    from: t.place(pos),
                    seeds: count,
                });
            }
            if max != u16::MAX {
                break (true, pos, count);
            }
            from = last;
        };
        self.occupied = occupied;
        let state = if sowing {
            HandState::Sowing
        } else if special >> pos & 1 == 1 {
            // The sower's store, or a burnt hole that diverts.
            self.land_special(rules, p, pos, sink)
        } else if count <= 1 {
            // Landed in an empty hole: capture the facing hole
            // ("menembak") or stop.
            if captures_at >> pos & 1 == 1 && (lap_rule == CaptureLap::None || lap) {
                self.capture(rules, p, pos, sink);
                HandState::Done
            } else {
                self.stop(p, pos, sink)
            }
        } else if relays_at >> pos & 1 == 0 {
            // Occupied, but no relay here (the `relay` clause, a ngacang hole).
            self.stop(p, pos, sink)
        } else {
            // The relay limit ends endless sowing.
            if S::ON {
                sink.push(Event::EndlessSowing {
                    player: p,
                    at: t.place(pos),
                });
            }
            HandState::Done
        };
        *hand = Hand {
            pos: pos as u8,
            seeds,
            lap,
            relays,
        };
        state
    }

    /// Whole laps of a hand larger than the ring: `laps` seeds into every
    /// place on `p`'s ring.
    #[cold]
    #[inline(never)]
    fn add_laps(&mut self, p: Player, laps: u16) {
        let ring = &self.rings[p];
        for &at in &ring.places[..usize::from(ring.len)] {
            self.cells[usize::from(at) & (SLOTS - 1)] += laps;
        }
    }

    /// The event of one drop at ring place `at`: a seed sown, or one
    /// diverted by a burnt hole.
    #[inline(always)]
    fn push_drop<S: Sink>(&self, rules: &Rules, p: Player, at: usize, sink: &mut S) {
        if self.divert >> at & 1 == 1 {
            sink.push(Event::BurntForfeit {
                player: p,
                at: self.topo.place(at),
                to: (rules.unfilled == Unfilled::BurntToOpponent).then_some(p.other()),
            });
        } else {
            sink.push(Event::Sow {
                player: p,
                to: self.topo.place(at),
            });
        }
    }

    /// The last seed fell in a burnt hole that diverts it (the move stops),
    /// or in the sower's own store: another move if the rules give one,
    /// else the move stops.
    #[cold]
    fn land_special<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        pos: usize,
        sink: &mut S,
    ) -> HandState {
        if self.divert >> pos & 1 == 0 && rules.extra_turn {
            if S::ON {
                sink.push(Event::ExtraTurn { player: p });
            }
            return HandState::ExtraTurn;
        }
        self.stop(p, pos, sink)
    }

    /// Landed in an empty hole where a capture may happen (the ring's
    /// capture mask, as `capture_side` reads it, and the lap condition
    /// hold): capture the facing hole ("menembak") or stop, as
    /// `capture_requires_opposite` and `capture_banks_sower` say.
    #[inline(always)]
    fn capture<S: Sink>(&mut self, rules: &Rules, p: Player, pos: usize, sink: &mut S) {
        let t = self.topo;
        let opp = t.opposite(pos);
        let taken = self.cells[opp & 31];
        if taken == 0 && (rules.capture_requires_opposite || !rules.capture_banks_sower) {
            self.stop(p, pos, sink);
            return;
        }
        self.cells[opp & 31] = 0;
        self.occupied &= !(1 << opp);
        let mut banked = taken;
        if rules.capture_banks_sower {
            // The landing hole held just this seed.
            self.cells[pos] -= 1;
            self.occupied &= !(1 << pos);
            banked += 1;
        }
        let own_store = t.store(p);
        self.cells[own_store & 31] += banked;
        self.occupied |= 1 << own_store;
        if S::ON {
            sink.push(Event::Capture {
                player: p,
                landing: t.place(pos),
                from: t.place(opp),
                seeds: banked,
            });
        }
    }

    /// After a sowing: the seeds that fell in burnt holes that divert go to
    /// the sower's opponent's store (`burnt-to-opponent`) or are lost
    /// (`burnt-forfeit`). Burnt holes hold no seeds between sowings.
    #[inline(never)]
    fn divert_burnt(&mut self, rules: &Rules, p: Player) {
        let mut fell = self.divert & self.occupied;
        let to = self.topo.store(p.other());
        while fell != 0 {
            let at = fell.trailing_zeros() as usize;
            fell &= fell - 1;
            let seeds = self.cells[at];
            self.cells[at] = 0;
            self.occupied &= !(1 << at);
            if rules.unfilled == Unfilled::BurntToOpponent {
                self.cells[to] += seeds;
                self.occupied |= 1 << to;
            } else {
                self.lost += seeds;
            }
        }
    }

    #[inline]
    fn stop<S: Sink>(&mut self, p: Player, pos: usize, sink: &mut S) -> HandState {
        if S::ON {
            sink.push(Event::Stop {
                player: p,
                at: self.topo.place(pos),
            });
        }
        HandState::Done
    }
}

/// A mask's four bits of a word (places `4j..4j + 4`), one in each 16-bit
/// lane.
const LANES: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut bit = 0;
        while bit < 4 {
            t[i] |= ((i as u64 >> bit) & 1) << (16 * bit);
            bit += 1;
        }
        i += 1;
    }
    t
};

/// `BYTE_LANES[b]`: one in the 16-bit lane of each set bit of the byte
/// `b` (eight places), as two 64-bit words of four lanes each.
const BYTE_LANES: [[u64; 2]; 256] = {
    let mut t = [[0u64; 2]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [LANES[b & 15], LANES[b >> 4]];
        b += 1;
    }
    t
};

/// One seed into each place of a mask (bit i for ring place i), with no
/// branch on the places below 16: eight places a byte of the mask, each
/// byte's ones read from one table (`BYTE_LANES`) and added as the four
/// 16-bit lanes of two 64-bit words (no count reaches 2^16, so no lane
/// carries into the next); with `nibbles` on x86-64 four places a read
/// of `LANES`. `wide` is false when no place is 16 or more, which skips
/// the test for them.
#[inline(always)]
fn add_one_each(cells: &mut [u16; SLOTS], places: u32, wide: bool, nibbles: bool) {
    // On x86-64 four places a table read in the walks that leave tests
    // out: the two words of a byte's table, read and added together,
    // become one 16-byte add of the cells, whose load waits on the last
    // stop's 2-byte writes (measured slower there, for fewer
    // instructions).
    if cfg!(target_arch = "x86_64") && nibbles {
        for j in 0..4 {
            add_word(cells, 4 * j, LANES[(places >> (4 * j)) as usize & 15]);
        }
    } else {
        add_byte(cells, 0, places);
        add_byte(cells, 1, places);
    }
    // Places 16 and up only on boards of more than seven holes a side.
    if wide && places >> 16 != 0 {
        add_byte(cells, 2, places);
    }
}

/// [`add_one_each`] for the places `8j..8j + 8` (`j` a constant once
/// inlined, so the reads and writes are one each a word).
#[inline(always)]
fn add_byte(cells: &mut [u16; SLOTS], j: usize, places: u32) {
    let ones = BYTE_LANES[(places >> (8 * j)) as usize & 255];
    add_word(cells, 8 * j, ones[0]);
    add_word(cells, 8 * j + 4, ones[1]);
}

/// Adds `ones` to the places `i..i + 4` as the four 16-bit lanes of a
/// 64-bit word.
#[inline(always)]
fn add_word(cells: &mut [u16; SLOTS], i: usize, ones: u64) {
    let word = u64::from(cells[i])
        | u64::from(cells[i + 1]) << 16
        | u64::from(cells[i + 2]) << 32
        | u64::from(cells[i + 3]) << 48;
    let word = word + ones;
    cells[i] = word as u16;
    cells[i + 1] = (word >> 16) as u16;
    cells[i + 2] = (word >> 32) as u16;
    cells[i + 3] = (word >> 48) as u16;
}

#[cfg(test)]
mod tests {
    //! The ring walk against the step-by-step sowing it replaced: one drop
    //! at a time, each step past the places the hand skips, each diverting
    //! burnt hole checked a drop.
    use super::*;
    use crate::rules::Clauses;
    use rand_core::{RngCore, SeedableRng};
    use rand_pcg::Pcg32;

    /// One call of the former `Board::sow`: `max` drops at most, then the landing.
    fn step_sow(
        b: &mut Board,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        max: u16,
        sink: &mut Vec<Event>,
    ) -> HandState {
        let t = b.topo;
        let drops = hand.seeds.min(max);
        hand.seeds -= drops;
        let mut pos = usize::from(hand.pos);
        for _ in 0..drops {
            loop {
                pos = t.step(pos);
                if b.skip[p] >> pos & 1 == 0 {
                    break;
                }
            }
            if rules.capture_lap != CaptureLap::None {
                hand.lap |= pos == t.store(p);
            }
            if b.divert >> pos & 1 == 1 {
                let to = if rules.unfilled == Unfilled::BurntToOpponent {
                    b.cells[t.store(p.other())] += 1;
                    b.occupied |= 1 << t.store(p.other());
                    Some(p.other())
                } else {
                    b.lost += 1;
                    None
                };
                sink.push(Event::BurntForfeit {
                    player: p,
                    at: t.place(pos),
                    to,
                });
            } else {
                b.cells[pos] += 1;
                b.occupied |= 1 << pos;
                sink.push(Event::Sow {
                    player: p,
                    to: t.place(pos),
                });
            }
        }
        hand.pos = pos as u8;
        if hand.seeds > 0 {
            return HandState::Sowing;
        }
        if b.divert >> pos & 1 == 1 {
            return b.stop(p, pos, sink);
        }
        if pos == t.store(p) {
            if rules.extra_turn {
                sink.push(Event::ExtraTurn { player: p });
                return HandState::ExtraTurn;
            }
            return b.stop(p, pos, sink);
        }
        if b.cells[pos] <= 1 {
            return step_capture_or_stop(b, rules, p, hand, pos, sink);
        }
        let relay = match rules.relay {
            Relay::Anywhere => true,
            Relay::OpponentSide => t.owner(pos) != p,
            Relay::Never => false,
        };
        if !relay || b.is_ngacang(pos) {
            return b.stop(p, pos, sink);
        }
        if hand.relays >= rules.relay_limit {
            sink.push(Event::EndlessSowing {
                player: p,
                at: t.place(pos),
            });
            return HandState::Done;
        }
        let count = b.cells[pos];
        hand.relays += 1;
        hand.seeds = count;
        b.cells[pos] = 0;
        b.occupied &= !(1 << pos);
        if rules.capture_lap == CaptureLap::PerPickup {
            hand.lap = false;
        }
        sink.push(Event::Relay {
            player: p,
            from: t.place(pos),
            seeds: count,
        });
        HandState::Sowing
    }

    /// The former landing in an empty hole, rule by rule.
    fn step_capture_or_stop(
        b: &mut Board,
        rules: &Rules,
        p: Player,
        hand: &Hand,
        pos: usize,
        sink: &mut Vec<Event>,
    ) -> HandState {
        let t = b.topo;
        let side_ok = match rules.capture_side {
            CaptureSide::Own => t.owner(pos) == p,
            CaptureSide::Any => true,
            CaptureSide::Opponent => t.owner(pos) != p,
            CaptureSide::Never => false,
        };
        let lap_ok = rules.capture_lap == CaptureLap::None || hand.lap;
        let ngacang = b.ngacang != PerPlayer::default() && b.is_ngacang(pos);
        if !side_ok || !lap_ok || ngacang {
            return b.stop(p, pos, sink);
        }
        let opp = t.opposite(pos);
        if b.ngacang != PerPlayer::default() && b.is_ngacang(opp) {
            return b.stop(p, pos, sink);
        }
        let taken = b.cells[opp];
        if taken == 0 && (rules.capture_requires_opposite || !rules.capture_banks_sower) {
            return b.stop(p, pos, sink);
        }
        b.cells[opp] = 0;
        b.occupied &= !(1 << opp);
        let mut banked = taken;
        if rules.capture_banks_sower {
            // The landing hole held just this seed.
            b.cells[pos] -= 1;
            b.occupied &= !(1 << pos);
            banked += 1;
        }
        let own_store = t.store(p);
        b.cells[own_store] += banked;
        b.occupied |= 1 << own_store;
        {
            sink.push(Event::Capture {
                player: p,
                landing: t.place(pos),
                from: t.place(opp),
                seeds: banked,
            });
        }
        HandState::Done
    }

    fn pick<T: Copy>(rng: &mut Pcg32, from: &[T]) -> T {
        from[rng.next_u32() as usize % from.len()]
    }

    #[test]
    fn the_ring_walk_sows_as_step_by_step_sowing() {
        let mut rng = Pcg32::seed_from_u64(31);
        let mut checked = 0;
        while checked < 100_000 {
            let c = Clauses {
                holes: 3 + (rng.next_u32() % 9) as u8,
                relay: pick(&mut rng, Relay::ALL),
                capture_side: pick(&mut rng, CaptureSide::ALL),
                capture_lap: pick(&mut rng, CaptureLap::ALL),
                capture_requires_opposite: rng.next_u32() % 2 == 0,
                capture_banks_sower: rng.next_u32() % 2 == 0,
                extra_turn: rng.next_u32() % 2 == 0,
                unfilled: pick(&mut rng, Unfilled::ALL),
                relay_limit: pick(&mut rng, &[1, 2, 5, 1000]),
                ..Clauses::default()
            };
            let Ok(rules) = Rules::new(c) else { continue };
            let mut board = Board::new(&rules);
            let t = board.topo;
            let n = t.holes();
            for p in Player::BOTH {
                for k in 1..=n as u8 {
                    // Now and then a hand of several laps.
                    board.cells[t.hole(p, k)] = match rng.next_u32() % 8 {
                        0 => 0,
                        1 => (rng.next_u32() % 60) as u16,
                        _ => (rng.next_u32() % 8) as u16,
                    };
                    match rng.next_u32() % 10 {
                        0 => {
                            board.burnt[p] |= 1 << (k - 1);
                            board.cells[t.hole(p, k)] = 0;
                        }
                        1 if rules.unfilled == Unfilled::Ngacang => {
                            board.ngacang[p] |= 1 << (k - 1)
                        }
                        _ => {}
                    }
                }
                board.cells[t.store(p)] = (rng.next_u32() % 20) as u16;
            }
            board.recount();
            board.derive_masks(&rules);
            let p = pick(&mut rng, &Player::BOTH);
            let mut holes = board.playable_mask(p);
            if holes == 0 {
                continue;
            }
            for _ in 0..rng.next_u32() % holes.count_ones() {
                holes &= holes - 1;
            }
            let k = holes.trailing_zeros() as u8 + 1;
            let max = pick(&mut rng, &[1, u16::MAX]);
            let (mut ring, mut step) = (board, board);
            let (mut ring_events, mut step_events) = (Vec::new(), Vec::new());
            let mut ring_hand = ring.scoop(p, k, &mut ring_events);
            let mut step_hand = step.scoop(p, k, &mut step_events);
            loop {
                let ring_state = ring.sow(&rules, p, &mut ring_hand, max, &mut ring_events);
                let mut step_state;
                loop {
                    step_state =
                        step_sow(&mut step, &rules, p, &mut step_hand, max, &mut step_events);
                    // The former routine returned after each relay.
                    if max == 1 || step_state != HandState::Sowing {
                        break;
                    }
                }
                assert_eq!(ring_state, step_state, "{rules:?}");
                assert_eq!(ring_hand, step_hand, "{rules:?}");
                assert_eq!(ring, step, "{rules:?}");
                assert_eq!(ring_events, step_events, "{rules:?}");
                if ring_state != HandState::Sowing {
                    break;
                }
            }
            // The fast path sows the same.
            let mut fast = board;
            let mut hand = fast.scoop(p, k, &mut NoEvents);
            while fast.sow(&rules, p, &mut hand, max, &mut NoEvents) == HandState::Sowing {}
            assert_eq!(fast, ring, "{rules:?}");
            checked += 1;
        }
    }
}
