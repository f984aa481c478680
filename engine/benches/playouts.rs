//! Random playouts per CPU-second and nanoseconds per seed drop, per pack.
//!
//! `cargo bench -p congklak-engine --bench playouts` (add `-- --quick` for a
//! short run, `--games=N` for N timed games, `--no-count` to skip counting
//! the drops). A benchmark, not a test: it prints figures and asserts nothing.
//!
//! Figures are per CPU-second of this thread (natively
//! `/proc/thread-self/schedstat`, in wasm WASI's process CPU clock), so a
//! shared machine's other jobs do not count; `cpu%` is CPU time over wall
//! time during the timed part.
use congklak::{random_playout, Event, PackSet, Position, RandomPlayer};
use std::time::Instant;

/// CPU time of this thread, in nanoseconds.
#[cfg(not(target_os = "wasi"))]
fn cpu_ns() -> u64 {
    // The first field is the time spent on a CPU, in nanoseconds (Linux).
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// CPU time of the process (WASI `clock_time_get(process_cputime_id)`), in nanoseconds.
#[cfg(target_os = "wasi")]
fn cpu_ns() -> u64 {
    #[link(wasm_import_module = "wasi_snapshot_preview1")]
    extern "C" {
        fn clock_time_get(id: u32, precision: u64, time: *mut u64) -> u16;
    }
    let mut t = 0u64;
    // SAFETY: a WASI preview 1 import writing one u64 through a valid pointer.
    unsafe { clock_time_get(2, 1, &mut t) };
    t
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    // Any other argument names packs to measure (default: all).
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    // `--games=N` sets the timed games (for a profiler's short run).
    let games: u64 = std::env::args()
        .find_map(|a| a.strip_prefix("--games=")?.parse().ok())
        .unwrap_or(if quick { 20_000 } else { 200_000 });
    println!(
        "{:<22} {:>14} {:>12} {:>12} {:>10} {:>6}",
        "pack", "games/cpu-s", "moves/game", "drops/game", "ns/drop", "cpu%"
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
        let cpu_start = cpu_ns();
        for _ in 0..games {
            moves += random_playout(rules, &mut player, &mut buf) as u64;
        }
        let secs = (cpu_ns() - cpu_start) as f64 / 1e9;
        let wall = start.elapsed().as_secs_f64();
        let per_sec = games as f64 / secs;
        println!(
            "{:<22} {:>14.0} {:>12.1} {:>12.1} {:>10.2} {:>6.0}",
            pack.id,
            per_sec,
            moves as f64 / games as f64,
            drops_per_game,
            secs * 1e9 / (games as f64 * drops_per_game),
            100.0 * secs / wall
        );
    }
}
