//! `/packs` and `/packs/:id`.
use crate::components::pack_text::{played_text, pt, serde_name, tk, DiffTable};
use crate::components::parting::PartingFinder;
use crate::i18n::{t, tr, trf, Lang};
use crate::state::packs;
use crate::use_lang;
use congklak::{DivergenceNote, DivergenceStatus, Pack, Source};
use leptos::prelude::*;
use leptos_router::{components::A, hooks::use_params_map};

/// The list of built-in packs: name, region and other names, each linking to its page.
#[component]
pub fn PackList() -> impl IntoView {
    let lang = use_lang();
    view! {
        <ul class="pack-list">
            {packs()
                .all()
                .iter()
                .map(|p: &'static Pack| {
                    let aliases = p.aliases.join(", ");
                    view! {
                        <li data-pack=p.id.clone()>
                            <A href=format!("/packs/{}", p.id)>
                                <span class="pack-name">{pt(lang, &p.name)}</span>
                                <span class="pack-card-region">{pt(lang, &p.region)}</span>
                                {(!aliases.is_empty()).then(|| view! {
                                    <span class="pack-aliases">
                                        {t(lang, "packs.aliases")} ": " <span lang="id">{aliases}</span>
                                    </span>
                                })}
                            </A>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}

/// `/packs`: every pack, and what each sets differently.
#[component]
pub fn PacksPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, "packs.title")}</h1>
        <p>{t(lang, "packs.intro")}</p>
        <PackList/>
        <section class="pack-diffs">
            <h2>{t(lang, "packs.diff.title")}</h2>
            <p>{t(lang, "packs.diff.intro")}</p>
            <DiffTable packs=packs().all()/>
        </section>
    }
}

/// `/packs/:id`: one pack.
#[component]
pub fn PackPage() -> impl IntoView {
    let lang = use_lang();
    let params = use_params_map();
    let id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    move || {
        let id = id.get();
        match packs().get(&id) {
            Some(pack) => view! { <PackDetail pack=pack/> }.into_any(),
            None => view! {
                <h1>{t(lang, "notfound.title")}</h1>
                <p>
                    {move || trf(lang.get(), "pack.notfound", &[&id])} " "
                    <A href="/packs">{t(lang, "pack.all")}</A>
                </p>
            }
            .into_any(),
        }
    }
}

/// Scrolls to the element the address's `#fragment` names, once the page is drawn.
fn scroll_to_hash() {
    let hash = window().location().hash().unwrap_or_default();
    let slug = hash.trim_start_matches('#').to_string();
    if slug.is_empty() {
        return;
    }
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&slug) {
            el.scroll_into_view();
        }
    });
}

/// Everything about one pack.
#[component]
fn PackDetail(pack: &'static Pack) -> impl IntoView {
    let lang = use_lang();
    let results = crate::worker::use_page_results(&format!("/packs/{}", pack.id));
    Effect::new(move |_| scroll_to_hash());
    let names = pack.aliases.join(", ");
    let sizes = pack
        .board_sizes
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let parent = pack.extends.as_deref().and_then(|p| packs().get(p));
    let played = pack
        .divergences
        .iter()
        .filter(|d| matches!(d.status, DivergenceStatus::Played { .. }))
        .count();
    let total = pack.divergences.len();
    view! {
        <h1>{pt(lang, &pack.name)}</h1>
        <p class="pack-region">{pt(lang, &pack.region)}</p>
        <dl class="pack-facts">
            <dt>{t(lang, "pack.names")}</dt>
            <dd lang="id">{names}</dd>
            <dt>{t(lang, "pack.sizes")}</dt>
            <dd>{move || trf(lang.get(), "pack.sizes.value", &[&sizes])}</dd>
            {parent.map(|p| view! {
                <dt>{t(lang, "pack.extends")}</dt>
                <dd><A href=format!("/packs/{}", p.id)>{pt(lang, &p.name)}</A></dd>
            })}
        </dl>
        <p class="pack-description">{pt(lang, &pack.description)}</p>

        <section class="pack-sources">
            <h2>{t(lang, "pack.sources")}</h2>
            <ol class="sources">
                {pack.sources.iter().map(|s| source_view(lang, s)).collect_view()}
            </ol>
        </section>

        <section class="pack-divergences">
            <h2>{t(lang, "pack.divergences")}</h2>
            <p>{move || trf(lang.get(), "pack.div.count", &[&total, &played, &(total - played)])}</p>
            {pack.divergences.iter().map(|d| divergence_view(lang, pack, d, results)).collect_view()}
        </section>

        {(!pack.glossary.is_empty()).then(|| view! {
            <section class="pack-glossary">
                <h2>{t(lang, "pack.glossary")}</h2>
                <dl class="glossary-list">
                    {pack.glossary.iter().map(|g| view! {
                        <dt lang="id">{g.term.clone()}</dt>
                        <dd>{pt(lang, &g.meaning)}</dd>
                    }).collect_view()}
                </dl>
            </section>
        })}
    }
}

fn source_view(lang: RwSignal<Lang>, s: &'static Source) -> impl IntoView {
    let kind = format!("kind.{}", serde_name(&s.kind));
    let confidence = serde_name(&s.confidence);
    let conf_key = format!("confidence.{confidence}");
    view! {
        <li class="source" id=format!("source-{}", s.key) data-key=s.key.clone()>
            <span class="source-title">{s.title.clone()}</span>
            " " <span class="source-key">"(" {s.key.clone()} ")"</span>
            <div class="source-meta">
                <span>{s.publisher.clone()}</span>
                " · " <span class="source-kind">{tk(lang, kind)}</span>
                {s.year.map(|y| view! { " · " <span class="source-year">{y}</span> })}
                " · " <span class={format!("confidence {confidence}")}>
                    {move || trf(lang.get(), "pack.confidence", &[&tr(lang.get(), &conf_key)])}
                </span>
            </div>
            {s.url.clone().map(|u| view! {
                <div class="source-url"><a href=u.clone() rel="noopener" target="_blank">{u.clone()}</a></div>
            })}
            <p class="source-note">{pt(lang, &s.note)}</p>
        </li>
    }
}

/// `results`: whether the build's figures for this page are installed (the
/// finder waits for them rather than compute them again).
fn divergence_view(
    lang: RwSignal<Lang>,
    pack: &'static Pack,
    d: &'static DivergenceNote,
    results: RwSignal<bool>,
) -> impl IntoView {
    let played = matches!(d.status, DivergenceStatus::Played { .. });
    let this_src = d.sources_this.join(", ");
    let other_src = d.sources_other.join(", ");
    view! {
        <article class="divergence" id=d.id.clone()
            data-status=if played { "played" } else { "recorded" }>
            <h3>{pt(lang, &d.title)}</h3>
            <dl>
                <dt>{t(lang, "div.this")}</dt>
                <dd>{pt(lang, &d.this_pack)}</dd>
                <dt>{t(lang, "div.other")}</dt>
                <dd>{pt(lang, &d.other)}</dd>
                <dt>{t(lang, "div.why")}</dt>
                <dd>{pt(lang, &d.why)}</dd>
            </dl>
            <p class="div-status" class:played=played>{move || played_text(lang.get(), &d.status)}</p>
            {(!this_src.is_empty()).then(|| view! {
                <p class="div-sources">{move || trf(lang.get(), "div.sources.this", &[&this_src])}</p>
            })}
            {(!other_src.is_empty()).then(|| view! {
                <p class="div-sources">{move || trf(lang.get(), "div.sources.other", &[&other_src])}</p>
            })}
            {played.then(|| view! { <PartingFinder pack=pack note=d results=results/> })}
        </article>
    }
}
