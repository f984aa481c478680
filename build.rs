//! Which islands a build holds (see `PageRoute::islands` and `BUNDLES` in
//! src/app/routes.rs). Every `#[island]` of the crate is an export of every
//! bundle that links it, used or not, so a bundle's islands are islands
//! only where they are wanted; elsewhere they are plain components, which
//! the linker leaves out when nothing draws them:
//!
//! - natively (the build's pages and the tests): all of them;
//! - a debug browser build (Trunk's bundle then draws every page): all;
//! - a release browser build: those of the bundle it is, named by its
//!   feature `<bundle>-islands` (`read-islands` for `congklak-read`,
//!   `app-islands` for Trunk's, and so on).
//!
//! Each bundle's islands are a cfg, `islands_<bundle>`, for
//! `#[cfg_attr(islands_<bundle>, island)]`.
//!
//! And whether a build can draw every page (`draws_pages`: the route
//! table's `view` of each row and the app over them, `App`): natively (the
//! build's pages and the tests) and in a debug browser build (the browser
//! tests mount the apps); a release browser bundle holds its own page's
//! code and no other's.
fn main() {
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    let debug = std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    println!("cargo::rustc-check-cfg=cfg(draws_pages)");
    if !wasm || debug {
        println!("cargo::rustc-cfg=draws_pages");
    }
    for bundle in ["read", "app", "friend", "stats", "puzzles"] {
        println!("cargo::rustc-check-cfg=cfg(islands_{bundle})");
        let feature = format!("CARGO_FEATURE_{}_ISLANDS", bundle.to_uppercase());
        if !wasm || debug || std::env::var_os(feature).is_some() {
            println!("cargo::rustc-cfg=islands_{bundle}");
        }
    }
}
