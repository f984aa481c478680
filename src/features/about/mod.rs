//! `/about`: what congklak is, its names, the board, some history (each fact
//! cited by source key), and Standard Mancala against every pack, worked out
//! from the packs.
use crate::game::state::packs;
use crate::texts::i18n::t;
use crate::texts::i18n::use_lang;
use crate::ui::glossary::Glossary;
use crate::ui::pack_text::ClauseMatrix;
use leptos::prelude::*;
use leptos_router::components::A;

/// The sections of prose: (heading key, text key).
const SECTIONS: [(&str, &str); 5] = [
    ("about.what.h", "about.what"),
    ("about.names.h", "about.names"),
    ("about.board.h", "about.board"),
    ("about.play.h", "about.play"),
    ("about.history.h", "about.history"),
];

/// `/about`.
#[component]
pub fn AboutPage() -> impl IntoView {
    let lang = use_lang();
    // Nothing on this page answers a tap: it is the build's HTML (see
    // `PageRoute::islands`).
    view! {
        <h1>{t(lang, "about.title")}</h1>
        <div class="about-body">
            <div class="about-prose">
                {SECTIONS.iter().map(|&(h, p)| view! {
                    <section>
                        <h2>{t(lang, h)}</h2>
                        <p>{t(lang, p)}</p>
                    </section>
                }).collect_view()}
            </div>
            <section class="about-readings">
                <h2>{t(lang, "about.readings.h")}</h2>
                <p>{t(lang, "about.readings")} " " <A href=lang.get_untracked().path("/packs")>{t(lang, "pack.all")}</A></p>
                <h3>{t(lang, "about.table.title")}</h3>
                <ClauseMatrix packs=packs().all()/>
            </section>
            <section class="about-sources">
                <h2>{t(lang, "about.sources.h")}</h2>
                <p>{t(lang, "about.sources")}</p>
            </section>
            <Glossary/>
        </div>
    }
}
