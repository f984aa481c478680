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
//! The code is laid out by feature:
//!
//! - [`app`]: the shell (header, navigation, language), the one route
//!   table, page metadata and the boot in the browser; the only module that
//!   imports a feature.
//! - [`features`]: one folder a page, the page beside its plain-Rust model.
//! - [`game`]: the visitor's game as the app holds it (settings, the play
//!   session, records of finished games, the analysis, the lessons), shared
//!   by several features.
//! - [`ui`]: shared components (board, glossary, pack texts, numbers).
//! - [`platform`]: the browser around the app (storage, audio, WebRTC,
//!   fetching, the address).
//! - [`jobs`]: the engine's long jobs and the worker that runs them (the
//!   protocol, the page's client, the worker's runner, the search).
//! - [`texts`]: every text in both languages and the page's language
//!   (`texts::i18n`); imports nothing of the app.
// The play bundle is built without Leptos's type erasure (see
// scripts/route-pages.sh): its views are then deeply nested types, whose
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
