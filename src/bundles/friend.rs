//! The browser bundle of `/friend` (`congklak-friend`): its islands alone, built
//! with the `friend-islands` feature (see `build.rs`), over the packs' rules
//! and names (`/packs-play.json`). The islands loader
//! (`public/islands.js`) fetches it, then calls `islands_ready`, each
//! island's export, and `islands_live` (see `congklak_app::islands_bundle`).
fn main() {
    congklak_app::app::boot::hydrate_islands();
}

congklak_app::islands_bundle!(
    "/packs-play.json",
    congklak_app::game::state::read_lean_bundle,
    None
);
