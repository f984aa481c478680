//! `/compare`.
use crate::i18n::tr;
use crate::use_lang;
use leptos::prelude::*;

/// `/compare`: where the readings part.
#[component]
pub fn ComparePage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{move || tr(lang.get(), "compare.title")}</h1>
        <p>{move || tr(lang.get(), "compare.intro")}</p>
    }
}
