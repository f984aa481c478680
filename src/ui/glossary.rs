//! The glossary of traditional terms kept on screen.
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{t, tr};
use leptos::prelude::*;

/// Terms and their meanings, in the chosen language.
const TERMS: [(&str, Key); 9] = [
    ("lumbung", k::GLOSS_LUMBUNG),
    ("biji", k::GLOSS_BIJI),
    ("giliran", k::GLOSS_GILIRAN),
    ("langkah", k::GLOSS_LANGKAH),
    ("menembak", k::GLOSS_MENEMBAK),
    ("sambung", k::GLOSS_SAMBUNG),
    ("ngacang", k::GLOSS_NGACANG),
    ("terbakar", k::GLOSS_TERBAKAR),
    ("menyerah", k::GLOSS_MENYERAH),
];

/// The glossary.
#[component]
pub fn Glossary() -> impl IntoView {
    let lang = use_lang();
    view! {
        <details class="glossary">
            // One element in the summary (a flex box, which would drop the
            // space after the colon between two items of its own).
            <summary>
                <span class="glossary-label">
                    {t(lang, k::GLOSSARY)} ": "
                    <span lang="id">{TERMS.iter().map(|(term, _)| *term).collect::<Vec<_>>().join(", ")}</span>
                </span>
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::texts::i18n::Lang;

    /// "Glosarium: lumbung, …" with its space: the label and the terms sit
    /// in one element of the summary, whose flex layout would otherwise
    /// drop the space at the edge of an item.
    #[test]
    fn the_glossary_label_keeps_its_space() {
        for (lang, word) in [(Lang::Id, "Glosarium"), (Lang::En, "Glossary")] {
            let html = Owner::new().with(|| {
                provide_context(RwSignal::new(lang));
                view! { <Glossary/> }.to_html()
            });
            let summary =
                &html[html.find("<summary>").unwrap() + 9..html.find("</summary>").unwrap()];
            assert!(
                summary.starts_with("<span class=\"glossary-label\">")
                    && summary.trim_end_matches("<!>").ends_with("</span>")
                    && summary.matches("<span").count() == 2,
                "{summary}"
            );
            let text = crate::app::test_pages::text_of(summary);
            assert!(
                text.starts_with(&format!("{word}: lumbung, biji")),
                "{text}"
            );
        }
    }
}
