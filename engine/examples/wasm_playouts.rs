//! The playouts benchmark's timed loop for `wasm32-unknown-unknown` (the
//! browser's target), for `scripts/bench.sh` when `wasm32-wasip1` is not
//! installed: a library whose exports Node.js calls and times.
//!
//! `pack_count()` is the number of built-in packs; `pack_name(i)` and
//! `pack_name_len(i)` give the address and length of pack `i`'s id;
//! `begin(i)` starts pack `i` and `playouts(games)` plays `games` more
//! random playouts of it on the fast path, as the native bench does, and
//! returns the moves played.
use congklak::{random_playout, PackSet, RandomPlayer};
use std::sync::{Mutex, OnceLock};

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

/// The pack and the random player [`playouts`] goes on with.
static PLAYING: Mutex<Option<(usize, RandomPlayer)>> = Mutex::new(None);

/// Starts pack `i`'s playouts afresh: a player seeded 12345, as the
/// native bench's.
#[no_mangle]
pub extern "C" fn begin(i: u32) {
    *PLAYING.lock().unwrap() = Some((i as usize, RandomPlayer::new(12345)));
}

/// Plays `games` more random playouts of the pack of the last [`begin`],
/// the player going on from the last call; returns the moves played.
///
/// Several calls play a long run: V8 runs a wasm function first as
/// baseline code and swaps in its optimised code only for the function's
/// next call, never inside a call already running, so one call over every
/// game would run as a whole in whichever code it began with
/// (docs/engine-work.md, "Wasm: V8's two tiers").
#[no_mangle]
pub extern "C" fn playouts(games: u32) -> u64 {
    let (i, mut player) = PLAYING.lock().unwrap().take().expect("begin first");
    let rules = &packs().all()[i].rules;
    let mut buf = Vec::new();
    let mut moves = 0u64;
    for _ in 0..games {
        moves += random_playout(rules, &mut player, &mut buf) as u64;
    }
    *PLAYING.lock().unwrap() = Some((i, player));
    moves
}
