//! The pages, one file each.
pub mod about;
pub mod compare;
pub mod friend;
pub mod learn;
pub mod packs;
pub mod play;
pub mod puzzles;
pub mod stats;

use crate::i18n::t;
use crate::use_lang;
use leptos::prelude::*;
use leptos_router::components::A;

/// Any other path.
#[component]
pub fn NotFound() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, "notfound.title")}</h1>
        <p><A href="/">{t(lang, "notfound.back")}</A></p>
    }
}
