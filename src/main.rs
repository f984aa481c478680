//! Trunk's bundle: the whole app (see `congklak_app::App`), for the pages
//! without a bundle of their own (`/learn`, `/friend`, `/stats`,
//! `/puzzles`, the 404 page). The engine's worker has its own bundle
//! (`src/worker_main.rs`).

fn main() {
    let Some(window) = web_sys::window() else {
        return;
    };
    // A debug build makes no bundles of its own: this one then also
    // hydrates the play page (its own app, without a router). A release
    // build points the play page at its bundle, so this one leaves it out.
    let path = window.location().pathname().unwrap_or_default();
    if cfg!(debug_assertions) && congklak_app::ui::i18n::split_lang(&path).1 == "/" {
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
