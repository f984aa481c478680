//! The command-line tool's limits and messages (issue 14, finding 5).
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
