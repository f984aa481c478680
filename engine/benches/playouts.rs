//! Random playouts per second and nanoseconds per seed drop, per pack.
//!
//! `cargo bench -p congklak-engine --bench playouts` (add `-- --quick` for a
//! short run). A benchmark, not a test: it prints figures and asserts nothing.
use congklak::{random_playout, Event, PackSet, Position, RandomPlayer};
use std::time::Instant;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    // Any other argument names packs to measure (default: all).
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let games: u64 = if quick { 20_000 } else { 200_000 };
    println!(
        "{:<22} {:>14} {:>12} {:>12} {:>10}",
        "pack", "games/s", "moves/game", "drops/game", "ns/drop"
    );
    for pack in PackSet::builtin().all() {
        if !only.is_empty() && !only.contains(&pack.id) {
            continue;
        }
        let rules = &pack.rules;
        // Seed drops per game, counted once with events (not timed).
        let sample = if std::env::args().any(|a| a == "--no-count") {
            1
        } else {
            2_000u64
        };
        let mut drops = 0u64;
        let mut buf = Vec::new();
        for seed in 0..sample {
            let mut player = RandomPlayer::new(seed);
            let mut pos = Position::new(rules);
            while let Some(m) = player.choose(&pos, rules, &mut buf) {
                let turn = pos.play(rules, m).unwrap();
                drops += turn
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Sow { .. } | Event::BurntForfeit { .. }))
                    .count() as u64;
            }
        }
        let drops_per_game = drops as f64 / sample as f64;
        // Timed: the fast path, one core.
        let mut player = RandomPlayer::new(12345);
        let mut moves = 0u64;
        let start = Instant::now();
        for _ in 0..games {
            moves += random_playout(rules, &mut player, &mut buf) as u64;
        }
        let secs = start.elapsed().as_secs_f64();
        let per_sec = games as f64 / secs;
        println!(
            "{:<22} {:>14.0} {:>12.1} {:>12.1} {:>10.2}",
            pack.id,
            per_sec,
            moves as f64 / games as f64,
            drops_per_game,
            secs * 1e9 / (games as f64 * drops_per_game)
        );
    }
}
