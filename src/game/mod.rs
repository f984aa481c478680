//! The game as the app holds it, shared by several pages: the visitor's
//! game and settings and the installed packs ([`state`]), the play session
//! ([`session`]), what the board shows ([`board_view`]), records of
//! finished games ([`stats`]), the analysis of a finished game
//! ([`analysis`]), what decided it ([`review`]) and the lessons
//! ([`lessons`]). Plain Rust, tested natively; under the components, over
//! the jobs, the platform and the texts.
pub mod analysis;
pub mod board_view;
pub mod lessons;
pub mod review;
pub mod session;
pub mod state;
pub mod stats;
