//! Trunk's bundle (`congklak-app`). In a debug build (`trunk serve`, the
//! browser tests' pages) it holds the whole app: it hydrates the play page
//! (its own app, see `congklak_app::PlayApp`) and every island of the other
//! pages. A release holds no page in it: the play page has its own bundle
//! and the other pages' islands theirs (see `BUNDLES` in
//! src/app/routes.rs, built by scripts/route-pages.sh), so Trunk's is left
//! all but empty. The engine's worker has its own bundle
//! (`src/worker_main.rs`).
fn main() {
    let Some(window) = web_sys::window() else {
        return;
    };
    #[cfg(debug_assertions)]
    {
        let path = window.location().pathname().unwrap_or_default();
        if congklak_app::texts::i18n::split_lang(&path).1 == "/" {
            congklak_app::start(
                congklak_app::PlayApp,
                "/packs.json",
                congklak_app::game::state::read_bundle,
            );
        } else {
            congklak_app::app::boot::hydrate_islands();
        }
    }
    #[cfg(not(debug_assertions))]
    drop(window);
}

// The islands of a debug build's pages (see `congklak_app::islands_bundle`).
#[cfg(debug_assertions)]
congklak_app::islands_bundle!();
