//! Trunk's bundle (`congklak-app`): the islands of `/learn` (built with the
//! `app-islands` feature, see `index.html` and `build.rs`). The islands
//! loader (`public/islands.js`) fetches it there, then calls
//! `islands_ready`, each island's export, and `islands_live` (see
//! `congklak_app::islands_bundle`).
//!
//! A debug build makes no bundles of its own, so this one then holds every
//! island and also hydrates the play page (its own app, see
//! `congklak_app::PlayApp`). The engine's worker has its own bundle
//! (`src/worker_main.rs`).
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
        );
    } else {
        congklak_app::app::boot::hydrate_islands();
    }
}

// The islands of a debug build's other pages, `/puzzles`'s among them,
// need its list; a release's `/learn` does not, and links none of that code.
#[cfg(debug_assertions)]
congklak_app::islands_bundle!(
    "/packs-play.json",
    congklak_app::game::state::read_lean_bundle,
    Some(congklak_app::load_puzzles)
);
#[cfg(not(debug_assertions))]
congklak_app::islands_bundle!(
    "/packs-play.json",
    congklak_app::game::state::read_lean_bundle,
    None
);
