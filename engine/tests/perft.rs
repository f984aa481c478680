//! Per-pack counts of move sequences and distinct positions at small depths,
//! kept in `tests/data/perft.txt` (`pack depth sequences positions`), in the
//! manner of chess perft files. A change in any rule shows up here.
//! Regenerate after a deliberate change with `UPDATE_GOLDEN=1 cargo test --test perft`.
#![cfg(not(target_arch = "wasm32"))]

use congklak::{PackSet, Position, Rules};
use std::collections::HashSet;

fn perft(rules: &Rules, pos: Position, depth: u32, seen: &mut HashSet<Position>) -> u64 {
    if depth == 0 {
        seen.insert(pos);
        return 1;
    }
    let mut total = 0;
    for mv in pos.legal_moves(rules) {
        let mut next = pos;
        next.play_fast(rules, mv).expect("legal");
        total += perft(rules, next, depth - 1, seen);
    }
    total
}

#[test]
fn perft_counts_match_the_data_file() {
    let mut now = String::from("# pack depth sequences positions\n");
    for pack in PackSet::builtin().all() {
        let max = if pack.rules.opening == congklak::Opening::Simultaneous {
            2
        } else {
            4
        };
        for depth in 1..=max {
            let mut seen = HashSet::new();
            let n = perft(&pack.rules, Position::new(&pack.rules), depth, &mut seen);
            now.push_str(&format!("{} {} {} {}\n", pack.id, depth, n, seen.len()));
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &now).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).expect("tests/data/perft.txt");
    assert_eq!(now, want, "perft counts changed");
}
