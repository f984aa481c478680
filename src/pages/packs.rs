//! `/packs` and `/packs/:id`.
use crate::i18n::{t, tr, trf};
use crate::state::packs;
use crate::use_lang;
use congklak::Pack;
use leptos::prelude::*;
use leptos_router::{components::A, hooks::use_params_map};

/// The list of built-in packs by name, each linking to its page.
#[component]
pub fn PackList() -> impl IntoView {
    let lang = use_lang();
    view! {
        <ul class="pack-list">
            {packs()
                .all()
                .iter()
                .map(|p: &'static Pack| {
                    view! {
                        <li data-pack=p.id.clone()>
                            <A href=format!("/packs/{}", p.id)>{move || p.name.get(lang.get().code()).to_owned()}</A>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}

/// `/packs`: every pack.
#[component]
pub fn PacksPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, "packs.title")}</h1>
        <p>{t(lang, "packs.intro")}</p>
        <PackList/>
    }
}

/// `/packs/:id`: one pack.
#[component]
pub fn PackPage() -> impl IntoView {
    let lang = use_lang();
    let params = use_params_map();
    let id = move || params.read().get("id").unwrap_or_default();
    move || {
        let l = lang.get().code();
        match packs().get(&id()) {
            Some(pack) => view! {
                <h1>{pack.name.get(l).to_owned()}</h1>
                <p class="pack-region">{pack.region.get(l).to_owned()}</p>
                <p>{pack.description.get(l).to_owned()}</p>
            }
            .into_any(),
            None => view! {
                <h1>{tr(lang.get(), "notfound.title")}</h1>
                <p>{trf(lang.get(), "pack.notfound", &[&id()])} " " <A href="/packs">{tr(lang.get(), "pack.all")}</A></p>
            }
            .into_any(),
        }
    }
}
