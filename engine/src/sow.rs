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
use crate::topology::{Place, Topology, MAX_RING};

/// Slots in the board arrays: the largest ring (24) rounded up to a power of
/// two, so that `i & 31` indexes them without a bounds check.
pub(crate) const SLOTS: usize = 32;
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
    /// are on it (their seeds are moved after each sowing).
    places: [u8; 2 * MAX_RING],
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
    /// The owner's holes a move may start from when they hold seeds
    /// (neither burnt nor protected).
    movable: u32,
    /// The ring index of the owner's hole 1.
    base: u8,
}

impl SowRing {
    const EMPTY: SowRing = SowRing {
        places: [0; 2 * MAX_RING],
        len: 1,
        store_at: 0,
        keep: 0,
        special: 0,
        relays_at: 0,
        relays_opposite: 0,
        movable: 0,
        base: 0,
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
    /// A fresh board: every hole holds `rules.seeds_per_hole`.
    pub fn new(rules: &Rules) -> Board {
        let topo = Topology::new(rules.holes);
        let mut cells = [0u16; SLOTS];
        for p in Player::BOTH {
            for k in 1..=rules.holes {
                cells[topo.hole(p, k)] = rules.seeds_per_hole;
            }
        }
        let mut board = Board {
            topo,
            cells,
            burnt: PerPlayer::default(),
            ngacang: PerPlayer::default(),
            skip: PerPlayer::default(),
            divert: 0,
            lost: 0,
            occupied: 0,
            rings: PerPlayer::new(SowRing::EMPTY, SowRing::EMPTY),
        };
        board.recount();
        board.derive_masks(rules);
        board
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
        let diverted = matches!(
            rules.unfilled,
            Unfilled::BurntToOpponent | Unfilled::BurntForfeit
        );
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
            twice[..len].copy_from_slice(once);
            ring.len = len as u8;
            ring.keep = keep;
            ring.store_at = ring.index(t.store(p)) as u8;
            ring.special = self.divert | 1 << t.store(p);
            ring.relays_at = (holes[p] | holes[p.other()]) & !ngacang;
            ring.relays_opposite = holes[p.other()] & !ngacang;
            let base = t.hole(p, 1);
            ring.movable = u32::from(!(self.burnt[p] | self.ngacang[p])) << base & holes[p];
            ring.base = base as u8;
        }
    }

    #[inline]
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
    #[inline]
    pub fn playable_mask(&self, p: Player) -> u16 {
        let ring = &self.rings[p];
        ((self.occupied & ring.movable) >> (ring.base & 31)) as u16
    }

    /// Whether a player has any legal move.
    #[inline]
    pub fn has_move(&self, p: Player) -> bool {
        self.playable_mask(p) != 0
    }

    /// Seeds in a player's holes.
    pub fn side_seeds(&self, p: Player) -> u32 {
        (1..=self.topo.holes() as u8)
            .map(|k| self.cells[self.topo.hole(p, k)] as u32)
            .sum()
    }

    /// Takes every seed from a player's hole into a new hand.
    pub fn scoop<S: Sink>(&mut self, p: Player, k: u8, sink: &mut S) -> Hand {
        let pos = self.topo.hole(p, k);
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
    /// with no rule in it. What the rules say about a landing place is
    /// worked out once per call as masks of ring places, and asked once per
    /// stop; the lap condition and diverting burnt holes are settled once per
    /// sowing. With events on, the same walk reports each drop in order.
    #[inline]
    pub fn sow<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        max: u16,
        sink: &mut S,
    ) -> HandState {
        debug_assert_eq!(self.divert & self.occupied, 0, "a burnt hole holds seeds");
        let t = self.topo;
        // The ring's scalars; its places are read in place (no copy).
        let ring = &self.rings[p];
        let (len, store_at, keep) = (usize::from(ring.len), usize::from(ring.store_at), ring.keep);
        let (special, relays_anywhere, relays_opposite) =
            (ring.special, ring.relays_at, ring.relays_opposite);
        let lap_rule = rules.capture_lap;
        let relays_at = match rules.relay {
            Relay::Anywhere => relays_anywhere,
            Relay::OpponentSide => relays_opposite,
            Relay::Never => 0,
        };
        let mut from = ring.index(usize::from(hand.pos));
        let mut seeds = hand.seeds;
        let mut occupied = self.occupied;
        loop {
            let drops = seeds.min(max);
            seeds -= drops;
            let d = usize::from(drops);
            let places = &self.rings[p].places;
            let mut rem = d;
            if d >= len {
                let laps = (d / len) as u16;
                rem = d % len;
                for &at in &places[..len] {
                    self.cells[usize::from(at) & (SLOTS - 1)] += laps;
                }
                occupied |= keep;
            }
            for &at in &places[from + 1..from + 1 + rem] {
                self.cells[usize::from(at) & (SLOTS - 1)] += 1;
                occupied |= 1 << (at & 31);
            }
            if lap_rule != CaptureLap::None {
                // Passed one's own store: it is within `d` steps of `from`.
                let to_store = if store_at > from {
                    store_at - from
                } else {
                    store_at + len - from
                };
                hand.lap |= d >= to_store;
            }
            if S::ON {
                for &at in &places[from + 1..from + 1 + d.min(len)] {
                    self.push_drop(rules, p, usize::from(at), sink);
                }
                // Beyond one lap the same places again, in the same order.
                for i in len..d {
                    let at = places[from + 1 + i % len];
                    self.push_drop(rules, p, usize::from(at), sink);
                }
            }
            let mut last = from + rem;
            if last >= len {
                last -= len;
            }
            let pos = usize::from(places[last]) & 31;
            hand.pos = pos as u8;
            self.occupied = occupied;
            if self.divert != 0 {
                self.divert_burnt(rules, p);
                occupied = self.occupied;
            }
            if seeds > 0 {
                hand.seeds = seeds;
                return HandState::Sowing;
            }
            if special >> pos & 1 == 1 {
                hand.seeds = 0;
                return self.land_special(rules, p, pos, sink);
            }
            let count = self.cells[pos];
            if count <= 1 {
                hand.seeds = 0;
                return self.capture_or_stop(rules, p, hand, pos, sink);
            }
            // Landed in an occupied hole: pick it up and sow on ("sambung"),
            // or stop (the `relay` clause; the relay limit ends endless sowing).
            if relays_at >> pos & 1 == 0 {
                hand.seeds = 0;
                return self.stop(p, pos, sink);
            }
            if hand.relays >= rules.relay_limit {
                hand.seeds = 0;
                if S::ON {
                    sink.push(Event::EndlessSowing {
                        player: p,
                        at: t.place(pos),
                    });
                }
                return HandState::Done;
            }
            hand.relays += 1;
            seeds = count;
            self.cells[pos] = 0;
            occupied &= !(1 << pos);
            self.occupied = occupied;
            if lap_rule == CaptureLap::PerPickup {
                hand.lap = false;
            }
            if S::ON {
                sink.push(Event::Relay {
                    player: p,
                    from: t.place(pos),
                    seeds: count,
                });
            }
            if max != u16::MAX {
                hand.seeds = seeds;
                return HandState::Sowing;
            }
            from = last;
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

    /// Landed in an empty hole: capture the facing hole ("menembak") or
    /// stop, as `capture_side`, `capture_lap`, `capture_requires_opposite`
    /// and `capture_banks_sower` say; protected ngacang holes are never
    /// captured from or into (000).
    #[inline(always)]
    fn capture_or_stop<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &Hand,
        pos: usize,
        sink: &mut S,
    ) -> HandState {
        let t = self.topo;
        let side_ok = match rules.capture_side {
            CaptureSide::Own => t.owner(pos) == p,
            CaptureSide::Any => true,
            CaptureSide::Opponent => t.owner(pos) != p,
            CaptureSide::Never => false,
        };
        let lap_ok = rules.capture_lap == CaptureLap::None || hand.lap;
        let ngacang = self.ngacang != PerPlayer::default() && self.is_ngacang(pos);
        if !side_ok || !lap_ok || ngacang {
            return self.stop(p, pos, sink);
        }
        let opp = t.opposite(pos);
        if self.ngacang != PerPlayer::default() && self.is_ngacang(opp) {
            return self.stop(p, pos, sink);
        }
        let taken = self.cells[opp];
        if taken == 0 && (rules.capture_requires_opposite || !rules.capture_banks_sower) {
            return self.stop(p, pos, sink);
        }
        self.cells[opp] = 0;
        self.occupied &= !(1 << opp);
        let mut banked = taken;
        if rules.capture_banks_sower {
            // The landing hole held just this seed.
            self.cells[pos] -= 1;
            self.occupied &= !(1 << pos);
            banked += 1;
        }
        let own_store = t.store(p);
        self.cells[own_store] += banked;
        self.occupied |= 1 << own_store;
        if S::ON {
            sink.push(Event::Capture {
                player: p,
                landing: t.place(pos),
                from: t.place(opp),
                seeds: banked,
            });
        }
        HandState::Done
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
            return b.capture_or_stop(rules, p, hand, pos, sink);
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
