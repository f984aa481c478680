//! Components: they render what the engine says and report what the user picks.
pub mod analysis;
pub mod board;
pub mod glossary;
pub mod kept;
pub mod pack_text;
pub mod parting;
pub mod perfect;
