//! The engine's long jobs, off the page's thread: what is asked
//! ([`search`]: the computer's move, a move's mark), how it travels
//! ([`protocol`]), the page's side ([`client`]: the worker pool, results the
//! build computed) and the worker's side ([`runner`]). Under the game,
//! which builds the questions ([`crate::game::state::PlayState::move_request`]).
pub mod client;
pub mod protocol;
pub mod runner;
pub mod search;
