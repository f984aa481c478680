#![cfg(not(target_arch = "wasm32"))]
//! Hostile game links for the several-round packs (issue 54, item 3: the
//! parts the link fuzzing of `fuzz.rs` did not reach).
//!
//! Seeds: records of seeded games of the five several-round packs (sungka,
//! congkak-tradisional, congkak-portal, ohvalhu, dakon-ngacang) on each of
//! their board sizes, played by the sample player and the random player.
//! Each input is one kind of damage, counted by kind:
//! - random byte edits (the bytes read back as text the way a browser
//!   decodes a link: invalid UTF-8 becomes U+FFFD);
//! - truncations;
//! - a group of moves (single holes and `_xy` pairs) repeated;
//! - two groups of moves swapped;
//! - holes out of range: past the board, `0`, letters past `b`, a pair with
//!   one such hole;
//! - huge numbers: seeds and versions past `u64`, custom rulesets setting
//!   number clauses to huge, negative, fractional and NaN-like values;
//! - unicode: letters, emoji, joiners, right-to-left marks, NUL, full-width
//!   and Arabic-Indic digits, put in anywhere;
//! - huge records, 1 MB to 5 MB: moves, seed digits, ruleset text,
//!   whitespace around a real record, a record just under the limit.
//!
//! Every input must be read and replayed to a legal game (written back the
//! same, replayed the same, over or with a legal move) or refused with a
//! [`RecordError`] whose words are not empty; nothing may panic, and no
//! input may take long (the huge ones are refused on their length, and the
//! refusal says so).
//!
//! The normal run: 3,000 mutated inputs plus the huge ones, a second or two.
//! A long run: `CONGKLAK_HOSTILE=1000000 cargo test -p congklak-engine
//! --test hostile_records -- --nocapture` (figures in the engine README).

use congklak::*;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// The packs that play several rounds.
const SEVERAL_ROUNDS: [&str; 5] = [
    "sungka",
    "congkak-tradisional",
    "congkak-portal",
    "ohvalhu",
    "dakon-ngacang",
];

/// The longest any one input may take (a hang shows as a failure, not as
/// a test that never ends; generous for a loaded machine).
const AT_MOST: Duration = Duration::from_secs(2);

fn packs() -> &'static PackSet {
    static PACKS: std::sync::OnceLock<PackSet> = std::sync::OnceLock::new();
    PACKS.get_or_init(PackSet::builtin)
}

/// A seed game: its pack's id, its board size and its record.
struct Seed {
    holes: u8,
    record: GameRecord,
}

/// Records of seeded games of every several-round pack, every board size.
fn seed_games() -> Vec<Seed> {
    let mut out = Vec::new();
    for id in SEVERAL_ROUNDS {
        let pack = packs().get(id).unwrap_or_else(|| panic!("pack {id}"));
        for &n in &pack.board_sizes {
            let rules = pack.rules_for_size(n).expect("a board size of the pack");
            for seed in 1..=3u64 {
                let game = if seed == 3 {
                    random_game(&rules, seed)
                } else {
                    sample_game(&rules, seed)
                };
                out.push(Seed {
                    holes: n,
                    record: GameRecord {
                        ruleset: Ruleset::custom(id, &pack.rules, &rules),
                        seed,
                        moves: game.moves,
                        resigned: None,
                    },
                });
            }
        }
    }
    out
}

/// The kinds of damage, in the order of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    ByteEdits,
    Truncated,
    Duplicated,
    Swapped,
    OutOfRange,
    HugeNumbers,
    Unicode,
    Huge,
}

const KINDS: [Kind; 7] = [
    Kind::ByteEdits,
    Kind::Truncated,
    Kind::Duplicated,
    Kind::Swapped,
    Kind::OutOfRange,
    Kind::HugeNumbers,
    Kind::Unicode,
];

/// A record's moves as groups of text: `3` or `_31`.
fn groups(record: &GameRecord) -> Vec<String> {
    let text = GameRecord {
        ruleset: Ruleset::Pack("x".into()),
        seed: 0,
        moves: record.moves.clone(),
        resigned: None,
    }
    .to_text();
    let moves = &text["1.x.0.".len()..];
    let mut out = Vec::new();
    let mut chars = moves.chars();
    while let Some(c) = chars.next() {
        if c == '_' {
            let (a, b) = (chars.next().unwrap(), chars.next().unwrap());
            out.push(format!("_{a}{b}"));
        } else {
            out.push(c.to_string());
        }
    }
    out
}

const ODD_CHARS: &[char] = &[
    'é',
    'ß',
    '\u{1F600}',
    '\u{200D}',
    '\u{200F}',
    '\u{202E}',
    '\u{0}',
    '\u{FEFF}',
    '\u{FFFD}',
    '１',
    '٣',
    '\u{0301}',
    '٫',
    '。',
    'Ⅻ',
    '⑦',
];

const HUGE_NUMBERS: &[&str] = &[
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999999",
    "-1",
    "-0",
    "+7",
    "1e9",
    "0x10",
    "NaN",
    "inf",
    "00000000000000000000000000000000000000001",
];

struct Mutator {
    rng: Pcg32,
}

impl Mutator {
    fn below(&mut self, n: usize) -> usize {
        ((self.rng.next_u32() as u64 * n.max(1) as u64) >> 32) as usize
    }

    /// One damaged record of `kind` from `seed`.
    fn damage(&mut self, kind: Kind, seed: &Seed) -> String {
        let text = seed.record.to_text();
        let prefix = |moves: &str| {
            format!(
                "1.{}.{}.{moves}",
                seed.record.ruleset.to_text(),
                seed.record.seed
            )
        };
        match kind {
            Kind::ByteEdits => {
                let mut bytes = text.into_bytes();
                for _ in 0..1 + self.below(4) {
                    let at = self.below(bytes.len());
                    match self.below(3) {
                        0 => bytes[at] = self.rng.next_u32() as u8,
                        1 => bytes.insert(at, self.rng.next_u32() as u8),
                        _ => {
                            bytes.remove(at);
                        }
                    }
                }
                String::from_utf8_lossy(&bytes).into_owned()
            }
            Kind::Truncated => {
                let mut cut = self.below(text.len() + 1);
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text[..cut].to_string()
            }
            Kind::Duplicated | Kind::Swapped => {
                let mut g = groups(&seed.record);
                // Half the time a game cut short, so that the damaged moves
                // are not all played past its end.
                if self.below(2) == 0 {
                    let keep = 2 + self.below(g.len());
                    g.truncate(keep);
                }
                if g.len() < 2 {
                    return text;
                }
                let at = self.below(g.len());
                let len = 1 + self.below((g.len() - at).min(12));
                if kind == Kind::Duplicated {
                    let piece: Vec<String> = g[at..at + len].to_vec();
                    let times = [1, 1, 2, 50][self.below(4)];
                    for _ in 0..times {
                        g.splice(at..at, piece.iter().cloned());
                    }
                } else {
                    // Two groups (of one or more moves) change places.
                    let other = self.below(g.len());
                    let (a, b) = (at.min(other), at.max(other));
                    if b == a {
                        let next = (a + 1) % g.len();
                        g.swap(a, next);
                    } else {
                        let n = len.min(b - a).min(g.len() - b);
                        for i in 0..n {
                            g.swap(a + i, b + i);
                        }
                    }
                }
                prefix(&g.concat())
            }
            Kind::OutOfRange => {
                let mut g = groups(&seed.record);
                let past: Vec<char> = (seed.holes + 1..=11)
                    .map(|k| char::from_digit(k as u32, 12).unwrap())
                    .chain(['0', 'c', 'z', 'B', 'A'])
                    .collect();
                let bad = past[self.below(past.len())];
                let group = match self.below(3) {
                    0 => bad.to_string(),
                    1 => format!("_{bad}1"),
                    _ => format!("_1{bad}"),
                };
                let at = self.below(g.len() + 1);
                if at < g.len() && self.below(2) == 0 {
                    g[at] = group;
                } else {
                    g.insert(at, group);
                }
                prefix(&g.concat())
            }
            Kind::HugeNumbers => {
                let n = HUGE_NUMBERS[self.below(HUGE_NUMBERS.len())];
                let moves = groups(&seed.record).concat();
                match self.below(4) {
                    0 => format!("1.{}.{n}.{moves}", seed.record.ruleset.to_text()),
                    1 => format!(
                        "{n}.{}.{}.{moves}",
                        seed.record.ruleset.to_text(),
                        seed.record.seed
                    ),
                    _ => {
                        // A number clause of the ruleset set to an odd value.
                        let clause = [
                            "holes",
                            "seeds_per_hole",
                            "max_rounds",
                            "round_limit",
                            "move_limit",
                            "relay_limit",
                            "end_empty_holes",
                        ][self.below(7)];
                        let value = match self.below(8) {
                            0 => serde_json::json!(u64::MAX),
                            1 => serde_json::json!(i64::MIN),
                            2 => serde_json::json!(-1),
                            3 => serde_json::json!(1e300),
                            4 => serde_json::json!(2.5),
                            5 => serde_json::json!("NaN"),
                            6 => serde_json::json!(100_000),
                            _ => serde_json::json!(u32::MAX),
                        };
                        let mut set = match &seed.record.ruleset {
                            Ruleset::Custom { set, .. } => set.clone(),
                            Ruleset::Pack(_) => BTreeMap::new(),
                        };
                        set.insert(clause.into(), value);
                        let ruleset = Ruleset::Custom {
                            base: seed.record.ruleset.base().to_string(),
                            set,
                        };
                        format!("1.{}.{}.{moves}", ruleset.to_text(), seed.record.seed)
                    }
                }
            }
            Kind::Unicode => {
                let mut chars: Vec<char> = text.chars().collect();
                for _ in 0..1 + self.below(3) {
                    let at = self.below(chars.len() + 1);
                    let c = ODD_CHARS[self.below(ODD_CHARS.len())];
                    if at < chars.len() && self.below(2) == 0 {
                        chars[at] = c;
                    } else {
                        chars.insert(at, c);
                    }
                }
                chars.into_iter().collect()
            }
            Kind::Huge => unreachable!("the huge inputs are made whole"),
        }
    }
}

/// Records of a megabyte and more.
fn huge_inputs(seeds: &[Seed]) -> Vec<String> {
    const MB: usize = 1 << 20;
    let real = seeds[0].record.to_text();
    let mut out = Vec::new();
    for size in [MB, 2 * MB, 5 * MB] {
        out.push(format!("1.sungka.1.{}", "1".repeat(size)));
        out.push(format!("1.sungka.1.{}", "_12".repeat(size / 3)));
        out.push(format!("1.sungka.{}.1", "9".repeat(size)));
        out.push(format!("1.~{}.1.1", "A".repeat(size)));
        out.push(format!("1.{}.1.", "a".repeat(size)));
        out.push(format!("{}.sungka.1.", "1".repeat(size)));
        out.push(".".repeat(size));
        out.push("é".repeat(size / 2));
        out.push(format!("{}{real}{}", " ".repeat(size), "\n".repeat(size)));
        out.push(format!("{real}{}", real.repeat(size / real.len().max(1))));
    }
    // A record just under the limit, all moves: refused at the move the
    // game cannot take (the game caps its moves), after bounded work.
    let head = "1.dakon-ngacang.1.";
    out.push(format!(
        "{head}{}",
        "1234567".repeat((MAX_RECORD_LEN - head.len()) / 7)
    ));
    // A real game's moves over and over, to the limit.
    for s in seeds.iter().step_by(5) {
        let text = s.record.to_text();
        let moves = groups(&s.record).concat();
        let mut long = text.clone();
        while long.len() + moves.len() <= MAX_RECORD_LEN {
            long.push_str(&moves);
        }
        out.push(long);
    }
    out
}

/// What became of an input.
#[derive(Debug)]
enum Outcome {
    Replayed,
    Refused(&'static str),
}

fn error_name(e: &RecordError) -> &'static str {
    match e {
        RecordError::TooLong { .. } => "too long",
        RecordError::NotARecord => "not a record",
        RecordError::UnknownVersion { .. } => "unknown version",
        RecordError::Parts { .. } => "parts",
        RecordError::BadSeed { .. } => "bad seed",
        RecordError::NotAHole { .. } => "not a hole",
        RecordError::UnfinishedPair => "unfinished pair",
        RecordError::NotAPackId { .. } => "not a pack id",
        RecordError::UnknownPack { .. } => "unknown pack",
        RecordError::UnknownClause { .. } => "unknown clause",
        RecordError::CustomRules(_) => "custom rules",
        RecordError::Replay(_) => "illegal move",
        _ => "custom ruleset text",
    }
}

/// Reads and replays `text` as the app's link reader does, checking what
/// is accepted and what is refused.
fn open(text: &str) -> Outcome {
    let refused = |e: RecordError| {
        assert!(!e.to_string().is_empty(), "a refusal in words: {e:?}");
        if text.trim().len() > MAX_RECORD_LEN {
            assert_eq!(
                e,
                RecordError::TooLong {
                    len: text.trim().len()
                }
            );
            assert!(e.to_string().contains("too long"), "{e}");
        }
        Outcome::Refused(error_name(&e))
    };
    let record = match GameRecord::parse(text) {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    let game = match record.game(packs()) {
        Ok(g) => g,
        Err(e) => return refused(e),
    };
    // A legal game: written back the same, replayed the same, over or
    // with a move to play, every seed where it should be.
    let again = record.to_text();
    assert_eq!(GameRecord::parse(&again).as_ref(), Ok(&record));
    let rules = game.rules();
    let direct = Position::new(rules)
        .replay(rules, &record.moves)
        .expect("the moves replay");
    assert_eq!(*game.position(), direct, "replayed twice, the same game");
    let pos = game.position();
    assert!(pos.is_over() || !game.legal_moves().is_empty(), "stuck");
    assert_eq!(pos.seed_count(), rules.total_seeds(), "seeds conserved");
    Outcome::Replayed
}

/// Per kind: inputs, replayed, refusals by reason.
type Tally = BTreeMap<Kind, (u64, u64, BTreeMap<&'static str, u64>)>;

fn try_one(tally: &mut Tally, kind: Kind, text: &str, slowest: &mut Duration) {
    let started = Instant::now();
    let outcome = match catch_unwind(AssertUnwindSafe(|| open(text))) {
        Ok(o) => o,
        Err(_) => panic!(
            "{kind:?}: panicked on a record of {} bytes: {:?}",
            text.len(),
            text.chars().take(300).collect::<String>()
        ),
    };
    let took = started.elapsed();
    assert!(
        took < AT_MOST,
        "{kind:?}: {took:?} on {:?}",
        text.chars().take(300).collect::<String>()
    );
    *slowest = (*slowest).max(took);
    let entry = tally.entry(kind).or_default();
    entry.0 += 1;
    match outcome {
        Outcome::Replayed => entry.1 += 1,
        Outcome::Refused(why) => *entry.2.entry(why).or_default() += 1,
    }
}

fn run(count: u64, seed: u64) -> (Tally, Duration) {
    let seeds = seed_games();
    let mut m = Mutator {
        rng: Pcg32::seed_from_u64(seed),
    };
    let mut tally = Tally::new();
    let mut slowest = Duration::ZERO;
    for text in huge_inputs(&seeds) {
        try_one(&mut tally, Kind::Huge, &text, &mut slowest);
    }
    for i in 0..count {
        let kind = KINDS[i as usize % KINDS.len()];
        let s = &seeds[m.below(seeds.len())];
        let text = m.damage(kind, s);
        try_one(&mut tally, kind, &text, &mut slowest);
    }
    (tally, slowest)
}

fn report(tally: &Tally, slowest: Duration) {
    for (kind, (n, replayed, refused)) in tally {
        println!("{kind:?}: {n} inputs, {replayed} replayed, refused: {refused:?}");
    }
    println!("slowest input: {slowest:?}");
}

#[test]
fn damaged_several_round_records_replay_or_are_refused() {
    let count = std::env::var("CONGKLAK_HOSTILE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000);
    let started = Instant::now();
    let (tally, slowest) = run(count, 54);
    report(&tally, slowest);
    println!(
        "{count} mutated inputs in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // Every kind was tried, and each reached what it aims at.
    for kind in KINDS.iter().chain([&Kind::Huge]) {
        assert!(tally.get(kind).is_some_and(|t| t.0 > 0), "{kind:?} tried");
    }
    let refused = |kind: Kind, why: &str| tally[&kind].2.get(why).copied().unwrap_or(0);
    // The huge inputs: refused on their length, bar the whitespace around a
    // real record (which reads as that record) and the one under the limit.
    assert!(
        refused(Kind::Huge, "too long") >= 27,
        "{:?}",
        tally[&Kind::Huge]
    );
    // Past the parser: repeated and swapped moves reach the replay, which
    // refuses some and plays others to a legal game.
    for kind in [Kind::Duplicated, Kind::Swapped] {
        assert!(
            refused(kind, "illegal move") > 0,
            "{kind:?}: {:?}",
            tally[&kind]
        );
        assert!(tally[&kind].1 > 0, "{kind:?}: some replayed");
    }
    // A hole past the board is never played.
    assert_eq!(
        tally[&Kind::OutOfRange].1,
        0,
        "{:?}",
        tally[&Kind::OutOfRange]
    );
    assert!(refused(Kind::HugeNumbers, "custom rules") > 0);
}

/// The refusal of a huge record says it is too long, and how long, in words.
#[test]
fn a_huge_record_is_refused_on_its_length_saying_so() {
    let text = format!("1.sungka.1.{}", "1".repeat(1 << 20));
    let started = Instant::now();
    let e = GameRecord::parse(&text).unwrap_err();
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(e, RecordError::TooLong { len: text.len() });
    assert_eq!(
        e.to_string(),
        format!(
            "the record is too long: {} characters, at most {MAX_RECORD_LEN}",
            text.len()
        )
    );
}
