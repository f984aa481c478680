//! The solver in wasm32 (Node.js), as the browser runs it: with a node
//! budget, against a plain minimax. Native runs check the same here.
//! `cargo test -p congklak-engine --target wasm32-unknown-unknown --no-default-features --features builtin-packs --test solver_wasm`

#![cfg(feature = "builtin-packs")]

use congklak::{solve, Limits, Move, PackSet, Player, Position, Rules, SolveOptions, ToMove};

/// A's final margin by plain minimax (single-round packs, one mover at a time).
fn minimax(rules: &Rules, pos: &Position) -> i64 {
    if let Some(o) = pos.outcome() {
        return o.scores[Player::A] as i64 - o.scores[Player::B] as i64;
    }
    let Some(ToMove::One(p)) = pos.to_move() else {
        panic!("one mover at a time in these packs")
    };
    let values = pos.legal_holes(rules, p).into_iter().map(|k| {
        let mut next = *pos;
        next.play_fast(rules, Move::Hole(k)).expect("legal");
        minimax(rules, &next)
    });
    if p == Player::A {
        values.max()
    } else {
        values.min()
    }
    .expect("a move")
}

fn check() {
    let set = PackSet::builtin();
    for id in ["umum", "standard-mancala", "congkak-melayu"] {
        let rules = set
            .get(id)
            .expect("a pack")
            .rules
            .edit(|r| {
                r.holes = 3;
                r.seeds_per_hole = 2;
            })
            .expect("valid on a tiny board");
        let pos = Position::new(&rules);
        let options = SolveOptions {
            table_bytes: 1 << 16,
            endgame: None,
        };
        let limits = Limits {
            nodes: 1_000_000,
            stop: None,
        };
        let s = solve(&rules, &pos, &options, limits).expect("solved within the budget");
        assert!(s.value.is_integer());
        assert_eq!(s.value.numerator() as i64, minimax(&rules, &pos), "{id}");
        let tiny = Limits {
            nodes: 3,
            stop: None,
        };
        assert!(solve(&rules, &pos, &options, tiny).is_err(), "{id}: budget");
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_budgeted_solver_matches_minimax() {
    check();
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test::wasm_bindgen_test]
fn the_budgeted_solver_matches_minimax_in_wasm() {
    check();
}
