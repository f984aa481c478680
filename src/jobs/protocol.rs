//! The one message protocol between the page and the engine's workers: a
//! [`Job`] goes as text ([`encode_job`]), its [`Reply`] comes back as text
//! ([`encode_reply`]). The same replies, written at build time, are what a
//! pre-rendered page carries (see [`crate::jobs::client::install_precomputed`]).
//!
//! Plain text, not a serde format for the figures: serde's generated code
//! for them would weigh on the wasm. Rules travel as the
//! JSON the engine reads anyway, moves as in game records, numbers as decimal
//! words, and floats as their bits, so the figures cross exactly. The first
//! parting (boards, moves, lengths; no floats) travels as the engine's JSON,
//! so the page draws it without replaying anything. A job the worker cannot
//! read is answered with an error reply for that job (`X`), which the page
//! refuses, and then runs that job itself.

use crate::jobs::search::{MarkRequest, MoveRequest, Unanswered};
use congklak::{
    DivergenceReport, GameRecord, Move, MoveMark, Parting, Player, Rules, Ruleset, Stats,
};
use std::fmt;

/// A job for the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// The computer's next hole.
    Move(MoveRequest),
    /// One move of a finished game, marked against the best move.
    Mark(MarkRequest),
    /// The first parting on seeds `first..=last` (quick: the boards before the figures).
    First {
        /// Ruleset A.
        a: Rules,
        /// Ruleset B.
        b: Rules,
        /// First seed.
        first: u64,
        /// Last seed.
        last: u64,
    },
    /// The divergence finder on seeds `first..=last`.
    Diverge {
        /// Ruleset A.
        a: Rules,
        /// Ruleset B.
        b: Rules,
        /// First seed.
        first: u64,
        /// Last seed.
        last: u64,
    },
}

/// The answer to a [`Job`].
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// The computer's hole, or why it has none.
    Move(Result<u8, Unanswered>),
    /// The move's mark, or why it has none.
    Mark(Result<MoveMark, Unanswered>),
    /// The first parting, if any.
    First(Option<Box<Parting>>),
    /// The finder's report.
    Diverge(Box<DivergenceReport>),
    /// No worker could answer the job, and why (made on the page, never sent).
    Failed(WorkerProblem),
}

/// Why no worker answered a job (see [`Reply::Failed`]): for the console,
/// in English; the page says only that the job could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerProblem {
    /// The page could not start the engine's worker.
    NotStarted,
    /// The engine's worker stopped with an error.
    Stopped,
    /// A job could not be sent to the engine's worker.
    NotSent,
    /// The worker's script failed on the job: its error, as it says it.
    Threw(String),
    /// The worker's reply could not be read (or said that the worker could
    /// not read the job): the reply's text.
    Unreadable(String),
    /// The worker's message held neither a reply nor an error.
    Silent,
}

impl fmt::Display for WorkerProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkerProblem::NotStarted => {
                f.write_str("this page could not start the engine's worker")
            }
            WorkerProblem::Stopped => f.write_str("the engine's worker stopped with an error"),
            WorkerProblem::NotSent => f.write_str("a job could not be sent to the engine's worker"),
            WorkerProblem::Threw(error) => f.write_str(error),
            WorkerProblem::Unreadable(reply) => f.write_str(reply),
            WorkerProblem::Silent => f.write_str("no answer"),
        }
    }
}

/// Why the worker could not read a job's text (see [`decode_job`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadJob {
    /// A word of the first line that should be a number is not (or is
    /// missing): its index and the line.
    NotANumber {
        /// The word's index in the line.
        word: usize,
        /// The first line.
        head: String,
    },
    /// A move job names no side (`A` or `B`).
    NoSide,
    /// A level the engine does not know.
    Level(congklak::UnknownLevel),
    /// The moves are not a game record's.
    Moves(congklak::RecordError),
    /// A hole number too large for a hole.
    NotAHole(u64),
    /// A line of rules is missing.
    NoRules,
    /// A line of rules is not JSON.
    RulesText(congklak::json::JsonError),
    /// A line of rules is not rules the engine reads.
    Rules(congklak::ClauseError),
    /// The job's kind is none of the protocol's.
    Kind(String),
}

impl fmt::Display for BadJob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadJob::NotANumber { word, head } => {
                write!(f, "word {word} of `{head}` is not a number")
            }
            BadJob::NoSide => f.write_str("no side"),
            BadJob::Level(e) => write!(f, "{e}"),
            BadJob::Moves(e) => write!(f, "{e}"),
            BadJob::NotAHole(hole) => write!(f, "{hole} is not a hole"),
            BadJob::NoRules => f.write_str("no rules"),
            BadJob::RulesText(e) => write!(f, "{e}"),
            BadJob::Rules(e) => write!(f, "{e}"),
            BadJob::Kind(kind) => write!(f, "unknown job `{kind}`"),
        }
    }
}

impl Job {
    /// The order jobs are run in: a player waits for the computer's move;
    /// boards come before figures.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn rank(&self) -> u8 {
        match self {
            Job::Move(_) => 0,
            Job::Mark(_) | Job::First { .. } => 1,
            Job::Diverge { .. } => 2,
        }
    }
}

fn rules_text(r: &Rules) -> String {
    congklak::json::write(&r.to_value())
}

fn rules_of(line: Option<&str>) -> Result<Rules, BadJob> {
    let v = congklak::json::parse(line.ok_or(BadJob::NoRules)?).map_err(BadJob::RulesText)?;
    Rules::from_json(&v).map_err(BadJob::Rules)
}

fn moves_text(moves: &[Move]) -> String {
    let record = GameRecord {
        ruleset: Ruleset::Pack("w".into()),
        seed: 0,
        moves: moves.to_vec(),
        resigned: None,
    };
    record.to_text()
}

/// A job as text.
pub fn encode_job(job: &Job) -> String {
    match job {
        Job::Move(r) => format!(
            "M {} {} {}\n{}\n{}",
            r.level,
            if r.side == Player::A { "A" } else { "B" },
            r.seed,
            moves_text(&r.moves),
            rules_text(&r.rules)
        ),
        Job::Mark(r) => format!(
            "K {}\n{}\n{}",
            r.hole,
            moves_text(&r.moves),
            rules_text(&r.rules)
        ),
        Job::First { a, b, first, last } | Job::Diverge { a, b, first, last } => format!(
            "{} {first} {last}\n{}\n{}",
            if matches!(job, Job::First { .. }) {
                "F"
            } else {
                "D"
            },
            rules_text(a),
            rules_text(b)
        ),
    }
}

/// A job from its text.
pub fn decode_job(text: &str) -> Result<Job, BadJob> {
    let mut lines = text.split('\n');
    let head: Vec<&str> = lines.next().unwrap_or("").split(' ').collect();
    let num = |i: usize| -> Result<u64, BadJob> {
        head.get(i)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| BadJob::NotANumber {
                word: i,
                head: head.join(" "),
            })
    };
    match head[0] {
        "M" => {
            let side = match head.get(2) {
                Some(&"A") => Player::A,
                Some(&"B") => Player::B,
                _ => return Err(BadJob::NoSide),
            };
            let moves = GameRecord::parse(lines.next().unwrap_or(""))
                .map_err(BadJob::Moves)?
                .moves;
            Ok(Job::Move(MoveRequest {
                level: head.get(1).unwrap_or(&"").parse().map_err(BadJob::Level)?,
                side,
                seed: num(3)?,
                moves,
                rules: rules_of(lines.next())?,
            }))
        }
        "K" => {
            let hole = num(1)?;
            let moves = GameRecord::parse(lines.next().unwrap_or(""))
                .map_err(BadJob::Moves)?
                .moves;
            Ok(Job::Mark(MarkRequest {
                hole: u8::try_from(hole).map_err(|_| BadJob::NotAHole(hole))?,
                moves,
                rules: rules_of(lines.next())?,
            }))
        }
        kind @ ("F" | "D") => {
            let (first, last) = (num(1)?, num(2)?);
            let (a, b) = (rules_of(lines.next())?, rules_of(lines.next())?);
            Ok(if kind == "F" {
                Job::First { a, b, first, last }
            } else {
                Job::Diverge { a, b, first, last }
            })
        }
        other => Err(BadJob::Kind(other.to_string())),
    }
}

/// Numbers as words.
#[derive(Default)]
struct Words(Vec<u64>);

impl Words {
    fn put(&mut self, x: u64) {
        self.0.push(x);
    }
    fn list(&mut self, xs: &[u32]) {
        self.put(xs.len() as u64);
        self.0.extend(xs.iter().map(|&x| x as u64));
    }
    fn text(&self) -> String {
        self.0
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Reads numbers back; `None` past the end or on a bad word.
struct Reader<'a>(std::str::SplitWhitespace<'a>);

impl Reader<'_> {
    fn get(&mut self) -> Option<u64> {
        self.0.next()?.parse().ok()
    }
    fn u(&mut self) -> Option<u32> {
        self.get().map(|x| x as u32)
    }
    fn f(&mut self) -> Option<f64> {
        self.get().map(f64::from_bits)
    }
    fn list(&mut self) -> Option<Vec<u32>> {
        let n = self.get()? as usize;
        (0..n.min(1 << 16)).map(|_| self.u()).collect()
    }
}

fn stats_words(s: &Stats, w: &mut Words) {
    for x in [s.games, s.parted, s.winner_changed] {
        w.put(x as u64);
    }
    for x in [s.score_shift_mean, s.score_shift_sd, s.parting_turn_mean] {
        w.put(x.to_bits());
    }
    for x in [s.parting_turn_min, s.parting_turn_max, s.histogram_width] {
        w.put(x as u64);
    }
    w.list(&s.parting_histogram);
    for side in 0..2 {
        w.put(s.length_mean[side].to_bits());
        for x in s.results[side] {
            w.put(x as u64);
        }
        w.put(s.first_mover_wins[side] as u64);
        w.put(s.capped[side] as u64);
        w.list(&s.margin_histogram[side]);
    }
    w.put(s.margin_min as i64 as u64);
    w.put(s.margin_width as u64);
    for x in s.margin_mean {
        w.put(x.to_bits());
    }
    let e = &s.effects;
    for f in [e.winner, e.first_mover, e.margin] {
        for x in [f.shift, f.baseline, f.margin] {
            w.put(x.to_bits());
        }
    }
    w.put(e.changed as u64);
}

fn stats_of(r: &mut Reader) -> Option<Stats> {
    let mut s = Stats {
        games: r.u()?,
        parted: r.u()?,
        winner_changed: r.u()?,
        score_shift_mean: r.f()?,
        score_shift_sd: r.f()?,
        parting_turn_mean: r.f()?,
        parting_turn_min: r.u()?,
        parting_turn_max: r.u()?,
        histogram_width: r.u()?,
        parting_histogram: r.list()?,
        ..Stats::default()
    };
    for side in 0..2 {
        s.length_mean[side] = r.f()?;
        s.results[side] = [r.u()?, r.u()?, r.u()?];
        s.first_mover_wins[side] = r.u()?;
        s.capped[side] = r.u()?;
        s.margin_histogram[side] = r.list()?;
    }
    s.margin_min = r.get()? as i64 as i32;
    s.margin_width = r.u()?;
    s.margin_mean = [r.f()?, r.f()?];
    let mut effect = || {
        Some(congklak::Effect {
            shift: r.f()?,
            baseline: r.f()?,
            margin: r.f()?,
        })
    };
    s.effects = congklak::Effects {
        winner: effect()?,
        first_mover: effect()?,
        margin: effect()?,
        changed: r.u()?,
    };
    Some(s)
}

fn mark_of(r: &mut Reader) -> Option<MoveMark> {
    let player = match r.get()? {
        0 => Player::A,
        1 => Player::B,
        _ => return None,
    };
    let played = u8::try_from(r.get()?).ok()?;
    let loss = r.u()?;
    let in_play = r.u()?;
    let exact = match r.get()? {
        0 => false,
        1 => true,
        _ => return None,
    };
    let best = r
        .list()?
        .into_iter()
        .map(u8::try_from)
        .collect::<Result<_, _>>()
        .ok()?;
    if r.get().is_some() {
        return None; // more words than a mark has
    }
    Some(MoveMark {
        player,
        played,
        best,
        loss,
        in_play,
        exact,
    })
}

fn parting_json(p: Option<&Parting>) -> String {
    match p {
        Some(p) => congklak::json::to_string(p).unwrap_or_default(),
        None => "-".into(),
    }
}

fn parting_of(text: &str) -> Option<Option<Parting>> {
    match text.trim() {
        "-" => Some(None),
        json => congklak::json::from_str(json).ok().map(Some),
    }
}

/// A reply as text.
pub fn encode_reply(reply: &Reply) -> String {
    match reply {
        Reply::Move(Ok(k)) => format!("M {k}"),
        Reply::Move(Err(e)) => format!("E {e}"),
        Reply::Mark(Ok(m)) => {
            let mut w = Words::default();
            w.put(m.player.index() as u64);
            w.put(m.played as u64);
            w.put(m.loss as u64);
            w.put(m.in_play as u64);
            w.put(m.exact as u64);
            w.list(&m.best.iter().map(|&k| k as u32).collect::<Vec<_>>());
            format!("K {}", w.text())
        }
        Reply::Mark(Err(e)) => format!("KE {}", e.to_string().replace(['\n', '\r'], " ")),
        Reply::First(p) => format!("F {}", parting_json(p.as_deref())),
        Reply::Diverge(r) => {
            let mut w = Words::default();
            stats_words(&r.stats, &mut w);
            format!("D {} | {}", w.text(), parting_json(r.first.as_ref()))
        }
        Reply::Failed(why) => format!("X {}", why.to_string().replace(['\n', '\r'], " ")),
    }
}

/// The reply to a job the worker could not read: the page refuses it (see
/// [`decode_reply`]) and answers the job with [`Reply::Failed`].
pub fn unreadable_job(why: &BadJob) -> String {
    format!(
        "X the worker could not read the job: {}",
        why.to_string().replace(['\n', '\r'], " ")
    )
}

/// Reads a reply's text for a job of one kind. A page passes the one its
/// job needs ([`decode_move`], [`decode_mark`], [`decode_finder`]), so a
/// bundle links only the readers of the replies it asks for: the play page
/// never reads a parting.
pub type Decoder = fn(&str, &Job) -> Option<Reply>;

/// A reply from its text, for `job` (which must be of the same kind, and
/// whose seeds the finder's report repeats). `None` for an unreadable reply,
/// one of another kind, or the worker's word that it could not read the job.
pub fn decode_reply(text: &str, job: &Job) -> Option<Reply> {
    let decode: Decoder = match job {
        Job::Move(_) => decode_move,
        Job::Mark(_) => decode_mark,
        Job::First { .. } | Job::Diverge { .. } => decode_finder,
    };
    decode(text, job)
}

/// [`decode_reply`] for the computer's move.
pub fn decode_move(text: &str, job: &Job) -> Option<Reply> {
    let (kind, rest) = text.split_once(' ')?;
    match (kind, job) {
        ("M", Job::Move(_)) => Some(Reply::Move(Ok(rest.parse().ok()?))),
        ("E", Job::Move(_)) => Some(Reply::Move(Err(Unanswered::from_words(rest)))),
        _ => None,
    }
}

/// [`decode_reply`] for a move's mark.
pub fn decode_mark(text: &str, job: &Job) -> Option<Reply> {
    let (kind, rest) = text.split_once(' ')?;
    match (kind, job) {
        ("K", Job::Mark(_)) => Some(Reply::Mark(Ok(mark_of(&mut Reader(
            rest.split_whitespace(),
        ))?))),
        ("KE", Job::Mark(_)) => Some(Reply::Mark(Err(Unanswered::from_words(rest)))),
        _ => None,
    }
}

/// [`decode_reply`] for the divergence finder's jobs.
pub fn decode_finder(text: &str, job: &Job) -> Option<Reply> {
    let (kind, rest) = text.split_once(' ')?;
    match (kind, job) {
        ("F", Job::First { .. }) => Some(Reply::First(parting_of(rest)?.map(Box::new))),
        ("D", Job::Diverge { first, last, .. }) => {
            let (words, parting) = rest.split_once(" | ")?;
            let stats = stats_of(&mut Reader(words.split_whitespace()))?;
            Some(Reply::Diverge(Box::new(DivergenceReport {
                first_seed: *first,
                last_seed: *last,
                first: parting_of(parting)?,
                stats,
            })))
        }
        _ => None,
    }
}
