//! The page for any other address.

use crate::ui::i18n::t;
use crate::ui::i18n::use_lang;
use leptos::prelude::*;
use leptos_router::components::A;

/// Any other path; or a page of the site that this browser bundle does not
/// hold (see [`crate::BUNDLES`]): then that page is loaded, as a link from
/// another site would.
#[component]
pub fn NotFound() -> impl IntoView {
    let lang = use_lang();
    let here = leptos_router::hooks::use_location();
    let path = here.pathname.get_untracked();
    if crate::app::meta::is_page(&path) && !crate::ui::hydration::hydrating() {
        // The router writes the address only once this page is drawn: go
        // there by the address it was asked for, a task later, once the
        // router has written it (the browser then replaces that entry: one
        // entry in the history, and Back returns to the page before).
        let search = here.search.get_untracked();
        let query = if search.is_empty() {
            String::new()
        } else {
            format!("?{search}")
        };
        let href = format!("{path}{query}{}", here.hash.get_untracked());
        #[cfg(target_arch = "wasm32")]
        set_timeout(
            move || {
                let _ = window().location().assign(&href);
            },
            std::time::Duration::ZERO,
        );
        #[cfg(not(target_arch = "wasm32"))]
        let _ = href;
        return ().into_any();
    }
    view! {
        <h1>{t(lang, "notfound.title")}</h1>
        <p><A href=lang.get_untracked().path("/")>{t(lang, "notfound.back")}</A></p>
    }
    .into_any()
}
