//! The computer's questions and how the worker answers them.
//!
//! A [`MoveRequest`] is plain data (the rules, the seed, the moves so far,
//! the side, the level) and the answer is a hole number: the page posts it
//! to the engine's worker ([`crate::jobs::client::ask`]), so the page never
//! freezes while the computer thinks. The engine chooses the move
//! ([`congklak::choose_hole`]); this module only carries the question, and
//! says why no move came ([`ComputerProblem`]).

use crate::texts::i18n::k;
use crate::texts::i18n::{tr, Lang, Say};
use congklak::{
    endgame_seeds_for, mark_move, EndgameTable, Level, Move, MoveMark, Player, Position, Rules,
    TurnMemory,
};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// A question for the computer. It carries the rules themselves, not a pack
/// id, so the worker needs no packs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// The rules of the game.
    pub rules: Rules,
    /// The game's seed.
    pub seed: u64,
    /// The moves on the board, from the start.
    pub moves: Vec<Move>,
    /// The computer's side.
    pub side: Player,
    /// The computer's level.
    pub level: Level,
}

/// Why the computer did not move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputerProblem {
    /// No helper (Web Worker) can run it in this browser.
    Unavailable,
    /// The engine could not choose a move in this position (its reason,
    /// for the console).
    Unanswered(Unanswered),
    /// The hole it chose cannot be played here (for the console).
    Illegal(congklak::IllegalMove),
    /// The worker answered another question.
    OtherAnswer,
}

impl Say for ComputerProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            ComputerProblem::Unavailable => tr(lang, k::COMPUTER_UNAVAILABLE).into(),
            ComputerProblem::Unanswered(_)
            | ComputerProblem::Illegal(_)
            | ComputerProblem::OtherAnswer => tr(lang, k::COMPUTER_FAILED).into(),
        }
    }
}

/// For the console, in English.
impl std::fmt::Display for ComputerProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputerProblem::Unavailable => f.write_str("no worker can run the computer here"),
            ComputerProblem::Unanswered(why) => write!(f, "{why}"),
            ComputerProblem::Illegal(e) => write!(f, "{e}"),
            ComputerProblem::OtherAnswer => f.write_str("the worker answered another question"),
        }
    }
}

/// Memory for the endgame table a worker keeps: at most 4 MiB (one table
/// per worker, at most four workers). The engine builds none larger than
/// [`congklak::ENDGAME_MAX_SEEDS`] seeds (on 7 holes a side 8 seeds, 640
/// KB), whose build stays within a move's time (docs/architecture.md).
pub const ENDGAME_BYTES: u64 = 4 << 20;

thread_local! {
    /// The endgame table of the last rules asked about (in a worker: kept
    /// between jobs).
    static ENDGAME: RefCell<Option<Rc<EndgameTable>>> = const { RefCell::new(None) };
}

/// The endgame table for a game of `rules` at `pos`, built on demand once
/// few enough seeds are left (within [`ENDGAME_BYTES`]) and kept for the
/// next questions; `None` where tables do not hold for the rules or the
/// game is not near its end yet.
pub fn endgame_for(rules: &Rules, pos: &Position) -> Option<Rc<EndgameTable>> {
    let seeds = endgame_seeds_for(rules, pos, ENDGAME_BYTES)?;
    ENDGAME.with(|slot| {
        let mut slot = slot.borrow_mut();
        match &*slot {
            Some(t) if t.covers_rules(rules) && t.max_seeds() == seeds => Some(t.clone()),
            _ => {
                // The old table is dropped first: one at a time in memory.
                *slot = None;
                let t = Rc::new(EndgameTable::build(rules, seeds));
                *slot = Some(t.clone());
                Some(t)
            }
        }
    })
}

/// Why the engine has no hole or no mark for a request. It crosses from
/// the worker to the page as its English words (see
/// [`crate::jobs::protocol`]), for the console: the page says only that
/// the computer could not do it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// The computer has no legal move in the position.
    NoMove,
    /// The hole is not a move one player chooses alone in the position.
    NotAChoice(u8),
    /// The engine refused the rules or the moves, in its words (the rules'
    /// problems, or the move that does not replay and why).
    Refused(String),
}

impl Unanswered {
    /// The reason from its words (what [`fmt::Display`] writes): the
    /// engine's own words read back as [`Unanswered::Refused`].
    pub fn from_words(words: &str) -> Unanswered {
        if words == NO_MOVE {
            return Unanswered::NoMove;
        }
        let hole = words
            .strip_prefix("hole ")
            .and_then(|rest| rest.strip_suffix(NOT_A_CHOICE))
            .and_then(|hole| hole.parse().ok());
        match hole {
            Some(hole) => Unanswered::NotAChoice(hole),
            None => Unanswered::Refused(words.to_string()),
        }
    }
}

const NO_MOVE: &str = "the computer has no legal move";
const NOT_A_CHOICE: &str = " is not a move one player chooses alone here";

impl fmt::Display for Unanswered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unanswered::NoMove => f.write_str(NO_MOVE),
            Unanswered::NotAChoice(hole) => write!(f, "hole {hole}{NOT_A_CHOICE}"),
            Unanswered::Refused(words) => f.write_str(words),
        }
    }
}

/// The position a request's moves lead to under its rules.
fn replayed(rules: &Rules, moves: &[Move]) -> Result<Position, Unanswered> {
    Position::new(rules)
        .replay(rules, moves)
        .map_err(|e| Unanswered::Refused(e.to_string()))
}

/// The computer's hole for a request: the position rebuilt from the moves,
/// the hole chosen by the engine (`hardest` and `perfect` with an endgame
/// table near the end of the game).
pub fn answer(req: &MoveRequest) -> Result<u8, Unanswered> {
    thread_local! {
        /// The turn the computer planned last: a chain of many moves is
        /// planned once, not again before each move (see [`TurnMemory`]).
        static MEMORY: std::cell::RefCell<TurnMemory> = Default::default();
    }
    let pos = replayed(&req.rules, &req.moves)?;
    // The seed makes the computer's choices repeatable for a game.
    let seed = req.seed ^ (req.moves.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let table = if req.level.uses_endgame_table() {
        endgame_for(&req.rules, &pos)
    } else {
        None
    };
    MEMORY
        .with(|m| {
            m.borrow_mut().choose_with(
                &req.rules,
                &pos,
                req.side,
                req.level,
                seed,
                table.as_deref(),
            )
        })
        .map(|c| c.hole)
        .ok_or(Unanswered::NoMove)
}

/// A move of a finished game to mark: the rules, the moves before it, and
/// the hole played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkRequest {
    /// The rules of the game.
    pub rules: Rules,
    /// The moves before the one marked.
    pub moves: Vec<Move>,
    /// The hole played.
    pub hole: u8,
}

/// The engine's mark for a move (see [`congklak::mark_move`]), or why there is none.
pub fn mark(req: &MarkRequest) -> Result<MoveMark, Unanswered> {
    req.rules
        .validate()
        .map_err(|e| Unanswered::Refused(e.to_string()))?;
    let pos = replayed(&req.rules, &req.moves)?;
    let table = endgame_for(&req.rules, &pos);
    mark_move(&req.rules, &pos, req.hole, table.as_deref()).ok_or(Unanswered::NotAChoice(req.hole))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{install_packs, packs, PlayState};
    use congklak::PackSet;

    #[test]
    fn answers_a_legal_hole_deterministically() {
        install_packs(PackSet::builtin());
        let s = PlayState::new(packs().get("umum").unwrap(), 7, None, 3);
        let req = s.move_request(Player::A, Level::Medium);
        let k = answer(&req).unwrap();
        assert!(s.position().legal_holes(&s.rules, Player::A).contains(&k));
        assert_eq!(answer(&req), answer(&req.clone()), "deterministic");
        let bad = MoveRequest {
            moves: vec![Move::Hole(99)],
            ..req
        };
        assert!(
            matches!(answer(&bad), Err(Unanswered::Refused(_))),
            "an illegal move is refused"
        );
    }

    #[test]
    fn a_reason_reads_back_from_its_words() {
        for why in [
            Unanswered::NoMove,
            Unanswered::NotAChoice(9),
            Unanswered::Refused("move 3 (5): player A cannot play hole 5: it is empty".into()),
        ] {
            assert_eq!(Unanswered::from_words(&why.to_string()), why);
        }
        assert_eq!(
            Unanswered::NotAChoice(12).to_string(),
            "hole 12 is not a move one player chooses alone here"
        );
        assert_eq!(
            Unanswered::from_words("hole x is not a move one player chooses alone here"),
            Unanswered::Refused("hole x is not a move one player chooses alone here".into())
        );
    }

    #[test]
    fn the_endgame_table_is_built_near_the_end_and_kept() {
        install_packs(PackSet::builtin());
        let pack = packs().get("standard-mancala").unwrap();
        let mut s = PlayState::new(pack, pack.rules.holes, None, 3);
        let mut pos = s.position();
        // At the start: too many seeds left for a table.
        assert!(endgame_for(&s.rules, &pos).is_none());
        let mut tables = Vec::new();
        while let Some(congklak::ToMove::One(p)) = pos.to_move() {
            if let Some(t) = endgame_for(&s.rules, &pos) {
                assert!(t.bytes() as u64 <= ENDGAME_BYTES);
                tables.push(t);
                // The computer answers with it.
                let req = s.move_request(p, Level::Hardest);
                assert!(pos
                    .legal_holes(&s.rules, p)
                    .contains(&answer(&req).unwrap()));
            }
            // Played out by the greedy level: a long game that reaches the
            // end with few seeds left.
            let k = answer(&s.move_request(p, Level::Greedy)).unwrap();
            pos.play_fast(&s.rules, Move::Hole(k)).unwrap();
            s.record.moves.push(Move::Hole(k));
            s.cursor += 1;
        }
        assert!(
            tables.len() > 2,
            "built near the end: {} times",
            tables.len()
        );
        assert!(
            tables.windows(2).all(|w| Rc::ptr_eq(&w[0], &w[1])),
            "built once, then kept"
        );
    }
}
