//! What decided a finished game, for the words under the board when it
//! ends: the winner's turn that banked the most seeds, how many moves it
//! chained, and the loser's move just before it (the move that opened
//! it). Read from the engine's turns of the record; nothing here applies
//! a rule.

use crate::game::state::PlayState;
use crate::game::stats::turn_figures;
use congklak::{Event, Move, Player, ToMove};

/// One player's turn: their moves in a row (after a move that ends in
/// their lumbung they move again).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRun {
    /// Who played it.
    pub player: Player,
    /// The index in the record of its first move.
    pub first: usize,
    /// Its moves.
    pub moves: usize,
    /// Seeds it put in the player's lumbung (sown in, captured).
    pub banked: u32,
    /// The other player's move just before it: its index in the record
    /// and the hole played (none at the start of the game or after a
    /// simultaneous opening).
    pub opened_by: Option<(usize, u8)>,
}

/// Each turn of one player in the record, in order: consecutive moves of
/// that player joined by extra turns. Simultaneous moves are nobody's.
pub fn turns(state: &PlayState) -> Vec<TurnRun> {
    let Ok(game) = congklak::Game::replay(state.rules.clone(), &state.record.moves) else {
        return Vec::new();
    };
    let mut runs: Vec<TurnRun> = Vec::new();
    let mut going_on = false;
    // The last single move: its index, who played it, the hole.
    let mut last: Option<(usize, Player, u8)> = None;
    for (i, turn) in game.turns().iter().enumerate() {
        let (bank, _) = turn_figures(&turn.events);
        let (p, hole) = match (turn.by, turn.mv) {
            (ToMove::One(p), Move::Hole(k)) => (p, k),
            _ => {
                going_on = false;
                last = None;
                continue;
            }
        };
        match runs.last_mut() {
            Some(run) if going_on && run.player == p => {
                run.moves += 1;
                run.banked += bank[p.index()];
            }
            _ => runs.push(TurnRun {
                player: p,
                first: i,
                moves: 1,
                banked: bank[p.index()],
                opened_by: last
                    .filter(|&(_, q, _)| q == p.other())
                    .map(|(at, _, k)| (at, k)),
            }),
        }
        going_on = turn
            .events
            .iter()
            .any(|e| matches!(e, Event::ExtraTurn { player } if *player == p));
        last = Some((i, p, hole));
    }
    runs
}

/// The turn that decided a game `winner` won: their turn that banked the
/// most seeds, if it chained at least [`LONG_TURN`] moves and banked at
/// least a third of the seeds `winner` ended with.
pub fn deciding_turn(state: &PlayState, winner: Player) -> Option<TurnRun> {
    let score = state.position().outcome()?.scores[winner];
    turns(state)
        .into_iter()
        .filter(|t| t.player == winner)
        .max_by_key(|t| (t.banked, std::cmp::Reverse(t.first)))
        .filter(|t| t.moves >= LONG_TURN && t.banked * 3 >= score && t.banked > 0)
}

/// The fewest moves of a turn said to have decided a game.
pub const LONG_TURN: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{install_packs, packs};
    use congklak::{Level, PackSet};

    /// A game of umum where B is the sample player's Medium and A plays
    /// the first hole it may: B wins with long turns.
    fn lost_to_a_chain() -> PlayState {
        install_packs(PackSet::builtin());
        let pack = packs().get("umum").unwrap();
        let mut state = PlayState::new(pack, 7, Some(Player::A), 1);
        let mut pos = state.position();
        while let Some(tm) = pos.to_move() {
            let mv = match tm {
                ToMove::One(Player::A) => Move::Hole(pos.legal_holes(&state.rules, Player::A)[0]),
                ToMove::One(p) => {
                    let c = congklak::choose(&state.rules, &pos, p, Level::Medium, 1).unwrap();
                    Move::Hole(c.hole)
                }
                ToMove::Both => pos.legal_moves(&state.rules)[0],
            };
            pos.play_fast(&state.rules, mv).unwrap();
            state.record.moves.push(mv);
        }
        state.cursor = state.record.moves.len();
        state
    }

    #[test]
    fn a_turn_joins_a_players_moves_in_a_row_and_knows_the_move_before_it() {
        let state = lost_to_a_chain();
        let runs = turns(&state);
        assert_eq!(
            runs.iter().map(|r| r.moves).sum::<usize>(),
            state.record.moves.len()
        );
        for pair in runs.windows(2) {
            // Turns alternate, each begins where the one before ended and
            // was opened by the other player's last move.
            assert_ne!(pair[0].player, pair[1].player);
            assert_eq!(pair[0].first + pair[0].moves, pair[1].first);
            let (at, hole) = pair[1].opened_by.unwrap();
            assert_eq!(at, pair[1].first - 1);
            assert_eq!(state.record.moves[at], Move::Hole(hole));
        }
        // What the turns bank is what the lumbungs gained, less the seeds
        // banked when play stopped.
        let banked: u32 = runs.iter().map(|r| r.banked).sum();
        let end = state.position();
        let stores = u32::from(end.store(Player::A)) + u32::from(end.store(Player::B));
        assert!(banked <= stores && banked > 0, "{banked} of {stores}");
    }

    #[test]
    fn a_game_lost_to_one_long_turn_names_it_and_the_move_that_opened_it() {
        let state = lost_to_a_chain();
        let o = state.position().outcome().unwrap();
        assert_eq!(o.winner, Some(Player::B));
        let t = deciding_turn(&state, Player::B).expect("a deciding turn");
        assert_eq!(t.player, Player::B);
        assert!(t.moves >= LONG_TURN, "{t:?}");
        let (at, _) = t.opened_by.expect("opened by A's move");
        assert_eq!(at + 1, t.first);
        // It is B's biggest turn.
        let most = turns(&state)
            .iter()
            .filter(|r| r.player == Player::B)
            .map(|r| r.banked)
            .max();
        assert_eq!(Some(t.banked), most);
    }
}
