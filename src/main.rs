//! Trunk's bundle: the whole app (see `congklak_app::App`), for the pages
//! without a bundle of their own (`/learn`, `/friend`, `/stats`,
//! `/puzzles`, the 404 page). The engine's worker has its own bundle
//! (`src/worker_main.rs`).

fn main() {
    if web_sys::window().is_some() {
        congklak_app::start(
            congklak_app::App,
            "/packs.json",
            congklak_app::state::packs_from_bundle,
            Some(congklak_app::load_puzzles),
        );
    }
}
