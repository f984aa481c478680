//! # congklak: the rules engine
//!
//! Congklak, congkak, dakon, sungka: the relay-sowing mancala of South-East
//! Asia, with every regional reading of the rules as data. One flat set of
//! clauses ([`Rules`]) covers boards of 3 to 11 holes, relay ("sambung"),
//! capture ("menembak") with or without the lap condition, the simultaneous
//! opening, several rounds with burnt or "ngacang" holes, and more; packs
//! ([`Pack`]) name a region's reading and cite its sources.
//!
//! ```
//! use congklak::{Game, Move, Rules, Player};
//! let mut game = Game::new(Rules::default());
//! let turn = game.play(Move::Hole(1)).unwrap();
//! assert!(!turn.events.is_empty());
//! // Seven seeds from A's hole 1 end in A's store: A moves again.
//! assert_eq!(game.position().store(Player::A), 1);
//! ```
//!
//! No web dependencies; builds for native and `wasm32-unknown-unknown`.
#![deny(missing_docs)]

mod ai;
mod analyse;
mod clauses;
mod difference;
mod diverge;
mod endgame;
mod follow;
mod game;
pub mod json;
mod matrix_game;
mod pack;
mod puzzle;
mod reading;
mod record;
mod reference;
mod rules;
mod sample;
mod search;
mod solve;
mod sow;
mod standings;
mod topology;

pub use ai::{
    choose, choose_hole, choose_planned, choose_planned_tuned, choose_search, choose_v1,
    choose_with, endgame_seeds_for, eval_features, fnv1a, search, search_tuned, search_with, Chain,
    Choice, Level, SolveBudget, TurnMemory, UnknownLevel, AFTER_SOLVE_SHARE, ENDGAME_MAX_SEEDS,
    HARDEST_SOLVE, PERFECT_SOLVE, PLAN_NODES,
};
pub use analyse::{mark_move, MoveMark, ANALYSIS_SEARCH_NODES, ANALYSIS_SOLVE};
pub use clauses::{Clause, ClauseError, ClauseValues, Offered, SetClausesError};
pub use difference::Difference;
pub use diverge::{
    changed_draw, compare, diverge, diverge_observed, first_parting, landmarks, Divergence,
    DivergenceReport, Effect, Effects, Figure, Landmark, Parting, PartingKind, Stats,
};
pub use endgame::{EndgameTable, TableError};
pub use follow::{FollowError, Follower};
pub use game::{
    EndCause, Game, IllegalMove, IllegalReason, Move, Outcome, Position, Preview, ReplayError,
    Setup, SetupError, Snapshot, ToMove, Turn,
};
pub use matrix_game::{solve_matrix_game, MatrixSolution, Ratio};
#[cfg(feature = "builtin-packs")]
pub use pack::builtin_packs;
pub use pack::{
    BundleError, BundlePackError, Confidence, Direction, DivergenceNote, DivergenceStatus,
    GlossaryEntry, Name, Pack, PackError, PackSet, Presentation, Source, SourceKind, StoreSide,
    Text, MAX_PACK_BYTES,
};
pub use puzzle::{
    check as check_puzzle, check_file as check_puzzle_file, generate as generate_puzzles,
    grade as grade_puzzle, move_facts, setup_for, solve_values, Goal, HoleValue, MoveFacts, Puzzle,
    PuzzleError, PuzzleFile, PuzzleFileError, PuzzleStartError, GENERATOR_BOARDS, NEWCOMER_BOARD,
    NEWCOMER_PUZZLES,
};
pub use reading::Reading;
pub use record::{GameRecord, RecordError, Ruleset, MAX_RECORD_LEN};
pub use reference::{reference_choose, reference_evaluate, ReferenceChoice, REFERENCE_DEPTH};
pub use rules::*;
pub use sample::{
    random_game, random_playout, sample_game, RandomPlayer, SampleGame, SamplePlayer,
};
pub use solve::{solve, Limits, OpeningGame, Scope, Solution, SolveError, SolveOptions};
pub use sow::{Event, NoEvents, Sink};
pub use standings::{holes_filled, round_standings, RefillStanding, RoundStanding};
pub use topology::{Place, Topology, MAX_HOLES};
