//! Shared components and the game in words: the board, the glossary, a
//! pack's texts, the lessons' view, numbers, the board and its turns in
//! words ([`board_text`]); and the parts of a page drawn or hydrated apart
//! ([`kept`], [`parts`]). Drawn over the game ([`crate::game`]) with the
//! texts ([`crate::texts`]).
pub mod board;
pub mod board_text;
pub mod glossary;
pub mod kept;
pub mod lesson;
pub mod numbers;
pub mod pack_text;
pub mod parting;
pub mod parts;
