//! Seeded sample games.
//!
//! A sample game is played by [`RandomPlayer`]: PCG-XSH-RR 64/32
//! (`rand_pcg::Lcg64Xsh32`, "PCG32") seeded with `SeedableRng::seed_from_u64(seed)`.
//! Each choice draws one `u32` `r` and takes legal move number
//! `floor(r × len / 2^32)` from the list in [`Position::legal_moves`] order
//! (holes ascending; pairs A-major). Only integer arithmetic on fixed-width
//! types, so a seed gives the same game on every platform, native or wasm.

use crate::game::{Move, Outcome, Position, ToMove};
use crate::rules::Rules;
use crate::sow::NoEvents;
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
    #[inline(always)]
    pub fn index(&mut self, len: usize) -> usize {
        ((self.rng.next_u32() as u64 * len as u64) >> 32) as usize
    }
    /// Indices for one fresh draw `r` among `len` (non-zero): the one
    /// [`RandomPlayer::index`] gives, and the one the draw changed to
    /// `r` with its top bit flipped gives (the other half of the range:
    /// another index whenever `len` is at least 2).
    pub fn index_and_changed(&mut self, len: usize) -> (usize, usize) {
        let r = self.rng.next_u32();
        let at = |r: u32| ((r as u64 * len as u64) >> 32) as usize;
        (at(r), at(r ^ 0x8000_0000))
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
    fn choose_hole(&mut self, mask: u16) -> Option<Move> {
        if mask == 0 {
            return None;
        }
        Some(Move::Hole(self.pick_hole(mask)))
    }

    /// The hole number drawn from a non-empty mask of legal holes: the
    /// draw's place among the legal holes, ascending, found in one of the
    /// mask's two bytes by table, without a loop.
    #[inline(always)]
    fn pick_hole(&mut self, mask: u16) -> u8 {
        let (low, high) = (usize::from(mask & 0xff), usize::from(mask >> 8));
        let in_low = usize::from(bits(low));
        let i = self.index(in_low + usize::from(bits(high)));
        let (byte, i, first) = if i < in_low {
            (low, i, 1)
        } else {
            (high, i - in_low, 9)
        };
        NTH[byte][i & 7] + first
    }

    /// [`RandomPlayer::pick_hole`] for a mask of holes 1 to 8 only (boards
    /// of up to eight holes a side): the same draw, with one byte's count
    /// and the drawn hole read from one word of the byte's holes
    /// (`HOLES_OF`), read while the count is.
    #[inline(always)]
    fn pick_low_hole(&mut self, mask: u16) -> u8 {
        debug_assert!(mask != 0 && mask >> 8 == 0);
        let byte = usize::from(mask & 0xff);
        let i = self.index(usize::from(bits(byte)));
        (HOLES_OF[byte] >> (4 * (i & 7)) & 15) as u8
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

/// `NTH[b][i]`: the place (0..8) of the `i`-th set bit of the byte `b`,
/// counted from bit 0 (0 where `b` has no such bit).
const NTH: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut i) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][i] = bit as u8;
                i += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// `HOLES_OF[b]`: the holes (1..=8) of the byte `b` of a mask of holes,
/// ascending, the `i`-th in bits `4i..4i + 4` (a shift, not a second
/// dependent read, once the draw is known).
const HOLES_OF: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= (NTH[b][i] as u32 + 1) << (4 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// The number of set bits of a byte of a mask of holes. Where the CPU has
/// no bit count (the x86-64 baseline) a table of 256 counts; else the
/// instruction.
#[inline(always)]
fn bits(byte: usize) -> u8 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    {
        const COUNTS: [u8; 256] = {
            let mut t = [0u8; 256];
            let mut i = 0;
            while i < 256 {
                t[i] = (i as u32).count_ones() as u8;
                i += 1;
            }
            t
        };
        COUNTS[byte & 0xff]
    }
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))))]
    {
        (byte as u32).count_ones() as u8
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
    let mut player = RandomPlayer::new(seed);
    played(rules, seed, |pos, buf| player.choose(pos, rules, buf))
}

/// The game of seed `seed` under `rules`, each move `choose`'s (given the
/// position and scratch space) until it has none.
fn played(
    rules: &Rules,
    seed: u64,
    mut choose: impl FnMut(&Position, &mut Vec<Move>) -> Option<Move>,
) -> SampleGame {
    let mut pos = Position::new(rules);
    let mut buf = Vec::with_capacity(16);
    let mut moves = Vec::new();
    while let Some(mv) = choose(&pos, &mut buf) {
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

/// The player of the sample games that the pack pages and `/compare` sum
/// up: a plausible beginner rather than a random one, so that games of
/// several rounds end as people's do instead of running to the round limit.
///
/// On its own turn it plays each legal hole on a copy of the position and
/// keeps those that leave it best off at once: the most seeds gained in its
/// store less those the other player gained (seeds banked when play stops
/// included), an extra turn breaking ties of seeds; among those left, one
/// draw of its [`RandomPlayer`] picks (holes ascending). Where both players
/// choose at once (a simultaneous opening) it draws among the legal pairs
/// as [`RandomPlayer`] does. One draw a choice, so two copies that see the
/// same positions play the same moves.
#[derive(Clone, Debug)]
pub struct SamplePlayer {
    rng: RandomPlayer,
}

impl SamplePlayer {
    /// A player seeded with `seed`.
    pub fn new(seed: u64) -> SamplePlayer {
        SamplePlayer {
            rng: RandomPlayer::new(seed),
        }
    }

    /// Its move, or `None` when the game is over. `buf` is scratch space.
    pub fn choose(&mut self, pos: &Position, rules: &Rules, buf: &mut Vec<Move>) -> Option<Move> {
        let kept = Self::candidates(pos, rules, buf)?;
        Some(buf[self.rng.index(kept)])
    }

    /// Its move with this choice's draw changed (the other half of the
    /// draw's range, see [`RandomPlayer::index_and_changed`]), and whether
    /// that is another move than the unchanged draw's: the one random draw
    /// that the baseline of chance changes ([`crate::Stats::effects`]).
    /// Later draws are the same as without the change. `None` when the
    /// game is over.
    pub fn choose_changed(
        &mut self,
        pos: &Position,
        rules: &Rules,
        buf: &mut Vec<Move>,
    ) -> Option<(Move, bool)> {
        let kept = Self::candidates(pos, rules, buf)?;
        let (i, changed) = self.rng.index_and_changed(kept);
        Some((buf[changed], i != changed))
    }

    /// Leaves at the front of `buf` the moves this player draws among, and
    /// returns how many (`None` when the game is over): for one player, the
    /// legal holes that leave it best off at once; while both choose, every
    /// legal pair.
    fn candidates(pos: &Position, rules: &Rules, buf: &mut Vec<Move>) -> Option<usize> {
        buf.clear();
        pos.legal_moves_into(rules, buf);
        if buf.is_empty() {
            return None;
        }
        let Some(ToMove::One(me)) = pos.to_move() else {
            return Some(buf.len());
        };
        let lead = |q: &Position| i32::from(q.store(me)) - i32::from(q.store(me.other()));
        let before = lead(pos);
        // The best moves so far are kept at the front of `buf`.
        let (mut best, mut kept) = (i32::MIN, 0);
        for i in 0..buf.len() {
            let m = buf[i];
            let mut after = *pos;
            after.play_fast(rules, m).expect("a legal move");
            let again = after.to_move() == Some(ToMove::One(me));
            let score = 2 * (lead(&after) - before) + i32::from(again);
            if score > best {
                (best, kept) = (score, 0);
            }
            if score == best {
                buf[kept] = m;
                kept += 1;
            }
        }
        Some(kept)
    }
}

/// Plays a whole game under `rules` (valid) with two copies of
/// [`SamplePlayer::new(seed)`](SamplePlayer::new): the sample game of the
/// pack pages and `/compare`.
pub fn sample_game(rules: &Rules, seed: u64) -> SampleGame {
    let mut player = SamplePlayer::new(seed);
    played(rules, seed, |pos, buf| player.choose(pos, rules, buf))
}

/// Plays a whole random game without recording it; returns the number of moves.
/// The benchmark's inner loop.
/// The same draws as [`RandomPlayer::choose`] and the same turns as
/// [`Position::play_fast`]; a hole drawn from the legal mask is played
/// without being checked again.
pub fn random_playout(rules: &Rules, player: &mut RandomPlayer, buf: &mut Vec<Move>) -> usize {
    // Boards of up to eight holes a side draw from one byte: decided once
    // a game, not once a move.
    if rules.holes <= 8 {
        playout::<true>(rules, player, buf)
    } else {
        playout::<false>(rules, player, buf)
    }
}

/// [`random_playout`], `LOW` for boards of up to eight holes a side.
#[inline(always)]
fn playout<const LOW: bool>(
    rules: &Rules,
    player: &mut RandomPlayer,
    buf: &mut Vec<Move>,
) -> usize {
    let mut pos = Position::new(rules);
    let mut count = 0;
    // `play_hole` hands back the next mover's holes, worked out as it
    // settled the turn.
    let mut mover = pos.mover();
    loop {
        match mover {
            Some((_, 0)) => break,
            Some((p, mask)) => {
                let k = if LOW {
                    player.pick_low_hole(mask)
                } else {
                    player.pick_hole(mask)
                };
                mover = pos.play_hole(rules, p, k, &mut NoEvents);
            }
            // Over: no call to find no move.
            None if pos.is_over() => break,
            None => match player.choose_listed(&pos, rules, buf) {
                Some(mv) => {
                    let _ = pos.play_fast(rules, mv);
                    mover = pos.mover();
                }
                None => break,
            },
        }
        count += 1;
    }
    count
}

#[cfg(all(test, feature = "builtin-packs"))]
mod tests {
    use super::*;
    use crate::PackSet;

    /// The sample player plays with a purpose: in every pack its games
    /// are shorter on average than random play's, and a seed gives the
    /// same game again.
    #[test]
    fn sample_games_are_shorter_than_random_ones_and_repeat() {
        let packs = PackSet::builtin();
        for pack in packs.all() {
            let rules = &pack.rules;
            let moves = |f: fn(&Rules, u64) -> SampleGame| -> usize {
                (1..=40).map(|seed| f(rules, seed).moves.len()).sum()
            };
            let (sample, random) = (moves(sample_game), moves(random_game));
            assert!(
                sample < random,
                "{}: {sample} moves against random play's {random}",
                pack.id
            );
            let (a, b) = (sample_game(rules, 7), sample_game(rules, 7));
            assert_eq!((a.moves, a.outcome), (b.moves, b.outcome), "{}", pack.id);
        }
    }

    /// On its own turn the sample player takes a hole that gains it the
    /// most at once, as playing each hole shows.
    #[test]
    fn the_sample_player_takes_a_move_that_gains_the_most() {
        let packs = PackSet::builtin();
        let rules = &packs.get("umum").unwrap().rules;
        let mut buf = Vec::new();
        for seed in 1..=30 {
            let game = sample_game(rules, seed);
            let mut pos = Position::new(rules);
            for &mv in &game.moves {
                if let Some(ToMove::One(me)) = pos.to_move() {
                    let gain = |m: Move| {
                        let mut q = pos;
                        q.play_fast(rules, m).unwrap();
                        let lead =
                            |x: &Position| i32::from(x.store(me)) - i32::from(x.store(me.other()));
                        lead(&q) - lead(&pos)
                    };
                    buf.clear();
                    pos.legal_moves_into(rules, &mut buf);
                    let most = buf.iter().map(|&m| gain(m)).max().unwrap();
                    assert_eq!(gain(mv), most, "seed {seed}: {mv} in {pos:?}");
                }
                pos.play_fast(rules, mv).unwrap();
            }
        }
    }

    /// The bench's loop plays the games `random_game` plays: the same
    /// draws, the same turns, the same end.
    #[test]
    fn a_playout_is_the_sample_game_of_its_seed() {
        let packs = PackSet::builtin();
        let mut buf = Vec::new();
        for pack in packs.all() {
            for seed in 0..20 {
                let game = random_game(&pack.rules, seed);
                let mut player = RandomPlayer::new(seed);
                let moves = random_playout(&pack.rules, &mut player, &mut buf);
                assert_eq!(moves, game.moves.len(), "{} seed {seed}", pack.id);
                // The generator is left where the game left it.
                let mut after = RandomPlayer::new(seed);
                let mut pos = Position::new(&pack.rules);
                while let Some(mv) = after.choose(&pos, &pack.rules, &mut buf) {
                    pos.play_fast(&pack.rules, mv).unwrap();
                }
                assert_eq!(player.index(1 << 30), after.index(1 << 30), "{}", pack.id);
            }
        }
    }
}
