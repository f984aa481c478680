//! The playouts benchmark's timed loop for `wasm32-unknown-unknown` (the
//! browser's target), for `scripts/bench.sh` when `wasm32-wasip1` is not
//! installed: a library whose exports Node.js calls and times.
//!
//! `pack_count()` is the number of built-in packs; `pack_name(i)` and
//! `pack_name_len(i)` give the address and length of pack `i`'s id;
//! `playouts(i, games)` plays `games` random playouts of pack `i` on the
//! fast path, as the native bench does, and returns the moves played.
use congklak::{random_playout, PackSet, RandomPlayer};
use std::sync::OnceLock;

fn packs() -> &'static PackSet {
    static PACKS: OnceLock<PackSet> = OnceLock::new();
    PACKS.get_or_init(PackSet::builtin)
}

/// The number of built-in packs.
#[no_mangle]
pub extern "C" fn pack_count() -> u32 {
    packs().all().len() as u32
}

/// The address of pack `i`'s id (UTF-8, `pack_name_len(i)` bytes).
#[no_mangle]
pub extern "C" fn pack_name(i: u32) -> *const u8 {
    packs().all()[i as usize].id.as_ptr()
}

/// The length of pack `i`'s id in bytes.
#[no_mangle]
pub extern "C" fn pack_name_len(i: u32) -> u32 {
    packs().all()[i as usize].id.len() as u32
}

/// Plays `games` random playouts of pack `i` (seed 12345, as the native
/// bench); returns the moves played.
#[no_mangle]
pub extern "C" fn playouts(i: u32, games: u32) -> u64 {
    let rules = &packs().all()[i as usize].rules;
    let mut player = RandomPlayer::new(12345);
    let mut buf = Vec::new();
    let mut moves = 0u64;
    for _ in 0..games {
        moves += random_playout(rules, &mut player, &mut buf) as u64;
    }
    moves
}
