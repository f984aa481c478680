//! Determinism: the same pack, seed and moves give the same game, bit for
//! bit, native and wasm. `tests/data/golden-games.txt` holds, for every pack
//! and board size and seeds 1..=8, the seeded game's record and result; this
//! test replays them natively (`cargo test`) and in wasm32 under Node
//! (`cargo test --target wasm32-unknown-unknown --no-default-features --test golden`).
//! Regenerate after a deliberate rules change with `UPDATE_GOLDEN=1 cargo test --test golden`.

#![cfg(feature = "builtin-packs")]

use congklak::{random_game, GameRecord, PackSet, Player, Ruleset};

const GOLDEN: &str = include_str!("data/golden-games.txt");

fn current() -> String {
    let mut out = String::from("# pack size seed record scoreA scoreB moves\n");
    for pack in PackSet::builtin().all() {
        for &n in &pack.board_sizes {
            let rules = pack.rules_for_size(n).expect("listed size");
            for seed in 1..=8u64 {
                let g = random_game(&rules, seed);
                let rec = GameRecord {
                    ruleset: Ruleset::custom(&pack.id, &pack.rules, &rules),
                    seed,
                    moves: g.moves.clone(),
                    resigned: None,
                };
                out.push_str(&format!(
                    "{} {} {} {} {} {} {}\n",
                    pack.id,
                    n,
                    seed,
                    rec.to_text(),
                    g.outcome.scores[Player::A],
                    g.outcome.scores[Player::B],
                    g.moves.len()
                ));
            }
        }
    }
    out
}

fn check() {
    let now = current();
    #[cfg(not(target_arch = "wasm32"))]
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden-games.txt");
        std::fs::write(path, &now).unwrap();
        return;
    }
    for (i, (want, got)) in GOLDEN.lines().zip(now.lines()).enumerate() {
        assert_eq!(got, want, "golden-games.txt line {}", i + 1);
    }
    assert_eq!(
        GOLDEN.lines().count(),
        now.lines().count(),
        "golden-games.txt length"
    );
    // And every record replays to the same result through the record parser.
    let packs = PackSet::builtin();
    for line in GOLDEN.lines().skip(1) {
        let f: Vec<&str> = line.split(' ').collect();
        let game = GameRecord::parse(f[3]).unwrap().game(&packs).unwrap();
        let o = game.position().outcome().expect("a recorded game is over");
        assert_eq!(o.scores[Player::A].to_string(), f[4], "{line}");
        assert_eq!(o.scores[Player::B].to_string(), f[5], "{line}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn seeded_games_match_the_golden_file() {
    check();
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test::wasm_bindgen_test]
fn seeded_games_match_the_golden_file_in_wasm() {
    check();
}
