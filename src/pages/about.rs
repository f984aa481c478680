//! `/about`.
use crate::components::glossary::Glossary;
use crate::i18n::t;
use crate::use_lang;
use leptos::prelude::*;

/// `/about`.
#[component]
pub fn AboutPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, "about.title")}</h1>
        <Glossary/>
    }
}
