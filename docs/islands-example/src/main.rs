//! Trunk's client: starts Leptos's islands runtime. The islands themselves
//! are wasm exports of the lib (`<Name>_<hash>`), called by public/islands.js.

// Link the lib: a bin that names nothing of it does not link it, and its
// `#[wasm_bindgen]` island exports are then missing from the wasm.
use spike as _;

fn main() {
    #[cfg(feature = "hydrate")]
    leptos::mount::hydrate_islands();
}
