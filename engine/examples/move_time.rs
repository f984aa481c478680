//! The time a move of each level, natively and in wasm (the browser's
//! worker runs the engine compiled to wasm32 at opt-level z).
//!
//! Natively: `cargo run --release -p congklak-engine --example move_time --
//! [levels] [games] [--pack <id>]` prints, for each level, the CPU time a
//! move (median, mean, max) over games of the level against itself on umum
//! 7 x 7, or on the rules of the built-in pack `<id>` at its own size (the
//! first two moves at random, from the game's number), with the endgame
//! table as the worker builds it (4 MiB, once few seeds are left, kept
//! between moves).
//!
//! In wasm: `bash scripts/move-time.sh [levels] [games] [pack]` builds this
//! example for `wasm32-unknown-unknown` with the browser's profile and times
//! the same moves in Node.js (CPU time of the process): the module exports
//! `start(level, game)` (umum 7 x 7) and `step()` (0: the game is over, 1:
//! one player chose a move, 2: both chose at once, 3: the endgame table was
//! built, once a game), and the script times each `step`. With a pack the
//! script builds it with the feature `builtin-packs`, under which the module
//! also exports `pack_count()`, `pack_name(i)` and `pack_name_len(i)` (the
//! address and length of built-in pack `i`'s id) and `start_pack(i, level,
//! game)`. Both print the table's build apart and with the move that needed
//! it (the player waits for both).
#![cfg_attr(target_arch = "wasm32", no_main)]

use congklak::{
    choose_with, endgame_seeds_for, EndgameTable, Level, Move, Position, RandomPlayer, Rules,
    ToMove,
};
use std::cell::RefCell;

/// The worker's endgame table memory.
const ENDGAME_BYTES: u64 = 4 << 20;

struct Game {
    rules: Rules,
    pos: Position,
    level: Level,
    seed: u64,
    moves: u64,
    table: Option<EndgameTable>,
}

impl Game {
    fn new(rules: Rules, level: Level, game: u64) -> Game {
        let mut pos = Position::new(&rules);
        let mut rng = RandomPlayer::new(game * 7919 + 1);
        let mut buf = Vec::new();
        for _ in 0..2 {
            if let Some(m) = rng.choose(&pos, &rules, &mut buf) {
                pos.play_fast(&rules, m).expect("legal");
            }
        }
        Game {
            rules,
            pos,
            level,
            seed: game * 10_000,
            moves: 0,
            table: None,
        }
    }

    /// Plays one move: 0 when the game is over, 1 when one player chose,
    /// 2 when both chose at once; or builds the endgame table the move
    /// needs (3), as the worker does before it answers.
    fn step(&mut self) -> u32 {
        let Some(tm) = self.pos.to_move() else {
            return 0;
        };
        if self.pos.legal_moves(&self.rules).is_empty() {
            return 0;
        }
        let seeds = endgame_seeds_for(&self.rules, &self.pos, ENDGAME_BYTES)
            .filter(|_| self.level.uses_endgame_table());
        if seeds.is_some() && self.table.as_ref().map(|t| t.max_seeds()) != seeds {
            self.table = None;
            self.table = seeds.map(|s| EndgameTable::build(&self.rules, s));
            return 3;
        }
        let seed = self.seed + self.moves;
        let table = self.table.as_ref();
        let hole = |p| {
            choose_with(&self.rules, &self.pos, p, self.level, seed, table)
                .expect("a move")
                .hole
        };
        let (mv, code) = match tm {
            ToMove::One(p) => (Move::Hole(hole(p)), 1),
            ToMove::Both => (
                Move::Both(hole(congklak::Player::A), hole(congklak::Player::B)),
                2,
            ),
        };
        self.pos.play_fast(&self.rules, mv).expect("a legal move");
        self.moves += 1;
        code
    }
}

thread_local! {
    static GAME: RefCell<Option<Game>> = const { RefCell::new(None) };
}

/// Starts game `game` of the level numbered `level` (in [`Level::ALL`]).
#[no_mangle]
pub extern "C" fn start(level: u32, game: u32) -> u32 {
    let Some(&level) = Level::ALL.get(level as usize) else {
        return 0;
    };
    GAME.with(|g| *g.borrow_mut() = Some(Game::new(Rules::default(), level, game as u64)));
    1
}

#[cfg(feature = "builtin-packs")]
fn packs() -> &'static congklak::PackSet {
    static PACKS: std::sync::OnceLock<congklak::PackSet> = std::sync::OnceLock::new();
    PACKS.get_or_init(congklak::PackSet::builtin)
}

/// The number of built-in packs.
#[cfg(feature = "builtin-packs")]
#[no_mangle]
pub extern "C" fn pack_count() -> u32 {
    packs().all().len() as u32
}

/// The address of built-in pack `i`'s id (UTF-8, `pack_name_len(i)` bytes).
#[cfg(feature = "builtin-packs")]
#[no_mangle]
pub extern "C" fn pack_name(i: u32) -> *const u8 {
    packs().all()[i as usize].id.as_ptr()
}

/// The length of built-in pack `i`'s id in bytes.
#[cfg(feature = "builtin-packs")]
#[no_mangle]
pub extern "C" fn pack_name_len(i: u32) -> u32 {
    packs().all()[i as usize].id.len() as u32
}

/// Starts game `game` of the level numbered `level` on the rules of
/// built-in pack `pack` (0 when either number is out of range).
#[cfg(feature = "builtin-packs")]
#[no_mangle]
pub extern "C" fn start_pack(pack: u32, level: u32, game: u32) -> u32 {
    let (Some(p), Some(&level)) = (
        packs().all().get(pack as usize),
        Level::ALL.get(level as usize),
    ) else {
        return 0;
    };
    let rules = p.rules.clone();
    GAME.with(|g| *g.borrow_mut() = Some(Game::new(rules, level, game as u64)));
    1
}

/// Plays the next move of the game started (see the module's notes).
#[no_mangle]
pub extern "C" fn step() -> u32 {
    GAME.with(|g| g.borrow_mut().as_mut().map_or(0, Game::step))
}

/// CPU time of this thread, in nanoseconds (Linux; 0 elsewhere), so that
/// the other jobs of a shared machine do not count.
#[cfg(not(target_arch = "wasm32"))]
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The index of the built-in pack `id` in [`packs`]; prints its board.
#[cfg(all(not(target_arch = "wasm32"), feature = "builtin-packs"))]
fn pack_index(id: &str) -> u32 {
    let all = packs().all();
    let ids = || {
        all.iter()
            .map(|p| p.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let i = all
        .iter()
        .position(|p| p.id == id)
        .unwrap_or_else(|| panic!("no built-in pack {id} (the packs: {})", ids()));
    let rules = &all[i].rules;
    println!(
        "{id} ({} holes of {} seeds):",
        rules.holes, rules.seeds_per_hole
    );
    i as u32
}

#[cfg(all(not(target_arch = "wasm32"), not(feature = "builtin-packs")))]
fn pack_index(id: &str) -> u32 {
    panic!("--pack {id} needs the feature builtin-packs")
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--pack <id>`: the built-in pack's rules instead of umum 7 x 7.
    let pack = args.iter().position(|a| a == "--pack").map(|i| {
        let id = args.get(i + 1).expect("--pack <id>").clone();
        args.drain(i..i + 2);
        pack_index(&id)
    });
    let levels = args
        .first()
        .map_or("medium,hard,hardest", String::as_str)
        .to_string();
    let games: u32 = args.get(1).map_or(4, |n| n.parse().expect("games"));
    for name in levels.split(',') {
        let level: Level = name.parse().expect("a level");
        let mut times = Vec::new();
        let mut builds = Vec::new();
        // The build with the move that needed it (what the player waits).
        let mut with_move: f64 = 0.0;
        for g in 0..games {
            let started = match pack {
                #[cfg(feature = "builtin-packs")]
                Some(i) => start_pack(i, level as u32, g),
                #[cfg(not(feature = "builtin-packs"))]
                Some(_) => 0,
                None => start(level as u32, g),
            };
            assert_eq!(started, 1, "a level and a pack");
            let mut built = None;
            loop {
                let c0 = cpu_ns();
                let code = step();
                let dt = (cpu_ns() - c0) as f64 * 1e-6;
                match code {
                    0 => break,
                    1 => times.push(dt),
                    3 => builds.push(dt),
                    _ => {}
                }
                if let Some(b) = built.take() {
                    with_move = with_move.max(b + dt);
                }
                if code == 3 {
                    built = Some(dt);
                }
            }
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let n = times.len();
        let build = builds.iter().cloned().fold(0.0, f64::max);
        println!(
            "{name}: {n} moves, {:.1} ms median, {:.1} ms mean, {:.0} ms max; endgame table built {} times, {build:.0} ms at most, {with_move:.0} ms with its move",
            times[n / 2],
            times.iter().sum::<f64>() / n as f64,
            times[n - 1],
            builds.len()
        );
    }
}
