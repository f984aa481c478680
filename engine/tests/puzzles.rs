//! The committed puzzles (`data/puzzles.json`): every one checked by the
//! engine (a legal position for its pack and size, the answer meets the goal,
//! no other legal move does; `win` puzzles solved move by move), and the
//! generator reproduces them.

use congklak::{
    check_puzzle, check_puzzle_file, generate_puzzles, Goal, PackSet, Player, PuzzleFile,
    NEWCOMER_BOARD, NEWCOMER_PUZZLES,
};
use std::collections::BTreeSet;

fn committed() -> PuzzleFile {
    let text = include_str!("../data/puzzles.json");
    serde_json::from_str(text).expect("data/puzzles.json reads")
}

#[test]
fn every_committed_puzzle_has_exactly_one_answer() {
    let packs = PackSet::builtin();
    let file = committed();
    check_puzzle_file(&file, &packs).expect("every puzzle checks");
    for p in &file.puzzles {
        let facts = check_puzzle(p, &packs).unwrap();
        // Every legal move was looked at, and only the answer meets the goal.
        let best = facts.iter().map(|f| f.captured).max().unwrap();
        let meeting: Vec<u8> = facts
            .iter()
            .filter(|f| p.meets(f, best))
            .map(|f| f.hole)
            .collect();
        assert_eq!(meeting, vec![p.answer], "{}", p.id);
        assert!(facts.len() >= 3, "{}: at least three legal moves", p.id);
    }
}

#[test]
fn the_puzzles_cover_packs_sizes_goals_and_grades() {
    let file = committed();
    let ps = &file.puzzles;
    assert!(ps.len() >= 40, "{} puzzles", ps.len());
    let packs: BTreeSet<&str> = ps.iter().map(|p| p.pack.as_str()).collect();
    assert!(packs.len() >= 5, "{packs:?}");
    let sizes: BTreeSet<u8> = ps.iter().map(|p| p.size).collect();
    assert!(sizes.len() >= 3, "{sizes:?}");
    let goals: BTreeSet<&str> = ps.iter().map(|p| p.goal.name()).collect();
    assert_eq!(goals.len(), 4, "{goals:?}");
    let grades: BTreeSet<u8> = ps.iter().map(|p| p.difficulty).collect();
    assert_eq!(grades, BTreeSet::from([1, 2, 3]));
    assert!(ps
        .iter()
        .any(|p| p.goal == Goal::Win && !p.values.is_empty()));
}

#[test]
fn the_generator_is_deterministic_and_made_the_committed_file() {
    let packs = PackSet::builtin();
    let first = generate_puzzles(&packs, 10);
    assert_eq!(first, generate_puzzles(&packs, 10));
    let file = committed();
    let mixed = file.puzzles.len() - NEWCOMER_PUZZLES;
    assert_eq!(first[..10], file.puzzles[..10]);
    // The whole file natively only: in wasm it would add half a minute.
    if cfg!(not(target_arch = "wasm32")) {
        assert_eq!(generate_puzzles(&packs, mixed), file.puzzles);
    }
}

#[test]
fn a_newcomer_has_easy_puzzles_of_every_simple_goal_on_the_rules_the_lessons_teach() {
    let file = committed();
    let (pack, size) = NEWCOMER_BOARD;
    let easy: Vec<_> = file.puzzles[file.puzzles.len() - NEWCOMER_PUZZLES..].to_vec();
    let goals: BTreeSet<&str> = easy.iter().map(|p| p.goal.name()).collect();
    assert_eq!(goals.len(), NEWCOMER_PUZZLES, "{goals:?}");
    for p in &easy {
        assert_eq!(
            (p.pack.as_str(), p.size, p.difficulty),
            (pack, size, 1),
            "{}",
            p.id
        );
        assert_ne!(p.goal, Goal::Win, "{}", p.id);
    }
}

#[test]
fn a_broken_puzzle_is_refused_naming_it_and_the_problem() {
    let packs = PackSet::builtin();
    let file = committed();
    let p = file
        .puzzles
        .iter()
        .find(|p| p.goal == Goal::ExtraTurn)
        .unwrap();
    let mut other = p.clone();
    other.answer = other.position.holes[Player::A]
        .iter()
        .enumerate()
        .position(|(i, &s)| s > 0 && i as u8 + 1 != p.answer)
        .unwrap() as u8
        + 1;
    let e = check_puzzle(&other, &packs).unwrap_err();
    assert_eq!(e.id, p.id);
    assert!(
        e.to_string()
            .starts_with(&format!("puzzle `{}`: the answer, hole", p.id)),
        "{e}"
    );
    let mut pack = p.clone();
    pack.pack = "nowhere".into();
    assert!(check_puzzle(&pack, &packs)
        .unwrap_err()
        .problem
        .contains("no pack `nowhere`"));
    let mut seeds = p.clone();
    seeds.position.holes[Player::A].push(3);
    assert!(check_puzzle(&seeds, &packs)
        .unwrap_err()
        .problem
        .contains("position is not legal"));
    let mut twice = file.clone();
    twice.puzzles.push(p.clone());
    assert!(check_puzzle_file(&twice, &packs)
        .unwrap_err()
        .problem
        .contains("used twice"));
    let mut graded = p.clone();
    graded.difficulty = if p.difficulty == 1 { 3 } else { 1 };
    assert!(check_puzzle(&graded, &packs)
        .unwrap_err()
        .problem
        .contains("states difficulty"));
}

#[test]
fn the_hand_reader_reads_what_serde_reads() {
    use congklak::{HoleValue, PerPlayer};
    use serde_json::json;
    let text = include_str!("../data/puzzles.json");
    let file = committed();
    assert_eq!(
        PuzzleFile::from_json(&congklak::json::parse(text).unwrap()).unwrap(),
        file
    );
    // Every optional member set, as serde writes it.
    let mut full = file.clone();
    let p = &mut full.puzzles[0];
    p.values = vec![
        HoleValue { hole: 1, value: -7 },
        HoleValue { hole: 2, value: 3 },
    ];
    p.position.burnt = PerPlayer::new(vec![2], vec![]);
    p.position.ngacang = PerPlayer::new(vec![], vec![5]);
    p.position.round = 3;
    p.position.to_move = Player::B;
    p.goal = Goal::Bank { at_least: 9 };
    let value = serde_json::to_value(&full).unwrap();
    assert_eq!(PuzzleFile::from_json(&value).unwrap(), full);
    // The optional members left out: both readers take the same defaults.
    let mut bare = value.clone();
    for key in ["burnt", "ngacang", "round"] {
        bare["puzzles"][0]["position"]
            .as_object_mut()
            .unwrap()
            .remove(key);
    }
    bare["puzzles"][0].as_object_mut().unwrap().remove("values");
    let by_serde: PuzzleFile = serde_json::from_value(bare.clone()).unwrap();
    assert_eq!(PuzzleFile::from_json(&bare).unwrap(), by_serde);
    // What serde refuses, the hand reader refuses.
    let with = |path: &[&str], v: serde_json::Value| {
        let mut bad = value.clone();
        let mut at = &mut bad;
        for key in &path[..path.len() - 1] {
            at = match key.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*key],
            };
        }
        at[path[path.len() - 1]] = v;
        bad
    };
    for (case, bad) in [
        with(&["extra"], json!(1)),
        with(&["puzzles", "0", "extra"], json!(1)),
        with(&["puzzles", "0", "size"], json!(300)),
        with(&["puzzles", "0", "size"], json!(-1)),
        with(&["puzzles", "0", "goal"], json!({ "kind": "lose" })),
        with(&["puzzles", "0", "goal"], json!({ "kind": "bank" })),
        with(&["puzzles", "0", "from"], json!([1])),
        with(
            &["puzzles", "0", "values"],
            json!([{ "hole": 1, "value": 1e3 }]),
        ),
        with(&["puzzles", "0", "position", "to_move"], json!("C")),
        with(&["puzzles", "0", "position", "stores", "A"], json!(70000)),
        with(&["puzzles", "0", "id"], json!(7)),
    ]
    .into_iter()
    .enumerate()
    {
        assert!(
            serde_json::from_value::<PuzzleFile>(bad.clone()).is_err(),
            "serde reads case {case}"
        );
        assert!(PuzzleFile::from_json(&bad).is_err(), "read case {case}");
    }
    // Stricter than serde, which lets a goal without a number carry one,
    // and a side's holes carry a third side.
    for stray in [
        with(
            &["puzzles", "0", "goal"],
            json!({ "kind": "win", "at_least": 2 }),
        ),
        with(&["puzzles", "0", "position", "holes", "C"], json!([])),
    ] {
        assert!(PuzzleFile::from_json(&stray).is_err());
    }
}
