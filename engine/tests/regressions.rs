//! Regression cases from the outside fuzzing run of issue 14: each failed
//! before its fix.

use congklak::*;

/// The stuck game of finding 1: in the simultaneous opening A's hand ends in
/// A's store (A must choose again) while in the same step B's sowing captures
/// A's last seeds.
const STUCK_OPENING: &str = "1.~eyJiYXNlIjoiY29uZ2thay1wb3J0YWwiLCJzZXQiOnsiY2FwdHVyZV9zaWRlIjoiYW55IiwiaG9sZXMiOjQsInNlZWRzX3Blcl9ob2xlIjoxfX0.0._4124";

fn stuck_rules() -> Rules {
    let record = GameRecord::parse(STUCK_OPENING).unwrap();
    record.ruleset.rules(&PackSet::builtin()).unwrap()
}

/// A position either is over or has a legal move.
fn assert_not_stuck(pos: &Position, rules: &Rules) {
    assert!(
        pos.is_over() || !pos.legal_moves(rules).is_empty(),
        "not over and no legal move: {:?}",
        pos.snapshot(rules)
    );
}

#[test]
fn finding_1_a_player_whose_seeds_are_captured_while_choosing_again_does_not_stick_the_game() {
    let record = GameRecord::parse(STUCK_OPENING).unwrap();
    let packs = PackSet::builtin();
    let rules = stuck_rules();
    let mut pos = Position::new(&rules);
    for &mv in &record.moves {
        assert_not_stuck(&pos, &rules);
        pos.play_fast(&rules, mv)
            .expect("the record's moves are legal");
    }
    assert_not_stuck(&pos, &rules);
    // The same through the record's own replay.
    let game = record.game(&packs).unwrap();
    assert_not_stuck(game.position(), &rules);
}

#[test]
fn finding_1_simulate_and_diverge_finish_on_the_stuck_ruleset() {
    let rules = stuck_rules();
    // Seed 204 stuck `simulate`; the sample game must now end.
    let game = random_game(&rules, 204);
    assert!(game.end.is_over());
    let other = rules.with_clause("capture_side", "own").unwrap();
    let report = diverge(&rules, &other, 1, 300);
    assert_eq!(report.stats.games, 300);
}
