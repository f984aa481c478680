//! Trunk's bundle (`congklak-app`): the islands of `/learn`, `/friend`,
//! `/stats` and `/puzzles` (built with the `app-islands` feature, see
//! `index.html` and `build.rs`). The islands loader (`public/islands.js`)
//! fetches it on those pages, then calls [`islands_ready`], each island's
//! export, and [`islands_live`].
//!
//! A debug build makes no bundles of its own, so this one then holds every
//! island and also hydrates the play page (its own app, see
//! `congklak_app::PlayApp`). The engine's worker has its own bundle
//! (`src/worker_main.rs`).
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let path = window.location().pathname().unwrap_or_default();
    if cfg!(debug_assertions) && congklak_app::ui::i18n::split_lang(&path).1 == "/" {
        congklak_app::start(
            congklak_app::PlayApp,
            "/packs.json",
            congklak_app::game::state::read_bundle,
            None,
        );
    } else {
        console_error_panic_hook::set_once();
        #[cfg(target_arch = "wasm32")]
        leptos::mount::hydrate_islands();
    }
}

/// Before the islands are hydrated: the packs, texts and puzzles they read
/// (see `congklak_app::app::boot::islands_ready`). These islands need the
/// packs' rules and names only: the play page's lean packs.
#[wasm_bindgen]
pub async fn islands_ready() -> bool {
    congklak_app::app::boot::islands_ready(
        "/packs-play.json",
        congklak_app::game::state::read_lean_bundle,
        Some(congklak_app::load_puzzles),
    )
    .await
}

/// Once they are (see `congklak_app::app::boot::islands_live`).
#[wasm_bindgen]
pub async fn islands_live() {
    congklak_app::app::boot::islands_live().await
}
