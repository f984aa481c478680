//! Where a game of several rounds stands: one [`RoundStanding`] a round
//! played to its end (who won it, the seeds each side had, how each side
//! was refilled, which holes burn, who starts the next), read from the
//! game's events, so the page between rounds and a game's summary say the
//! same as the play did.

use crate::game::{Game, ToMove, Turn};
use crate::rules::{PerPlayer, Player, Rules};
use crate::sow::Event;
use serde::{Deserialize, Serialize};

/// One side's holes as refilled for the next round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefillStanding {
    /// Seeds in each hole, hole 1 first (in the owner's numbering).
    pub holes: Vec<u16>,
    /// Holes out of play next round (burnt), by number.
    pub burnt: Vec<u8>,
    /// Protected "ngacang" holes next round, by number.
    pub ngacang: Vec<u8>,
    /// Seeds left in the store after the refill (the winner's surplus; the
    /// short player's remainder where the pack keeps it there).
    pub store: u16,
}

impl RefillStanding {
    /// Holes the player keeps in play next round: those not burnt
    /// (protected ngacang holes count: their owner sows into them).
    pub fn kept(&self) -> u8 {
        (self.holes.len() - self.burnt.len()) as u8
    }
}

/// A round played to its end, and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundStanding {
    /// The round's number, from 1.
    pub round: u16,
    /// Each player's seeds when the round ended: their store after the
    /// seeds left in the holes went where `leftover` says.
    #[serde(with = "crate::rules::by_name")]
    pub seeds: PerPlayer<u16>,
    /// Who won the round (more seeds); `None` for a tie.
    pub winner: Option<Player>,
    /// How each side was refilled for the next round, `[A, B]`; `None`
    /// when the game ended with this round without a refill. When a refill
    /// leaves a player no hole to play the game ends there: the refill is
    /// shown and `ends_game` is true.
    pub refill: Option<[RefillStanding; 2]>,
    /// Who moves first in the next round: one player, or both at once
    /// when every round opens together; `None` when the game ended.
    pub next: Option<ToMove>,
    /// Whether the game ended with this round.
    pub ends_game: bool,
}

/// The standing after each round that ended in `turns` (a game's turns
/// from its start, as [`Game::turns`] gives them), in order. A round cut
/// short by the limit on a game's moves, and the round a player resigned
/// in, have none: they did not end by the rules.
pub fn round_standings(turns: &[Turn]) -> Vec<RoundStanding> {
    let mut out: Vec<RoundStanding> = Vec::new();
    let mut refill: [Option<RefillStanding>; 2] = [None, None];
    for turn in turns {
        for e in &turn.events {
            match e {
                Event::RoundEnd {
                    round,
                    stores,
                    winner,
                } => {
                    refill = [None, None];
                    out.push(RoundStanding {
                        round: *round,
                        seeds: *stores,
                        winner: *winner,
                        refill: None,
                        next: None,
                        ends_game: false,
                    });
                }
                Event::Refill {
                    player,
                    holes,
                    burnt,
                    ngacang,
                    store,
                } => {
                    refill[player.index()] = Some(RefillStanding {
                        holes: holes.clone(),
                        burnt: burnt.clone(),
                        ngacang: ngacang.clone(),
                        store: *store,
                    });
                    if let (Some(last), [Some(a), Some(b)]) = (out.last_mut(), &refill) {
                        last.refill = Some([a.clone(), b.clone()]);
                    }
                }
                Event::RoundStart { starter, .. } => {
                    if let Some(last) = out.last_mut() {
                        last.next = Some(starter.map_or(ToMove::Both, ToMove::One));
                    }
                }
                Event::GameEnd { .. } => {
                    // Only a round that ended by the rules in this turn
                    // ends the game with it (not one cut short by the
                    // game's move limit).
                    let ended_here = turn
                        .events
                        .iter()
                        .any(|e| matches!(e, Event::RoundEnd { .. }));
                    if let (true, Some(last)) = (ended_here, out.last_mut()) {
                        last.ends_game = true;
                        last.next = None;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// How many holes `seeds` fill under `rules` (a full hole each), at most
/// the board's: the holes a player would keep if a round began with these
/// seeds. Under the packs of several rounds the player with more seeds
/// keeps at least as many holes, so a result by seeds is a result by holes.
pub fn holes_filled(rules: &Rules, seeds: u32) -> u8 {
    (seeds / u32::from(rules.seeds_per_hole)).min(u32::from(rules.holes)) as u8
}

impl Game {
    /// The standing after each round ended so far (see [`round_standings`]).
    pub fn standings(&self) -> Vec<RoundStanding> {
        round_standings(&self.turns())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EndCause, Move, Position};
    use crate::pack::PackSet;
    use crate::sample::SamplePlayer;

    /// Plays `pack` with the sample player until `rounds` rounds have ended
    /// or the game is over.
    fn play(pack: &str, seed: u64, rounds: usize) -> Game {
        let rules = PackSet::builtin().get(pack).unwrap().rules.clone();
        let mut game = Game::new(rules.clone());
        let mut player = SamplePlayer::new(seed);
        let mut buf = Vec::new();
        while game.standings().len() < rounds {
            let Some(mv) = player.choose(game.position(), &rules, &mut buf) else {
                break;
            };
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn each_round_says_its_seeds_winner_refill_and_next_starter() {
        let game = play("sungka", 3, 4);
        let standings = game.standings();
        assert_eq!(standings.len(), 4);
        let rules = game.rules();
        let total = rules.total_seeds();
        for (i, s) in standings.iter().enumerate() {
            assert_eq!(s.round as usize, i + 1);
            assert_eq!(u32::from(s.seeds[Player::A] + s.seeds[Player::B]), total);
            let lead = match s.seeds[Player::A].cmp(&s.seeds[Player::B]) {
                std::cmp::Ordering::Greater => Some(Player::A),
                std::cmp::Ordering::Less => Some(Player::B),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(s.winner, lead);
            assert!(!s.ends_game);
            let refill = s.refill.as_ref().expect("refilled");
            for p in Player::BOTH {
                let r = &refill[p.index()];
                let seeds: u32 = r.holes.iter().map(|&h| u32::from(h)).sum();
                // Every seed a player won is in their holes or their store.
                assert_eq!(seeds + u32::from(r.store), u32::from(s.seeds[p]));
                assert_eq!(r.kept(), holes_filled(rules, u32::from(s.seeds[p])));
                for &k in &r.burnt {
                    assert_eq!(r.holes[k as usize - 1], 0);
                }
            }
            // Sungka: the round's winner starts the next (a tie: the other
            // of the last round's starter, not checked here).
            if let Some(w) = s.winner {
                assert_eq!(s.next, Some(ToMove::One(w)));
            }
        }
    }

    #[test]
    fn the_last_round_of_an_agreed_number_ends_the_game_without_a_refill() {
        let rules = PackSet::builtin()
            .get("sungka")
            .unwrap()
            .rules
            .edit(|c| c.max_rounds = 2)
            .unwrap();
        let mut game = Game::new(rules.clone());
        let mut player = SamplePlayer::new(5);
        let mut buf = Vec::new();
        while let Some(mv) = player.choose(game.position(), &rules, &mut buf) {
            game.play(mv).unwrap();
        }
        let standings = game.standings();
        assert_eq!(standings.len(), 2, "{standings:?}");
        assert!(standings[0].refill.is_some() && !standings[0].ends_game);
        let last = &standings[1];
        assert!(last.ends_game);
        assert_eq!(last.refill, None);
        assert_eq!(last.next, None);
        let o = game.position().outcome().unwrap();
        assert_eq!(o.cause, EndCause::LastRound);
        assert_eq!(o.winner, last.winner);
        assert_eq!(o.scores.map(|s| s as u16), last.seeds);
    }

    /// Sungka from a round's last move: A plays its one seed into its
    /// store, every seed is then stored and the round ends with B holding
    /// `b` seeds.
    fn last_move_of_a_round(b: u16) -> Game {
        let rules = PackSet::builtin().get("sungka").unwrap().rules.clone();
        let setup = crate::game::Setup {
            holes: PerPlayer::new(vec![0, 0, 0, 0, 0, 0, 1], vec![0; 7]),
            stores: PerPlayer::new(97 - b, b),
            burnt: PerPlayer::default(),
            ngacang: PerPlayer::default(),
            to_move: Player::A,
            round: 3,
        };
        let start = Position::from_setup(&rules, &setup).unwrap();
        let mut game = Game::from_position(rules, start);
        game.play(Move::Hole(7)).unwrap();
        game
    }

    #[test]
    fn a_short_player_keeps_the_holes_their_seeds_fill_or_the_game_ends() {
        let game = last_move_of_a_round(7);
        let standings = game.standings();
        assert_eq!(standings.len(), 1, "{standings:?}");
        let s = &standings[0];
        assert_eq!((s.round, s.seeds), (3, PerPlayer::new(91, 7)));
        assert_eq!(s.winner, Some(Player::A));
        assert!(!s.ends_game);
        // The round's winner starts the next one.
        assert_eq!(s.next, Some(ToMove::One(Player::A)));
        let refill = s.refill.as_ref().unwrap();
        assert_eq!(refill[0].kept(), 7);
        assert_eq!(refill[0].store, 91 - 49);
        // B fills the hole next to the store; the other six burn.
        assert_eq!(refill[1].kept(), 1);
        assert_eq!(refill[1].holes, vec![0, 0, 0, 0, 0, 0, 7]);
        assert_eq!(refill[1].burnt, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(game.position().round(), 4);

        // One seed fewer: B cannot fill a hole and the game ends there.
        let game = last_move_of_a_round(6);
        let standings = game.standings();
        let s = &standings[0];
        assert_eq!(s.seeds, PerPlayer::new(92, 6));
        assert!(s.ends_game);
        assert_eq!((s.refill.as_ref(), s.next), (None, None));
        let o = game.position().outcome().unwrap();
        assert_eq!(o.cause, EndCause::OutOfSeeds(Player::B));
        assert_eq!(holes_filled(game.rules(), 6), 0);
    }
}
