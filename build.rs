//! Which builds hold the islands (see `PageRoute::islands` in
//! src/app/routes.rs), and which can draw every page.
//!
//! Every `#[island]` of the crate is an export of every bundle that links
//! it, used or not, so the islands are islands (the cfg `islands`) only
//! where they are wanted; elsewhere they are plain components, which the
//! linker leaves out when nothing draws them:
//!
//! - natively (the build's pages and the tests): all of them;
//! - a debug browser build (Trunk's bundle then draws every page): all;
//! - a release browser build: the islands bundle (`congklak-islands`, built
//!   with the feature `islands-bundle` by scripts/route-pages.sh), where
//!   each island's code is a part of its own, fetched when a page first
//!   shows it; not the play page's bundle, nor Trunk's.
//!
//! And whether a build can draw every page (`draws_pages`: the route
//! table's `view` of each row and the app over them, `App`): natively (the
//! build's pages and the tests) and in a debug browser build (the browser
//! tests mount the apps); a release browser bundle draws no page.
fn main() {
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    let debug = std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    println!("cargo::rustc-check-cfg=cfg(draws_pages)");
    if !wasm || debug {
        println!("cargo::rustc-cfg=draws_pages");
    }
    println!("cargo::rustc-check-cfg=cfg(islands)");
    if !wasm || debug || std::env::var_os("CARGO_FEATURE_ISLANDS_BUNDLE").is_some() {
        println!("cargo::rustc-cfg=islands");
    }
}
