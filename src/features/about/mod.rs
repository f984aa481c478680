//! `/about`: what congklak is, its names, the board, some history (each fact
//! cited by source key), and Standard Mancala against every pack, worked out
//! from the packs.
use crate::game::state::packs;
use crate::texts::i18n::t;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::ui::glossary::Glossary;
use crate::ui::pack_text::ClauseMatrix;
use leptos::prelude::*;
use leptos_router::components::A;

/// The sections of prose: (heading key, text key).
const SECTIONS: [(Key, Key); 5] = [
    (k::ABOUT_WHAT_H, k::ABOUT_WHAT),
    (k::ABOUT_NAMES_H, k::ABOUT_NAMES),
    (k::ABOUT_BOARD_H, k::ABOUT_BOARD),
    (k::ABOUT_PLAY_H, k::ABOUT_PLAY),
    (k::ABOUT_HISTORY_H, k::ABOUT_HISTORY),
];

/// `/about`.
#[component]
pub fn AboutPage() -> impl IntoView {
    let lang = use_lang();
    // Nothing on this page answers a tap: it is the build's HTML (see
    // `PageRoute::islands`).
    view! {
        <h1>{t(lang, k::ABOUT_TITLE)}</h1>
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
                <h2>{t(lang, k::ABOUT_READINGS_H)}</h2>
                <p>{t(lang, k::ABOUT_READINGS)} " " <A href=lang.get_untracked().path("/packs")>{t(lang, k::PACK_ALL)}</A></p>
                <h3>{t(lang, k::ABOUT_TABLE_TITLE)}</h3>
                <ClauseMatrix packs=packs().all()/>
            </section>
            <section class="about-sources">
                <h2>{t(lang, k::ABOUT_SOURCES_H)}</h2>
                <p>{t(lang, k::ABOUT_SOURCES)}</p>
            </section>
            <Glossary/>
        </div>
    }
}
