//! `/about`.
use crate::components::glossary::Glossary;
use crate::i18n::tr;
use crate::use_lang;
use leptos::prelude::*;

/// `/about`.
#[component]
pub fn AboutPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{move || tr(lang.get(), "about.title")}</h1>
        <Glossary/>
    }
}
