//! The islands bundle (`congklak-islands`): the islands of every page drawn
//! as islands (`/learn`, `/puzzles`, `/stats`, `/compare`, `/friend`; the
//! pack pages and `/about` have none), built with the `islands-bundle`
//! feature (see `build.rs`), so that the framework, the engine and the
//! shared views are loaded once for all of them and each island's own code
//! is a part fetched when a page first shows it. The islands loader
//! (`public/islands.js`) fetches it, then calls `islands_ready` (what the
//! page reads, from its row of the route table), each island's export, and
//! `islands_live` (see `congklak_app::islands_bundle`).
fn main() {
    congklak_app::app::boot::hydrate_islands();
}

congklak_app::islands_bundle!();
