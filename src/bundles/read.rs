//! The reading pages' browser bundle (`congklak-read`): the islands of
//! `/packs`, every `/packs/<id>`, `/compare` and `/about` (see
//! `PageRoute::islands`), built with the `read-islands` feature, so that
//! they are its only islands (see `build.rs`); only `/compare` has one.
//! The islands loader (`public/islands.js`) fetches it only on a page that
//! has an island, then calls [`islands_ready`], each island's export, and
//! [`islands_live`].
use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    if web_sys::window().is_some() {
        console_error_panic_hook::set_once();
        #[cfg(target_arch = "wasm32")]
        leptos::mount::hydrate_islands();
    }
}

/// Before the islands are hydrated: the packs and texts they read (see
/// `congklak_app::app::boot::islands_ready`).
#[wasm_bindgen]
pub async fn islands_ready() -> bool {
    congklak_app::app::boot::islands_ready(
        "/packs.json",
        congklak_app::game::state::read_bundle,
        None,
    )
    .await
}

/// Once the islands are hydrated (see `congklak_app::app::boot::islands_live`).
#[wasm_bindgen]
pub async fn islands_live() {
    congklak_app::app::boot::islands_live().await
}
