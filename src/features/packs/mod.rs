//! `/packs` and `/packs/:id`.

pub mod perfect;
use crate::game::state::packs;
use crate::ui::i18n::use_lang;
use crate::ui::i18n::{t, tr, trf, Lang};
use crate::ui::numbers::percent;
use crate::ui::pack_text::{
    differences_in_words, played_text, pt, serde_name, source_name, tk, DiffTable,
};
use crate::ui::parting::{find_parting, Found, PartingFinder, GAMES};
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
                            <A href=lang.get_untracked().path(&format!("/packs/{}", p.id))>
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
                    <A href=lang.get_untracked().path("/packs")>{t(lang, "pack.all")}</A>
                </p>
            }
            .into_any(),
        }
    }
}

/// Everything about one pack.
#[component]
fn PackDetail(pack: &'static Pack) -> impl IntoView {
    let lang = use_lang();
    let results = crate::jobs::client::use_page_results(&format!("/packs/{}", pack.id));
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
    // The finder's answers, asked once, by whichever part is drawn first, so
    // that the summary at the top and each divergence read the same ones.
    let asked = std::sync::Arc::new(std::sync::OnceLock::new());
    let found = move || -> Vec<(&'static DivergenceNote, Option<Found>)> {
        asked
            .get_or_init(|| {
                pack.divergences
                    .iter()
                    .map(|d| {
                        let f = matches!(d.status, DivergenceStatus::Played { .. })
                            .then(|| find_parting(pack, d, results.into()));
                        (d, f)
                    })
                    .collect::<Vec<_>>()
            })
            .clone()
    };
    let ranked = found.clone();
    view! {
        <h1>{pt(lang, &pack.name)}</h1>
        <p class="pack-region">{pt(lang, &pack.region)}</p>
        <div class="pack-top">
            <section class="pack-summary" data-testid="pack-summary">
                {move || {
                    let lang = lang.get();
                    let list = differences_in_words(lang, &pack.rules);
                    if pack.id == "umum" {
                        view! { <p class="pack-special">{tr(lang, "pack.special.common")}</p> }.into_any()
                    } else if list.is_empty() {
                        view! { <p class="pack-special">{tr(lang, "pack.special.none")}</p> }.into_any()
                    } else {
                        view! {
                            <p class="pack-special">{tr(lang, "pack.special")}</p>
                            <ul class="pack-special-list">
                                {list.into_iter().map(|d| view! { <li>{d}</li> }).collect_view()}
                            </ul>
                        }.into_any()
                    }
                }}
                <A href=lang.get_untracked().path(&format!("/?new={}", pack.id)) attr:class="btn primary" attr:data-testid="play-pack">
                    {t(lang, "pack.play")}
                </A>
                <DivergenceRanking found=ranked()/>
            </section>
            <dl class="pack-facts">
                <dt>{t(lang, "pack.names")}</dt>
                <dd lang="id">{names.clone()}</dd>
                <dt>{t(lang, "pack.sizes")}</dt>
                <dd>{
                    let sizes = sizes.clone();
                    move || trf(lang.get(), "pack.sizes.value", &[&sizes])
                }</dd>
                {parent.map(|p| view! {
                    <dt>{t(lang, "pack.extends")}</dt>
                    <dd><A href=lang.get_untracked().path(&format!("/packs/{}", p.id))>{pt(lang, &p.name)}</A></dd>
                })}
            </dl>
            <p class="pack-description">{pt(lang, &pack.description)}</p>
        </div>

        <div class="pack-rest">
            <section class="pack-divergences">
                <h2>{t(lang, "pack.divergences")}</h2>
                <p>{move || trf(lang.get(), "pack.div.count", &[&total, &played, &(total - played)])}</p>
                {found().into_iter().map(|(d, f)| divergence_view(lang, pack, d, f)).collect_view()}
            </section>
        </div>
        <div class="pack-rest">
            <crate::features::packs::perfect::PerfectPlay pack=pack/>

            <section class="pack-sources">
                <h2>{t(lang, "pack.sources")}</h2>
                <ol class="sources">
                    {pack.sources.iter().map(|s| source_view(lang, s)).collect_view()}
                </ol>
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
        </div>
    }
}

/// The played divergences ranked by how often the other reading changes
/// the winner over the sample games, each linking to its section; in the
/// pack's order while the figures are still coming.
#[component]
fn DivergenceRanking(found: Vec<(&'static DivergenceNote, Option<Found>)>) -> impl IntoView {
    let lang = use_lang();
    let played: Vec<(&'static DivergenceNote, Found)> = found
        .into_iter()
        .filter_map(|(d, f)| f.map(|f| (d, f)))
        .collect();
    if played.is_empty() {
        return ().into_any();
    }
    let rows = move || {
        let mut rows: Vec<(&'static DivergenceNote, Option<u32>)> = played
            .iter()
            .map(|(d, f)| (*d, f.stats.with(|s| s.as_ref().map(|s| s.winner_changed))))
            .collect();
        // Most winners changed first; unknown figures last, in the pack's order.
        rows.sort_by_key(|(_, n)| std::cmp::Reverse(n.map(|n| n as i64).unwrap_or(-1)));
        rows
    };
    view! {
        <h2 class="pack-ranking-title">{t(lang, "pack.ranking")}</h2>
        <ol class="pack-ranking" data-testid="pack-ranking">
            {move || rows().into_iter().map(|(d, n)| view! {
                <li data-divergence=d.id.clone() data-winner-changed=n.map(|n| n.to_string())>
                    // The shell's script unfolds the divergence it leads to
                    // (see `index.html`).
                    <a href=format!("#{}", d.id)>{pt(lang, &d.title)}</a>
                    " " <span class="ranking-figure">{move || match n {
                        Some(n) => trf(lang.get(), "pack.ranking.figure", &[&percent(n, GAMES as u32), &n, &GAMES]),
                        None => tr(lang.get(), "pack.ranking.busy").to_string(),
                    }}</span>
                </li>
            }).collect_view()}
        </ol>
    }
    .into_any()
}

fn source_view(lang: RwSignal<Lang>, s: &'static Source) -> impl IntoView {
    let kind = format!("kind.{}", serde_name(&s.kind));
    let confidence = serde_name(&s.confidence);
    let conf_key = format!("confidence.{confidence}");
    view! {
        <li class="source" id=format!("source-{}", s.key) data-key=s.key.clone()>
            <span class="source-title">{s.title.clone()}</span>
            <div class="source-meta">
                <span>{s.publisher.clone()}</span>
                " · " <span class="source-kind">{tk(lang, kind)}</span>
                {s.language.clone().filter(|l| crate::ui::i18n::has(&format!("language.{l}"))).map(|l| {
                    let key = format!("language.{l}");
                    view! { " · " <span class="source-language">{move || tr(lang.get(), &key)}</span> }
                })}
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

/// A source list as links to the sources on this page, by their titles.
fn source_links(lang: RwSignal<Lang>, key: &'static str, keys: &'static [String]) -> impl IntoView {
    (!keys.is_empty()).then(|| {
        view! {
            <p class="div-sources">
                {t(lang, key)} " "
                {keys.iter().enumerate().map(|(i, k)| view! {
                    {(i > 0).then_some("; ")}
                    <a href=format!("#source-{k}")>{move || source_name(lang.get(), k)}</a>
                }).collect_view()}
            </p>
        }
    })
}

/// One divergence, folded to its title and one line (what the other reading
/// changes, or that it is recorded only) until opened.
fn divergence_view(
    lang: RwSignal<Lang>,
    pack: &'static Pack,
    d: &'static DivergenceNote,
    found: Option<Found>,
) -> impl IntoView {
    let played = found.is_some();
    let line = move || match found.and_then(|f| f.stats.get()) {
        Some(s) => trf(
            lang.get(),
            "div.line",
            &[&percent(s.winner_changed, GAMES as u32), &GAMES],
        ),
        None if played => tr(lang.get(), "div.line.busy").to_string(),
        None => tr(lang.get(), "div.line.recorded").to_string(),
    };
    view! {
        <details class="divergence" id=d.id.clone()
            data-status=if played { "played" } else { "recorded" }>
            <summary>
                <h3>{pt(lang, &d.title)}</h3>
                <span class="div-line">{line}</span>
            </summary>
            <div class="div-body">
                <dl>
                    <dt>{t(lang, "div.this")}</dt>
                    <dd>{pt(lang, &d.this_pack)}</dd>
                    <dt>{t(lang, "div.other")}</dt>
                    <dd>{pt(lang, &d.other)}</dd>
                    <dt>{t(lang, "div.why")}</dt>
                    <dd>{pt(lang, &d.why)}</dd>
                </dl>
                <p class="div-status" class:played=played>{move || played_text(lang.get(), &d.status)}</p>
                {source_links(lang, "div.sources.this", &d.sources_this)}
                {source_links(lang, "div.sources.other", &d.sources_other)}
                {found.map(|f| view! { <PartingFinder pack=pack note=d found=f/> })}
            </div>
        </details>
    }
}
