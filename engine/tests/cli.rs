//! The command-line tool's limits and messages (issue 14, findings 5 and 6;
//! issue 30, findings 3-7).
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn congklak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_congklak"))
        .args(args)
        .output()
        .expect("the CLI runs")
}

fn refused(args: &[&str]) -> String {
    let out = congklak(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} is refused");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn finding_5_ai_ms_is_capped_and_a_timed_search_returns_in_time() {
    let err = refused(&["ai", "--pack", "umum", "--ms", "18446744073709551615"]);
    assert!(err.contains("1..=10000"), "{err}");
    let started = Instant::now();
    let out = congklak(&["ai", "--pack", "umum", "--ms", "300"]);
    assert!(out.status.success());
    assert!(started.elapsed() < Duration::from_secs(5));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["move"].as_u64().is_some(), "{json}");
    assert!(json["depth"].as_u64().unwrap() >= 1, "{json}");
}

#[test]
fn finding_5_seed_ranges_are_capped_with_the_limit_in_the_message() {
    let err = refused(&["simulate", "--pack", "umum", "--seeds", "1..99999999"]);
    assert!(err.contains("at most 10000000"), "{err}");
    let err = refused(&[
        "diverge",
        "--pack",
        "umum",
        "--against",
        "jawa-sleman",
        "--seeds",
        "1..1000000",
    ]);
    assert!(err.contains("at most 100000"), "{err}");
    let out = congklak(&["simulate", "--pack", "umum", "--seeds", "1..20"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["games"], 20);
}

#[test]
fn finding_6_a_half_written_pair_says_what_a_pair_is() {
    let err = refused(&["replay", "--pack", "umum", "--moves", "3/"]);
    assert!(err.contains("a pair is two holes"), "{err}");
    assert!(!err.contains("``"), "{err}");
    let err = refused(&["replay", "--pack", "umum", "--moves", "3,x"]);
    assert!(err.contains("`x` is not a hole number"), "{err}");
}

#[test]
fn finding_6_a_file_that_extends_itself_is_the_one_blamed() {
    let dir = std::env::temp_dir().join(format!("congklak-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A user's umum.json that extends itself: congkak-melayu, which extends
    // umum, waits behind it and was blamed instead.
    let umum = include_str!("../../packs/umum.json").replacen(
        "\"id\": \"umum\",",
        "\"id\": \"umum\", \"extends\": \"umum\",",
        1,
    );
    assert_ne!(umum, include_str!("../../packs/umum.json"));
    let path = dir.join("umum.json");
    std::fs::write(&path, umum).unwrap();
    let err = refused(&["check", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(err.contains("umum.json"), "{err}");
    assert!(!err.contains("congkak-melayu"), "{err}");
    assert!(err.contains("extends itself"), "{err}");
}

#[test]
fn puzzles_check_passes_the_committed_file_and_names_a_broken_puzzle() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.json");
    let out = congklak(&["puzzles", "check", data]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("puzzles checked"));
    // The first puzzle with another of A's holes given as the answer.
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data).unwrap()).unwrap();
    let p = &mut file["puzzles"][0];
    let answer = p["answer"].as_u64().unwrap();
    let other = p["position"]["holes"]["A"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .position(|(i, s)| s.as_u64().unwrap() > 0 && i as u64 + 1 != answer)
        .unwrap()
        + 1;
    p["answer"] = serde_json::json!(other);
    let id = p["id"].as_str().unwrap().to_string();
    let bad = std::env::temp_dir().join(format!("bad-puzzles-{}.json", std::process::id()));
    std::fs::write(&bad, file.to_string()).unwrap();
    let err = refused(&["puzzles", "check", bad.to_str().unwrap()]);
    assert!(
        err.contains(&format!(
            "puzzle `{id}`: the answer, hole {other}, does not meet the goal"
        )),
        "{err}"
    );
    let _ = std::fs::remove_file(bad);
}

#[test]
fn replay_writes_each_side_by_player_name() {
    let out = congklak(&["replay", "--pack", "umum", "--moves", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let last: serde_json::Value =
        serde_json::from_str(text.trim().lines().last().unwrap()).unwrap();
    assert_eq!(
        last["holes"]["A"],
        serde_json::json!([0, 8, 8, 8, 8, 8, 8]),
        "{last}"
    );
    assert_eq!(
        last["holes"]["B"],
        serde_json::json!([7, 7, 7, 7, 7, 7, 7]),
        "{last}"
    );
    assert_eq!(
        last["stores"],
        serde_json::json!({"A": 1, "B": 0}),
        "{last}"
    );
    assert_eq!(
        last["burnt"],
        serde_json::json!({"A": [], "B": []}),
        "{last}"
    );
}

/// Issue 30, finding 3: every line of `replay` (here through `record`, the
/// same printer) accounts for every seed: holes, stores, hands and seeds
/// lost to burnt holes add up to the seeds of the start, on every turn of
/// games with a simultaneous opening every round and burnt holes of every
/// kind.
#[test]
fn finding_3_every_replayed_turn_accounts_for_every_seed() {
    use congklak::{random_game, GameRecord, PackSet, Ruleset, SimultaneousRounds, Unfilled};
    let packs = PackSet::builtin();
    let base = &packs.get("congkak-portal").expect("congkak-portal").rules;
    let (mut turns, mut in_hand, mut lost, mut burnt) = (0u32, 0u32, 0u32, 0u32);
    for unfilled in [
        Unfilled::BurntSkipped,
        Unfilled::BurntToOpponent,
        Unfilled::BurntForfeit,
    ] {
        for (holes, seeds) in [(3u8, 2u16), (4, 3), (5, 2)] {
            let rules = base
                .edit(|c| {
                    c.holes = holes;
                    c.seeds_per_hole = seeds;
                    c.unfilled = unfilled;
                    c.simultaneous_rounds = SimultaneousRounds::Every;
                })
                .expect("valid");
            let total = 2 * u64::from(holes) * u64::from(seeds);
            for seed in 0..4 {
                let game = random_game(&rules, seed);
                let record = GameRecord {
                    ruleset: Ruleset::custom("congkak-portal", base, &rules),
                    seed,
                    moves: game.moves.clone(),
                    resigned: None,
                };
                let out = congklak(&["record", &record.to_text()]);
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                for line in String::from_utf8_lossy(&out.stdout).lines() {
                    let turn: serde_json::Value = serde_json::from_str(line).unwrap();
                    let sum = |v: &serde_json::Value| -> u64 {
                        match v {
                            serde_json::Value::Array(a) => {
                                a.iter().map(|s| s.as_u64().unwrap()).sum()
                            }
                            v => v.as_u64().expect("a count"),
                        }
                    };
                    let side = |key: &str| sum(&turn[key]["A"]) + sum(&turn[key]["B"]);
                    let seen = side("holes") + side("stores") + side("hands") + sum(&turn["lost"]);
                    assert_eq!(seen, total, "seeds accounted for: {line}");
                    turns += 1;
                    in_hand += u32::from(side("hands") > 0);
                    lost += u32::from(sum(&turn["lost"]) > 0);
                    burnt += u32::from(
                        turn["burnt"]["A"].as_array().unwrap().len()
                            + turn["burnt"]["B"].as_array().unwrap().len()
                            > 0,
                    );
                }
            }
        }
    }
    // The games exercised what the check is about.
    assert!(in_hand > 0 && lost > 0 && burnt > 0, "{turns} turns: {in_hand} with seeds in a hand, {lost} with seeds lost, {burnt} with burnt holes");
}

/// Issue 30, finding 4: every size flag is bounded; an out-of-range value
/// is refused with exit 2 and the range, before anything is allocated.
#[test]
fn finding_4_size_flags_out_of_range_are_refused() {
    for (args, range) in [
        (
            vec![
                "solve",
                "--pack",
                "umum",
                "--memory",
                "18446744073709551615",
            ],
            "1..=4096",
        ),
        (
            vec!["solve", "--pack", "umum", "--memory", "99999999"],
            "1..=4096",
        ),
        (vec!["solve", "--pack", "umum", "--memory", "0"], "1..=4096"),
        (
            vec!["solve", "--pack", "umum", "--endgame", "4000000000"],
            "0..=127",
        ),
        (
            vec!["solve", "--pack", "umum", "--nodes", "0"],
            "1..=1000000000000",
        ),
        (
            vec!["solve", "--pack", "umum", "--ms", "18446744073709551615"],
            "1..=86400000",
        ),
        (vec!["solve", "--pack", "umum", "--size", "200"], "3..=11"),
        (
            vec!["solve", "--pack", "umum", "--seeds", "60000"],
            "1..=20",
        ),
        (
            vec!["perfect-play", "--out", "x.json", "--memory", "99999999"],
            "1..=1024",
        ),
        (
            vec![
                "perfect-play",
                "--out",
                "x.json",
                "--nodes",
                "18446744073709551615",
            ],
            "1..=1000000000000",
        ),
        (
            vec!["perfect-play", "--out", "x.json", "--holes", "3,99"],
            "3..=11",
        ),
        (
            vec!["perfect-play", "--out", "x.json", "--seeds", "0"],
            "1..=20",
        ),
        (
            vec!["puzzles", "generate", "--count", "99999999999"],
            "1..=1000",
        ),
    ] {
        let err = refused(&args);
        assert!(err.contains(range), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new("x.json").exists());
}

/// Issue 30, finding 5: a file argument is read only up to its limit plus
/// one byte, whatever it is; devices that never end are refused.
#[test]
fn finding_5_endless_files_are_refused_after_the_limit() {
    for args in [
        vec!["replay", "--pack", "/dev/zero", "--moves", "1"],
        vec!["replay", "--pack", "/dev/urandom", "--moves", "1"],
        vec![
            "replay",
            "--pack",
            "umum",
            "--position",
            "/dev/zero",
            "--moves",
            "1",
        ],
        vec!["solve", "--pack", "umum", "--position", "/dev/zero"],
        vec!["solve", "--pack", "/dev/zero"],
        vec!["check", "/dev/zero"],
        vec!["check", "/dev/urandom"],
        vec!["puzzles", "check", "/dev/zero"],
    ] {
        let err = refused(&args);
        assert!(
            err.contains("more than") && err.contains("at most"),
            "{args:?}: {err}"
        );
    }
}

/// Issue 30, finding 6: output paths are checked before any work, so a
/// long run does not end by refusing its output.
#[test]
fn finding_6_output_paths_are_checked_before_any_work() {
    let err = refused(&[
        "perfect-play",
        "--out",
        "/nonexistent/x",
        "--holes",
        "3",
        "--seeds",
        "1",
    ]);
    assert!(err.contains("--out /nonexistent/x"), "{err}");
    assert!(
        !err.contains("solves"),
        "refused before planning the solves: {err}"
    );
    let err = refused(&["perfect-play", "--out", "/nonexistent/x"]);
    assert!(!err.contains("solves"), "{err}");
    let err = refused(&["bundle", "--out", "/nonexistent/x"]);
    assert!(err.contains("--out /nonexistent/x"), "{err}");
    let err = refused(&[
        "solve",
        "--pack",
        "umum",
        "--size",
        "3",
        "--seeds",
        "1",
        "--endgame",
        "4",
        "--endgame-file",
        "/nonexistent/x",
    ]);
    assert!(err.contains("--endgame-file /nonexistent/x"), "{err}");
    let dir = env!("CARGO_TARGET_TMPDIR");
    let err = refused(&["perfect-play", "--out", dir, "--holes", "3", "--seeds", "1"]);
    assert!(err.contains("directory"), "{err}");
}

fn solve_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let out = congklak(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Issue 30, finding 7: `solve` has a default node budget (20,000,000, in
/// the output), and a solve that runs out of its budget reports the bounds
/// it reached, even before its first null-window search ends.
#[test]
fn finding_7_solve_has_a_default_budget_and_reports_bounds_when_it_runs_out() {
    let small = solve_json(&["--pack", "umum", "--size", "3", "--seeds", "1"]);
    assert_eq!(small["node_limit"], 20_000_000, "{small}");
    assert!(small["value"].is_number(), "{small}");
    let cut = solve_json(&["--pack", "umum", "--nodes", "2000"]);
    assert_eq!(cut["solved"], false, "{cut}");
    assert_eq!(cut["node_limit"], 2000, "{cut}");
    let bounds = cut["bounds"].as_array().expect("bounds");
    let (lo, hi) = (bounds[0].as_i64().unwrap(), bounds[1].as_i64().unwrap());
    assert!(-98 <= lo && lo <= hi && hi <= 98, "{cut}");
    assert!(cut["bounds_from"].is_string(), "{cut}");
}

/// Issue 30, finding 7: a solve that its first twentieth of the budget does
/// not finish builds an endgame table by itself within its budgets, and
/// finds the same value and best holes as without one.
#[test]
fn finding_7_solve_chooses_an_endgame_table_by_itself() {
    let kalah = ["--pack", "standard-mancala", "--size", "4", "--seeds", "3"];
    let plain = solve_json(&[&kalah[..], &["--endgame", "0"]].concat());
    assert!(plain.get("endgame").is_none(), "{plain}");
    let auto = solve_json(&[&kalah[..], &["--nodes", "100000"]].concat());
    let table = &auto["endgame"];
    assert_eq!(table["chosen"], true, "{auto}");
    let seeds = table["seeds"].as_u64().unwrap();
    assert!((2..=24).contains(&seeds), "{auto}");
    assert_eq!(auto["value"], plain["value"], "{auto} {plain}");
    assert_eq!(auto["best"], plain["best"], "{auto} {plain}");
    // A position the first twentieth solves gets no table.
    let quick = solve_json(&kalah);
    assert!(quick.get("endgame").is_none(), "{quick}");
}
