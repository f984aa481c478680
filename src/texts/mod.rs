//! The texts, the bottom layer: every text the UI shows in both languages
//! (`en.json`, `id.json`, their keys typed by build.rs),
//! the page's language and [`i18n::Say`] for what is said to the visitor
//! ([`i18n`]). It imports nothing of the app, so every other layer may use
//! it.
pub mod i18n;
pub mod message;
