//! The page for any other address (`404.html`, which static hosts serve
//! for an address they have no file for), drawn by the build.

use crate::texts::i18n::k;
use crate::texts::i18n::t;
use crate::texts::i18n::use_lang;
use leptos::prelude::*;

/// Any other path: the heading and a way home.
#[component]
pub fn NotFound() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, k::NOTFOUND_TITLE)}</h1>
        <p><a href=lang.get_untracked().path("/")>{t(lang, k::NOTFOUND_BACK)}</a></p>
    }
}
