//! Analysing a finished game: which moves kept the value and which gave
//! seeds away against the best move, in plain Rust (tested natively).
//!
//! Each move where one player chooses alone is a job for the engine's
//! worker ([`MarkRequest`], answered by [`congklak::mark_move`]); the page
//! sends them all, shows the progress as the marks come back, lists the
//! moves with their marks and highlights the worst. A simultaneous opening
//! pick is not marked (its worth depends on the other player's pick).
//!
//! The marks are kept in local storage under [`ANALYSIS_KEY`] (the last
//! game analysed, see [`Kept`]), so that a reloaded page shows them again
//! and marks only the moves still to mark.

use crate::game::state::PlayState;
use crate::jobs::search::MarkRequest;
use crate::platform::storage::{self as stored, Stored};
use congklak::{Move, MoveMark, Player, Position, ToMove};
use serde_json::Value;
use std::collections::BTreeMap;

/// Where the marks of the last game analysed are kept.
pub const ANALYSIS_KEY: &str = "congklak.analysis.v1";

/// How many of the worst moves are highlighted.
pub const WORST: usize = 3;

/// Whether the game's record ends in a finished game (whatever move is shown).
pub fn finished(state: &PlayState) -> bool {
    let end = PlayState {
        cursor: state.record.moves.len(),
        ..state.clone()
    };
    end.position().is_over()
}

/// One move in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The move's index in the record (the board before it is turn `ply`).
    pub ply: usize,
    /// Who moved.
    pub player: Player,
    /// The hole played.
    pub hole: u8,
    /// The mark once it is in; `Err` if the engine could not mark it.
    pub mark: Option<Result<MoveMark, NoMark>>,
    /// One of the [`WORST`] moves that gave away the most.
    pub worst: bool,
}

/// Why a move has no mark (for the console: the page says only that the
/// move could not be marked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoMark {
    /// The engine gave none, and why.
    Unanswered(crate::jobs::search::Unanswered),
    /// No worker answered, and why.
    Worker(crate::jobs::protocol::WorkerProblem),
    /// The worker answered another question.
    OtherAnswer,
}

/// Seeds one player gave away over the moves marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// In the exact marks.
    pub exact: u32,
    /// In the estimated marks.
    pub estimated: u32,
}

/// The marks of an analysis as kept in local storage: the game's record
/// and each move's mark by its index (failed marks are not kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The record text of the game.
    pub record: String,
    /// The marks in, by the move's index in the record.
    pub marks: Vec<(usize, MoveMark)>,
}

impl Stored for Kept {
    fn from_json(value: &Value) -> Result<Kept, stored::Unfit> {
        let m = stored::members(value, "the analysis", &["v", "record", "marks"])?;
        let v = m.u64("v")?;
        if v != 1 {
            return Err(stored::Unfit::Version {
                what: "the analysis",
                v,
            });
        }
        let number = |m: &congklak::json::Members,
                      key: &'static str,
                      max: u64|
         -> Result<u64, stored::Unfit> {
            let n = m.u64(key)?;
            (n <= max)
                .then_some(n)
                .ok_or(stored::Unfit::TooLarge { key, n })
        };
        let mut marks = Vec::new();
        for v in m.array("marks")? {
            let k = stored::members(
                v,
                "a mark",
                &[
                    "ply", "player", "played", "best", "loss", "in_play", "exact",
                ],
            )?;
            let best = k
                .array("best")?
                .iter()
                .map(|b| {
                    b.as_u64()
                        .and_then(|b| u8::try_from(b).ok())
                        .ok_or_else(|| stored::Unfit::not(Some("`best`"), b, "a hole"))
                })
                .collect::<Result<Vec<u8>, stored::Unfit>>()?;
            marks.push((
                number(&k, "ply", u32::MAX as u64)? as usize,
                MoveMark {
                    player: Player::from_json(k.req("player")?)?,
                    played: number(&k, "played", u8::MAX as u64)? as u8,
                    best,
                    loss: number(&k, "loss", u32::MAX as u64)? as u32,
                    in_play: number(&k, "in_play", u32::MAX as u64)? as u32,
                    exact: k.bool("exact")?,
                },
            ));
        }
        Ok(Kept {
            record: m.str("record")?.to_string(),
            marks,
        })
    }
    fn to_json(&self) -> Value {
        let marks = self
            .marks
            .iter()
            .map(|(ply, k)| {
                stored::object([
                    ("ply", Value::from(*ply)),
                    ("player", k.player.to_json()),
                    ("played", Value::from(k.played)),
                    (
                        "best",
                        Value::Array(k.best.iter().map(|&b| Value::from(b)).collect()),
                    ),
                    ("loss", Value::from(k.loss)),
                    ("in_play", Value::from(k.in_play)),
                    ("exact", Value::Bool(k.exact)),
                ])
            })
            .collect();
        stored::object([
            ("v", Value::from(1)),
            ("record", Value::from(self.record.as_str())),
            ("marks", Value::Array(marks)),
        ])
    }
}

/// The analysis of one finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The record it is for (a changed game needs a new analysis).
    record: String,
    /// The moves to mark: index in the record, who moved, the hole.
    moves: Vec<(usize, Player, u8)>,
    marks: BTreeMap<usize, Result<MoveMark, NoMark>>,
}

impl Analysis {
    /// The analysis of `state`'s game, none marked yet; `None` if the game
    /// is not finished.
    pub fn new(state: &PlayState) -> Option<Analysis> {
        if !finished(state) {
            return None;
        }
        let mut pos = Position::new(&state.rules);
        let mut moves = Vec::new();
        for (ply, &mv) in state.record.moves.iter().enumerate() {
            if let (Some(ToMove::One(p)), Move::Hole(k)) = (pos.to_move(), mv) {
                moves.push((ply, p, k));
            }
            pos.play_fast(&state.rules, mv).ok()?;
        }
        Some(Analysis {
            record: state.record.to_text(),
            moves,
            marks: BTreeMap::new(),
        })
    }

    /// The record text of the game analysed.
    pub fn record(&self) -> &str {
        &self.record
    }

    /// Whether this is the analysis of `state`'s game.
    pub fn is_for(&self, state: &PlayState) -> bool {
        self.record == state.record.to_text()
    }

    /// The engine's jobs: one per move to mark, with its index.
    pub fn requests(&self, state: &PlayState) -> Vec<(usize, MarkRequest)> {
        self.moves
            .iter()
            .map(|&(ply, _, hole)| {
                (
                    ply,
                    MarkRequest {
                        rules: state.rules.clone(),
                        moves: state.record.moves[..ply].to_vec(),
                        hole,
                    },
                )
            })
            .collect()
    }

    /// The engine's jobs for the moves not marked yet (or whose mark
    /// failed), with their index: what is left after a reload.
    pub fn missing_requests(&self, state: &PlayState) -> Vec<(usize, MarkRequest)> {
        self.requests(state)
            .into_iter()
            .filter(|(ply, _)| !matches!(self.marks.get(ply), Some(Ok(_))))
            .collect()
    }

    /// Forgets the failed marks (before they are asked for again).
    pub fn drop_failed(&mut self) {
        self.marks.retain(|_, m| m.is_ok());
    }

    /// The marks to keep (see [`Kept`]).
    pub fn kept(&self) -> Kept {
        Kept {
            record: self.record.clone(),
            marks: self
                .marks
                .iter()
                .filter_map(|(&ply, m)| Some((ply, m.as_ref().ok()?.clone())))
                .collect(),
        }
    }

    /// `state`'s analysis with the kept marks: `None` if they are of
    /// another game or do not fit its moves (who moved, the hole played).
    pub fn from_kept(state: &PlayState, kept: &Kept) -> Option<Analysis> {
        let mut a = Analysis::new(state)?;
        if a.record != kept.record {
            return None;
        }
        for (ply, mark) in &kept.marks {
            let fits = a
                .moves
                .iter()
                .any(|&(p, who, hole)| p == *ply && who == mark.player && hole == mark.played);
            if !fits || mark.loss > mark.in_play {
                return None;
            }
            a.marks.insert(*ply, Ok(mark.clone()));
        }
        Some(a)
    }

    /// Takes the engine's answer for the move at `ply`.
    pub fn answer(&mut self, ply: usize, mark: Result<MoveMark, NoMark>) {
        if self.moves.iter().any(|m| m.0 == ply) {
            self.marks.insert(ply, mark);
        }
    }

    /// Moves marked so far, and moves to mark.
    pub fn progress(&self) -> (usize, usize) {
        (self.marks.len(), self.moves.len())
    }

    /// Whether every move is marked.
    pub fn done(&self) -> bool {
        self.marks.len() == self.moves.len()
    }

    /// Whether every mark in so far is the solver's (exact); `None` before any.
    pub fn exact(&self) -> Option<bool> {
        let marks: Vec<&MoveMark> = self.marks.values().flatten().collect();
        (!marks.is_empty()).then(|| marks.iter().all(|m| m.exact))
    }

    /// The [`WORST`] moves that gave away the most seeds (biggest first,
    /// then the earliest), among those that gave any away.
    pub fn worst(&self) -> Vec<usize> {
        let mut lost: Vec<(u32, usize)> = self
            .marks
            .iter()
            .filter_map(|(&ply, m)| {
                m.as_ref()
                    .ok()
                    .filter(|m| m.loss > 0)
                    .map(|m| (m.loss, ply))
            })
            .collect();
        lost.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        lost.into_iter().take(WORST).map(|(_, ply)| ply).collect()
    }

    /// Seeds each player gave away in all (A, B), over the moves marked,
    /// the exact marks and the estimates apart.
    pub fn given_away(&self) -> [Given; 2] {
        let mut out = [Given::default(); 2];
        for m in self.marks.values().flatten() {
            let g = &mut out[m.player.index()];
            if m.exact {
                g.exact += m.loss;
            } else {
                g.estimated += m.loss;
            }
        }
        out
    }

    /// Every move to mark, in order, with its mark if in.
    pub fn rows(&self) -> Vec<Row> {
        let worst = self.worst();
        self.moves
            .iter()
            .map(|&(ply, player, hole)| Row {
                ply,
                player,
                hole,
                mark: self.marks.get(&ply).cloned(),
                worst: worst.contains(&ply),
            })
            .collect()
    }

    /// The best move to show on the board before the move at `ply`: the
    /// best hole nearest the one played, if the move gave seeds away.
    pub fn better_move(&self, ply: usize) -> Option<(Player, u8)> {
        let m = self.marks.get(&ply)?.as_ref().ok()?;
        if m.loss == 0 {
            return None;
        }
        let k = m
            .best
            .iter()
            .min_by_key(|&&b| (b as i32 - m.played as i32).abs())?;
        Some((m.player, *k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{install_packs, packs};
    use crate::jobs::search::mark;
    use congklak::{solve, Limits, PackSet, RandomPlayer, SolveOptions};

    /// A finished game of random moves on a small board of `pack`.
    fn random_game(pack: &str, size: u8, seed: u64) -> PlayState {
        let p = packs().get(pack).unwrap();
        let mut s = PlayState::new(p, size, None, seed);
        let mut pos = s.position();
        let mut rng = RandomPlayer::new(seed);
        let mut buf = Vec::new();
        while let Some(mv) = rng.choose(&pos, &s.rules, &mut buf) {
            pos.play_fast(&s.rules, mv).unwrap();
            s.record.moves.push(mv);
        }
        s.cursor = s.record.moves.len();
        s
    }

    /// A finished game of random moves on the smallest board a pack offers.
    fn small_game(seed: u64) -> PlayState {
        install_packs(PackSet::builtin());
        let pack = packs()
            .all()
            .iter()
            .find(|p| p.board_sizes.iter().any(|&n| n <= 5))
            .expect("a pack with a small board");
        let size = *pack.board_sizes.iter().min().unwrap();
        random_game(&pack.id, size, seed)
    }

    #[test]
    fn a_finished_game_is_marked_move_by_move_as_the_solver_says() {
        let s = small_game(5);
        assert!(finished(&s));
        let mut a = Analysis::new(&s).unwrap();
        assert!(a.is_for(&s));
        let jobs = a.requests(&s);
        assert_eq!(a.progress(), (0, jobs.len()));
        assert!(!jobs.is_empty());
        for (ply, req) in &jobs {
            let m = mark(req);
            // Exact marks agree with the solver run here on the same position.
            if let Ok(m) = &m {
                if m.exact {
                    let pos = Position::new(&s.rules)
                        .replay(&s.rules, &req.moves)
                        .unwrap();
                    let sol =
                        solve(&s.rules, &pos, &SolveOptions::default(), Limits::default()).unwrap();
                    assert_eq!(m.best, sol.best, "move {ply}");
                    assert_eq!(m.loss == 0, sol.best.contains(&req.hole), "move {ply}");
                }
            }
            a.answer(*ply, m.map_err(NoMark::Unanswered));
        }
        assert!(a.done());
        let rows = a.rows();
        assert_eq!(rows.len(), jobs.len());
        // The worst are the largest losses, and each has a better move.
        let worst = a.worst();
        assert!(worst.len() <= WORST);
        let loss = |ply: usize| {
            rows.iter()
                .find(|r| r.ply == ply)
                .unwrap()
                .mark
                .clone()
                .unwrap()
                .unwrap()
                .loss
        };
        for w in &worst {
            assert!(loss(*w) > 0);
            let (p, k) = a.better_move(*w).unwrap();
            let row = rows.iter().find(|r| r.ply == *w).unwrap();
            assert_eq!(p, row.player);
            assert_ne!(k, row.hole);
            for r in rows.iter().filter(|r| !worst.contains(&r.ply)) {
                assert!(loss(r.ply) <= loss(*w));
            }
        }
        let given = a.given_away();
        assert_eq!(
            given.iter().map(|g| g.exact + g.estimated).sum::<u32>(),
            rows.iter().map(|r| loss(r.ply)).sum::<u32>()
        );
        // No move gives away more seeds than are left in the holes.
        for r in &rows {
            let m = r.mark.clone().unwrap().unwrap();
            assert!(m.loss <= m.in_play, "move {}: {m:?}", r.ply);
        }
        // The marks kept read back as the same analysis.
        let kept = stored::read::<Kept>(&stored::text(&a.kept())).unwrap();
        assert_eq!(Analysis::from_kept(&s, &kept), Some(a.clone()));
        assert!(a.missing_requests(&s).is_empty());
        // Moves that kept the value have no better move to show.
        for r in &rows {
            if loss(r.ply) == 0 {
                assert_eq!(a.better_move(r.ply), None);
            }
        }
    }

    #[test]
    fn only_a_finished_game_is_analysed_and_a_changed_game_is_another() {
        install_packs(PackSet::builtin());
        let s = random_game("umum", 7, 2);
        let mut part = s.clone();
        part.record.moves.truncate(3);
        part.cursor = 3;
        assert!(!finished(&part));
        assert!(Analysis::new(&part).is_none());
        // Reviewing an earlier move of a finished game: still finished.
        let review = PlayState {
            cursor: 2,
            ..s.clone()
        };
        let a = Analysis::new(&review).unwrap();
        assert!(a.is_for(&s));
        assert!(!a.is_for(&part));
        // An answer for a move not in the list is ignored.
        let mut a = a;
        a.answer(10_000, Err(NoMark::OtherAnswer));
        assert_eq!(a.progress().0, 0);
        assert_eq!(a.exact(), None);
    }

    #[test]
    fn kept_marks_come_back_only_for_their_game_and_the_rest_are_asked_again() {
        let s = small_game(7);
        let mut a = Analysis::new(&s).unwrap();
        let jobs = a.requests(&s);
        assert!(jobs.len() >= 3);
        // Two moves marked, one failed: the failed one and the rest are asked again.
        a.answer(jobs[0].0, Ok(mark(&jobs[0].1).unwrap()));
        a.answer(jobs[1].0, Ok(mark(&jobs[1].1).unwrap()));
        a.answer(
            jobs[2].0,
            Err(NoMark::Worker(
                crate::jobs::protocol::WorkerProblem::Stopped,
            )),
        );
        let kept = stored::read::<Kept>(&stored::text(&a.kept())).unwrap();
        assert_eq!(kept.marks.len(), 2);
        let back = Analysis::from_kept(&s, &kept).unwrap();
        assert_eq!(back.progress(), (2, jobs.len()));
        let missing: Vec<usize> = back.missing_requests(&s).iter().map(|j| j.0).collect();
        assert_eq!(missing, jobs[2..].iter().map(|j| j.0).collect::<Vec<_>>());
        let mut failed = a.clone();
        failed.drop_failed();
        assert_eq!(failed.progress(), (2, jobs.len()));
        // Not for another game.
        let other = small_game(8);
        assert!(Analysis::from_kept(&other, &kept).is_none());
        // Not when a mark does not fit its move, or claims more than was in play.
        let mut wrong = kept.clone();
        wrong.marks[0].1.played ^= 1;
        assert!(Analysis::from_kept(&s, &wrong).is_none());
        let mut wrong = kept.clone();
        wrong.marks[0].1.loss = wrong.marks[0].1.in_play + 1;
        assert!(Analysis::from_kept(&s, &wrong).is_none());
        // A broken text is refused with a reason.
        for text in [
            "{}",
            r#"{"v":2,"record":"","marks":[]}"#,
            r#"{"v":1,"record":"x","marks":[{"ply":0}]}"#,
        ] {
            assert!(
                matches!(stored::read::<Kept>(text), Err(stored::Unread::Broken(_))),
                "{text}"
            );
        }
    }
}
