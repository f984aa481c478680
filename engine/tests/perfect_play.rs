//! The perfect-play tables (`engine/data/perfect-play.json`, written by
//! `congklak perfect-play`): complete for every pack, and a sample of the
//! entries solved again here must give the same values and best holes.

#![cfg(not(target_arch = "wasm32"))]

use congklak::{solve, Limits, PackSet, Position, Rules, SolveError, SolveOptions, ToMove};
use serde_json::Value;

const TABLE: &str = include_str!("../data/perfect-play.json");

fn sized(base: &Rules, holes: u8, seeds: u16) -> Rules {
    base.edit(|r| {
        r.holes = holes;
        r.seeds_per_hole = seeds;
    })
    .expect("valid")
}

/// Solves `rules` from the start and compares with the entry.
fn recheck(rules: &Rules, entry: &Value, what: &str) {
    let options = SolveOptions {
        table_bytes: 4 << 20,
        endgame: None,
    };
    match solve(rules, &Position::new(rules), &options, Limits::default()) {
        Ok(s) => {
            let expected = match entry.get("value_exact") {
                Some(text) => text.as_str().unwrap().to_string(),
                None => entry["value"].as_i64().expect("a value").to_string(),
            };
            assert_eq!(s.value.to_string(), expected, "{what}: value");
            match s.to_move {
                ToMove::One(_) => {
                    let best: Vec<u8> = serde_json::from_value(entry["best"].clone()).unwrap();
                    assert_eq!(s.best, best, "{what}: best");
                }
                ToMove::Both => {
                    let g = s.opening.unwrap();
                    let support: Vec<String> = g
                        .a_holes
                        .iter()
                        .zip(&g.a_mix)
                        .filter(|(_, p)| p.is_positive())
                        .map(|(k, p)| format!("{k}:{p}"))
                        .collect();
                    let listed: Vec<String> = entry["mix"]["A"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|m| format!("{}:{}", m["hole"], m["p"].as_str().unwrap()))
                        .collect();
                    assert_eq!(support, listed, "{what}: A's mix");
                }
            }
        }
        Err(SolveError::Stuck) => {
            assert!(entry.get("error").is_some(), "{what}: stuck, not recorded");
        }
        Err(e) => panic!("{what}: {e}"),
    }
}

#[test]
fn every_pack_and_played_divergence_is_in_the_table_and_a_sample_solves_the_same() {
    let table: Value = serde_json::from_str(TABLE).expect("JSON");
    let set = PackSet::builtin();
    let listed = table["packs"].as_array().unwrap();
    assert_eq!(listed.len(), set.all().len(), "one entry a pack");
    let mut checked = 0;
    let mut seen = 0;
    for pack in set.all() {
        let entry = listed
            .iter()
            .find(|p| p["pack"] == pack.id.as_str())
            .unwrap_or_else(|| panic!("{} missing", pack.id));
        let boards = entry["boards"].as_array().unwrap();
        for holes in 3..=5u8 {
            for seeds in 1..=4u16 {
                assert!(
                    boards
                        .iter()
                        .any(|b| b["holes"] == holes && b["seeds"] == seeds),
                    "{} {holes}x{seeds} missing",
                    pack.id
                );
            }
        }
        let divergences = entry["divergences"].as_array().unwrap();
        let mut jobs: Vec<(Rules, &Value, String)> = Vec::new();
        for b in boards {
            let (h, s) = (
                b["holes"].as_u64().unwrap() as u8,
                b["seeds"].as_u64().unwrap() as u16,
            );
            jobs.push((sized(&pack.rules, h, s), b, format!("{} {h}x{s}", pack.id)));
        }
        for note in &pack.divergences {
            let Some(flipped) = pack.flipped(note) else {
                continue;
            };
            let d = divergences
                .iter()
                .find(|d| d["id"] == note.id.as_str())
                .unwrap_or_else(|| panic!("{} divergence {} missing", pack.id, note.id));
            for b in d["boards"].as_array().into_iter().flatten() {
                let (h, s) = (
                    b["holes"].as_u64().unwrap() as u8,
                    b["seeds"].as_u64().unwrap() as u16,
                );
                jobs.push((
                    sized(&flipped, h, s),
                    b,
                    format!("{} {} {h}x{s}", pack.id, note.id),
                ));
            }
        }
        // The sample: every fifth entry on up to 5 holes that solves in
        // under 20,000 positions.
        for (rules, b, what) in jobs {
            let small = rules.holes <= 5
                && (b["nodes"].as_u64().is_some_and(|n| n < 20_000) || b.get("error").is_some());
            if small {
                seen += 1;
                if seen % 5 == 0 {
                    recheck(&rules, b, &what);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 100, "only {checked} entries re-checked");
}
