//! The browser bundle (`congklak-islands`) of every page with code, built
//! with the `islands-bundle` feature (see `build.rs`): its core holds the
//! framework, the engine, the shared views and the play page, so that they
//! are loaded once for all pages; each island of the other pages (`/learn`,
//! `/puzzles`, `/stats`, `/compare`, `/friend`; the pack pages and `/about`
//! have none) and each less used part of the play page is a part fetched
//! when first shown. The loader (`public/islands.js`) fetches it, then on
//! the play page calls `play_page`, and on a page of islands
//! `islands_ready` (what the page reads, from its row of the route table),
//! each island's export, and `islands_live` (see
//! `congklak_app::islands_bundle`).
fn main() {
    congklak_app::app::boot::hydrate_islands();
}

congklak_app::islands_bundle!();
