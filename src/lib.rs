//! # congklak-app: congklak in the browser
//!
//! A Leptos app over the rules engine (`congklak`), pre-rendered at build
//! time and brought to life in the browser. Every page is a real page in
//! `dist/` (see [`app::routes::ROUTES`]), so deep links and reloads work on
//! any static file server.
//!
//! The engine decides; the app renders: components take engine positions and
//! events and never apply a rule themselves.
//!
//! The code is laid out by feature, in layers: each folder imports only
//! the folders above it in this list (`tests/layout.rs` checks it), and
//! only the shell imports a feature.
//!
//! - [`texts`]: every text in both languages and the page's language
//!   (`texts::i18n`); imports nothing of the app.
//! - [`platform`]: the browser around the app (storage, audio, WebRTC,
//!   fetching, the address, the hydration of a pre-rendered page).
//! - [`jobs`]: the engine's long jobs and the worker that runs them (the
//!   protocol, the page's client, the worker's runner, the search).
//! - [`game`]: the visitor's game as the app holds it (settings, the play
//!   session, what the board shows, records of finished games, the
//!   analysis, the lessons), shared by several features; plain Rust.
//! - [`ui`]: shared components and the game in words (board, glossary,
//!   pack texts, numbers, a turn's summary and steps).
//! - [`features`]: one folder a page, the page beside its plain-Rust model.
//! - [`app`]: the shell (header, navigation, language), the one route
//!   table, page metadata and the boot in the browser; the only module that
//!   imports a feature.
// Built without Leptos's type erasure (a build without
// .cargo/config.toml's flag), the views are deeply nested types, whose
// layout needs more than the default 128 levels.
#![recursion_limit = "512"]

pub mod app;
pub mod features;
pub mod game;
pub mod jobs;
pub mod platform;
pub mod texts;
pub mod ui;

pub use app::boot::{load_puzzles, start};
pub use app::PlayApp;
#[cfg(draws_pages)]
pub use app::{app_for, App};
