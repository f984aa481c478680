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
//!
//! Once two sample games part, the rest of each is another game, so some
//! winners change whatever the clause. [`diverge`] therefore also plays a
//! baseline of chance: each game that parts, under ruleset A again, with
//! one random draw changed at the turn where the readings part
//! ([`changed_draw`]). A figure of the disagreement says something of it
//! only where it stands out from the same figure of the baseline
//! ([`Effects`]).

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

/// Sample game `seed` under `rules` (valid), with one random draw of its
/// [`SamplePlayer`] changed: the first draw at or after move `from` (0-based)
/// whose change picks another move (see [`SamplePlayer::choose_changed`]);
/// every other draw is the game's own. The result, and whether a draw could
/// be changed at all (a game whose every choice from `from` on is forced
/// stays the same game).
pub fn changed_draw(rules: &Rules, seed: u64, from: usize) -> (Outcome, bool) {
    let mut pos = Position::new(rules);
    let mut player = SamplePlayer::new(seed);
    let mut buf = Vec::with_capacity(16);
    let (mut played, mut changed) = (0, false);
    loop {
        let m = if changed || played < from {
            player.choose(&pos, rules, &mut buf)
        } else {
            player
                .choose_changed(&pos, rules, &mut buf)
                .map(|(m, other)| {
                    changed = other;
                    m
                })
        };
        let Some(m) = m else { break };
        pos.play_fast(rules, m).expect("a legal move");
        played += 1;
    }
    (pos.outcome().expect("over"), changed)
}

/// How one figure moves from ruleset A to ruleset B over the same sample
/// games, beside how it moves when, instead, one random draw changes at
/// the turn where the readings part (the baseline of chance), game by game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// The mean change from A to B, over all games.
    pub shift: f64,
    /// The mean change from A to A with one draw changed, over the same games.
    pub baseline: f64,
    /// Three standard errors of the mean of `shift - baseline` taken game
    /// by game: a difference larger than this stands out from chance (a
    /// pack page weighs about thirty such figures, so two would let one or
    /// two stand out by chance alone).
    pub margin: f64,
}

impl Effect {
    /// From the changes game by game under B (`to_b`) and under the
    /// changed draw (`to_changed`), of the same length.
    fn of(to_b: &[f64], to_changed: &[f64]) -> Effect {
        let n = to_b.len();
        if n == 0 {
            return Effect::default();
        }
        let nf = n as f64;
        let mean = |x: &[f64]| x.iter().sum::<f64>() / nf;
        let d: Vec<f64> = to_b.iter().zip(to_changed).map(|(b, c)| b - c).collect();
        let dm = mean(&d);
        let var = if n > 1 {
            d.iter().map(|x| (x - dm).powi(2)).sum::<f64>() / (nf - 1.0)
        } else {
            0.0
        };
        Effect {
            shift: mean(to_b),
            baseline: mean(to_changed),
            margin: 3.0 * (var / nf).sqrt(),
        }
    }

    /// Whether B's change differs from the baseline's by more than
    /// [`Effect::margin`].
    pub fn stands_out(&self) -> bool {
        (self.shift - self.baseline).abs() > self.margin
    }

    /// How far B's change stands from the baseline's, in standard errors
    /// (0 where there is no spread): for ranking disagreements.
    pub fn strength(&self) -> f64 {
        if self.margin > 0.0 {
            3.0 * (self.shift - self.baseline).abs() / self.margin
        } else {
            0.0
        }
    }
}

/// What the other reading changes over the sample games, each beside the
/// baseline of chance (see the module's documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Effects {
    /// The share of games whose winner (or draw) changes: `shift` under B,
    /// `baseline` with one draw changed (both from 0 to 1).
    pub winner: Effect,
    /// The change of the first mover's share of wins (from -1 to 1); the
    /// first mover is A for a simultaneous opening.
    pub first_mover: Effect,
    /// The change of A's margin (A's score minus B's), in seeds.
    pub margin: Effect,
    /// Games that part in which a draw could be changed (the others keep
    /// their game in the baseline).
    pub changed: u32,
}

impl Effects {
    /// The figures that stand out from chance, strongest first.
    pub fn standing_out(&self) -> Vec<(Figure, Effect)> {
        let mut v: Vec<(Figure, Effect)> = [
            (Figure::Winner, self.winner),
            (Figure::FirstMover, self.first_mover),
            (Figure::Margin, self.margin),
        ]
        .into_iter()
        .filter(|(_, e)| e.stands_out())
        .collect();
        v.sort_by(|x, y| y.1.strength().total_cmp(&x.1.strength()));
        v
    }
}

/// One of the figures of [`Effects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    /// [`Effects::winner`].
    Winner,
    /// [`Effects::first_mover`].
    FirstMover,
    /// [`Effects::margin`].
    Margin,
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
    /// A's mean margin (A's score minus B's) under A and under B.
    #[serde(default)]
    pub margin_mean: [f64; 2],
    /// What the other reading changes, beside the baseline of chance.
    #[serde(default)]
    pub effects: Effects,
}

impl Stats {
    /// Whether most sample games under A (`0`) or under B (`1`) were
    /// stopped by a limit of moves or rounds rather than by the rules' own
    /// end: their figures then say more about the limit than about the rules.
    pub fn mostly_capped(&self, side: usize) -> bool {
        2 * self.capped[side] > self.games
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

/// The player whose wins the figures count as the first mover's: the
/// rules' first player, or A where both open at once.
fn first_mover(rules: &Rules) -> Player {
    if rules.opening == crate::rules::Opening::Simultaneous {
        Player::A
    } else {
        rules.first_player
    }
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
    let mut changed = Vec::new();
    for seed in first_seed..=last_seed {
        let d = compare(a, b, seed);
        // The baseline: the same game under A with one draw changed where
        // the readings part; a game that does not part stays as it is.
        changed.push(
            d.parted
                .map(|(turn, _)| changed_draw(a, seed, turn.saturating_sub(1))),
        );
        after_game(seed);
        if first.is_none() {
            if let Some((turn, kind)) = d.parted {
                first = Some(parting(a, b, &d, turn, kind));
            }
        }
        games.push(d);
    }
    let mut stats = stats(a, b, &games);
    stats.effects = effects(a, &games, &changed);
    DivergenceReport {
        first_seed,
        last_seed,
        first,
        stats,
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
        let first = first_mover(rules);
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
        s.margin_mean[side] =
            margins.iter().map(|m| m[side] as f64).sum::<f64>() / margins.len() as f64;
    }
    for side in 0..2 {
        let mut h = vec![0u32; 12];
        for m in &margins {
            h[((m[side] - lo) as u64 / width as u64).min(11) as usize] += 1;
        }
        s.margin_histogram[side] = h;
    }
}

/// Each figure of [`Effects`], game by game, under B and with the changed
/// draw (`changed[i]`: game `i`'s baseline, `None` where it does not part).
fn effects(a: &Rules, games: &[Divergence], changed: &[Option<(Outcome, bool)>]) -> Effects {
    let first = first_mover(a);
    let wins = |o: &Outcome| f64::from(u8::from(o.winner == Some(first)));
    let (mut w, mut f, mut m) = ([vec![], vec![]], [vec![], vec![]], [vec![], vec![]]);
    for (d, c) in games.iter().zip(changed) {
        let base = &d.outcome_a;
        let c = c.as_ref().map_or(base, |(o, _)| o);
        for (i, o) in [&d.outcome_b, c].into_iter().enumerate() {
            w[i].push(f64::from(u8::from(o.winner != base.winner)));
            f[i].push(wins(o) - wins(base));
            m[i].push((margin(o) - margin(base)) as f64);
        }
    }
    Effects {
        winner: Effect::of(&w[0], &w[1]),
        first_mover: Effect::of(&f[0], &f[1]),
        margin: Effect::of(&m[0], &m[1]),
        changed: changed.iter().flatten().filter(|(_, c)| *c).count() as u32,
    }
}
