//! The divergence finder: where two readings of the rules part, and how much
//! it matters.
//!
//! For one seed, [`compare`] plays a game under ruleset A and one under
//! ruleset B, each with its own [`SamplePlayer`] seeded identically. Until
//! the two positions differ, game B replays the moves A's player chose; from
//! the turn they part, B's player (in the state A's had reached) chooses for
//! B. After the first turn where the positions differ, each game
//! goes on under its own rules to its end. [`diverge`] does that for a range
//! of seeds and adds it up.

use crate::game::{EndCause, Move, Outcome, Position, Snapshot};
use crate::rules::{Player, Rules};
use crate::sample::SamplePlayer;
use serde::{Deserialize, Serialize};

/// How two readings part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PartingKind {
    /// The boards (holes, stores, burnt holes) differ after the turn.
    BoardsDiffer,
    /// One reading says the game is over, the other does not.
    OneIsOver,
    /// Game A's move is illegal under B (a different player moves, or the
    /// hole may not be played there); B's board is shown before the move.
    MoveIllegal,
}

/// The comparison of one seeded game under two rulesets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The seed.
    pub seed: u64,
    /// Game A's moves, to its end.
    pub moves_a: Vec<Move>,
    /// Game B's moves, to its end (the same as A's up to the parting turn).
    pub moves_b: Vec<Move>,
    /// The turn (1-based: after that many moves) where they part, and how.
    pub parted: Option<(usize, PartingKind)>,
    /// Game A's result.
    pub outcome_a: Outcome,
    /// Game B's result.
    pub outcome_b: Outcome,
}

/// Plays seed `seed` under both rulesets (both valid).
///
/// Until they part, game B replays game A's moves (drawn by A's player); at
/// the turn they part, B's player takes over from A's with the same state
/// of its random numbers, and each game goes on under its own rules.
///
/// Never inlined in wasm, so that [`diverge`]'s loop over seeds calls it
/// once a seed and V8's optimised code for it takes over after the first
/// games (see [`random_playout`](crate::random_playout)).
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub fn compare(a: &Rules, b: &Rules, seed: u64) -> Divergence {
    let mut pa = Position::new(a);
    let mut pb = Position::new(b);
    let mut ra = SamplePlayer::new(seed);
    let mut rb = ra.clone();
    let mut buf = Vec::with_capacity(16);
    let mut moves_a = Vec::new();
    let mut moves_b = Vec::new();
    let mut parted = if pa.same_play(&pb) {
        None
    } else {
        Some((0, kind(&pa, &pb)))
    };
    while parted.is_none() {
        let Some(m) = ra.choose(&pa, a, &mut buf) else {
            break;
        };
        pa.play_fast(a, m).expect("a legal move");
        moves_a.push(m);
        rb = ra.clone();
        if pb.play_fast(b, m).is_err() {
            parted = Some((moves_a.len(), PartingKind::MoveIllegal));
            break;
        }
        moves_b.push(m);
        if !pa.same_play(&pb) {
            parted = Some((moves_a.len(), kind(&pa, &pb)));
        }
    }
    while let Some(m) = ra.choose(&pa, a, &mut buf) {
        pa.play_fast(a, m).expect("a legal move");
        moves_a.push(m);
    }
    while let Some(m) = rb.choose(&pb, b, &mut buf) {
        pb.play_fast(b, m).expect("a legal move");
        moves_b.push(m);
    }
    Divergence {
        seed,
        moves_a,
        moves_b,
        parted,
        outcome_a: pa.outcome().expect("over"),
        outcome_b: pb.outcome().expect("over"),
    }
}

fn kind(a: &Position, b: &Position) -> PartingKind {
    let d = a.difference(b);
    if d.over {
        PartingKind::OneIsOver
    } else if d.board() {
        PartingKind::BoardsDiffer
    } else {
        // Same board, but not the same state (who moves, the opening's hands):
        // game A's next move would not be the same move under B.
        PartingKind::MoveIllegal
    }
}

impl Divergence {
    /// The first turn, at or after the parting, after which the two boards
    /// differ in a place a player can see (a hole, a store, a burnt hole):
    /// where a reader should look. Where one reading ends the game or moves
    /// another player, the boards may still be the same at the parting turn,
    /// and differ only a turn or more later. `None` if the games never part,
    /// or end on the same board.
    pub fn first_difference(&self, a: &Rules, b: &Rules) -> Option<usize> {
        let (parted, _) = self.parted?;
        let mut pa = Position::new(a);
        let mut pb = Position::new(b);
        let last = self.moves_a.len().max(self.moves_b.len());
        for turn in 0..=last {
            if turn >= parted && !pa.difference(&pb).places.is_empty() {
                return Some(turn);
            }
            if let Some(&m) = self.moves_a.get(turn) {
                pa.play_fast(a, m).expect("game A's moves");
            }
            if let Some(&m) = self.moves_b.get(turn) {
                pb.play_fast(b, m).expect("game B's moves");
            }
        }
        None
    }
}

/// Something a reader of a long game looks for, on the turn it happened
/// (see [`landmarks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Landmark {
    /// A player captured ("menembak") this many seeds in all in the turn.
    Capture {
        /// Who captured.
        player: Player,
        /// Seeds that went to their store by capturing.
        seeds: u16,
    },
    /// A round ended with this turn (its number, from 1).
    RoundEnd {
        /// The round's number.
        round: u16,
    },
    /// The game ended with this turn.
    GameEnd,
}

/// The turns of a game (its `moves` under `rules`, from the start) with
/// captures, round ends or its end, each with what happened, in order: the
/// steps a reader takes through a game of thousands of turns. A turn is
/// counted from 1, as after that many moves.
pub fn landmarks(rules: &Rules, moves: &[Move]) -> Vec<(usize, Vec<Landmark>)> {
    use crate::sow::Event;
    let mut pos = Position::new(rules);
    let mut found = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let Ok(turn) = pos.play(rules, m) else {
            break;
        };
        let mut here = Vec::new();
        for e in &turn.events {
            match *e {
                Event::Capture { player, seeds, .. } => {
                    match here.iter_mut().find_map(|l| match l {
                        Landmark::Capture {
                            player: p,
                            seeds: s,
                        } if *p == player => Some(s),
                        _ => None,
                    }) {
                        Some(s) => *s += seeds,
                        None => here.push(Landmark::Capture { player, seeds }),
                    }
                }
                Event::RoundEnd { round, .. } => here.push(Landmark::RoundEnd { round }),
                _ => {}
            }
        }
        if pos.outcome().is_some() {
            here.push(Landmark::GameEnd);
        }
        if !here.is_empty() {
            found.push((i + 1, here));
        }
    }
    found
}

/// The first parting found, with both boards after that turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parting {
    /// The seed of the game.
    pub seed: u64,
    /// The turn after which they part (1-based).
    pub turn: usize,
    /// How.
    pub kind: PartingKind,
    /// The moves up to and including that turn (the same under both).
    pub moves: Vec<String>,
    /// Game A after that turn.
    pub a: Snapshot,
    /// Game B after that turn.
    pub b: Snapshot,
    /// The first turn from the parting whose boards differ in a place a
    /// player can see (see [`Divergence::first_difference`]), else `turn`.
    pub seen: usize,
    /// Game A's length in moves.
    pub length_a: usize,
    /// Game B's length in moves.
    pub length_b: usize,
}

/// Figures over many seeds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Games compared.
    pub games: u32,
    /// Games where the readings part.
    pub parted: u32,
    /// Games whose winner (or draw) differs.
    pub winner_changed: u32,
    /// Mean change of A's margin (A's score minus B's) from ruleset A to ruleset B.
    pub score_shift_mean: f64,
    /// Standard deviation of that change.
    pub score_shift_sd: f64,
    /// Mean turn of parting, over the games that part.
    pub parting_turn_mean: f64,
    /// Earliest parting turn.
    pub parting_turn_min: u32,
    /// Latest parting turn.
    pub parting_turn_max: u32,
    /// Partings per turn bucket: bucket i counts turns `i*width+1 ..= (i+1)*width`.
    pub parting_histogram: Vec<u32>,
    /// Width of a histogram bucket, in turns.
    pub histogram_width: u32,
    /// Mean game length under A and under B.
    pub length_mean: [f64; 2],
    /// Under A and under B: wins of player A, wins of player B, draws.
    pub results: [[u32; 3]; 2],
    /// Under A and under B: wins of the player who moves first (A for a simultaneous opening).
    pub first_mover_wins: [u32; 2],
    /// Under A and under B: games stopped by a limit (of moves or of
    /// rounds) rather than by the rules' own end.
    #[serde(default)]
    pub capped: [u32; 2],
    /// Score distributions: under A and under B, how many games ended with
    /// A's margin in each bucket of `margin_width`, from `margin_min`.
    pub margin_histogram: [Vec<u32>; 2],
    /// Lowest margin bucket's lower bound.
    pub margin_min: i32,
    /// Margin bucket width.
    pub margin_width: u32,
}

impl Stats {
    /// How many winners would change by chance alone: the games that part,
    /// times the chance that two unrelated games, one under each ruleset,
    /// have different results (from each ruleset's shares of wins of A,
    /// wins of B and draws). Where the sample games are long and chaotic,
    /// any change of a clause, however small, makes the rest of the game
    /// another game, and about this many winners change whatever the clause.
    pub fn winner_changes_by_chance(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let n = f64::from(self.games);
        let same: f64 = (0..3)
            .map(|k| f64::from(self.results[0][k]) / n * f64::from(self.results[1][k]) / n)
            .sum();
        f64::from(self.parted) * (1.0 - same)
    }

    /// Whether the winners changed are no more than chance would change
    /// ([`Stats::winner_changes_by_chance`]), allowing two standard
    /// deviations of a count of that many games: the figure then says
    /// nothing about the clause itself.
    pub fn winner_change_is_chance(&self) -> bool {
        let expected = self.winner_changes_by_chance();
        if self.parted == 0 || expected <= 0.0 {
            return false;
        }
        let p = (expected / f64::from(self.parted)).clamp(0.0, 1.0);
        let sd = (f64::from(self.parted) * p * (1.0 - p)).sqrt();
        f64::from(self.winner_changed) >= expected - 2.0 * sd
    }
}

/// The finder's report over a range of seeds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DivergenceReport {
    /// First seed tried.
    pub first_seed: u64,
    /// Last seed tried.
    pub last_seed: u64,
    /// The first game (lowest seed) where the readings part, if any.
    pub first: Option<Parting>,
    /// Figures over all games.
    pub stats: Stats,
}

fn margin(o: &Outcome) -> i64 {
    o.scores[Player::A] as i64 - o.scores[Player::B] as i64
}

fn result_index(o: &Outcome) -> usize {
    match o.winner {
        Some(Player::A) => 0,
        Some(Player::B) => 1,
        None => 2,
    }
}

/// Compares the two rulesets on seeds `first..=last`.
pub fn diverge(a: &Rules, b: &Rules, first_seed: u64, last_seed: u64) -> DivergenceReport {
    diverge_observed(a, b, first_seed, last_seed, |_| {})
}

/// [`diverge`], calling `after_game` with each seed once its game is
/// compared (for a progress bar on long runs).
pub fn diverge_observed(
    a: &Rules,
    b: &Rules,
    first_seed: u64,
    last_seed: u64,
    mut after_game: impl FnMut(u64),
) -> DivergenceReport {
    let mut first = None;
    let mut games = Vec::new();
    for seed in first_seed..=last_seed {
        let d = compare(a, b, seed);
        after_game(seed);
        if first.is_none() {
            if let Some((turn, kind)) = d.parted {
                first = Some(parting(a, b, &d, turn, kind));
            }
        }
        games.push(d);
    }
    DivergenceReport {
        first_seed,
        last_seed,
        first,
        stats: stats(a, b, &games),
    }
}

/// The first seed in `first_seed..=last_seed` where the two rulesets part,
/// with both boards after that turn: the same as [`diverge`]'s `first`,
/// without playing the games after it (for showing the boards before the
/// figures are ready).
pub fn first_parting(a: &Rules, b: &Rules, first_seed: u64, last_seed: u64) -> Option<Parting> {
    (first_seed..=last_seed).find_map(|seed| {
        let d = compare(a, b, seed);
        d.parted.map(|(turn, kind)| parting(a, b, &d, turn, kind))
    })
}

fn parting(a: &Rules, b: &Rules, d: &Divergence, turn: usize, kind: PartingKind) -> Parting {
    let moves = &d.moves_a[..turn];
    let pa = Position::new(a).replay(a, moves).expect("game A's moves");
    // The parting move itself may be illegal under B: then B's board is shown before it.
    let pb = match Position::new(b).replay(b, moves) {
        Ok(pb) => pb,
        Err(e) if e.index + 1 == turn => *e.before,
        Err(e) => panic!("the games were equal before the parting turn: {e}"),
    };
    Parting {
        seed: d.seed,
        turn,
        kind,
        moves: d.moves_a[..turn].iter().map(|m| m.to_string()).collect(),
        a: pa.snapshot(a),
        b: pb.snapshot(b),
        seen: d.first_difference(a, b).unwrap_or(turn),
        length_a: d.moves_a.len(),
        length_b: d.moves_b.len(),
    }
}

/// Adds up a set of comparisons: the score shift, where the games part,
/// each ruleset's results and lengths, and the margins.
pub fn stats(a: &Rules, b: &Rules, games: &[Divergence]) -> Stats {
    let mut s = Stats {
        games: games.len() as u32,
        ..Stats::default()
    };
    if games.is_empty() {
        return s;
    }
    add_score_shift(&mut s, games);
    add_partings(&mut s, games);
    add_results(&mut s, [a, b], games);
    add_margins(&mut s, games);
    s
}

/// The mean and spread of B's margin minus A's, game by game.
fn add_score_shift(s: &mut Stats, games: &[Divergence]) {
    let shifts: Vec<f64> = games
        .iter()
        .map(|d| (margin(&d.outcome_b) - margin(&d.outcome_a)) as f64)
        .collect();
    let n = shifts.len() as f64;
    s.score_shift_mean = shifts.iter().sum::<f64>() / n;
    s.score_shift_sd = (shifts
        .iter()
        .map(|x| (x - s.score_shift_mean).powi(2))
        .sum::<f64>()
        / n)
        .sqrt();
}

/// How many games part, at which turns (with a histogram of ten bars), and
/// how many change winner.
fn add_partings(s: &mut Stats, games: &[Divergence]) {
    let turns: Vec<u32> = games
        .iter()
        .filter_map(|d| d.parted.map(|(t, _)| t as u32))
        .collect();
    s.parted = turns.len() as u32;
    s.winner_changed = games
        .iter()
        .filter(|d| d.outcome_a.winner != d.outcome_b.winner)
        .count() as u32;
    if !turns.is_empty() {
        s.parting_turn_mean = turns.iter().map(|&t| t as f64).sum::<f64>() / turns.len() as f64;
        s.parting_turn_min = *turns.iter().min().unwrap_or(&0);
        s.parting_turn_max = *turns.iter().max().unwrap_or(&0);
        s.histogram_width = s.parting_turn_max.div_ceil(10).max(1);
        s.parting_histogram = vec![0; 10];
        for &t in &turns {
            let i = ((t.max(1) - 1) / s.histogram_width).min(9) as usize;
            s.parting_histogram[i] += 1;
        }
    }
}

/// Each ruleset's mean length, results and wins of the first mover.
fn add_results(s: &mut Stats, rules: [&Rules; 2], games: &[Divergence]) {
    let n = games.len() as f64;
    for (side, rules) in rules.iter().enumerate() {
        let outcomes = games.iter().map(|d| {
            if side == 0 {
                &d.outcome_a
            } else {
                &d.outcome_b
            }
        });
        let lengths = games.iter().map(|d| {
            if side == 0 {
                d.moves_a.len()
            } else {
                d.moves_b.len()
            }
        });
        s.length_mean[side] = lengths.map(|l| l as f64).sum::<f64>() / n;
        let first = if rules.opening == crate::rules::Opening::Simultaneous {
            Player::A
        } else {
            rules.first_player
        };
        for o in outcomes {
            if matches!(o.cause, EndCause::MoveLimit | EndCause::RoundLimit) {
                s.capped[side] += 1;
            }
            s.results[side][result_index(o)] += 1;
            if o.winner == Some(first) {
                s.first_mover_wins[side] += 1;
            }
        }
    }
}

/// Histograms of the final margins under each ruleset, twelve bars over
/// the range both share.
fn add_margins(s: &mut Stats, games: &[Divergence]) {
    let margins: Vec<[i64; 2]> = games
        .iter()
        .map(|d| [margin(&d.outcome_a), margin(&d.outcome_b)])
        .collect();
    let lo = margins.iter().flatten().copied().min().unwrap_or(0);
    let hi = margins.iter().flatten().copied().max().unwrap_or(0);
    let width = ((hi - lo) as u64 / 12 + 1) as u32;
    s.margin_min = lo as i32;
    s.margin_width = width;
    for side in 0..2 {
        let mut h = vec![0u32; 12];
        for m in &margins {
            h[((m[side] - lo) as u64 / width as u64).min(11) as usize] += 1;
        }
        s.margin_histogram[side] = h;
    }
}
