//! Shared components: the board, the glossary, a pack's texts, the
//! lessons' view and numbers; and the parts of a
//! page drawn or hydrated apart ([`kept`], [`parts`], [`hydration`]).
pub mod board;
pub mod board_view;
pub mod glossary;
pub mod hydration;
pub mod kept;
pub mod lesson;
pub mod numbers;
pub mod pack_text;
pub mod parting;
pub mod parts;
