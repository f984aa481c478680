//! The browser bundle of `/puzzles` (`congklak-puzzles`): its islands
//! alone, built with the `puzzles-islands` feature (see `build.rs`), over
//! the packs' rules and names (`/packs-play.json`) and the list of puzzles,
//! fetched before they are hydrated. The islands loader
//! (`public/islands.js`) fetches it, then calls `islands_ready`, each
//! island's export, and `islands_live` (see `congklak_app::islands_bundle`).
fn main() {
    congklak_app::app::boot::hydrate_islands();
}

congklak_app::islands_bundle!(
    "/packs-play.json",
    congklak_app::game::state::read_lean_bundle,
    Some(congklak_app::load_puzzles)
);
