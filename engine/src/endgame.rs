//! Endgame tables: the exact future margin of every position with few seeds
//! left in the holes, for one ruleset and board size.
//!
//! Within a round seeds only leave the holes (for a store, or lost), never
//! come back, so the positions with `s` seeds in the holes depend only on
//! positions with `s` seeds or fewer. The table is built layer by layer from
//! the end of the game backwards: first every position with no seed left,
//! then one seed, and so on up to `max_seeds`. Each position of a layer is
//! solved by playing each legal move once (with the engine's own fast path)
//! and reading the value of the position reached: a move that banks or
//! loses a seed leads into a finished layer; a move that banks nothing
//! leads to a position of the same layer further on in its acyclic order,
//! solved first (recursively) and kept.
//!
//! A position is its holes (ring order) and who moves; its rank among the
//! compositions of `s` seeds into `2n` holes (the combinatorial number
//! system) is its index. One signed byte a position: memory is
//! `2 * C(max_seeds + 2n, 2n)` bytes for all layers together
//! ([`EndgameTable::bytes_for`]); e.g. 6 holes a side and 12 seeds, 5.4 MB.
//!
//! The value stored is the *future* margin: seeds A still banks by the
//! end of the round minus seeds B still banks, which does not depend on the
//! stores. Tables apply to positions without burnt or protected holes and
//! to rules where the stores do not decide the game early
//! (`win = most-seeds`).
//!
//! A table can be written to a file and read back ([`EndgameTable::to_bytes`],
//! [`EndgameTable::from_bytes`]); the file names its rules, which are
//! checked on reading.

use crate::game::{Move, Phase, Position};
use crate::rules::Rounds;
use crate::rules::{Player, Rules, Win};
use crate::sow::Event;
use crate::topology::Topology;
use std::fmt;

/// Why bytes are not an endgame table (see [`EndgameTable::from_bytes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The bytes do not start as a table does.
    NotATable,
    /// The line of rules is missing.
    NoRulesLine,
    /// The line of the seed count is missing.
    NoSeedCountLine,
    /// The values are missing.
    NoValues,
    /// The rules line is not a valid ruleset: serde's message.
    Rules(String),
    /// The seed count is not a number of at most 127.
    BadSeedCount,
    /// The table ends before its last layer.
    Truncated,
    /// Bytes follow the last layer.
    TrailingBytes,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableError::NotATable => "not a congklak endgame table",
            TableError::NoRulesLine => "no rules line",
            TableError::NoSeedCountLine => "no seed count line",
            TableError::NoValues => "no values",
            TableError::Rules(message) => message,
            TableError::BadSeedCount => "bad seed count",
            TableError::Truncated => "truncated table",
            TableError::TrailingBytes => "trailing bytes after the table",
        })
    }
}

impl std::error::Error for TableError {}

const UNKNOWN: i8 = i8::MIN;
const MAGIC: &[u8] = b"congklak-endgame 1\n";

/// Exact values of every position with at most `max_seeds` seeds in the
/// holes, for one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameTable {
    rules: Rules,
    max_seeds: u32,
    /// `binomial[a][b]` = C(a, b) for a <= max_seeds + 2n, b <= 2n.
    binomial: Vec<Vec<u64>>,
    /// Layer `s`: two values (A to move, B to move) per composition of `s`.
    layers: Vec<Vec<i8>>,
}

fn binomials(top: usize, width: usize) -> Vec<Vec<u64>> {
    let mut c = vec![vec![0u64; width + 1]; top + 1];
    for a in 0..=top {
        c[a][0] = 1;
        for b in 1..=width.min(a) {
            c[a][b] = c[a - 1][b - 1] + if b < a { c[a - 1][b] } else { 0 };
        }
    }
    c
}

impl EndgameTable {
    /// Bytes a table of `max_seeds` seeds on `holes` holes a side takes.
    pub fn bytes_for(holes: u8, max_seeds: u32) -> u64 {
        let m = 2 * holes as usize;
        let c = binomials(max_seeds as usize + m, m);
        2 * c[max_seeds as usize + m][m]
    }

    /// The most seeds a table on `holes` holes a side may hold within
    /// `bytes` of memory (0 if not even the empty board fits; at most 127).
    pub fn seeds_within(holes: u8, bytes: u64) -> u32 {
        let mut seeds = 0;
        while seeds < 127 && Self::bytes_for(holes, seeds + 1) <= bytes {
            seeds += 1;
        }
        seeds
    }

    /// Builds the table for `rules` (valid) up to `max_seeds` seeds in the
    /// holes (at most 127: values are stored in a byte).
    pub fn build(rules: &Rules, max_seeds: u32) -> EndgameTable {
        let max_seeds = max_seeds.min(127);
        let m = 2 * rules.holes as usize;
        let binomial = binomials(max_seeds as usize + m, m);
        let mut table = EndgameTable {
            rules: rules.clone(),
            max_seeds,
            binomial,
            layers: Vec::new(),
        };
        let mut template = Position::new(rules);
        template.board.cells = [0; crate::sow::SLOTS];
        for seeds in 0..=max_seeds {
            let size = table.layer_size(seeds);
            table.layers.push(vec![UNKNOWN; 2 * size]);
            let mut holes = vec![0u16; m];
            holes[m - 1] = seeds as u16;
            // Every composition of `seeds`, in rank order: the first is
            // everything in the last hole.
            let mut index = 0usize;
            loop {
                for mover in Player::BOTH {
                    if table.layers[seeds as usize][2 * index + mover.index()] == UNKNOWN {
                        let pos = table.position(&template, &holes, mover);
                        table.solve_in_layer(&pos, mover, seeds);
                    }
                }
                index += 1;
                if !next_composition(&mut holes) {
                    break;
                }
            }
            debug_assert_eq!(index, size);
        }
        table
    }

    fn layer_size(&self, seeds: u32) -> usize {
        let m = 2 * self.rules.holes as usize;
        self.binomial[seeds as usize + m - 1][m - 1] as usize
    }

    /// The position with these holes (ring order, stores left out) and mover.
    fn position(&self, template: &Position, holes: &[u16], mover: Player) -> Position {
        let mut pos = *template;
        let n = self.rules.holes as usize;
        pos.board.cells[..n].copy_from_slice(&holes[..n]);
        pos.board.cells[n + 1..2 * n + 1].copy_from_slice(&holes[n..]);
        pos.board.cells[n] = 0;
        pos.board.cells[2 * n + 1] = 0;
        pos.total = holes.iter().map(|&s| s as u32).sum();
        pos.board.recount();
        pos.phase = Phase::Move(mover);
        pos
    }

    /// The rank of a position's holes among the compositions of `seeds`.
    fn rank(&self, cells: &[u16], seeds: u32) -> usize {
        let n = self.rules.holes as usize;
        let m = 2 * n;
        let mut left = seeds as usize;
        let mut rank = 0u64;
        for i in 0..m - 1 {
            let c = cells[if i < n { i } else { i + 1 }] as usize;
            let k = m - 1 - i;
            // Compositions whose cell i holds fewer seeds come first.
            rank += self.binomial[left + k][k] - self.binomial[left - c + k][k];
            left -= c;
        }
        rank as usize
    }

    /// Solves `pos` (with `seeds` in its holes) and every position of the
    /// same layer it needs; keeps them all.
    fn solve_in_layer(&mut self, pos: &Position, mover: Player, seeds: u32) -> i8 {
        let before = pos.store(Player::A) as i32 - pos.store(Player::B) as i32;
        let maximize = mover == Player::A;
        let mut best: Option<i32> = None;
        let mut mask = pos.mover_mask().unwrap_or(0);
        while mask != 0 {
            let hole = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let mut next = *pos;
            let _ = next.play_fast(&self.rules, Move::Hole(hole));
            let value = if next.is_over() || next.round != pos.round {
                round_result(&self.rules, pos, Move::Hole(hole), &next) - before
            } else {
                let Phase::Move(p) = next.phase else {
                    unreachable!("a move within a round leads to a player's move")
                };
                let gain = next.store(Player::A) as i32 - next.store(Player::B) as i32 - before;
                let left = holes_total(&next);
                let index = 2 * self.rank(&next.board.cells, left) + p.index();
                let known = self.layers[left as usize][index];
                gain + if known != UNKNOWN {
                    known as i32
                } else {
                    debug_assert_eq!(left, seeds, "a finished layer is complete");
                    // Same layer: solve it first, from its own holes (stores
                    // do not matter to the future).
                    let mut same = next;
                    same.board.cells[next.board.topo.store(Player::A)] = 0;
                    same.board.cells[next.board.topo.store(Player::B)] = 0;
                    same.total = left;
                    same.board.recount();
                    self.solve_in_layer(&same, p, seeds) as i32
                }
            };
            best = Some(match best {
                None => value,
                Some(b) if maximize => b.max(value),
                Some(b) => b.min(value),
            });
        }
        // A position where the mover has no move does not arise in play (the
        // engine ends the round or passes first): it is stored as 0, unused.
        let value = best.unwrap_or(0) as i8;
        let index = 2 * self.rank(&pos.board.cells, seeds) + mover.index();
        self.layers[seeds as usize][index] = value;
        value
    }

    /// The future margin of a position between moves in which `mover`
    /// moves, if the table holds it (A's seeds still to bank minus B's).
    #[inline]
    pub fn lookup(&self, pos: &Position, mover: Player) -> Option<i32> {
        let seeds = holes_total(pos);
        if seeds > self.max_seeds || pos.board.topo != Topology::new(self.rules.holes) {
            return None;
        }
        let v = self.layers[seeds as usize][2 * self.rank(&pos.board.cells, seeds) + mover.index()];
        Some(v as i32)
    }

    /// Whether the table's values hold under `rules`: the same rules (the
    /// seeds a hole at the start aside, which do not change play within a
    /// round) and stores that do not end the game early.
    pub fn covers_rules(&self, rules: &Rules) -> bool {
        let mut same = rules.clauses().clone();
        same.seeds_per_hole = self.rules.seeds_per_hole;
        same == *self.rules.clauses() && rules.win != Win::MoreThanHalf
    }

    /// Most seeds in the holes a position may have to be in the table.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Bytes the values take.
    pub fn bytes(&self) -> usize {
        self.layers.iter().map(Vec::len).sum()
    }

    /// The table as bytes for a file: a header line, the rules as JSON on
    /// one line, the seed count on one line, then one byte a position.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend(
            crate::json::to_string(&self.rules)
                .unwrap_or_default()
                .bytes(),
        );
        out.push(b'\n');
        out.extend(format!("{}\n", self.max_seeds).bytes());
        for layer in &self.layers {
            out.extend(layer.iter().map(|&v| v as u8));
        }
        out
    }

    /// Reads a table written by [`EndgameTable::to_bytes`]; an error says
    /// what is wrong (not a table, rules unreadable, truncated).
    pub fn from_bytes(bytes: &[u8]) -> Result<EndgameTable, TableError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(TableError::NotATable)?;
        let mut lines = rest.splitn(3, |&b| b == b'\n');
        let rules_line = lines.next().ok_or(TableError::NoRulesLine)?;
        let seeds_line = lines.next().ok_or(TableError::NoSeedCountLine)?;
        let values = lines.next().ok_or(TableError::NoValues)?;
        // Reading the rules checks them (`Rules` is valid by construction).
        let rules: Rules = std::str::from_utf8(rules_line)
            .map_err(|e| TableError::Rules(e.to_string()))
            .and_then(|text| {
                crate::json::from_str(text).map_err(|e| TableError::Rules(e.to_string()))
            })?;
        let max_seeds: u32 = std::str::from_utf8(seeds_line)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .filter(|&s| s <= 127)
            .ok_or(TableError::BadSeedCount)?;
        let m = 2 * rules.holes as usize;
        let mut table = EndgameTable {
            rules,
            max_seeds,
            binomial: binomials(max_seeds as usize + m, m),
            layers: Vec::new(),
        };
        let mut at = 0;
        for seeds in 0..=max_seeds {
            let size = 2 * table.layer_size(seeds);
            let layer = values.get(at..at + size).ok_or(TableError::Truncated)?;
            table.layers.push(layer.iter().map(|&b| b as i8).collect());
            at += size;
        }
        if at != values.len() {
            return Err(TableError::TrailingBytes);
        }
        Ok(table)
    }

    /// The rules the table was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

/// Seeds in a position's holes.
fn holes_total(pos: &Position) -> u32 {
    let t = pos.board.topo;
    let n = t.holes();
    pos.board.cells[..n]
        .iter()
        .chain(&pos.board.cells[n + 1..2 * n + 1])
        .map(|&s| s as u32)
        .sum()
}

/// The next composition in rank order (lexicographic on the holes, the last
/// hole taking what is left); `false` after the last.
fn next_composition(holes: &mut [u16]) -> bool {
    let m = holes.len();
    // The rightmost hole (before the last) with a seed somewhere after it
    // takes one more; the holes after it are emptied and the last takes
    // the rest.
    let mut tail = holes[m - 1];
    for i in (0..m - 1).rev() {
        if tail > 0 {
            holes[i] += 1;
            for h in holes[i + 1..].iter_mut() {
                *h = 0;
            }
            holes[m - 1] = tail - 1;
            return true;
        }
        tail += holes[i];
    }
    false
}

/// A's store minus B's.
#[inline]
pub(crate) fn store_margin(pos: &Position) -> i32 {
    pos.store(Player::A) as i32 - pos.store(Player::B) as i32
}

/// A's seeds minus B's at the end of the round that the move `mv` from
/// `before` ends (`after` is the position it leads to).
pub(crate) fn round_result(rules: &Rules, before: &Position, mv: Move, after: &Position) -> i32 {
    if rules.rounds == Rounds::Single {
        if let Some(o) = after.outcome() {
            return o.scores[Player::A] as i32 - o.scores[Player::B] as i32;
        }
    }
    // Several rounds: the stores as the round ended, before any refill,
    // read from the engine's own events.
    let mut replay = *before;
    if let Ok(turn) = replay.play(rules, mv) {
        for e in &turn.events {
            if let Event::RoundEnd { stores, .. } = e {
                return stores[Player::A] as i32 - stores[Player::B] as i32;
            }
        }
        for e in &turn.events {
            if let Event::GameEnd { scores, .. } = e {
                return scores[Player::A] as i32 - scores[Player::B] as i32;
            }
        }
    }
    store_margin(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositions_come_in_rank_order() {
        let rules = Rules::new(crate::Clauses {
            holes: 3,
            seeds_per_hole: 1,
            ..crate::Clauses::default()
        })
        .expect("valid rules");
        let table = EndgameTable::build(&rules, 0);
        for seeds in 0..=5u32 {
            let mut holes = vec![0u16; 6];
            holes[5] = seeds as u16;
            let mut count = 0;
            let binomial = binomials(seeds as usize + 6, 6);
            let t = EndgameTable {
                binomial,
                ..table.clone()
            };
            loop {
                let mut cells = [0u16; 8];
                cells[..3].copy_from_slice(&holes[..3]);
                cells[4..7].copy_from_slice(&holes[3..]);
                assert_eq!(t.rank(&cells, seeds), count, "{holes:?}");
                count += 1;
                if !next_composition(&mut holes) {
                    break;
                }
            }
            assert_eq!(count, t.layer_size(seeds));
        }
    }
}
