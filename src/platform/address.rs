//! The address bar of a page without a router (the play page, see
//! [`crate::PlayApp`]): its query read once the page is live, and the
//! game's link written back as the game goes on.

/// The value of `name` in the address's query string (`?g=…&vs=…`), decoded
/// by the browser; off the browser (the build's pre-render) there is none.
pub fn query(name: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let search = leptos::prelude::window()
            .location()
            .search()
            .unwrap_or_default();
        web_sys::UrlSearchParams::new_with_str(&search)
            .ok()?
            .get(name)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = name;
        None
    }
}

/// Puts `url` in the address bar in place of the current address (no new
/// entry in the history). Does nothing off the browser.
pub fn replace(url: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Ok(history) = leptos::prelude::window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = url;
}
