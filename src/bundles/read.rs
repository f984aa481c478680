//! The reading pages' browser bundle (`congklak-read`): the islands of
//! `/packs`, every `/packs/<id>`, `/compare` and `/about` (see
//! `PageRoute::islands`), built with the `read-islands` feature, so that
//! they are its only islands (see `build.rs`); only `/compare` has one.
//! The islands loader (`public/islands.js`) fetches it only on a page that
//! has an island, then calls `islands_ready`, each island's export, and
//! `islands_live` (see `congklak_app::islands_bundle`).
fn main() {
    congklak_app::app::boot::hydrate_islands();
}

congklak_app::islands_bundle!("/packs.json", congklak_app::game::state::read_bundle, None);
