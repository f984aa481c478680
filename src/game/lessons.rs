//! The lessons of `/learn`, in plain Rust: each teaches one idea on a real
//! position under a pack's rules. The learner plays a hole and the engine's
//! events animate it; a wrong hole shows what it would have done instead.
//! Where the packs read the rule differently, the same move is also played
//! under the other reading, side by side.
//!
//! Every lesson states what its move does (relays, captures, seeds banked,
//! who moves next...). The texts take those figures from [`Claim`], and a
//! test checks every claim against the engine, so a lesson cannot say what
//! the engine does not do.

use crate::game::state::packs;
use congklak::{Event, Move, PerPlayer, Place, Player, Position, Rules, Setup, ToMove, Turn};

/// What a move does, as a lesson states it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claim {
    /// Relay pick-ups (sambung).
    pub relays: u16,
    /// Seeds captured (menembak), the landing seed included when banked.
    pub captured: u16,
    /// Seeds that reached the mover's store in the move (sowing and capture).
    pub banked: u16,
    /// The mover moves again.
    pub extra_turn: bool,
    /// Who moves next (`None`: play has stopped).
    pub next: Option<Player>,
    /// Where the last seed came to rest (`None` for a simultaneous opening).
    pub end: Option<Place>,
    /// The game is over, with these final scores (A, B).
    pub scores: Option<[u32; 2]>,
    /// A round ended; the next one starts with these holes burnt and
    /// these ngacang, for A then B.
    pub next_round: Option<[(Vec<u8>, Vec<u8>); 2]>,
}

impl Claim {
    /// What a played turn did, read from its events and the position after it.
    pub fn of(turn: &Turn, mover: Player, after: &Position) -> Claim {
        let mut c = Claim::default();
        for e in &turn.events {
            match e {
                Event::Relay { player, .. } if *player == mover => c.relays += 1,
                Event::Capture {
                    player,
                    seeds,
                    landing,
                    ..
                } if *player == mover => {
                    c.captured += seeds;
                    c.banked += seeds;
                    c.end = Some(*landing);
                }
                Event::Sow {
                    player,
                    to: Place::Store { .. },
                } if *player == mover => c.banked += 1,
                Event::ExtraTurn { player } if *player == mover => c.extra_turn = true,
                Event::Stop { player, at } if *player == mover => c.end = Some(*at),
                Event::ExtraTurn { .. } => {}
                Event::RoundEnd { .. } if !after.is_over() => {
                    c.next_round = Some(Player::BOTH.map(|p| (after.burnt(p), after.ngacang(p))));
                }
                _ => {}
            }
        }
        if c.extra_turn {
            c.end = Some(Place::Store { side: mover });
        }
        c.next = match after.to_move() {
            Some(ToMove::One(p)) => Some(p),
            _ => None,
        };
        c.scores = after.outcome().map(|o| o.scores.into_array());
        c
    }
}

/// Another reading of the rule a lesson teaches: a clause set differently.
#[derive(Clone, Debug)]
pub struct OtherReading {
    /// The clause.
    pub clause: &'static str,
    /// Its value under the other reading (as in `Rules::with_clause`).
    pub value: &'static str,
    /// A pack that reads it so (for its name and link), if one does; else
    /// only sources do.
    pub pack: Option<&'static str>,
    /// What the move does under it.
    pub claim: Claim,
}

/// A position to start from (a lesson's, the worked example's): each
/// side's holes, hole 1 first, and the stores, Player A to move in the
/// first round; written as Rust data, so the page needs no JSON reader for
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartBoard {
    /// Player A's holes.
    pub a: &'static [u16],
    /// Player B's holes.
    pub b: &'static [u16],
    /// Player A's store, then Player B's.
    pub stores: [u16; 2],
}

impl StartBoard {
    /// The position as the engine takes it.
    pub fn setup(&self) -> Setup {
        Setup {
            holes: PerPlayer::new(self.a.to_vec(), self.b.to_vec()),
            stores: PerPlayer::new(self.stores[0], self.stores[1]),
            burnt: PerPlayer::default(),
            ngacang: PerPlayer::default(),
            to_move: Player::A,
            round: 1,
        }
    }
}

/// One lesson.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Its address on the page (`/learn#relay`), and the start of its text keys.
    pub id: &'static str,
    /// The pack whose rules it plays.
    pub pack: &'static str,
    /// Clauses set otherwise than the pack (a smaller board, fewer seeds).
    pub clauses: &'static [(&'static str, &'static str)],
    /// The position; `None`: the pack's opening.
    pub setup: Option<StartBoard>,
    /// For a simultaneous opening: the hole Player B has chosen.
    pub b_pick: Option<u8>,
    /// The hole (Player A's) that shows the idea.
    pub right: u8,
    /// What it does.
    pub claim: Claim,
    /// A plausible wrong hole, and what it does (none where only one hole
    /// can be played).
    pub wrong: Option<(u8, Claim)>,
    /// The rule read differently by other packs, if it is.
    pub other: Option<OtherReading>,
}

impl Lesson {
    /// The rules the lesson plays.
    pub fn rules(&self) -> Rules {
        let pack = packs().get(self.pack).expect("a lesson's pack is built in");
        pack.rules
            .with_clauses(self.clauses)
            .expect("a lesson's clauses are valid")
    }

    /// The rules of the other reading.
    pub fn other_rules(&self) -> Option<Rules> {
        let o = self.other.as_ref()?;
        self.rules().with_clause(o.clause, o.value).ok()
    }

    /// The position the lesson starts from.
    pub fn start(&self, rules: &Rules) -> Position {
        match self.setup {
            None => Position::new(rules),
            Some(board) => {
                Position::from_setup(rules, &board.setup()).expect("a lesson's position is valid")
            }
        }
    }

    /// The move for Player A's hole `k`.
    pub fn move_for(&self, k: u8) -> Move {
        match self.b_pick {
            Some(b) => Move::Both(k, b),
            None => Move::Hole(k),
        }
    }

    /// Plays A's hole `k` under `rules`: the turn, the position after it
    /// and what it did.
    pub fn play(&self, rules: &Rules, k: u8) -> Option<(Position, Turn, Position, Claim)> {
        let start = self.start(rules);
        let mut after = start;
        let turn = after.play(rules, self.move_for(k)).ok()?;
        let claim = Claim::of(&turn, Player::A, &after);
        Some((start, turn, after, claim))
    }
}

/// A hole of A's, for lesson data.
const fn a_hole(hole: u8) -> Option<Place> {
    Some(Place::Hole {
        side: Player::A,
        hole,
    })
}

/// A hole of B's, for lesson data.
const fn b_hole(hole: u8) -> Option<Place> {
    Some(Place::Hole {
        side: Player::B,
        hole,
    })
}

/// A's store, for lesson data.
const A_STORE: Option<Place> = Some(Place::Store { side: Player::A });

/// The lessons, in order.
pub fn lessons() -> Vec<Lesson> {
    vec![
        // Sowing: one seed a hole, one in your own store as you pass it.
        Lesson {
            id: "sowing",
            pack: "umum",
            clauses: &[("holes", "5")],
            setup: Some(StartBoard {
                a: &[1, 0, 0, 3, 0],
                b: &[0, 2, 2, 2, 2],
                stores: [4, 6],
            }),
            b_pick: None,
            right: 4,
            claim: Claim {
                banked: 1,
                next: Some(Player::B),
                end: b_hole(1),
                ..Claim::default()
            },
            wrong: Some((
                1,
                Claim {
                    captured: 3,
                    banked: 3,
                    next: Some(Player::B),
                    end: a_hole(2),
                    ..Claim::default()
                },
            )),
            other: None,
        },
        // Relay (sambung): the last seed in a filled hole lifts it and sows on.
        Lesson {
            id: "relay",
            pack: "umum",
            clauses: &[("holes", "5")],
            setup: Some(StartBoard {
                a: &[0, 0, 2, 0, 1],
                b: &[0, 3, 1, 2, 2],
                stores: [5, 4],
            }),
            b_pick: None,
            right: 3,
            claim: Claim {
                relays: 1,
                banked: 1,
                next: Some(Player::B),
                end: b_hole(1),
                ..Claim::default()
            },
            wrong: Some((
                5,
                Claim {
                    banked: 1,
                    extra_turn: true,
                    next: Some(Player::A),
                    end: A_STORE,
                    ..Claim::default()
                },
            )),
            other: Some(OtherReading {
                clause: "relay",
                value: "never",
                pack: Some("standard-mancala"),
                claim: Claim {
                    next: Some(Player::B),
                    end: a_hole(5),
                    ..Claim::default()
                },
            }),
        },
        // Capture (menembak): the last seed in an empty hole of your own
        // takes the hole across.
        Lesson {
            id: "capture",
            pack: "umum",
            clauses: &[("holes", "5")],
            setup: Some(StartBoard {
                a: &[1, 0, 0, 2, 0],
                b: &[2, 3, 0, 4, 1],
                stores: [5, 4],
            }),
            b_pick: None,
            right: 1,
            claim: Claim {
                captured: 5,
                banked: 5,
                next: Some(Player::B),
                end: a_hole(2),
                ..Claim::default()
            },
            wrong: Some((
                4,
                Claim {
                    banked: 1,
                    extra_turn: true,
                    next: Some(Player::A),
                    end: A_STORE,
                    ..Claim::default()
                },
            )),
            other: Some(OtherReading {
                clause: "capture_banks_sower",
                value: "false",
                pack: Some("ohvalhu"),
                claim: Claim {
                    captured: 4,
                    banked: 4,
                    next: Some(Player::B),
                    end: a_hole(2),
                    ..Claim::default()
                },
            }),
        },
        // Extra turn: the last seed in your own store, and you move again.
        Lesson {
            id: "extra-turn",
            pack: "umum",
            clauses: &[("holes", "5")],
            setup: Some(StartBoard {
                a: &[0, 0, 3, 0, 2],
                b: &[1, 2, 2, 0, 3],
                stores: [6, 5],
            }),
            b_pick: None,
            right: 3,
            claim: Claim {
                banked: 1,
                extra_turn: true,
                next: Some(Player::A),
                end: A_STORE,
                ..Claim::default()
            },
            wrong: Some((
                5,
                Claim {
                    relays: 2,
                    captured: 5,
                    banked: 6,
                    next: Some(Player::B),
                    end: a_hole(1),
                    ..Claim::default()
                },
            )),
            other: Some(OtherReading {
                clause: "extra_turn",
                value: "false",
                pack: None,
                claim: Claim {
                    banked: 1,
                    next: Some(Player::B),
                    end: A_STORE,
                    ..Claim::default()
                },
            }),
        },
        // How play stops, and where the seeds left on the board go.
        Lesson {
            id: "end",
            pack: "umum",
            clauses: &[("holes", "5")],
            setup: Some(StartBoard {
                a: &[2, 0, 0, 1, 3],
                b: &[0, 0, 0, 0, 0],
                stores: [10, 12],
            }),
            b_pick: None,
            right: 1,
            claim: Claim {
                captured: 1,
                banked: 1,
                end: a_hole(3),
                scores: Some([16, 12]),
                ..Claim::default()
            },
            wrong: Some((
                5,
                Claim {
                    banked: 1,
                    next: Some(Player::B),
                    end: b_hole(2),
                    ..Claim::default()
                },
            )),
            other: Some(OtherReading {
                clause: "leftover",
                value: "opponent",
                pack: Some("congkak-melayu"),
                claim: Claim {
                    captured: 1,
                    banked: 1,
                    end: a_hole(3),
                    scores: Some([11, 17]),
                    ..Claim::default()
                },
            }),
        },
        // The simultaneous opening: both sow at once; the first to finish
        // moves next.
        Lesson {
            id: "opening",
            pack: "congkak-portal",
            clauses: &[("holes", "5"), ("seeds_per_hole", "3")],
            setup: None,
            b_pick: Some(4),
            right: 5,
            claim: Claim {
                relays: 1,
                captured: 6,
                banked: 7,
                next: Some(Player::A),
                end: a_hole(1),
                ..Claim::default()
            },
            wrong: Some((
                1,
                Claim {
                    relays: 4,
                    banked: 2,
                    next: Some(Player::B),
                    end: b_hole(2),
                    ..Claim::default()
                },
            )),
            other: Some(OtherReading {
                clause: "simultaneous_next",
                value: "other-of-first",
                pack: Some("congkak-tradisional"),
                claim: Claim {
                    relays: 1,
                    captured: 6,
                    banked: 7,
                    next: Some(Player::B),
                    end: a_hole(1),
                    ..Claim::default()
                },
            }),
        },
        // Rounds: holes refilled from the store; the short player's holes
        // burn, or in Java stay partly filled and protected (ngacang).
        Lesson {
            id: "rounds",
            pack: "dakon-ngacang",
            clauses: &[],
            setup: Some(StartBoard {
                a: &[0, 0, 0, 0, 0, 0, 1],
                b: &[3, 2, 4, 1, 0, 5, 2],
                stores: [30, 50],
            }),
            b_pick: None,
            right: 7,
            claim: Claim {
                banked: 1,
                extra_turn: true,
                next: Some(Player::B),
                end: A_STORE,
                next_round: Some([(vec![], vec![1, 2, 3]), (vec![], vec![])]),
                ..Claim::default()
            },
            wrong: None,
            other: Some(OtherReading {
                clause: "unfilled",
                value: "burnt-skipped",
                pack: Some("congkak-tradisional"),
                claim: Claim {
                    banked: 1,
                    extra_turn: true,
                    next: Some(Player::B),
                    end: A_STORE,
                    next_round: Some([(vec![1, 2, 3], vec![]), (vec![], vec![])]),
                    ..Claim::default()
                },
            }),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::install_packs;
    use congklak::PackSet;

    /// Every lesson's claims are what the engine does: the right hole, the
    /// wrong one, and the same move under the other reading.
    #[test]
    fn every_lesson_says_what_the_engine_does() {
        install_packs(PackSet::builtin());
        let all = lessons();
        assert_eq!(all.len(), 7);
        for l in &all {
            let rules = l.rules();
            let (_, _, _, got) = l.play(&rules, l.right).expect(l.id);
            assert_eq!(got, l.claim, "{}: the right hole", l.id);
            if let Some((k, claim)) = &l.wrong {
                assert_ne!(*k, l.right, "{}", l.id);
                let (_, _, _, got) = l.play(&rules, *k).expect(l.id);
                assert_eq!(&got, claim, "{}: the wrong hole {k}", l.id);
                assert_ne!(got, l.claim, "{}: the wrong hole does something else", l.id);
            }
            if let Some(o) = &l.other {
                let other = l.other_rules().expect(l.id);
                assert_ne!(other, rules, "{}: the other reading is another", l.id);
                if let Some(id) = o.pack {
                    let pack = packs().get(id).expect(id);
                    assert_eq!(
                        pack.rules.value(o.clause),
                        other.value(o.clause),
                        "{}: {id} reads {} so",
                        l.id,
                        o.clause
                    );
                }
                let (_, _, _, got) = l.play(&other, l.right).expect(l.id);
                assert_eq!(got, o.claim, "{}: the other reading", l.id);
                assert_ne!(got, l.claim, "{}: the readings differ on this move", l.id);
            }
        }
    }

    /// Each lesson shows its idea in the right move.
    #[test]
    fn each_lesson_shows_its_idea() {
        install_packs(PackSet::builtin());
        let by_id = |id: &str| lessons().into_iter().find(|l| l.id == id).unwrap();
        assert!(by_id("relay").claim.relays > 0);
        assert!(by_id("capture").claim.captured > 0);
        assert!(by_id("extra-turn").claim.extra_turn);
        assert!(by_id("end").claim.scores.is_some());
        assert!(by_id("opening").b_pick.is_some());
        let rounds = by_id("rounds").claim.next_round.unwrap();
        assert!(!rounds[0].1.is_empty(), "ngacang holes next round");
        let sowing = by_id("sowing").claim;
        assert_eq!(
            (sowing.relays, sowing.captured, sowing.extra_turn),
            (0, 0, false)
        );
    }
}
