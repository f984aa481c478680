//! Seeded sample games.
//!
//! A sample game is played by [`RandomPlayer`]: PCG-XSH-RR 64/32
//! (`rand_pcg::Lcg64Xsh32`, "PCG32") seeded with `SeedableRng::seed_from_u64(seed)`.
//! Each choice draws one `u32` `r` and takes legal move number
//! `floor(r × len / 2^32)` from the list in [`Position::legal_moves`] order
//! (holes ascending; pairs A-major). Only integer arithmetic on fixed-width
//! types, so a seed gives the same game on every platform, native or wasm.

use crate::game::{Move, Outcome, Position};
use crate::rules::Rules;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// A player that picks uniformly among the legal moves, from a seed.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Pcg32,
}

impl RandomPlayer {
    /// A player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Pcg32::seed_from_u64(seed),
        }
    }
    /// Index `floor(r × len / 2^32)` for one fresh `u32` `r`; `len` must be non-zero.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        ((self.rng.next_u32() as u64 * len as u64) >> 32) as usize
    }
    /// One of the legal moves, or `None` when the game is over.
    #[inline]
    pub fn choose(&mut self, pos: &Position, rules: &Rules, buf: &mut Vec<Move>) -> Option<Move> {
        match pos.mover_mask() {
            // The same draw as on the list (holes ascending), without building it.
            Some(mask) => self.choose_hole(mask),
            None => self.choose_listed(pos, rules, buf),
        }
    }

    /// A hole from the mask of legal holes (bit k-1 for hole k), or `None` if empty.
    #[inline]
    fn choose_hole(&mut self, mut mask: u16) -> Option<Move> {
        if mask == 0 {
            return None;
        }
        for _ in 0..self.index(mask.count_ones() as usize) {
            mask &= mask - 1;
        }
        Some(Move::Hole(mask.trailing_zeros() as u8 + 1))
    }

    /// A move from the list of legal moves (while both may choose).
    #[inline(never)]
    fn choose_listed(
        &mut self,
        pos: &Position,
        rules: &Rules,
        buf: &mut Vec<Move>,
    ) -> Option<Move> {
        buf.clear();
        pos.legal_moves_into(rules, buf);
        if buf.is_empty() {
            return None;
        }
        Some(buf[self.index(buf.len())])
    }
}

/// A seeded game played to its end.
#[derive(Clone, Debug)]
pub struct SampleGame {
    /// The seed.
    pub seed: u64,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// The final position.
    pub end: Position,
    /// The result.
    pub outcome: Outcome,
}

/// Plays a whole game under `rules` (valid) with [`RandomPlayer::new(seed)`](RandomPlayer::new).
pub fn random_game(rules: &Rules, seed: u64) -> SampleGame {
    let mut pos = Position::new(rules);
    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::with_capacity(16);
    let mut moves = Vec::new();
    while let Some(mv) = player.choose(&pos, rules, &mut buf) {
        pos.play_fast(rules, mv).expect("a legal move");
        moves.push(mv);
    }
    SampleGame {
        seed,
        moves,
        end: pos,
        outcome: pos.outcome().expect("no legal move means the game is over"),
    }
}

/// Plays a whole random game without recording it; returns the number of moves.
/// The benchmark's inner loop.
pub fn random_playout(rules: &Rules, player: &mut RandomPlayer, buf: &mut Vec<Move>) -> usize {
    let mut pos = Position::new(rules);
    let mut count = 0;
    while let Some(mv) = player.choose(&pos, rules, buf) {
        let _ = pos.play_fast(rules, mv);
        count += 1;
    }
    count
}
