//! The glossary of traditional terms kept on screen.
use crate::ui::i18n::use_lang;
use crate::ui::i18n::{t, tr};
use leptos::prelude::*;

/// Terms and their meanings, in the chosen language.
const TERMS: [(&str, &str); 6] = [
    ("lumbung", "gloss.lumbung"),
    ("biji", "gloss.biji"),
    ("menembak", "gloss.menembak"),
    ("sambung", "gloss.sambung"),
    ("ngacang", "gloss.ngacang"),
    ("terbakar", "gloss.terbakar"),
];

/// The glossary.
#[component]
pub fn Glossary() -> impl IntoView {
    let lang = use_lang();
    view! {
        <details class="glossary">
            <summary>
                {t(lang, "glossary")} ": "
                <span lang="id">{TERMS.iter().map(|(term, _)| *term).collect::<Vec<_>>().join(", ")}</span>
            </summary>
            <dl>
                {TERMS.iter().map(|&(term, key)| view! {
                    <dt lang="id">{term}</dt>
                    <dd>{move || tr(lang.get(), key)}</dd>
                }).collect_view()}
            </dl>
        </details>
    }
}
