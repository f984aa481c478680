//! A second client of the same crate, built with other features.
use spike as _;

fn main() {
    #[cfg(feature = "hydrate")]
    leptos::mount::hydrate_islands();
}
