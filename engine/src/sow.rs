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
use crate::topology::{Place, Topology};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// Recomputes `skip` and `divert` from the hole status and the rules.
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
        let n = self.topo.holes();
        let base = self.topo.hole(p, 1);
        let mask = (self.occupied >> base) as u16 & ((1u16 << n) - 1);
        mask & !(self.burnt[p] | self.ngacang[p])
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
    /// with `u16::MAX`, the simultaneous opening with 1 for each hand in turn.
    #[inline]
    pub fn sow<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        max: u16,
        sink: &mut S,
    ) -> HandState {
        let drops = hand.seeds.min(max);
        hand.seeds -= drops;
        // The drop loop, specialised once per call on whether the lap is
        // tracked and whether any hole diverts seeds: the same code, without
        // the checks a ruleset cannot need.
        let lap = rules.capture_lap != CaptureLap::None;
        let pos = match (lap, self.divert != 0) {
            (false, false) => self.drops::<false, false, S>(rules, p, hand, drops, sink),
            (true, false) => self.drops::<true, false, S>(rules, p, hand, drops, sink),
            (false, true) => self.drops::<false, true, S>(rules, p, hand, drops, sink),
            (true, true) => self.drops::<true, true, S>(rules, p, hand, drops, sink),
        };
        hand.pos = pos as u8;
        if hand.seeds > 0 {
            return HandState::Sowing;
        }
        self.land(rules, p, hand, pos, sink)
    }

    /// The hand's last seed fell at `pos`: what that place decides. A burnt
    /// hole that diverts the seed, or one's store without an extra turn,
    /// stops; one's store with it moves again; an occupied hole relays or
    /// stops; an empty one captures or stops.
    #[inline(always)]
    fn land<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        pos: usize,
        sink: &mut S,
    ) -> HandState {
        if self.divert >> pos & 1 == 1 {
            return self.stop(p, pos, sink);
        }
        if pos == self.topo.store(p) {
            if rules.extra_turn {
                if S::ON {
                    sink.push(Event::ExtraTurn { player: p });
                }
                return HandState::ExtraTurn;
            }
            return self.stop(p, pos, sink);
        }
        if self.cells[pos] > 1 {
            self.relay_or_stop(rules, p, hand, pos, sink)
        } else {
            self.capture_or_stop(rules, p, hand, pos, sink)
        }
    }

    /// Landed in an occupied hole: pick it up and sow on, or stop (the
    /// `relay` clause; nobody takes seeds from a protected ngacang hole, 000;
    /// the relay limit ends endless sowing).
    #[inline(always)]
    fn relay_or_stop<S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        pos: usize,
        sink: &mut S,
    ) -> HandState {
        let t = self.topo;
        let relay = match rules.relay {
            Relay::Anywhere => true,
            Relay::OpponentSide => t.owner(pos) != p,
            Relay::Never => false,
        };
        let ngacang = self.ngacang != PerPlayer::default() && self.is_ngacang(pos);
        if !relay || ngacang {
            return self.stop(p, pos, sink);
        }
        if hand.relays >= rules.relay_limit {
            if S::ON {
                sink.push(Event::EndlessSowing {
                    player: p,
                    at: t.place(pos),
                });
            }
            return HandState::Done;
        }
        let count = self.cells[pos];
        hand.relays += 1;
        hand.seeds = count;
        self.cells[pos] = 0;
        self.occupied &= !(1 << pos);
        if rules.capture_lap == CaptureLap::PerPickup {
            hand.lap = false;
        }
        if S::ON {
            sink.push(Event::Relay {
                player: p,
                from: t.place(pos),
                seeds: count,
            });
        }
        HandState::Sowing
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

    /// Drops `drops` seeds from `p`'s hand one place at a time; returns where the last one went.
    #[inline(always)]
    fn drops<const LAP: bool, const DIVERT: bool, S: Sink>(
        &mut self,
        rules: &Rules,
        p: Player,
        hand: &mut Hand,
        drops: u16,
        sink: &mut S,
    ) -> usize {
        let t = self.topo;
        let skip = self.skip[p];
        let ring = t.ring();
        let own_store = t.store(p);
        let mut pos = hand.pos as usize;
        for _ in 0..drops {
            // The next place: one step on, past any place this hand skips
            // (one's own store is never skipped, so this ends).
            loop {
                pos += 1;
                if pos == ring {
                    pos = 0;
                }
                if skip >> (pos & 31) & 1 == 0 {
                    break;
                }
            }
            if LAP {
                hand.lap |= pos == own_store;
            }
            if DIVERT && self.divert >> (pos & 31) & 1 == 1 {
                // A burnt hole that is sown into: the seed goes to the opponent or is lost.
                let to = if rules.unfilled == Unfilled::BurntToOpponent {
                    self.cells[t.store(p.other())] += 1;
                    self.occupied |= 1 << t.store(p.other());
                    Some(p.other())
                } else {
                    self.lost += 1;
                    None
                };
                if S::ON {
                    sink.push(Event::BurntForfeit {
                        player: p,
                        at: t.place(pos),
                        to,
                    });
                }
            } else {
                self.cells[pos & 31] += 1;
                self.occupied |= 1 << (pos & 31);
                if S::ON {
                    sink.push(Event::Sow {
                        player: p,
                        to: t.place(pos),
                    });
                }
            }
        }
        pos
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
