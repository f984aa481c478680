//! `/packs` and `/packs/:id`.

pub mod perfect;
use crate::game::state::packs;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{t, tr, tr_named, trf, Lang};
use crate::ui::pack_text::{
    differences_in_words, played_text, pt, serde_name, source_name, tk, DiffTable,
};
use crate::ui::parting::{effects_line, find_parting, standing_out, Found, PartingFinder, GAMES};
use congklak::{DivergenceNote, DivergenceStatus, Pack, Source};
use leptos::prelude::*;
use leptos_router::{components::A, hooks::use_location};

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
                                        {t(lang, k::PACKS_ALIASES)} ": " <span lang="id">{aliases}</span>
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
        <h1>{t(lang, k::PACKS_TITLE)}</h1>
        <p>{t(lang, k::PACKS_INTRO)}</p>
        <PackList/>
        <section class="pack-diffs">
            <h2>{t(lang, k::PACKS_DIFF_TITLE)}</h2>
            <p>{t(lang, k::PACKS_DIFF_INTRO)}</p>
            <DiffTable packs=packs().all()/>
        </section>
    }
}

/// The pack's id in the address of its page (`/packs/<id>`, `/id/packs/<id>`).
fn pack_id(path: &str) -> &str {
    crate::texts::i18n::split_lang(path)
        .1
        .strip_prefix("/packs/")
        .unwrap_or_default()
        .trim_end_matches('/')
}

/// `/packs/<id>`: one pack.
#[component]
pub fn PackPage() -> impl IntoView {
    let lang = use_lang();
    let location = use_location();
    let id = Memo::new(move |_| pack_id(&location.pathname.get()).to_string());
    move || {
        let id = id.get();
        match packs().get(&id) {
            Some(pack) => view! { <PackDetail pack=pack/> }.into_any(),
            None => view! {
                <h1>{t(lang, k::NOTFOUND_TITLE)}</h1>
                <p>
                    {move || trf(lang.get(), k::PACK_NOTFOUND, &[&id])} " "
                    <A href=lang.get_untracked().path("/packs")>{t(lang, k::PACK_ALL)}</A>
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
                        view! { <p class="pack-special">{tr(lang, k::PACK_SPECIAL_COMMON)}</p> }.into_any()
                    } else if list.is_empty() {
                        view! { <p class="pack-special">{tr(lang, k::PACK_SPECIAL_NONE)}</p> }.into_any()
                    } else {
                        view! {
                            <p class="pack-special">{tr(lang, k::PACK_SPECIAL)}</p>
                            <ul class="pack-special-list">
                                {list.into_iter().map(|d| view! { <li>{d}</li> }).collect_view()}
                            </ul>
                        }.into_any()
                    }
                }}
                <A href=lang.get_untracked().path(&format!("/?new={}", pack.id)) attr:class="btn primary" attr:data-testid="play-pack">
                    {t(lang, k::PACK_PLAY)}
                </A>
                <DivergenceRanking found=ranked()/>
            </section>
            <dl class="pack-facts">
                <dt>{t(lang, k::PACK_NAMES)}</dt>
                <dd lang="id">{names.clone()}</dd>
                <dt>{t(lang, k::PACK_SIZES)}</dt>
                <dd>{
                    let sizes = sizes.clone();
                    move || trf(lang.get(), k::PACK_SIZES_VALUE, &[&sizes])
                }</dd>
                {parent.map(|p| view! {
                    <dt>{t(lang, k::PACK_EXTENDS)}</dt>
                    <dd><A href=lang.get_untracked().path(&format!("/packs/{}", p.id))>{pt(lang, &p.name)}</A></dd>
                })}
            </dl>
            <p class="pack-description">{pt(lang, &pack.description)}</p>
        </div>

        <div class="pack-rest">
            <section class="pack-divergences">
                <h2>{t(lang, k::PACK_DIVERGENCES)}</h2>
                <p>{move || trf(lang.get(), k::PACK_DIV_COUNT, &[&total, &played, &(total - played)])}</p>
                {found().into_iter().map(|(d, f)| divergence_view(lang, pack, d, f)).collect_view()}
            </section>
        </div>
        <div class="pack-rest">
            <crate::features::packs::perfect::PerfectPlay pack=pack/>

            <section class="pack-sources">
                <h2>{t(lang, k::PACK_SOURCES)}</h2>
                <ol class="sources">
                    {pack.sources.iter().map(|s| source_view(lang, s)).collect_view()}
                </ol>
            </section>

            {(!pack.glossary.is_empty()).then(|| view! {
                <section class="pack-glossary">
                    <h2>{t(lang, k::PACK_GLOSSARY)}</h2>
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

/// A divergence's figure in the ranking: the strongest of what its other
/// reading changes beyond chance (see [`standing_out`]); else "never
/// changes the winner" or "nothing stands out"; and whether most games
/// under the other reading, unlike this pack's, stopped at a limit.
fn ranking_figure(lang: Lang, s: &congklak::Stats) -> String {
    let found = standing_out(lang, s);
    let mut figure = match found.into_iter().next() {
        Some(f) => f,
        None if s.winner_changed == 0 => trf(lang, k::PACK_RANKING_NEVER, &[&GAMES]),
        None => trf(lang, k::PACK_RANKING_NONE, &[&GAMES]),
    };
    if s.mostly_capped(1) && !s.mostly_capped(0) {
        figure.push_str("; ");
        figure.push_str(tr(lang, k::PACK_RANKING_CAPPED));
    }
    figure
}

/// Where a divergence goes in the ranking: those with a figure beyond
/// chance first, the strongest first; then by how often the winner changes.
fn rank(s: &congklak::Stats) -> (bool, u64, u32) {
    let strongest = s.effects.standing_out().first().map(|(_, e)| e.strength());
    (
        strongest.is_some(),
        // Strengths in hundredths, to order them as integers.
        (strongest.unwrap_or(0.0) * 100.0).round() as u64,
        s.winner_changed,
    )
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
    // This pack's own sample games are the same under every disagreement:
    // whether most stop at a limit is said once, here.
    let figures: Vec<Found> = played.iter().map(|(_, f)| *f).collect();
    let capped = move || {
        figures.iter().any(|f| {
            f.stats
                .with(|s| s.as_ref().is_some_and(|s| s.mostly_capped(0)))
        })
    };
    let rows = move || {
        let mut rows: Vec<(&'static DivergenceNote, Option<congklak::Stats>)> =
            played.iter().map(|(d, f)| (*d, f.stats.get())).collect();
        // What stands out most from chance first, then the rest by the
        // winners they change; unknown figures last, in the pack's order.
        rows.sort_by_key(|(_, s)| std::cmp::Reverse(s.as_ref().map(rank)));
        rows
    };
    view! {
        <h2 class="pack-ranking-title">{t(lang, k::PACK_RANKING)}</h2>
        {move || capped().then(|| view! {
            <p class="pack-capped" data-testid="pack-capped">{t(lang, k::PACK_CAPPED)}</p>
        })}
        <ol class="pack-ranking" data-testid="pack-ranking">
            {move || rows().into_iter().map(|(d, s)| {
                let changed = s.as_ref().map(|s| s.winner_changed.to_string());
                let chance = s.as_ref().map(|s| s.effects.standing_out().is_empty().to_string());
                let strength = s.as_ref().map(|s| rank(s).1.to_string());
                view! {
                <li data-divergence=d.id.clone() data-winner-changed=changed data-chance=chance data-strength=strength>
                    // The shell's script unfolds the divergence it leads to
                    // (see `index.html`).
                    <a href=format!("#{}", d.id)>{pt(lang, &d.title)}</a>
                    ": " <span class="ranking-figure">{move || match &s {
                        Some(s) => ranking_figure(lang.get(), s),
                        None => tr(lang.get(), k::PACK_RANKING_BUSY).to_string(),
                    }}</span>
                </li>
                }
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
            <span class="source-title">{move || s.title.get(lang.get().code()).to_string()}</span>
            <div class="source-meta">
                <span class="source-publisher">{move || s.publisher.get(lang.get().code()).to_string()}</span>
                " · " <span class="source-kind">{tk(lang, kind)}</span>
                {s.language.clone().filter(|l| crate::texts::i18n::has(&format!("language.{l}"))).map(|l| {
                    let key = format!("language.{l}");
                    view! { " · " <span class="source-language">{move || tr_named(lang.get(), &key)}</span> }
                })}
                {s.year.map(|y| view! { " · " <span class="source-year">{y}</span> })}
                " · " <span class={format!("confidence {confidence}")}>
                    {move || trf(lang.get(), k::PACK_CONFIDENCE, &[&tr_named(lang.get(), &conf_key)])}
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
fn source_links(lang: RwSignal<Lang>, key: Key, keys: &'static [String]) -> impl IntoView {
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
        Some(s) => effects_line(lang.get(), &s),
        None if played => tr(lang.get(), k::DIV_LINE_BUSY).to_string(),
        None => tr(lang.get(), k::DIV_LINE_RECORDED).to_string(),
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
                    <dt>{t(lang, k::DIV_THIS)}</dt>
                    <dd>{pt(lang, &d.this_pack)}</dd>
                    <dt>{t(lang, k::DIV_OTHER)}</dt>
                    <dd>{pt(lang, &d.other)}</dd>
                    <dt>{t(lang, k::DIV_WHY)}</dt>
                    <dd>{pt(lang, &d.why)}</dd>
                </dl>
                <p class="div-status" class:played=played>{move || played_text(lang.get(), &d.status)}</p>
                {source_links(lang, k::DIV_SOURCES_THIS, &d.sources_this)}
                {source_links(lang, k::DIV_SOURCES_OTHER, &d.sources_other)}
                {found.map(|f| view! { <PartingFinder pack=pack note=d found=f/> })}
            </div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_page_reads_its_pack_from_its_address_in_either_language() {
        assert_eq!(pack_id("/packs/umum"), "umum");
        assert_eq!(pack_id("/id/packs/sungka"), "sungka");
        assert_eq!(pack_id("/packs/umum/"), "umum");
        assert_eq!(pack_id("/about"), "");
    }

    /// Figures of 1000 games of which `changed` change winner; the share
    /// of winners changed `winner` and the first mover's `first` as effects
    /// (shift, baseline, margin); the first mover winning 700 games under
    /// this pack and 600 under the other.
    fn figures(changed: u32, winner: [f64; 3], first: [f64; 3]) -> congklak::Stats {
        let effect = |[shift, baseline, margin]: [f64; 3]| congklak::Effect {
            shift,
            baseline,
            margin,
        };
        congklak::Stats {
            games: 1000,
            parted: 1000,
            winner_changed: changed,
            first_mover_wins: [700, 600],
            effects: congklak::Effects {
                winner: effect(winner),
                first_mover: effect(first),
                ..Default::default()
            },
            ..Default::default()
        }
    }

    /// The ranking and the folded lines say only what stands out from
    /// chance (the same games with one random move changed), strongest
    /// first, in the page's language; "never" for a reading that changes no
    /// winner; "nothing stands out" where nothing does.
    #[test]
    fn a_disagreement_says_only_what_stands_out_from_chance() {
        let none = [0.0; 3];
        assert_eq!(
            ranking_figure(Lang::En, &figures(0, none, none)),
            "never changes the winner in 1000 sample games"
        );
        assert_eq!(
            effects_line(Lang::En, &figures(0, none, none)),
            "The other reading never changes the winner in 1000 sample games."
        );
        // Half the winners change either way: nothing stands out.
        let chaos = figures(500, [0.5, 0.49, 0.04], [0.01, 0.0, 0.04]);
        assert_eq!(
            ranking_figure(Lang::En, &chaos),
            "nothing stands out from chance in 1000 sample games"
        );
        assert_eq!(
            effects_line(Lang::En, &chaos),
            "Over 1000 sample games the other reading changes nothing more than changing one random move does: the winner changes in 50% of games, against 49%."
        );
        assert!(effects_line(Lang::Id, &chaos).contains("tidak mengubah apa pun lebih dari"));
        // The winner changes more than chance, the first mover's wins more
        // still (in standard errors): that comes first in the ranking.
        let clause = figures(620, [0.62, 0.48, 0.04], [-0.1, 0.0, 0.02]);
        assert_eq!(
            ranking_figure(Lang::En, &clause),
            "the first player's wins change by -10.0 points, against 0.0 (± 2)"
        );
        assert_eq!(
            effects_line(Lang::En, &clause),
            "Over 1000 sample games, against the same games with one random move changed instead, under the other reading the first player's wins change by -10.0 points, against 0.0 (± 2); the winner changes in 62% of games, against 48% (± 4 points)."
        );
        assert_eq!(
            ranking_figure(Lang::Id, &clause),
            "kemenangan pemain yang jalan pertama berubah \u{2212}10,0 poin, dibanding 0,0 (± 2)"
        );
        assert!(rank(&clause) > rank(&chaos) && rank(&chaos) > rank(&figures(0, none, none)));
        // A share with decimals is written in the language's way; no "0.0%".
        let small = figures(7, [0.007, 0.0, 0.005], none);
        assert!(effects_line(Lang::Id, &small).contains("0,7% permainan, dibanding 0%"));
        for f in [small, chaos, clause] {
            for lang in [Lang::En, Lang::Id] {
                let texts = [ranking_figure(lang, &f), effects_line(lang, &f)];
                assert!(texts
                    .iter()
                    .all(|t| !t.contains("0.0%") && !t.contains("0,0%")));
            }
        }
        // Games mostly stopped at a limit under the other reading only say
        // so; where this pack's are too, the page says it once.
        let capped = congklak::Stats {
            capped: [0, 1000],
            ..figures(500, [0.5, 0.49, 0.04], none)
        };
        assert!(ranking_figure(Lang::En, &capped)
            .ends_with("; under it most games stopped at the limit of moves or rounds"));
        assert!(effects_line(Lang::En, &capped)
            .ends_with("say more about the limit than about its rules."));
        let both = congklak::Stats {
            capped: [900, 1000],
            ..capped.clone()
        };
        let free = figures(500, [0.5, 0.49, 0.04], none);
        assert_eq!(
            ranking_figure(Lang::En, &both),
            ranking_figure(Lang::En, &free)
        );
        assert_eq!(effects_line(Lang::En, &both), effects_line(Lang::En, &free));
    }

    /// Words of an English description that an Indonesian page must not
    /// show in a source's publisher.
    const ENGLISH: &[&str] = &[
        "not named",
        "our copy",
        "read ",
        "copies",
        "English",
        "older",
        "after ",
        "shown",
        "seller",
        "document",
        "essay",
        "author",
        "publisher",
        "Publisher",
        "information page",
        "school",
        "office",
        "repository",
        "game system",
        "specialist",
        "wiki (",
        "web app",
        "scans",
    ];

    /// An Indonesian pack page names each source's publisher in Indonesian
    /// (a name that reads the same in both stays as it is).
    #[test]
    fn sources_are_described_in_the_pages_language() {
        let set = congklak::PackSet::builtin();
        let mut described = 0;
        for pack in set.all() {
            for s in &pack.sources {
                let (id, en) = (s.publisher.get("id"), s.publisher.get("en"));
                for word in ENGLISH {
                    assert!(!id.contains(word), "{}: {id}", pack.id);
                }
                if id != en {
                    described += 1;
                }
            }
        }
        assert!(described > 20, "{described} publishers in Indonesian");
        let sungka = set.get("sungka").unwrap();
        let wiki = sungka
            .sources
            .iter()
            .find(|s| s.key == "mw-sungka")
            .unwrap();
        assert_eq!(
            wiki.publisher.get("id"),
            "Wiki Mancala World (dibaca lewat salinan halamannya)"
        );
        assert_eq!(
            wiki.publisher.get("en"),
            "Mancala World wiki (read through copies of the page)"
        );
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod pages {
    use crate::app::test_pages::{drawn, text_of};

    /// A pack page as the build draws it: no "0.0%" of winners changed, the
    /// perfect-play margins in words, and in Indonesian one number format
    /// (no decimal point, no hyphen for a minus) and the sources described
    /// in Indonesian.
    #[test]
    fn a_pack_page_reads_its_figures_in_words_and_in_its_language() {
        let en = text_of(&drawn("/packs/umum"));
        for bad in ["winner in 0.0%", "ahead by"] {
            let at = en.find(bad).map(|at| &en[at.saturating_sub(60)..at + 20]);
            assert_eq!(at, None, "/packs/umum: {bad}");
        }
        assert!(
            en.contains("seeds ahead"),
            "/packs/umum: the margins in words"
        );
        let id = text_of(&drawn("/id/packs/umum"));
        let point = id
            .as_bytes()
            .windows(3)
            .position(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
        assert_eq!(
            point.map(|at| &id[at.saturating_sub(40)..at + 10]),
            None,
            "a decimal point"
        );
        assert!(
            !id.contains("not named in our copy"),
            "an English publisher"
        );
        assert!(id.contains("tidak disebut dalam salinan kami"));
    }
}
