//! Trunk's bundle (`congklak-app`). In a debug build (`trunk serve`, the
//! browser tests' pages) it is the whole app, as the release's browser
//! bundle is (`src/bundles/islands.rs`): the loader (`public/islands.js`)
//! calls its `play_page` on the play page and its islands' exports on the
//! other pages. A release holds no page in it: the pages load the browser
//! bundle built by scripts/route-pages.sh (see `BUNDLES` in
//! src/app/routes.rs), so Trunk's is left all but empty. The engine's
//! worker has its own bundle (`src/worker_main.rs`).
fn main() {
    if web_sys::window().is_none() {
        return;
    }
    #[cfg(debug_assertions)]
    congklak_app::app::boot::hydrate_islands();
}

// The exports of a debug build's pages (see `congklak_app::islands_bundle`).
#[cfg(debug_assertions)]
congklak_app::islands_bundle!();
