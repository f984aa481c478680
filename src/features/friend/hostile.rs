//! The friend protocol against a hostile peer (issue 54): random
//! sequences of valid-looking messages from a dishonest other device (out
//! of phase, replayed, re-committed, re-synced, forged greetings and
//! moves, mixed with its honest ones so that games get somewhere), checking
//! after every message that the honest side's record only ever gains legal
//! moves made by the player whose turn it was, and that commit-reveal
//! binds: a simultaneous move holds the honest side's own pick and, for the
//! other side, the opening of a commitment sent before the honest side
//! revealed. A resignation (menyerah) on the honest side is its own,
//! made by it, or one the other side made of its own player: the other
//! side never resigns for it, and adds no moves once it resigned.
//!
//! `FRIEND_HOSTILE_SEQUENCES` sets how many sequences (default 2,000, a few
//! seconds in a debug test build); `FRIEND_HOSTILE_SEED` replays one.
//!
//!     FRIEND_HOSTILE_SEQUENCES=100000 cargo test --release -p congklak-app \
//!         --lib hostile -- --nocapture

use super::model::{commitment, hash_of, FriendGame, Msg, Phase, Reaction, Received, Refusal};
use crate::features::friend::model::{Problem, Unreadable};
use crate::game::state::{install_packs, packs, PlayState};
use congklak::{GameRecord, Move, PackSet, Player, Position, ToMove};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::{BTreeMap, HashMap};

/// Messages in one sequence (from the hostile side; the honest side's
/// picks come between them).
const STEPS: usize = 60;

struct Rng(Pcg64Mcg);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())].clone())
    }
    fn salt(&mut self) -> String {
        format!("{:016x}", self.0.next_u64())
    }
}

/// A random legal move at `pos` (for whoever is to move), if any.
fn random_move(rng: &mut Rng, pos: &Position, rules: &congklak::Rules) -> Option<Move> {
    match pos.to_move()? {
        ToMove::One(p) => rng.pick(&pos.legal_holes(rules, p)).map(Move::Hole),
        ToMove::Both => {
            let a = rng.pick(&pos.legal_holes(rules, Player::A))?;
            let b = rng.pick(&pos.legal_holes(rules, Player::B))?;
            Some(Move::Both(a, b))
        }
    }
}

/// What the checks saw over all sequences.
#[derive(Default)]
struct Tally {
    messages: usize,
    refused: BTreeMap<String, usize>,
    gained_theirs: usize,
    gained_both: usize,
    resynced: usize,
    caught_up: usize,
    /// Resignations: the honest side's own, and the other side's taken.
    resigned_mine: usize,
    resigned_theirs: usize,
}

/// A cheat the honest side let through, and where: the sequence's seed,
/// its pack, the honest side, and the messages up to it.
struct Cheat {
    seed: u64,
    pack: &'static str,
    me: Player,
    what: Box<Breach>,
    trace: Vec<String>,
}

/// What the honest side let through.
enum Breach {
    /// Its record was rewritten, not only added to.
    Rewritten { before: Vec<Move>, after: Vec<Move> },
    /// A move was played while play was stopped.
    PlayedWhileStopped,
    /// A move was taken after the other side resigned.
    TakenAfterTheirResignation,
    /// The other side resigned for the honest one.
    ResignedForUs,
    /// The honest side's resignation was dropped.
    ResignationDropped,
    /// The host's resignation was replaced.
    HostResignationReplaced,
    /// Moves were gained where the result gains none (or other moves).
    Gained {
        result: Result<Received, Problem>,
        gained: Vec<Move>,
    },
    /// A simultaneous move holds another pick of ours than we made.
    NotOurPick { n: usize, mine: u8 },
    /// A simultaneous move was played before our reveal.
    BeforeOurReveal { n: usize },
    /// Their pick of a simultaneous move was not sealed before our reveal.
    NotSealed { n: usize, theirs: u8 },
    /// A move gained where it was not theirs to make.
    GainedAt {
        n: usize,
        mv: Move,
        who: Option<ToMove>,
    },
    /// A move gained that is not legal.
    Illegal { n: usize, mv: Move },
    /// The position kept is not the record's.
    PositionDiffers,
    /// The end kept is not the record's.
    EndDiffers,
    /// The record does not read back to its end.
    RecordUnread { text: String },
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Breach::Rewritten { before, after } => {
                write!(f, "the record was rewritten: {before:?} -> {after:?}")
            }
            Breach::PlayedWhileStopped => f.write_str("a move was played while stopped"),
            Breach::TakenAfterTheirResignation => {
                f.write_str("a move was taken after they resigned")
            }
            Breach::ResignedForUs => f.write_str("the other side resigned for the honest one"),
            Breach::ResignationDropped => f.write_str("our resignation was dropped"),
            Breach::HostResignationReplaced => f.write_str("the host's resignation was replaced"),
            Breach::Gained { result, gained } => {
                write!(f, "{result:?} with moves gained: {gained:?}")
            }
            Breach::NotOurPick { n, mine } => {
                write!(f, "move {n}: our pick {mine} is not the one we made")
            }
            Breach::BeforeOurReveal { n } => write!(f, "move {n} played before our reveal"),
            Breach::NotSealed { n, theirs } => write!(
                f,
                "move {n}: their pick {theirs} was not sealed before our reveal"
            ),
            Breach::GainedAt { n, mv, who } => write!(f, "move {n} {mv:?} gained at {who:?}"),
            Breach::Illegal { n, mv } => write!(f, "move {n} {mv:?} is not legal"),
            Breach::PositionDiffers => f.write_str("the position is not the record's"),
            Breach::EndDiffers => f.write_str("the end is not the record's"),
            Breach::RecordUnread { text } => {
                write!(f, "the record {text} does not read back to its end")
            }
        }
    }
}

impl std::fmt::Display for Cheat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "seed {}, {}, honest side {:?}: {}\n{}",
            self.seed,
            self.pack,
            self.me,
            self.what,
            self.trace.join("\n")
        )
    }
}

/// One sequence: the honest side (`me`) against the hostile one.
fn sequence(seed: u64, tally: &mut Tally) -> Result<(), Cheat> {
    let mut rng = Rng(Pcg64Mcg::seed_from_u64(seed));
    let pack = ["congkak-portal", "umum", "sungka"][rng.below(3)];
    let p = packs().get(pack).expect("a builtin pack");
    let mut start = PlayState::new(p, p.rules.holes, None, seed + 1);
    // Sometimes a game already under way (a reconnection).
    let mut pos = start.position();
    for _ in 0..rng.below(3) * rng.below(6) {
        let Some(mv) = random_move(&mut rng, &pos, &start.rules) else {
            break;
        };
        pos.play(&start.rules, mv).expect("legal");
        start.record.moves.push(mv);
    }
    start.cursor = start.record.moves.len();
    let me = if rng.chance(50) { Player::A } else { Player::B };
    let them = me.other();
    let mut honest = FriendGame::new(start.clone(), me);
    // The hostile side's own honest model: its honest messages, to send,
    // hold back, replay or not.
    let mut shadow = FriendGame::new(start.clone(), them);
    let mut pending: Vec<Msg> = vec![shadow.hello()];
    let (_, back) = shadow.receive(honest.hello());
    pending.extend(back);
    let mut log: Vec<Msg> = vec![honest.hello()];
    // Digests the hostile side can open: digest -> (n, hole, salt).
    let mut openable: HashMap<String, (usize, u8, String)> = HashMap::new();
    // The hostile side's commitments (for move n: log index, digest), and
    // where in the log the honest side first revealed for move n.
    let mut their_commits: HashMap<usize, Vec<(usize, String)>> = HashMap::new();
    let mut my_reveal_at: HashMap<usize, usize> = HashMap::new();
    // The honest side's own pick for move n.
    let mut my_picks: HashMap<usize, u8> = HashMap::new();
    let rules = start.rules.clone();
    let ruleset = start.record.ruleset.clone();
    let game_seed = start.record.seed;

    // Whether the honest side resigned.
    let mut i_resigned = false;

    let mut trace: Vec<String> = Vec::new();
    for step in 0..STEPS {
        // Now and then the honest side resigns.
        if rng.chance(1) {
            if let Some(m) = honest.resign() {
                i_resigned = true;
                tally.resigned_mine += 1;
                trace.push(format!("honest sends {m:?}"));
                log.push(m.clone());
                let (_, back) = shadow.receive(m);
                pending.extend(back);
            }
        }
        // The honest side picks when it may (not always at once).
        if rng.chance(40) {
            if let Some(k) = rng.pick(&honest.legal()) {
                let n = honest.game.record.moves.len();
                let (msgs, _) = honest.pick(k, &rng.salt());
                for m in msgs {
                    if let Msg::Commit { .. } = m {
                        my_picks.insert(n, k);
                    }
                    if let Msg::Reveal { n, .. } = m {
                        my_reveal_at.entry(n).or_insert(log.len());
                    }
                    trace.push(format!("honest sends {m:?}"));
                    log.push(m.clone());
                    let (_, back) = shadow.receive(m);
                    pending.extend(back);
                }
            }
        }
        let at = honest.game.record.moves.len();
        // Moves after the honest side's own resignation are checked on the
        // position before it.
        let hpos = *honest.played_position();
        let msg = match rng.below(15) {
            // Its honest messages, in order, most of the time.
            0..=3 if !pending.is_empty() => pending.remove(0),
            0..=4 => {
                let Some(k) = rng.pick(&shadow.legal()) else {
                    continue;
                };
                let n = shadow.game.record.moves.len();
                let salt = rng.salt();
                openable.insert(commitment(n, them, k, &salt), (n, k, salt.clone()));
                let (msgs, _) = shadow.pick(k, &salt);
                pending.extend(msgs);
                continue;
            }
            // A move: some legal for them here (perhaps out of phase), with
            // the right hash or not, or numbered otherwise.
            5 => {
                let hole = rng
                    .pick(&hpos.legal_holes(&rules, them))
                    .unwrap_or(rng.below(9) as u8);
                let mut after = hpos;
                let right = after.play(&rules, Move::Hole(hole)).is_ok();
                let hash = if right && rng.chance(80) {
                    hash_of(&after, &rules)
                } else {
                    format!("{:016x}", rng.0.next_u64())
                };
                let n = if rng.chance(80) {
                    at
                } else {
                    (at + rng.below(3)).saturating_sub(1)
                };
                Msg::Move { n, hole, hash }
            }
            // A commitment: to a hole it can open later, or to nothing.
            6 => {
                let n = if rng.chance(85) {
                    at
                } else {
                    rng.below(at + 2)
                };
                let digest = match rng.below(3) {
                    0 => "00".to_string(),
                    1 => "0".repeat(64),
                    _ => {
                        let hole = rng.pick(&hpos.legal_holes(&rules, them)).unwrap_or(1);
                        let salt = rng.salt();
                        let d = commitment(n, them, hole, &salt);
                        openable.insert(d.clone(), (n, hole, salt));
                        d
                    }
                };
                Msg::Commit { n, digest }
            }
            // A reveal: of something it sealed, or any hole.
            7 => {
                let mut known: Vec<(usize, u8, String)> = openable
                    .values()
                    .filter(|(n, _, _)| *n == at)
                    .cloned()
                    .collect();
                known.sort();
                match rng.pick(&known) {
                    Some((n, hole, salt)) => Msg::Reveal { n, hole, salt },
                    None => Msg::Reveal {
                        n: at,
                        hole: rng.pick(&hpos.legal_holes(&rules, them)).unwrap_or(1),
                        salt: rng.salt(),
                    },
                }
            }
            // A move list, as a sync or a greeting: ours plus moves for
            // anyone, cut short, changed, the shadow's, another game's.
            8 | 9 => {
                let mut moves = honest.game.record.moves.clone();
                let mut seed = game_seed;
                match rng.below(6) {
                    0 | 1 => {
                        let mut pos = hpos;
                        for _ in 0..1 + rng.below(3) {
                            let Some(mv) = random_move(&mut rng, &pos, &rules) else {
                                break;
                            };
                            pos.play(&rules, mv).expect("legal");
                            moves.push(mv);
                        }
                    }
                    2 => {
                        let cut = rng.below(3) + 1;
                        moves.truncate(moves.len().saturating_sub(cut));
                    }
                    3 if !moves.is_empty() => {
                        let i = rng.below(moves.len());
                        moves[i] = Move::Hole(1 + rng.below(7) as u8);
                    }
                    4 => moves = shadow.game.record.moves.clone(),
                    _ => seed += 1,
                }
                // Mostly no resignation; else either player's.
                let resigned = match rng.below(6) {
                    0 => Some(me),
                    1 => Some(them),
                    _ => None,
                };
                let game = GameRecord {
                    ruleset: ruleset.clone(),
                    seed,
                    moves,
                    resigned,
                }
                .to_text();
                if rng.chance(50) {
                    Msg::Sync { game }
                } else {
                    Msg::Hello {
                        v: super::model::VERSION,
                        game,
                    }
                }
            }
            // A replay of anything sent so far, either way.
            10 | 11 => match rng.pick(&log) {
                Some(m) => m,
                None => continue,
            },
            // A resignation: its honest one, or numbered anyhow.
            13 => match shadow.resign() {
                Some(m) if rng.chance(50) => m,
                _ => Msg::Resign {
                    n: (at + rng.below(3)).saturating_sub(1),
                },
            },
            12 => Msg::Stop {
                why: [
                    Refusal::Mismatch { n: at },
                    Refusal::Early,
                    Refusal::Unreadable,
                ][rng.below(3)]
                .clone(),
            },
            _ => Msg::React {
                r: Reaction::ALL[rng.below(4)],
            },
        };
        trace.push(format!("step {step}: hostile sends {msg:?}"));
        if let Msg::Commit { n, digest } = &msg {
            their_commits
                .entry(*n)
                .or_default()
                .push((log.len(), digest.clone()));
        }
        log.push(msg.clone());
        tally.messages += 1;

        let before = honest.game.record.moves.clone();
        let was_stopped = honest.phase() == Phase::Stopped;
        let they_had_resigned = honest.resigned() == Some(them);
        let (result, replies) = if rng.chance(2) {
            let (p, out) = honest.unreadable(Unreadable::Message);
            (Err(p), out)
        } else {
            honest.receive(msg.clone())
        };
        trace.push(format!("  -> {result:?}"));
        for m in &replies {
            if let Msg::Reveal { n, .. } = m {
                my_reveal_at.entry(*n).or_insert(log.len());
            }
        }
        let fail = |what: Breach| {
            Err(Cheat {
                seed,
                pack,
                me,
                what: Box::new(what),
                trace: trace.clone(),
            })
        };

        // The record only grows.
        let after = honest.game.record.moves.clone();
        if !after.starts_with(&before) {
            return fail(Breach::Rewritten { before, after });
        }
        let gained = &after[before.len()..];
        if was_stopped && !gained.is_empty() && !matches!(msg, Msg::Sync { .. }) {
            return fail(Breach::PlayedWhileStopped);
        }
        if they_had_resigned && !gained.is_empty() {
            return fail(Breach::TakenAfterTheirResignation);
        }
        // Only the honest side resigns for itself: a resignation of ours
        // here is one it made; and one it made stays but for a natural end
        // or the host's standing when both resigned.
        match honest.resigned() {
            Some(p) if p == me && !i_resigned => return fail(Breach::ResignedForUs),
            None if i_resigned && !honest.played_position().is_over() => {
                return fail(Breach::ResignationDropped)
            }
            Some(p) if p == them && i_resigned && me == Player::A => {
                return fail(Breach::HostResignationReplaced)
            }
            _ => {}
        }
        if matches!(result, Ok(Received::Resigned)) {
            tally.resigned_theirs += 1;
        }
        match &result {
            Err(Problem::Refused(Refusal::Mismatch { .. })) if gained.len() == 1 => {}
            Ok(Received::Played(_)) if gained.len() == 1 => {}
            Ok(Received::CaughtUp(k)) if gained.len() == *k => tally.caught_up += 1,
            Ok(Received::Resynced) => tally.resynced += 1,
            _ if gained.is_empty() => {}
            r => {
                return fail(Breach::Gained {
                    result: r.clone(),
                    gained: gained.to_vec(),
                })
            }
        }
        if let Err(Problem::Refused(why) | Problem::TheyRefused(why)) = &result {
            let kind = format!("{why:?}");
            let kind = kind.split([' ', '{']).next().unwrap_or("").to_string();
            *tally.refused.entry(kind).or_default() += 1;
        }
        // Each gained move: legal, by the player whose turn it was, which
        // is the other side; a simultaneous one holds our pick and theirs
        // as sealed before our reveal.
        let mut pos = hpos;
        for (i, &mv) in gained.iter().enumerate() {
            let n = before.len() + i;
            match (pos.to_move(), mv) {
                (Some(ToMove::One(p)), Move::Hole(_)) if p == them => tally.gained_theirs += 1,
                (Some(ToMove::Both), Move::Both(a, b)) => {
                    let (mine, theirs) = if me == Player::A { (a, b) } else { (b, a) };
                    if my_picks.get(&n) != Some(&mine) {
                        return fail(Breach::NotOurPick { n, mine });
                    }
                    let Some(&revealed) = my_reveal_at.get(&n) else {
                        return fail(Breach::BeforeOurReveal { n });
                    };
                    let bound = their_commits.get(&n).into_iter().flatten().any(|(at, d)| {
                        *at < revealed && openable.get(d).is_some_and(|o| (o.0, o.1) == (n, theirs))
                    });
                    if !bound {
                        return fail(Breach::NotSealed { n, theirs });
                    }
                    tally.gained_both += 1;
                }
                (who, mv) => return fail(Breach::GainedAt { n, mv, who }),
            }
            if pos.play(&rules, mv).is_err() {
                return fail(Breach::Illegal { n, mv });
            }
        }
        if pos != *honest.played_position() {
            return fail(Breach::PositionDiffers);
        }
        let mut end = pos;
        if let Some(p) = honest.resigned() {
            end.resign(&rules, p);
        }
        if end != *honest.position() {
            return fail(Breach::EndDiffers);
        }
        let text = honest.game.record.to_text();
        if PlayState::from_text(&text, None).map(|g| g.position()) != Ok(end) {
            return fail(Breach::RecordUnread { text });
        }
        // The honest side's replies reach the hostile side's model.
        for m in replies {
            log.push(m.clone());
            let (_, back) = shadow.receive(m);
            pending.extend(back);
        }
    }
    Ok(())
}

fn env(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn a_hostile_peer_never_changes_the_honest_sides_game() {
    install_packs(PackSet::builtin());
    let seeds: Vec<u64> = match env("FRIEND_HOSTILE_SEED") {
        Some(s) => vec![s],
        None => (0..env("FRIEND_HOSTILE_SEQUENCES").unwrap_or(2000)).collect(),
    };
    let started = std::time::Instant::now();
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for &seed in &seeds {
        if let Err(e) = sequence(seed, &mut tally) {
            failures.push(e);
        }
    }
    println!(
        "{} hostile sequences, {} messages in {:.1} s: {} accepted cheats; moves gained: {} of theirs, {} simultaneous, {} resyncs, {} catch-ups; resignations: {} ours, {} of theirs taken; refusals: {:?}",
        seeds.len(),
        tally.messages,
        started.elapsed().as_secs_f64(),
        failures.len(),
        tally.gained_theirs,
        tally.gained_both,
        tally.resynced,
        tally.caught_up,
        tally.resigned_mine,
        tally.resigned_theirs,
        tally.refused,
    );
    assert!(failures.is_empty(), "{}", failures[0]);
    // The sequences reach what they test.
    if seeds.len() >= 100 {
        assert!(tally.gained_both > 0 && tally.gained_theirs > 0 && tally.resynced > 0);
        assert!(tally.resigned_mine > 0 && tally.resigned_theirs > 0);
        for kind in [
            "Resealed",
            "Reveal",
            "LateHello",
            "SyncFromGuest",
            "WhileStopped",
            "Rewrites",
            "NotOurResignation",
            "Over",
        ] {
            assert!(tally.refused.contains_key(kind), "no {kind} refusal");
        }
    }
}
