//! The pages, one folder each: the page's components beside its
//! plain-Rust model. Only the shell ([`crate::app`]) imports them.
pub mod about;
pub mod compare;
pub mod friend;
pub mod learn;
pub mod packs;
pub mod play;
pub mod puzzles;
pub mod stats;
