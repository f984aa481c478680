#![cfg(not(target_arch = "wasm32"))]
//! Invariants over random clause combinations and random games:
//! - seeds are conserved after every event (checked by a shadow board that
//!   knows no rule and only follows the events, as a renderer does);
//! - the events are complete: the shadow board equals the engine's after every turn;
//! - the fast path and the event path reach the same position;
//! - every game ends.

use congklak::*;
use proptest::prelude::*;

fn any_rules() -> impl Strategy<Value = Rules> {
    let a = (
        3u8..=11,
        1u16..=8,
        prop::sample::select(Relay::ALL),
        any::<bool>(),
        prop::sample::select(CaptureSide::ALL),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(CaptureLap::ALL),
        prop::sample::select(NoMove::ALL),
        prop::sample::select(EndWhen::ALL),
        1u8..=3,
        prop::sample::select(Leftover::ALL),
    );
    let b = (
        prop::sample::select(Opening::ALL),
        prop::sample::select(&[Player::A, Player::B][..]),
        prop::sample::select(SimultaneousNext::ALL),
        prop::sample::select(OpeningHole::ALL),
        prop::sample::select(SimultaneousRounds::ALL),
        prop::sample::select(Rounds::ALL),
        prop::sample::select(RefillFrom::ALL),
        prop::sample::select(Unfilled::ALL),
        prop::sample::select(NextStarter::ALL),
        prop::sample::select(GameEnd::ALL),
        0u8..=4,
        prop::sample::select(Win::ALL),
    );
    (a, b).prop_filter_map("a valid combination", |(a, b)| {
        let mut r = Rules {
            holes: a.0,
            seeds_per_hole: a.1,
            relay: a.2,
            extra_turn: a.3,
            capture_side: a.4,
            capture_requires_opposite: a.5,
            capture_banks_sower: a.6,
            capture_lap: a.7,
            no_move: a.8,
            end_when: a.9,
            end_empty_holes: a.10,
            leftover: a.11,
            opening: b.0,
            first_player: b.1,
            simultaneous_next: b.2,
            opening_hole: b.3,
            simultaneous_rounds: b.4,
            rounds: b.5,
            refill_from: b.6,
            unfilled: b.7,
            next_round_starter: b.8,
            game_end: b.9,
            max_rounds: b.10,
            win: b.11,
            relay_limit: 200,
            move_limit: 300,
            round_limit: 30,
        };
        // Repair the combinations validate() refuses, so that most draws are used.
        if r.capture_side == CaptureSide::Never {
            r.capture_lap = CaptureLap::None;
            r.capture_requires_opposite = false;
        }
        if r.rounds == Rounds::Single {
            r.max_rounds = r.max_rounds.min(1);
        }
        r.validate().ok().map(|_| r)
    })
}

/// A board that only follows events.
struct Shadow {
    t: Topology,
    cells: Vec<i64>,
    hands: [i64; 2],
    lost: i64,
}

impl Shadow {
    fn new(pos: &Position) -> Shadow {
        let t = pos.topology();
        Shadow {
            t,
            cells: pos.cells().iter().map(|&c| c as i64).collect(),
            hands: [0, 0],
            lost: pos.lost() as i64,
        }
    }
    fn at(&mut self, p: Place) -> &mut i64 {
        let i = self.t.index_of(p).expect("events name places on the board");
        &mut self.cells[i]
    }
    fn total(&self) -> i64 {
        self.cells.iter().sum::<i64>() + self.hands[0] + self.hands[1] + self.lost
    }
    fn apply(&mut self, e: &Event) {
        match e {
            Event::Scoop {
                player,
                from,
                seeds,
            } => {
                assert_eq!(*self.at(*from), *seeds as i64, "scoop takes the whole hole");
                *self.at(*from) = 0;
                self.hands[player.index()] += *seeds as i64;
            }
            Event::Sow { player, to } => {
                *self.at(*to) += 1;
                self.hands[player.index()] -= 1;
            }
            Event::Relay {
                player,
                from,
                seeds,
            } => {
                assert_eq!(*self.at(*from), *seeds as i64, "relay takes the whole hole");
                *self.at(*from) = 0;
                self.hands[player.index()] += *seeds as i64;
            }
            Event::Capture {
                player,
                landing,
                from,
                seeds,
            } => {
                let taken = *self.at(*from);
                *self.at(*from) = 0;
                let sower = *seeds as i64 - taken;
                assert!(sower == 0 || sower == 1);
                *self.at(*landing) -= sower;
                *self.at(Place::Store { side: *player }) += *seeds as i64;
            }
            Event::BurntForfeit { player, to, .. } => {
                self.hands[player.index()] -= 1;
                match to {
                    Some(q) => *self.at(Place::Store { side: *q }) += 1,
                    None => self.lost += 1,
                }
            }
            Event::Bank { side, to, seeds } => {
                let n = self.t.holes() as u8;
                let mut sum = 0;
                for k in 1..=n {
                    sum += std::mem::take(self.at(Place::Hole {
                        side: *side,
                        hole: k,
                    }));
                }
                assert_eq!(sum, *seeds as i64);
                *self.at(Place::Store { side: *to }) += sum;
            }
            Event::Refill {
                player,
                holes,
                store,
                ..
            } => {
                for (i, &s) in holes.iter().enumerate() {
                    *self.at(Place::Hole {
                        side: *player,
                        hole: i as u8 + 1,
                    }) = s as i64;
                }
                *self.at(Place::Store { side: *player }) = *store as i64;
            }
            _ => {}
        }
        for h in self.hands {
            assert!(h >= 0, "a hand never holds fewer than no seeds");
        }
        assert!(
            self.cells.iter().all(|&c| c >= 0),
            "no place goes below zero"
        );
    }
}

fn play_out(rules: &Rules, seed: u64) -> usize {
    let mut pos = Position::new(rules);
    let total = pos.seed_count();
    let mut fast = pos;
    let mut shadow = Shadow::new(&pos);
    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    let mut moves = 0;
    while let Some(mv) = player.choose(&pos, rules, &mut buf) {
        let turn = pos.play(rules, mv).expect("legal");
        fast.play_fast(rules, mv)
            .expect("legal on the fast path too");
        for e in &turn.events {
            shadow.apply(e);
            assert_eq!(shadow.total(), total as i64, "seeds conserved after {e:?}");
        }
        assert_eq!(shadow.total(), total as i64);
        assert_eq!(
            shadow.cells,
            pos.cells().iter().map(|&c| c as i64).collect::<Vec<_>>(),
            "the events tell the whole turn"
        );
        assert_eq!(pos.seed_count(), total);
        assert_eq!(fast, pos, "fast path and event path agree");
        moves += 1;
        assert!(moves < 100_000, "a game ends");
    }
    assert!(pos.is_over());
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn random_rules_random_games(rules in any_rules(), seed in any::<u64>()) {
        play_out(&rules, seed);
    }
}

#[test]
fn every_pack_conserves_seeds_over_many_games() {
    for pack in PackSet::builtin().all() {
        for &n in &pack.board_sizes {
            let rules = pack.rules_for_size(n).unwrap();
            for seed in 0..40 {
                play_out(&rules, seed);
            }
        }
    }
}
