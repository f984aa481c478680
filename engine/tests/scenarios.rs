#![cfg(not(target_arch = "wasm32"))]
//! Named scenarios: one position, one move, the whole resulting board.
//!
//! Every clause value has at least one scenario. Boards are small (3 or 4
//! holes) so each can be worked by hand; the traces are in the comments. On a
//! 4-hole board the ring in A's sowing order is A1 A2 A3 A4 [A store] B1 B2 B3
//! B4 [B store skipped]; A's hole k faces B's hole 5-k.

use congklak::*;

fn rules(holes: u8, seeds: u16, f: impl FnOnce(&mut Clauses)) -> Rules {
    let mut r = Clauses {
        holes,
        seeds_per_hole: seeds,
        ..Clauses::default()
    };
    f(&mut r);
    Rules::new(r).expect("scenario rules are valid")
}

fn setup(a: &[u16], b: &[u16], stores: [u16; 2], to_move: Player) -> Setup {
    Setup {
        holes: PerPlayer::new(a.to_vec(), b.to_vec()),
        stores: stores.into(),
        burnt: PerPlayer::default(),
        ngacang: PerPlayer::default(),
        to_move,
        round: 1,
    }
}

/// What a scenario expects after the move.
struct After<'a> {
    a: &'a [u16],
    b: &'a [u16],
    stores: [u16; 2],
    next: Option<ToMove>,
}

fn check(name: &str, r: &Rules, s: &Setup, mv: Move, want: After) -> (Position, Turn) {
    let mut pos = Position::from_setup(r, s).unwrap_or_else(|e| panic!("{name}: {e}"));
    let before = pos.seed_count();
    let turn = pos.play(r, mv).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(pos.holes(Player::A), want.a, "{name}: A's holes");
    assert_eq!(pos.holes(Player::B), want.b, "{name}: B's holes");
    assert_eq!(
        [pos.store(Player::A), pos.store(Player::B)],
        want.stores,
        "{name}: stores"
    );
    assert_eq!(pos.to_move(), want.next, "{name}: who moves next");
    assert_eq!(pos.seed_count(), before, "{name}: seeds conserved");
    (pos, turn)
}

const A: Option<ToMove> = Some(ToMove::One(Player::A));
const B: Option<ToMove> = Some(ToMove::One(Player::B));

// ---- relay (sambung) ----

#[test]
fn relay_anywhere_picks_up_on_both_sides() {
    // A2 (2): A3, A4 -> A4 now 2: relay 2: [A store], B1 -> B1 now 2: relay 2: B2, B3 -> B3 empty, B's side: stop.
    let r = rules(4, 4, |_| {});
    let s = setup(&[0, 2, 0, 1], &[1, 0, 0, 3], [0, 0], Player::A);
    let (_, turn) = check(
        "relay anywhere",
        &r,
        &s,
        Move::Hole(2),
        After {
            a: &[0, 0, 1, 0],
            b: &[0, 1, 1, 3],
            stores: [1, 0],
            next: B,
        },
    );
    let relays = turn
        .events
        .iter()
        .filter(|e| matches!(e, Event::Relay { .. }))
        .count();
    assert_eq!(relays, 2);
}

#[test]
fn relay_never_ends_the_turn_in_an_occupied_hole() {
    let r = rules(4, 4, |r| {
        r.relay = Relay::Never;
        r.capture_requires_opposite = true;
    });
    let s = setup(&[0, 2, 0, 1], &[1, 0, 0, 3], [0, 0], Player::A);
    check(
        "relay never",
        &r,
        &s,
        Move::Hole(2),
        After {
            a: &[0, 0, 1, 2],
            b: &[1, 0, 0, 3],
            stores: [0, 0],
            next: B,
        },
    );
}

#[test]
fn relay_opponent_side_stops_on_own_side_and_relays_on_theirs() {
    let r = rules(4, 4, |r| r.relay = Relay::OpponentSide);
    let s = setup(&[0, 2, 0, 1], &[1, 0, 0, 3], [0, 0], Player::A);
    check(
        "opponent-side relay, own side",
        &r,
        &s,
        Move::Hole(2),
        After {
            a: &[0, 0, 1, 2],
            b: &[1, 0, 0, 3],
            stores: [0, 0],
            next: B,
        },
    );
    // A4 (2): [A store], B1 -> B1 now 2, B's side: relay 2: B2, B3 -> B3 empty: stop.
    let s = setup(&[1, 0, 0, 2], &[1, 0, 0, 3], [0, 0], Player::A);
    check(
        "opponent-side relay, their side",
        &r,
        &s,
        Move::Hole(4),
        After {
            a: &[1, 0, 0, 0],
            b: &[0, 1, 1, 3],
            stores: [1, 0],
            next: B,
        },
    );
}

#[test]
fn relay_limit_stops_an_endless_chain_with_an_event() {
    // As "relay anywhere", but only one pick-up is allowed: the second relay (at B1) does not happen.
    let r = rules(4, 4, |r| r.relay_limit = 1);
    let s = setup(&[0, 2, 0, 1], &[1, 0, 0, 3], [0, 0], Player::A);
    let (_, turn) = check(
        "relay limit",
        &r,
        &s,
        Move::Hole(2),
        After {
            a: &[0, 0, 1, 0],
            b: &[2, 0, 0, 3],
            stores: [1, 0],
            next: B,
        },
    );
    assert!(turn.events.iter().any(|e| matches!(
        e,
        Event::EndlessSowing {
            player: Player::A,
            ..
        }
    )));
}

// ---- extra turn ----

#[test]
fn extra_turn_in_own_store() {
    let s = setup(&[1, 0, 0, 1], &[1, 1, 1, 1], [0, 0], Player::A);
    let r = rules(4, 4, |_| {});
    check(
        "extra turn yes",
        &r,
        &s,
        Move::Hole(4),
        After {
            a: &[1, 0, 0, 0],
            b: &[1, 1, 1, 1],
            stores: [1, 0],
            next: A,
        },
    );
    let r = rules(4, 4, |r| r.extra_turn = false);
    check(
        "extra turn no",
        &r,
        &s,
        Move::Hole(4),
        After {
            a: &[1, 0, 0, 0],
            b: &[1, 1, 1, 1],
            stores: [1, 0],
            next: B,
        },
    );
}

// ---- capture (menembak) ----

#[test]
fn capture_own_side_banks_the_seed_and_the_facing_hole() {
    // A1 (1): A2, empty, A's side; A2 faces B3 (2): 2 + 1 to A's store.
    let s = setup(&[1, 0, 0, 1], &[0, 0, 2, 5], [0, 0], Player::A);
    let r = rules(4, 4, |_| {});
    let (_, turn) = check(
        "capture own",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 1],
            b: &[0, 0, 0, 5],
            stores: [3, 0],
            next: B,
        },
    );
    assert!(turn
        .events
        .iter()
        .any(|e| matches!(e, Event::Capture { seeds: 3, .. })));
    let r = rules(4, 4, |r| r.capture_banks_sower = false);
    check(
        "capture without the sowing seed",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 1, 0, 1],
            b: &[0, 0, 0, 5],
            stores: [2, 0],
            next: B,
        },
    );
    for (name, side) in [
        ("capture never", CaptureSide::Never),
        ("capture reversed, own side", CaptureSide::Opponent),
    ] {
        let r = rules(4, 4, |r| r.capture_side = side);
        check(
            name,
            &r,
            &s,
            Move::Hole(1),
            After {
                a: &[0, 1, 0, 1],
                b: &[0, 0, 2, 5],
                stores: [0, 0],
                next: B,
            },
        );
    }
}

#[test]
fn capture_on_the_opponents_side_under_any_and_reversed() {
    // A3 (3): A4, [A store], B1 -> B1 was empty, B's side. B1 faces A4 (now 2).
    let s = setup(&[1, 0, 3, 1], &[0, 1, 1, 1], [0, 0], Player::A);
    for side in [CaptureSide::Any, CaptureSide::Opponent] {
        let r = rules(4, 4, |r| r.capture_side = side);
        check(
            &format!("capture {side} on their side"),
            &r,
            &s,
            Move::Hole(3),
            After {
                a: &[1, 0, 0, 0],
                b: &[0, 1, 1, 1],
                stores: [4, 0],
                next: B,
            },
        );
    }
    let r = rules(4, 4, |_| {});
    check(
        "capture own: their side just stops",
        &r,
        &s,
        Move::Hole(3),
        After {
            a: &[1, 0, 0, 2],
            b: &[1, 1, 1, 1],
            stores: [1, 0],
            next: B,
        },
    );
}

#[test]
fn capture_with_the_facing_hole_empty() {
    // A1 (1): A2 empty; B3 empty.
    let s = setup(&[1, 0, 0, 1], &[1, 1, 0, 5], [0, 0], Player::A);
    let r = rules(4, 4, |_| {});
    check(
        "lone seed banked",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 1],
            b: &[1, 1, 0, 5],
            stores: [1, 0],
            next: B,
        },
    );
    let r = rules(4, 4, |r| r.capture_requires_opposite = true);
    check(
        "no capture without seeds opposite",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 1, 0, 1],
            b: &[1, 1, 0, 5],
            stores: [0, 0],
            next: B,
        },
    );
}

#[test]
fn capture_lap_none_whole_turn_per_pickup() {
    // A1 (1) to empty A2 without going round: under a lap condition it is "mati", no capture.
    let s = setup(&[1, 0, 0, 1], &[0, 0, 2, 5], [0, 0], Player::A);
    let r = rules(4, 4, |r| r.capture_lap = CaptureLap::WholeTurn);
    check(
        "lap: not gone round",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 1, 0, 1],
            b: &[0, 0, 2, 5],
            stores: [0, 0],
            next: B,
        },
    );
    // A4 (2): [A store], B1 -> 3: relay 3: B2, B3, B4 -> 2: relay 2: A1, A2 -> A2 empty.
    // The store was passed before the relays: whole-turn captures B3 (1) + 1; per-pickup does not.
    let s = setup(&[0, 0, 0, 2], &[2, 0, 0, 1], [0, 0], Player::A);
    for lap in [CaptureLap::None, CaptureLap::WholeTurn] {
        let r = rules(4, 4, |r| r.capture_lap = lap);
        check(
            &format!("lap {lap}"),
            &r,
            &s,
            Move::Hole(4),
            After {
                a: &[1, 0, 0, 0],
                b: &[0, 1, 0, 0],
                stores: [3, 0],
                next: B,
            },
        );
    }
    let r = rules(4, 4, |r| r.capture_lap = CaptureLap::PerPickup);
    check(
        "lap per-pickup",
        &r,
        &s,
        Move::Hole(4),
        After {
            a: &[1, 1, 0, 0],
            b: &[0, 1, 1, 0],
            stores: [1, 0],
            next: B,
        },
    );
}

// ---- no move, end of play, leftovers ----

#[test]
fn no_move_pass_or_end() {
    // A1 (1): A2 empty, B3 empty: lone seed banked. B then has no seeds.
    let s = setup(&[1, 0, 0, 1], &[0, 0, 0, 0], [0, 0], Player::A);
    let r = rules(4, 4, |r| {
        r.end_when = EndWhen::AllInStores;
        r.no_move = NoMove::Pass;
    });
    let (_, turn) = check(
        "B passes",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 1],
            b: &[0, 0, 0, 0],
            stores: [1, 0],
            next: A,
        },
    );
    assert!(turn.events.contains(&Event::Pass { player: Player::B }));
    let r = rules(4, 4, |_| {});
    let (pos, _) = check(
        "no move ends play; A's seed to A",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 0],
            b: &[0, 0, 0, 0],
            stores: [2, 0],
            next: None,
        },
    );
    assert_eq!(pos.outcome().unwrap().winner, Some(Player::A));
}

#[test]
fn end_when_either_side_empty_and_leftovers() {
    // A1 (1): A2 empty, captures B3 (1) + 1. A's side is now empty; B still has B4.
    let s = setup(&[1, 0, 0, 0], &[0, 0, 1, 1], [0, 0], Player::A);
    let r = rules(4, 4, |_| {});
    check(
        "no-move: B still moves",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 0],
            b: &[0, 0, 0, 1],
            stores: [2, 0],
            next: B,
        },
    );
    for (leftover, b, stores) in [
        (Leftover::Owner, [0u16, 0, 0, 0], [2u16, 1u16]),
        (Leftover::Opponent, [0, 0, 0, 0], [3, 0]),
        (Leftover::Uncounted, [0, 0, 0, 1], [2, 0]),
    ] {
        let r = rules(4, 4, |r| {
            r.end_when = EndWhen::EitherSideEmpty;
            r.leftover = leftover;
        });
        let (pos, _) = check(
            &format!("either side empty, leftover {leftover}"),
            &r,
            &s,
            Move::Hole(1),
            After {
                a: &[0, 0, 0, 0],
                b: &b,
                stores,
                next: None,
            },
        );
        assert_eq!(
            pos.outcome().unwrap().scores.into_array(),
            [stores[0] as u32, stores[1] as u32]
        );
    }
}

#[test]
fn end_when_three_empty_holes_can_draw() {
    // A1 (1): A2 empty, captures B3 (1) + 1 = 2. A now has three empty holes: play stops;
    // A4's 1 to A (3), B's 3 to B (3): a draw.
    let s = setup(&[1, 0, 0, 1], &[1, 1, 1, 1], [0, 0], Player::A);
    let r = rules(4, 4, |r| {
        r.end_when = EndWhen::EmptyHoles;
        r.end_empty_holes = 3;
    });
    let (pos, turn) = check(
        "three empty holes",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 0],
            b: &[0, 0, 0, 0],
            stores: [3, 3],
            next: None,
        },
    );
    assert_eq!(pos.outcome().unwrap().winner, None);
    assert!(matches!(
        turn.events.last(),
        Some(Event::GameEnd { winner: None, .. })
    ));
}

// ---- win ----

#[test]
fn more_than_half_wins_at_once() {
    // 4 holes of 4: 32 seeds. A has 16 in store; a capture of 3 takes A past half.
    // Seeds: 2 + 6 + 16 + 8 = 32; half is 16, which is not more than half.
    let s = setup(&[1, 0, 0, 1], &[0, 0, 2, 4], [16, 8], Player::A);
    let r = rules(4, 4, |r| r.win = Win::MoreThanHalf);
    let (pos, _) = check(
        "more than half",
        &r,
        &s,
        Move::Hole(1),
        // Won at once; the board's seeds go by the leftover clause (owner).
        After {
            a: &[0, 0, 0, 0],
            b: &[0, 0, 0, 0],
            stores: [20, 12],
            next: None,
        },
    );
    assert_eq!(pos.outcome().unwrap().winner, Some(Player::A));
    assert_eq!(pos.outcome().unwrap().cause, EndCause::MoreThanHalf);
    let r = rules(4, 4, |_| {});
    check(
        "most seeds: play goes on",
        &r,
        &s,
        Move::Hole(1),
        After {
            a: &[0, 0, 0, 1],
            b: &[0, 0, 0, 4],
            stores: [19, 8],
            next: B,
        },
    );
}

// ---- opening ----

#[test]
fn first_player_and_board_sizes() {
    for n in [3u8, 5, 7, 9, 11] {
        let r = rules(n, n as u16, |r| r.first_player = Player::B);
        let pos = Position::new(&r);
        assert_eq!(pos.to_move(), B);
        assert_eq!(pos.holes(Player::A), vec![n as u16; n as usize]);
        assert_eq!(pos.seed_count(), 2 * n as u32 * n as u32);
        assert_eq!(pos.legal_holes(&r, Player::B), (1..=n).collect::<Vec<_>>());
    }
}

#[test]
fn simultaneous_opening_in_lockstep() {
    // 3 holes of 2. A picks 2, B picks 3; in each step A's seed drops first.
    // B's ring: B1 B2 B3 [B store] A1 A2 A3 (A's store skipped).
    //  1: A3 2->3          | [B store] 1
    //  2: [A store] 1: A's last seed, in its store: A chooses again
    //                      | A1 2->3, B's last seed, occupied: B picks up 3
    let r = rules(3, 2, |r| r.opening = Opening::Simultaneous);
    let mut pos = Position::new(&r);
    assert_eq!(pos.to_move(), Some(ToMove::Both));
    assert_eq!(pos.legal_moves(&r).len(), 9);
    let turn = pos.play(&r, Move::Both(2, 3)).unwrap();
    assert_eq!(
        pos.to_move(),
        A,
        "A landed in its store and chooses; B's hand waits"
    );
    assert_eq!(pos.holes(Player::A), vec![0, 0, 3]);
    assert_eq!(pos.holes(Player::B), vec![2, 2, 0]);
    assert_eq!([pos.store(Player::A), pos.store(Player::B)], [1, 1]);
    assert_eq!(pos.seed_count(), 12, "B's hand holds 3");
    let sows: Vec<Player> = turn
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Sow { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(
        sows,
        [Player::A, Player::B, Player::A, Player::B],
        "lockstep"
    );
    assert!(pos.play(&r, Move::Both(1, 1)).is_err());
    assert!(pos.play(&r, Move::Hole(1)).is_err(), "A1 is empty now");
    // A picks 3 (3 seeds); B's hand (3) goes on from A1.
    //  3: [A store] 2       | A2 0->1
    //  4: B1 2->3           | A3 0->1
    //  5: B2 2->3, last, occupied: A picks up 3
    //                       | B1 3->4, last, occupied: B picks up 4
    //  6: B3 0->1           | B2 0->1
    //  7: A1 0->1           | B3 1->2
    //  8: A2 1->2, last: A picks up 2
    //                       | [B store] 2
    //  9: A3 1->2           | A1 1->2, last: B picks up 2
    // 10: [A store] 3, last: A chooses again
    //                       | A2 0->1
    pos.play(&r, Move::Hole(3)).unwrap();
    assert_eq!(pos.to_move(), A);
    assert_eq!(pos.holes(Player::A), vec![0, 1, 2]);
    assert_eq!(pos.holes(Player::B), vec![0, 1, 2]);
    assert_eq!([pos.store(Player::A), pos.store(Player::B)], [3, 2]);
    // A picks 3 (2 seeds).
    // 11: [A store] 4       | A3 0->1, B's last, A's side, empty: B stops, first to finish
    // 12: B1 0->1, A's last, B's side, empty: A stops.
    pos.play(&r, Move::Hole(3)).unwrap();
    assert_eq!(pos.holes(Player::A), vec![0, 1, 1]);
    assert_eq!(pos.holes(Player::B), vec![1, 1, 2]);
    assert_eq!([pos.store(Player::A), pos.store(Player::B)], [4, 2]);
    assert_eq!(pos.seed_count(), 12);
    assert!(!pos.in_opening());
    assert_eq!(pos.to_move(), B, "B finished first and moves first");

    let r2 = rules(3, 2, |r| {
        r.opening = Opening::Simultaneous;
        r.simultaneous_next = SimultaneousNext::OtherOfFirst;
    });
    let mut pos = Position::new(&r2);
    for m in [Move::Both(2, 3), Move::Hole(3), Move::Hole(3)] {
        pos.play(&r2, m).unwrap();
    }
    assert_eq!(pos.to_move(), A, "the other of the first to finish");
}

#[test]
fn forced_opening_hole() {
    for (hole, k) in [(OpeningHole::Farthest, 1u8), (OpeningHole::Nearest, 7)] {
        let r = rules(7, 7, |r| {
            r.opening = Opening::Simultaneous;
            r.opening_hole = hole;
        });
        let pos = Position::new(&r);
        assert_eq!(pos.legal_moves(&r), vec![Move::Both(k, k)], "{hole}");
    }
    // Hellier's forced opening from hole 1 with 7 on 7 ends in the store: both choose again, freely.
    let r = rules(7, 7, |r| {
        r.opening = Opening::Simultaneous;
        r.opening_hole = OpeningHole::Farthest;
    });
    let mut pos = Position::new(&r);
    pos.play(&r, Move::Both(1, 1)).unwrap();
    assert_eq!(pos.to_move(), Some(ToMove::Both));
    assert_eq!(pos.legal_moves(&r).len(), 36);
}

// ---- rounds ----

/// 3 holes of 2 (12 seeds), several rounds. A1 (1) lands in empty A2 and banks the lone
/// seed (B2 is empty): A's side is empty, play stops; B's last seed goes to B.
/// Stores then A 7, B 5.
fn round_end(f: impl FnOnce(&mut Clauses)) -> (Rules, Position, Turn) {
    let r = rules(3, 2, |r| {
        r.rounds = Rounds::Several;
        r.end_when = EndWhen::EitherSideEmpty;
        f(r);
    });
    let s = setup(&[1, 0, 0], &[0, 0, 1], [6, 4], Player::A);
    let mut pos = Position::from_setup(&r, &s).unwrap();
    let turn = pos.play(&r, Move::Hole(1)).unwrap();
    assert_eq!(pos.seed_count(), 12);
    (r, pos, turn)
}

#[test]
fn refill_from_the_store_side_burns_the_far_hole() {
    let (_, pos, turn) = round_end(|_| {});
    assert_eq!(pos.round(), 2);
    assert_eq!(pos.holes(Player::A), vec![2, 2, 2]);
    assert_eq!(pos.store(Player::A), 1);
    assert_eq!(pos.holes(Player::B), vec![0, 2, 2]);
    assert_eq!(pos.burnt(Player::B), vec![1]);
    assert_eq!(pos.store(Player::B), 1);
    assert_eq!(pos.to_move(), A, "the winner (7 to 5) starts");
    assert!(turn.events.iter().any(|e| matches!(
        e,
        Event::RoundEnd {
            round: 1,
            stores,
            ..
        } if stores.into_array() == [7, 5]
    )));
    assert!(turn.events.iter().any(|e| matches!(
        e,
        Event::RoundStart {
            round: 2,
            starter: Some(Player::A)
        }
    )));
}

#[test]
fn refill_from_the_far_side_burns_the_hole_by_the_store() {
    let (_, pos, _) = round_end(|r| r.refill_from = RefillFrom::FarSide);
    assert_eq!(pos.holes(Player::B), vec![2, 2, 0]);
    assert_eq!(pos.burnt(Player::B), vec![3]);
}

#[test]
fn ngacang_refill_splits_the_rest_over_protected_holes() {
    let (_, pos, _) = round_end(|r| r.unfilled = Unfilled::Ngacang);
    assert_eq!(pos.holes(Player::B), vec![1, 2, 2]);
    assert_eq!(pos.ngacang(Player::B), vec![1]);
    assert!(pos.burnt(Player::B).is_empty());
    assert_eq!(pos.store(Player::B), 0);
    assert_eq!(
        pos.store(Player::A),
        1,
        "the full player keeps the rest (menang biji)"
    );
}

#[test]
fn next_round_starter_winner_loser_menang_jalan() {
    assert_eq!(
        round_end(|r| r.next_round_starter = NextStarter::Loser)
            .1
            .to_move(),
        B
    );
    // A ran out of seeds, B still had one: B is "menang jalan".
    assert_eq!(
        round_end(|r| r.next_round_starter = NextStarter::MenangJalan)
            .1
            .to_move(),
        B
    );
    assert_eq!(
        round_end(|r| r.next_round_starter = NextStarter::Winner)
            .1
            .to_move(),
        A
    );
}

#[test]
fn simultaneous_rounds_first_or_every() {
    let (_, pos, _) = round_end(|r| r.opening = Opening::Simultaneous);
    assert_eq!(pos.to_move(), A, "later rounds alternate");
    let (r, pos, _) = round_end(|r| {
        r.opening = Opening::Simultaneous;
        r.simultaneous_rounds = SimultaneousRounds::Every;
    });
    assert_eq!(pos.to_move(), Some(ToMove::Both));
    // B's burnt hole 1 cannot be chosen.
    assert!(pos
        .legal_moves(&r)
        .iter()
        .all(|m| !matches!(m, Move::Both(_, 1))));
}

#[test]
fn whole_game_end_and_round_cap() {
    // B has 5 stored at the round's end: it can fill a hole, so cannot-fill-one goes on...
    assert!(!round_end(|r| r.game_end = GameEnd::CannotFillOne)
        .1
        .is_over());
    // ...but with 3 seeds a hole B (5) could not fill one... use seeds 2, per hole: B fills two.
    let (_, pos, _) = round_end(|r| r.max_rounds = 1);
    assert_eq!(pos.outcome().unwrap().scores, PerPlayer::new(7, 5));
    assert_eq!(pos.outcome().unwrap().winner, Some(Player::A));
    // Lost all seeds: B ends with nothing when A captures everything.
    let r = rules(3, 2, |r| {
        r.rounds = Rounds::Several;
        r.end_when = EndWhen::EitherSideEmpty;
        r.game_end = GameEnd::LostAllSeeds;
    });
    let s = setup(&[1, 0, 0], &[0, 1, 0], [10, 0], Player::A);
    let mut pos = Position::from_setup(&r, &s).unwrap();
    pos.play(&r, Move::Hole(1)).unwrap();
    assert_eq!(pos.outcome().unwrap().scores, PerPlayer::new(12, 0));
    // The same under cannot-fill-one with only 1 for B: over as well.
    let r = rules(3, 2, |r| {
        r.rounds = Rounds::Several;
        r.end_when = EndWhen::EitherSideEmpty;
    });
    let s = setup(&[1, 0, 0], &[0, 0, 1], [10, 0], Player::A);
    let mut pos = Position::from_setup(&r, &s).unwrap();
    pos.play(&r, Move::Hole(1)).unwrap();
    assert_eq!(pos.outcome().unwrap().scores, PerPlayer::new(11, 1));
}

// ---- burnt and ngacang holes while sowing ----

fn burnt_setup(unfilled: Unfilled) -> (Rules, Setup) {
    let r = rules(3, 2, |r| {
        r.rounds = Rounds::Several;
        r.unfilled = unfilled;
    });
    let mut s = setup(&[0, 0, 3], &[1, 0, 1], [0, 0], Player::A);
    s.burnt[Player::B] = vec![2];
    (r, s)
}

#[test]
fn burnt_holes_skipped_by_both() {
    // A3 (3): [A store], B1 (2), B2 burnt: skipped, B3 (2): relay 2: A1, A2 -> empty, faces B2 (0): lone seed banked.
    let (r, s) = burnt_setup(Unfilled::BurntSkipped);
    check(
        "burnt skipped",
        &r,
        &s,
        Move::Hole(3),
        After {
            a: &[1, 0, 0],
            b: &[2, 0, 0],
            stores: [2, 0],
            next: B,
        },
    );
}

#[test]
fn burnt_holes_send_seeds_to_the_opponent_or_lose_them() {
    // A3 (3): [A store], B1 (2), B2 burnt: the last seed goes to B's store / is lost; the move ends.
    let (r, s) = burnt_setup(Unfilled::BurntToOpponent);
    let (_, turn) = check(
        "burnt to opponent",
        &r,
        &s,
        Move::Hole(3),
        After {
            a: &[0, 0, 0],
            b: &[2, 0, 1],
            stores: [1, 1],
            next: B,
        },
    );
    assert!(turn.events.iter().any(|e| matches!(
        e,
        Event::BurntForfeit {
            to: Some(Player::B),
            ..
        }
    )));
    let (r, s) = burnt_setup(Unfilled::BurntForfeit);
    let (pos, _) = check(
        "burnt forfeit",
        &r,
        &s,
        Move::Hole(3),
        After {
            a: &[0, 0, 0],
            b: &[2, 0, 1],
            stores: [1, 0],
            next: B,
        },
    );
    assert_eq!(pos.lost(), 1);
    // A burnt hole cannot be played.
    let mut s2 = s.clone();
    s2.to_move = Player::B;
    let pos = Position::from_setup(&r, &s2).unwrap();
    let err = pos.clone().play(&r, Move::Hole(2)).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalReason::Burnt {
            player: Player::B,
            hole: 2
        },
        "{err}"
    );
    assert!(err.reason.to_string().contains("burnt"), "{err}");
}

#[test]
fn ngacang_holes_skipped_by_the_opponent_sown_by_the_owner_never_taken() {
    let r = rules(3, 2, |r| {
        r.rounds = Rounds::Several;
        r.unfilled = Unfilled::Ngacang;
        r.leftover = Leftover::Owner;
    });
    // B's hole 1 is ngacang. A3 (2): [A store], B1 passed over, B2 0->1: B's side, empty: stop.
    let mut s = setup(&[1, 0, 2], &[1, 0, 2], [0, 0], Player::A);
    s.ngacang[Player::B] = vec![1];
    check(
        "opponent skips ngacang",
        &r,
        &s,
        Move::Hole(3),
        After {
            a: &[1, 0, 0],
            b: &[1, 1, 2],
            stores: [1, 0],
            next: B,
        },
    );
    // B may not take from its ngacang hole.
    let mut s2 = setup(&[1, 0, 2], &[1, 1, 2], [0, 0], Player::B);
    s2.ngacang[Player::B] = vec![1];
    let pos = Position::from_setup(&r, &s2).unwrap();
    assert_eq!(pos.legal_holes(&r, Player::B), vec![2, 3]);
    // A's capture into A3 facing B1 (ngacang) takes nothing: A2 (1) -> A3 empty, faces B1: protected, stop.
    let mut s3 = setup(&[0, 1, 0], &[1, 0, 2], [0, 0], Player::A);
    s3.ngacang[Player::B] = vec![1];
    check(
        "ngacang seeds cannot be captured",
        &r,
        &s3,
        Move::Hole(2),
        After {
            a: &[0, 0, 1],
            b: &[1, 0, 2],
            stores: [0, 0],
            next: B,
        },
    );
    let mut s4 = setup(&[0, 1, 1], &[0, 0, 3], [0, 0], Player::B);
    s4.ngacang[Player::B] = vec![1];
    // B3 (3): [B store], A1, A2 (1->2): relay 2: A3 (2), [A store skipped], B1 (ngacang, own: sown, 0->1):
    // landing in a ngacang hole stops (nobody takes or captures there).
    check(
        "owner sows into ngacang",
        &r,
        &s4,
        Move::Hole(3),
        After {
            a: &[1, 0, 2],
            b: &[1, 0, 0],
            stores: [0, 1],
            next: A,
        },
    );
}

// ---- illegal moves and records ----

#[test]
fn illegal_moves_are_refused_and_leave_the_game_unchanged() {
    let r = Rules::default();
    let mut game = Game::new(r);
    assert!(game.play(Move::Hole(0)).is_err());
    assert!(game.play(Move::Hole(12)).is_err());
    assert!(game.play(Move::Both(1, 1)).is_err());
    game.play(Move::Hole(1)).unwrap();
    let err = game.play(Move::Hole(1)).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalReason::Empty {
            player: Player::A,
            hole: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "illegal move 1: player A cannot play hole 1: it is empty"
    );
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.undo(), Some(Move::Hole(1)));
    assert_eq!(game.position(), game.start());
}

// ---- the guards that make every game end ----

#[test]
fn move_limit_ends_the_round_with_an_event() {
    // Ten moves of hole-by-hole play on a big board end the round by the limit.
    let r = rules(11, 11, |r| r.move_limit = 10);
    let mut pos = Position::new(&r);
    let mut last = Vec::new();
    for _ in 0..10 {
        let mv = pos.legal_moves(&r)[0];
        last = pos.play(&r, mv).unwrap().events;
    }
    assert!(last.contains(&Event::MoveLimit), "{last:?}");
    assert!(pos.is_over());
    assert_eq!(pos.seed_count(), 242);
}

#[test]
fn round_limit_ends_the_game_with_an_event() {
    let (_, pos, turn) = round_end(|r| r.round_limit = 1);
    assert!(turn.events.contains(&Event::RoundLimit));
    assert_eq!(pos.outcome().unwrap().scores, PerPlayer::new(7, 5));
}

#[test]
fn a_move_is_compared_under_another_reading() {
    // A1 (1) lands in empty A2 facing B3 (2): a capture under own-side capture,
    // not under a lap condition; the same under any-side capture.
    let s = setup(&[1, 0, 0, 1], &[0, 0, 2, 5], [0, 0], Player::A);
    let r = rules(4, 4, |_| {});
    let pos = Position::from_setup(&r, &s).unwrap();
    let lap = rules(4, 4, |r| r.capture_lap = CaptureLap::WholeTurn);
    let any = rules(4, 4, |r| r.capture_side = CaptureSide::Any);
    assert!(pos.plays_differently(&r, &lap, Move::Hole(1)));
    assert!(!pos.plays_differently(&r, &any, Move::Hole(1)));
    assert!(pos.plays_differently(&r, &rules(5, 4, |_| {}), Move::Hole(1)));
}

// ---- why a game ends ----

#[test]
fn every_game_says_why_it_ended() {
    // Every built-in pack, 40 seeded games each: the cause agrees with the
    // rules and with the events of the last turn.
    let packs = congklak::PackSet::builtin();
    let mut seen = std::collections::BTreeSet::new();
    for pack in packs.all() {
        let r = &pack.rules;
        for seed in 0..40 {
            let game = congklak::random_game(r, seed);
            let mut pos = Position::new(r);
            let mut last = Vec::new();
            for &mv in &game.moves {
                last = pos.play(r, mv).unwrap().events;
            }
            let cause = pos.outcome().unwrap().cause;
            assert_eq!(pos.outcome(), Some(game.outcome), "{} {seed}", pack.id);
            let limit = |e: &Event| matches!(e, Event::RoundLimit);
            let cap = |e: &Event| matches!(e, Event::GameMoveLimit);
            match cause {
                EndCause::LastRound => assert!(
                    r.rounds == Rounds::Single || pos.round() >= r.max_rounds as u16,
                    "{} {seed}: round {}",
                    pack.id,
                    pos.round()
                ),
                EndCause::MoreThanHalf => {
                    assert_eq!(r.win, Win::MoreThanHalf, "{}", pack.id);
                    let s = game.outcome.scores;
                    assert!(2 * s[Player::A].max(s[Player::B]) > s[Player::A] + s[Player::B]);
                }
                EndCause::OutOfSeeds(_) => assert_eq!(r.rounds, Rounds::Several, "{}", pack.id),
                EndCause::RoundLimit => assert!(last.iter().any(limit), "{} {seed}", pack.id),
                EndCause::MoveLimit => assert!(last.iter().any(cap), "{} {seed}", pack.id),
                EndCause::Resigned(p) => {
                    panic!("{} {seed}: nobody resigns a random game, {p} did", pack.id)
                }
            }
            if cause != EndCause::RoundLimit {
                assert!(!last.iter().any(limit), "{} {seed}: {cause:?}", pack.id);
            }
            seen.insert(format!("{cause:?}").split('(').next().unwrap().to_string());
        }
    }
    // The packs between them end games in several ways.
    for want in ["LastRound", "OutOfSeeds"] {
        assert!(seen.contains(want), "no game ended by {want}: {seen:?}");
    }
}
