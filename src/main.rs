//! Trunk's bundle: the whole app (see `congklak_app::App`), for the pages
//! without a bundle of their own (`/learn`, `/friend`, `/stats`,
//! `/puzzles`, the 404 page). The engine's worker has its own bundle
//! (`src/worker_main.rs`).

fn main() {
    let Some(window) = web_sys::window() else {
        return;
    };
    // A debug build makes no bundles of its own: this one then also
    // hydrates the play page (its own app, without a router) and holds the
    // reading pages' islands (see `congklak-read`). A release build points
    // those pages at their bundles, so this one leaves them out.
    let path = window.location().pathname().unwrap_or_default();
    if cfg!(debug_assertions) && congklak_app::app::boot::drawn_as_islands() {
        console_error_panic_hook::set_once();
        #[cfg(target_arch = "wasm32")]
        leptos::mount::hydrate_islands();
    } else if cfg!(debug_assertions) && congklak_app::ui::i18n::split_lang(&path).1 == "/" {
        congklak_app::start(
            congklak_app::PlayApp,
            "/packs.json",
            congklak_app::game::state::read_bundle,
            None,
        );
    } else {
        congklak_app::start(
            congklak_app::App,
            "/packs.json",
            congklak_app::game::state::read_bundle,
            Some(congklak_app::load_puzzles),
        );
    }
}

/// In a debug build, as in `congklak-read`'s: before a page's islands are
/// hydrated.
#[cfg(debug_assertions)]
#[wasm_bindgen::prelude::wasm_bindgen]
pub async fn islands_ready() -> bool {
    congklak_app::app::boot::islands_ready("/packs.json", congklak_app::game::state::read_bundle)
        .await
}

/// In a debug build, as in `congklak-read`'s: once they are.
#[cfg(debug_assertions)]
#[wasm_bindgen::prelude::wasm_bindgen]
pub async fn islands_live() {
    congklak_app::app::boot::islands_live().await
}
