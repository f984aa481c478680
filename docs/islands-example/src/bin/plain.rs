//! The same page hydrated whole, without islands mode (size comparison).
fn main() {
    #[cfg(feature = "hydrate")]
    leptos::mount::hydrate_body(spike::Page);
}
