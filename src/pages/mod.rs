//! The pages, one file each.
pub mod about;
pub mod compare;
pub mod packs;
pub mod play;

use crate::i18n::tr;
use crate::use_lang;
use leptos::prelude::*;
use leptos_router::components::A;

/// Any other path.
#[component]
pub fn NotFound() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{move || tr(lang.get(), "notfound.title")}</h1>
        <p><A href="/">{move || tr(lang.get(), "notfound.back")}</A></p>
    }
}
