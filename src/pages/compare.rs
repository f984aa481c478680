//! `/compare`.
use crate::i18n::t;
use crate::use_lang;
use leptos::prelude::*;

/// `/compare`: where the readings part.
#[component]
pub fn ComparePage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, "compare.title")}</h1>
        <p>{t(lang, "compare.intro")}</p>
    }
}
