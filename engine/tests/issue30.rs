#![cfg(not(target_arch = "wasm32"))]
//! Regression cases from the outside fuzzing run of issue 30 (odd rules and
//! bad input): each failed before its fix.

use congklak::*;

/// Seeds on the board, in the stores and lost: all but those in a hand.
fn seeds_placed(pos: &Position) -> u32 {
    Player::BOTH
        .iter()
        .map(|&p| pos.holes(p).iter().map(|&s| s as u32).sum::<u32>() + pos.store(p) as u32)
        .sum::<u32>()
        + pos.lost() as u32
}

/// Whether `p` has a hole they could play: seeds, neither burnt nor protected.
fn can_play(pos: &Position, p: Player) -> bool {
    pos.holes(p)
        .iter()
        .enumerate()
        .any(|(i, &s)| s > 0 && !pos.is_burnt(p, i as u8 + 1) && !pos.is_ngacang(p, i as u8 + 1))
}

/// Finding 2: under `end_when = either-side-empty`, with ngacang holes and
/// a simultaneous opening every round, a pair that empties one side while
/// the other player must choose again (no hand in the air) ends the round;
/// before, the other player moved again with their opponent's side empty.
#[test]
fn finding_2_either_side_empty_ends_play_inside_a_simultaneous_opening() {
    let packs = PackSet::builtin();
    let base = &packs.get("dakon-ngacang").expect("dakon-ngacang").rules;
    let mut checked = 0u32;
    for holes in 3..=5u8 {
        for seeds in 1..=4u16 {
            let rules = base
                .edit(|c| {
                    c.holes = holes;
                    c.seeds_per_hole = seeds;
                    c.opening = Opening::Simultaneous;
                    c.simultaneous_rounds = SimultaneousRounds::Every;
                })
                .expect("valid");
            assert_eq!(rules.end_when, EndWhen::EitherSideEmpty);
            for seed in 0..200 {
                let game = random_game(&rules, seed);
                let mut pos = Position::new(&rules);
                let total = pos.seed_count();
                for (i, &mv) in game.moves.iter().enumerate() {
                    pos.play_fast(&rules, mv).expect("legal");
                    if pos.is_over() || seeds_placed(&pos) != total {
                        continue; // over, or a hand is in the air
                    }
                    checked += 1;
                    assert!(
                        Player::BOTH.iter().all(|&p| can_play(&pos, p)),
                        "{holes} holes, {seeds} seeds, seed {seed}, move {}: play goes on with a side empty: {:?}",
                        i + 1,
                        pos.snapshot(&rules)
                    );
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} positions checked");
}
