#![cfg(not(target_arch = "wasm32"))]
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

/// Where every seed is at the end of a game: in a store, lost into a burnt
/// hole (`burnt-forfeit`), or on the board only when the leftover clause says
/// leftovers are not counted. The winner follows the stores.
fn assert_every_seed_accounted(rules: &Rules, end: &Position) {
    let outcome = end.outcome().expect("the game is over");
    let on_board: u32 = Player::BOTH
        .iter()
        .map(|&p| end.holes(p).iter().map(|&s| s as u32).sum::<u32>())
        .sum();
    if rules.leftover != Leftover::Uncounted {
        assert_eq!(
            on_board,
            0,
            "seeds left on the board: {:?}",
            end.snapshot(rules)
        );
    }
    let stores = [end.store(Player::A) as u32, end.store(Player::B) as u32];
    assert_eq!(outcome.scores.into_array(), stores);
    assert_eq!(
        stores[0] + stores[1] + on_board + end.lost() as u32,
        end.seed_count()
    );
    let leader = match stores[0].cmp(&stores[1]) {
        std::cmp::Ordering::Greater => Some(Player::A),
        std::cmp::Ordering::Less => Some(Player::B),
        std::cmp::Ordering::Equal => None,
    };
    if rules.win == Win::MostSeeds {
        assert_eq!(outcome.winner, leader);
    }
}

#[test]
fn finding_2_leftover_seeds_after_the_last_refill_go_to_their_owner_and_count() {
    let packs = PackSet::builtin();
    let rules = packs
        .get("dakon-ngacang")
        .unwrap()
        .rules
        .with_clause("unfilled", "burnt-forfeit")
        .unwrap();
    // Game 2 of the issue: A's holes all burnt, B's 7 seeds in hole 7; A was
    // declared the winner on stores 6 to 2; B has 2 + 7 = 9.
    let game = random_game(&rules, 2);
    assert_every_seed_accounted(&rules, &game.end);
    assert_eq!(game.outcome.scores, PerPlayer::new(6, 9));
    assert_eq!(game.outcome.winner, Some(Player::B));
    for seed in 0..300 {
        let game = random_game(&rules, seed);
        assert_every_seed_accounted(&rules, &game.end);
    }
}

fn setup(a: Vec<u16>, b: Vec<u16>, stores: [u16; 2]) -> Setup {
    Setup {
        holes: PerPlayer::new(a, b),
        stores: stores.into(),
        burnt: PerPlayer::default(),
        ngacang: PerPlayer::default(),
        to_move: Player::A,
        round: 1,
    }
}

#[test]
fn finding_3_a_position_whose_seeds_could_overflow_a_store_is_refused() {
    let rules = Rules::new(Clauses {
        holes: 3,
        seeds_per_hole: 1,
        ..Clauses::default()
    })
    .expect("valid rules");
    // A store of 65535 and one seed on its way there: it wrapped to 0 (a
    // "draw" in a release build, a panic in debug).
    let err = Position::from_setup(&rules, &setup(vec![0, 0, 1], vec![0, 0, 0], [65535, 0]))
        .expect_err("more seeds than the engine counts");
    assert_eq!(err, SetupError::TooManySeeds { total: 65536 });
    let err = err.to_string();
    assert!(err.contains(&MAX_SEEDS.to_string()), "{err}");
    assert!(err.contains("65536"), "the message gives the total: {err}");
    // Holes too: two big holes add up past the limit.
    assert!(
        Position::from_setup(&rules, &setup(vec![60000, 0, 1], vec![60000, 0, 0], [0, 0])).is_err()
    );
    // The limit itself is accepted and plays without overflow.
    let most = MAX_SEEDS as u16 - 2;
    let mut pos =
        Position::from_setup(&rules, &setup(vec![0, 0, 1], vec![0, 0, 1], [most, 0])).unwrap();
    pos.play_fast(&rules, Move::Hole(3)).unwrap();
    assert_eq!(
        pos.store(Player::A) as u32 + pos.store(Player::B) as u32,
        MAX_SEEDS
    );
}

/// The built-in `congkak-melayu` pack with `extra` more glossary entries:
/// still a valid pack, and the other built-in packs beside it.
fn packs_with_big_glossary(extra: usize) -> Vec<(&'static str, String)> {
    let entry = r#"{"term":"lumbung","meaning":{"id":"tempat","en":"store"}},"#;
    builtin_packs()
        .iter()
        .map(|&(name, text)| {
            let text = if name.ends_with("congkak-melayu.json") {
                text.replacen(
                    "\"glossary\": [",
                    &format!("\"glossary\": [{}", entry.repeat(extra)),
                    1,
                )
            } else {
                text.to_string()
            };
            (name, text)
        })
        .collect()
}

fn load(files: &[(&'static str, String)]) -> Result<PackSet, PackError> {
    let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    PackSet::load(&refs)
}

#[test]
fn finding_4_a_pack_file_over_the_size_limit_is_refused_before_parsing() {
    let small = packs_with_big_glossary(10);
    if let Err(e) = load(&small) {
        panic!("a slightly bigger valid pack loads: {e}");
    }
    // Valid JSON and a valid pack, only too big: 1.1 MiB of glossary.
    let files = packs_with_big_glossary(20_000);
    let (name, big) = files
        .iter()
        .find(|(n, _)| n.ends_with("congkak-melayu.json"))
        .unwrap();
    assert!(big.len() > MAX_PACK_BYTES);
    let started = std::time::Instant::now();
    let err = load(&files).expect_err("over the limit");
    assert!(
        started.elapsed().as_millis() < 500,
        "refused without parsing"
    );
    assert_eq!(&err.file, name);
    assert!(err.message.contains(&MAX_PACK_BYTES.to_string()), "{err}");
}

#[test]
fn finding_6_every_game_the_engine_plays_fits_a_record_that_reads_back() {
    // Several rounds of sowing that never captures nor relays: 188,000 moves
    // a game before, a record the parser refused ("the record is too long").
    let packs = PackSet::builtin();
    let base = &packs.get("umum").unwrap().rules;
    let rules = base
        .with_clauses(&[
            ("relay", "never"),
            ("capture_side", "never"),
            ("no_move", "pass"),
            ("end_when", "all-in-stores"),
            ("move_limit", "100000"),
            ("rounds", "several"),
            ("round_limit", "1000"),
        ])
        .unwrap();
    let game = random_game(&rules, 1);
    assert_eq!(game.moves.len(), MAX_GAME_MOVES as usize);
    assert_every_seed_accounted(&rules, &game.end);
    let record = GameRecord {
        ruleset: Ruleset::custom("umum", base, &rules),
        seed: 1,
        moves: game.moves.clone(),
        resigned: None,
    };
    let text = record.to_text();
    assert!(text.len() <= MAX_RECORD_LEN);
    let read = GameRecord::parse(&text).expect("the record reads back");
    let replayed = read.game(&packs).expect("and replays");
    assert_eq!(*replayed.position(), game.end);
    // The last turn says why the game ended.
    let last = replayed.turns().pop().unwrap();
    assert!(last.events.contains(&Event::GameMoveLimit));
}

/// The built-in packs with `umum`'s text changed by `edit`.
fn packs_with_umum(edit: impl Fn(&str) -> String) -> Vec<(&'static str, String)> {
    builtin_packs()
        .iter()
        .map(|&(name, text)| {
            let text = if name.ends_with("/umum.json") || name == "umum.json" {
                edit(text)
            } else {
                text.to_string()
            };
            (name, text)
        })
        .collect()
}

#[test]
fn finding_6_the_pack_that_extends_wrongly_is_blamed_not_the_ones_behind_it() {
    let itself = packs_with_umum(|t| {
        t.replacen(
            "\"id\": \"umum\",",
            "\"id\": \"umum\", \"extends\": \"umum\",",
            1,
        )
    });
    let err = load(&itself).expect_err("umum extends itself");
    assert!(err.file.ends_with("umum.json"), "{err}");
    assert!(err.message.contains("extends itself"), "{err}");
    // A circle of two: umum extends congkak-melayu, which extends umum.
    let circle = packs_with_umum(|t| {
        t.replacen(
            "\"id\": \"umum\",",
            "\"id\": \"umum\", \"extends\": \"congkak-melayu\",",
            1,
        )
    });
    let err = load(&circle).expect_err("a circle");
    assert!(err.message.contains("circle"), "{err}");
    assert!(
        err.message.contains("umum") && err.message.contains("congkak-melayu"),
        "{err}"
    );
    // A missing parent is blamed on the file that names it.
    let missing = packs_with_umum(|t| {
        t.replacen(
            "\"id\": \"umum\",",
            "\"id\": \"umum\", \"extends\": \"nowhere\",",
            1,
        )
    });
    let err = load(&missing).expect_err("no parent");
    assert!(err.file.ends_with("umum.json"), "{err}");
    assert!(err.message.contains("no pack `nowhere`"), "{err}");
}
