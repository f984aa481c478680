//! `/compare`: one seeded game under two rulesets, side by side, from the
//! first move to both ends. Until the readings part both play the same moves;
//! after the parting turn each goes on under its own rules with the same
//! seeded player (the engine's `compare`). The address carries the whole
//! comparison: `?a=<ruleset>&b=<ruleset>&seed=<n>&t=<turn>`, where a ruleset
//! is a pack id or a custom ruleset's text (as in game records).

use crate::game::board_view::BoardView;
use crate::game::state::{packs, GameProblem};
use crate::jobs::client::{cancel, submit, Job, Reply};
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{t, tr, trf, Lang, Say};
use crate::ui::board::Board;
use crate::ui::board_text::result_text;
use crate::ui::kept::Kept;
use crate::ui::pack_text::{clause_name, json_text, reading_words, source_names};
use congklak::{compare, landmarks, Divergence, Landmark, Player, Position, Rules, Ruleset};
use leptos::prelude::*;

/// A side of the comparison.
#[derive(Clone, Debug, PartialEq)]
struct Side {
    text: String,
    rules: Rules,
    name: String,
}

fn side(text: &str, lang: Lang) -> Result<Side, GameProblem> {
    let ruleset = Ruleset::parse(text).map_err(|e| GameProblem::of(&e))?;
    let rules = ruleset.rules(packs()).map_err(|e| GameProblem::of(&e))?;
    let base = packs()
        .get(ruleset.base())
        .map(|p| p.name.get(lang.code()).to_string())
        .unwrap_or_default();
    let name = match &ruleset {
        Ruleset::Pack(_) => base,
        Ruleset::Custom { set, .. } => {
            let changes: Vec<String> = set
                .iter()
                .map(|(k, v)| crate::ui::pack_text::clause_words(lang, k, v))
                .collect();
            format!("{base} ({})", changes.join("; "))
        }
    };
    Ok(Side {
        text: text.to_string(),
        rules,
        name,
    })
}

/// Why a comparison's address cannot be opened.
#[derive(Clone, Debug, PartialEq)]
enum CompareProblem {
    /// Its game number is not a whole number.
    Seed,
    /// Its first ruleset cannot be had.
    First(GameProblem),
    /// Its second ruleset cannot be had.
    Second(GameProblem),
}

impl Say for CompareProblem {
    fn say(&self, lang: Lang) -> String {
        match self {
            CompareProblem::Seed => tr(lang, k::COMPARE_SEED_BAD).into(),
            CompareProblem::First(e) => format!("{}: {}", tr(lang, k::COMPARE_A), e.say(lang)),
            CompareProblem::Second(e) => format!("{}: {}", tr(lang, k::COMPARE_B), e.say(lang)),
        }
    }
}

/// The comparison as the address gives it.
#[derive(Clone, Debug, PartialEq)]
struct Comparison {
    a: Side,
    b: Side,
    seed: u64,
    game: Divergence,
}

/// The comparison shown without a query, which the form also shows (and
/// Compare uses) in place of what a broken address asked for.
const DEFAULT_A: &str = "umum";
const DEFAULT_B: &str = "congkak-melayu";
const DEFAULT_SEED: &str = "1";

fn read_query(lang: Lang, default: bool) -> (Result<Comparison, CompareProblem>, usize) {
    let get = |k: &str| {
        if default {
            None
        } else {
            crate::platform::address::query(k)
        }
    };
    let a = get("a").unwrap_or_else(|| DEFAULT_A.into());
    let b = get("b").unwrap_or_else(|| DEFAULT_B.into());
    let seed = get("seed").unwrap_or_else(|| DEFAULT_SEED.into());
    let turn = get("t").and_then(|t| t.parse().ok()).unwrap_or(0);
    (comparison_of(&a, &b, &seed, lang), turn)
}

/// The comparison of rulesets `a` and `b` (texts) on the seed `seed`, or what is wrong.
fn comparison_of(a: &str, b: &str, seed: &str, lang: Lang) -> Result<Comparison, CompareProblem> {
    let seed: u64 = seed.parse().map_err(|_| CompareProblem::Seed)?;
    let a = side(a, lang).map_err(CompareProblem::First)?;
    let b = side(b, lang).map_err(CompareProblem::Second)?;
    let game = compare(&a.rules, &b.rules, seed);
    Ok(Comparison { a, b, seed, game })
}

fn write_query(c: &Comparison, turn: usize) {
    let query = format!("?a={}&b={}&seed={}&t={turn}", c.a.text, c.b.text, c.seed);
    if let Ok(h) = window().history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&query));
    }
}

fn position_after(rules: &Rules, moves: &[congklak::Move], n: usize) -> Position {
    Position::new(rules)
        .replay(rules, &moves[..n.min(moves.len())])
        .unwrap_or_else(|e| *e.before)
}

/// One option a pack, named in the chosen language, selected when it is
/// the ruleset shown (a custom ruleset shows as its own first option).
fn pack_options(lang: RwSignal<Lang>, current: Signal<Option<String>>) -> impl IntoView {
    packs()
        .all()
        .iter()
        .map(|p| {
            let id = p.id.clone();
            let here = id.clone();
            view! {
                <option value=id selected=move || current.with(|c| c.as_deref() == Some(here.as_str()))>
                    {move || p.name.get(lang.get().code()).to_string()}
                </option>
            }
        })
        .collect_view()
}

/// A labelled choice of pack for one side of the form, showing the ruleset
/// in the comparison (a custom one as "custom rules based on …"), or
/// `fallback` when there is no comparison (a broken address).
fn pack_select(
    lang: RwSignal<Lang>,
    testid: &'static str,
    label: Key,
    chosen: RwSignal<String>,
    shown: Signal<Option<Side>>,
    fallback: &'static str,
) -> impl IntoView {
    // The pack shown, or none for a custom ruleset (its own option then).
    let current = Signal::derive(move || {
        shown.with(|s| match s {
            Some(s) => match Ruleset::parse(&s.text) {
                Ok(Ruleset::Pack(id)) => Some(id),
                _ => None,
            },
            None => Some(fallback.to_string()),
        })
    });
    let custom = move || {
        shown.with(|s| {
            s.as_ref()
                .filter(|_| current.with(Option::is_none))
                .map(|s| trf(lang.get(), k::COMPARE_CUSTOM, &[&s.name]))
        })
    };
    view! {
        <label>
            <span>{t(lang, label)}</span>
            <select data-testid=testid on:change=move |ev| chosen.set(event_target_value(&ev))>
                {move || custom().map(|name| view! { <option value="" selected=true>{name}</option> })}
                {pack_options(lang, current)}
            </select>
        </label>
    }
}

/// `/compare`: its title and introduction, drawn by the build alone, and
/// the comparison, which comes alive in the browser ([`CompareLive`]).
#[component]
pub fn ComparePage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, k::COMPARE_TITLE)}</h1>
        <p>{t(lang, k::COMPARE_INTRO)}</p>
        <CompareLive/>
    }
}

/// The comparison of `/compare`, as the address gives it: the form, the
/// two games side by side with their scrubber, the figures over many games
/// and the clause editors. An island: the one part of the page that comes
/// alive, from the reading pages' bundle (see `build.rs`).
// An island; in the islands bundle, its code is a part of its own, fetched
// when a page first shows it (see build.rs).
#[cfg_attr(all(islands, feature = "split"), island(lazy))]
#[cfg_attr(all(islands, not(feature = "split")), island)]
#[cfg_attr(not(islands), component)]
fn CompareLive() -> impl IntoView {
    let lang = crate::texts::i18n::provide_page_lang();
    // Hydrating, the page draws the default comparison the build drew; the
    // address's own comparison follows once the page is live.
    let hydrating = crate::platform::hydration::hydrating();
    let (first, turn0) = read_query(lang.get_untracked(), hydrating);
    let comparison = RwSignal::new(first);
    let turn = RwSignal::new(turn0);
    if hydrating {
        crate::platform::hydration::after_hydration(move || {
            let (c, t) = read_query(lang.get_untracked(), false);
            if comparison.with_untracked(|cur| *cur != c) {
                comparison.set(c);
            }
            turn.set(t);
        });
    }
    // The address follows the comparison and the turn, once the address's
    // own is applied (until then, the page shows the build's).
    Effect::new(move |_| {
        let t = turn.get();
        comparison.with(|c| {
            if let Ok(c) = c {
                if !crate::platform::hydration::settling() {
                    write_query(c, t);
                }
            }
        });
    });

    let (open_a, open_b) = (RwSignal::new(false), RwSignal::new(false));
    // A clause editor changed ruleset A (0) or B (1): replay the comparison.
    let edit = move |which: usize| {
        Callback::new(move |text: String| {
            let lang = lang.get_untracked();
            comparison.update(|cmp| {
                if let Ok(cmp) = cmp {
                    if let Ok(new) = side(&text, lang) {
                        if which == 0 {
                            cmp.a = new;
                        } else {
                            cmp.b = new;
                        }
                        cmp.game = compare(&cmp.a.rules, &cmp.b.rules, cmp.seed);
                    }
                }
            });
        })
    };

    view! {
        <div class="shell"><CompareForm comparison=comparison turn=turn/></div>
        {move || match comparison.get() {
            Err(e) => view! {
                <div class="notice" role="alert"><p>{trf(lang.get(), k::COMPARE_BAD, &[&e.say(lang.get())])}</p></div>
            }.into_any(),
            Ok(c) => {
                view! {
                    <p class="compare-parting" data-testid="compare-parting">{move || {
                        let l = lang.get();
                        match c.game.parted {
                            Some((0, _)) => trf(l, k::COMPARE_PARTS_START, &[&c.seed]),
                            Some((t, _)) => trf(l, k::COMPARE_PARTS, &[&t, &c.seed]),
                            None => trf(l, k::COMPARE_SAME, &[&c.seed]),
                        }
                    }}</p>
                    // The boards are not hydrated until scrubbed, nor the
                    // figures over many games at all (see `Kept`).
                    <SideBySide comparison=comparison turn=turn/>
                    <p class="play-links">
                        <a data-testid="play-a" href=lang.get_untracked().path(&format!("/?g=1.{}.{}.", c.a.text, c.seed))>{t(lang, k::COMPARE_PLAY_A)}</a>
                        <a data-testid="play-b" href=lang.get_untracked().path(&format!("/?g=1.{}.{}.", c.b.text, c.seed))>{t(lang, k::COMPARE_PLAY)}</a>
                        <a data-testid="friend-a" href=lang.get_untracked().path(&format!("/friend?r={}", c.a.text))>{t(lang, k::COMPARE_FRIEND_A)}</a>
                    </p>
                    <Kept class="compare-many" body={
                        let (a, b) = (c.a.rules.clone(), c.b.rules.clone());
                        move || view! { <ManyGames a=a.clone() b=b.clone()/> }
                    }/>
                    <div class="shell">
                        <ClauseEditor which="a" side=c.a.clone() other=c.b.rules.clone() on_change=edit(0) open=open_a/>
                    </div>
                    <div class="shell">
                        <ClauseEditor which="b" side=c.b.clone() other=c.a.rules.clone() on_change=edit(1) open=open_b/>
                    </div>
                }.into_any()
            }
        }}
    }
}

/// The form that picks both rulesets (by pack) and the seed.
#[component]
fn CompareForm(
    comparison: RwSignal<Result<Comparison, CompareProblem>>,
    turn: RwSignal<usize>,
) -> impl IntoView {
    let lang = use_lang();
    let form_a = RwSignal::new(String::new());
    let form_b = RwSignal::new(String::new());
    let form_seed = RwSignal::new(String::new());

    let apply_form = move |_| {
        let lang = lang.get_untracked();
        let (cur_a, cur_b, cur_seed) = comparison.with_untracked(|c| match c {
            Ok(c) => (c.a.text.clone(), c.b.text.clone(), c.seed.to_string()),
            Err(_) => (DEFAULT_A.into(), DEFAULT_B.into(), DEFAULT_SEED.into()),
        });
        let pick = |f: RwSignal<String>, cur: String| {
            let v = f.get_untracked();
            if v.trim().is_empty() {
                cur
            } else {
                v.trim().to_string()
            }
        };
        let (a, b, seed) = (
            pick(form_a, cur_a),
            pick(form_b, cur_b),
            pick(form_seed, cur_seed),
        );
        turn.set(0);
        comparison.set(comparison_of(&a, &b, &seed, lang));
    };
    view! {
        <div class="form-grid compare-form">
            {pack_select(lang, "compare-a", k::COMPARE_A, form_a,
                Signal::derive(move || comparison.with(|c| c.as_ref().ok().map(|c| c.a.clone()))), DEFAULT_A)}
            {pack_select(lang, "compare-b", k::COMPARE_B, form_b,
                Signal::derive(move || comparison.with(|c| c.as_ref().ok().map(|c| c.b.clone()))), DEFAULT_B)}
            <label>
                <span>{t(lang, k::SETUP_SEED)}</span>
                // Empty until typed in: the game shown is the placeholder.
                <input type="text" inputmode="numeric" data-testid="compare-seed"
                    placeholder=move || comparison.with(|c| c.as_ref().map_or_else(|_| DEFAULT_SEED.to_string(), |c| c.seed.to_string()))
                    prop:value=move || form_seed.get() on:input=move |ev| form_seed.set(event_target_value(&ev))/>
            </label>
        </div>
        <button class="btn primary" data-testid="compare-go" on:click=apply_form>{t(lang, k::COMPARE_GO)}</button>
    }
}

/// What happened on a turn of one game, in words (from the engine's
/// [`landmarks`]).
fn landmark_words(lang: Lang, marks: &[Landmark]) -> String {
    let player = |p: Player| crate::ui::board_text::player_name(lang, p);
    marks
        .iter()
        .map(|l| match *l {
            Landmark::Capture { player: p, seeds } => {
                trf(lang, k::COMPARE_EVENT_CAPTURE, &[&player(p), &seeds])
            }
            Landmark::RoundEnd { round } => trf(lang, k::COMPARE_EVENT_ROUND, &[&round]),
            Landmark::GameEnd => tr(lang, k::COMPARE_EVENT_END).to_string(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The next seed after `seed` (within a thousand) whose games part, with
/// the turn where their boards first differ.
fn next_parting(a: &Rules, b: &Rules, seed: u64) -> Option<(u64, usize)> {
    (seed.saturating_add(1)..=seed.saturating_add(1000)).find_map(|s| {
        let game = compare(a, b, s);
        game.parted?;
        Some((s, game.first_difference(a, b).unwrap_or(game.parted?.0)))
    })
}

/// The two games side by side at the scrubber's turn, the places that
/// differ ringed, and how each ends.
#[component]
fn SideBySide(
    comparison: RwSignal<Result<Comparison, CompareProblem>>,
    turn: RwSignal<usize>,
) -> impl IntoView {
    let lang = use_lang();
    let length = move || {
        comparison.with(|c| {
            c.as_ref()
                .map(|c| c.game.moves_a.len().max(c.game.moves_b.len()))
                .unwrap_or(0)
        })
    };
    let views = Memo::new(move |_| {
        let t = turn.get();
        comparison.with(|c| {
            c.as_ref().ok().map(|c| {
                let pa = position_after(&c.a.rules, &c.game.moves_a, t);
                let pb = position_after(&c.b.rules, &c.game.moves_b, t);
                (
                    BoardView::of(&pa),
                    BoardView::of(&pb),
                    pa.difference(&pb).places,
                )
            })
        })
    });
    let marks = Signal::derive(move || views.get().map(|(_, _, d)| d).unwrap_or_default());
    let presentation = Signal::derive(move || {
        packs()
            .get("umum")
            .map(|p| p.presentation)
            .unwrap_or(crate::game::state::COMMON_LOOK)
    });
    let board = move |which: usize| {
        let view = Signal::derive(move || {
            views
                .get()
                .map(|(a, b, _)| if which == 0 { a } else { b })
                .unwrap_or_else(|| BoardView::of(&Position::new(&Rules::default())))
        });
        let id = if which == 0 { "compare-a" } else { "compare-b" };
        view! {
            <Board view=view presentation=presentation
                lang=Signal::derive(move || lang.get()) marks=marks id=id.to_string()/>
        }
    };
    // Where to look: the first turn from the parting whose boards differ.
    let parting = Memo::new(move |_| {
        comparison.with(|c| {
            c.as_ref().ok().and_then(|c| {
                let (t, _) = c.game.parted?;
                Some(c.game.first_difference(&c.a.rules, &c.b.rules).unwrap_or(t))
            })
        })
    });
    // The turns with a capture, a round's end or the game's end, in either
    // game, and what happened on each.
    let marks_of = Memo::new(move |_| {
        comparison.with(|c| {
            c.as_ref()
                .ok()
                .map(|c| {
                    [
                        landmarks(&c.a.rules, &c.game.moves_a),
                        landmarks(&c.b.rules, &c.game.moves_b),
                    ]
                })
                .unwrap_or_default()
        })
    });
    let event_turns = Memo::new(move |_| {
        marks_of.with(|[a, b]| {
            let mut turns: Vec<usize> = a.iter().chain(b).map(|(t, _)| *t).collect();
            turns.sort_unstable();
            turns.dedup();
            turns
        })
    });
    let prev_event = move || {
        let t = turn.get();
        event_turns.with(|ts| ts.iter().rev().find(|&&x| x < t).copied())
    };
    let next_event = move || {
        let t = turn.get();
        event_turns.with(|ts| ts.iter().find(|&&x| x > t).copied())
    };
    let here = move |which: usize| {
        move || {
            let t = turn.get();
            marks_of.with(|m| {
                m[which].iter().find(|(x, _)| *x == t).map(|(_, ls)| {
                    trf(
                        lang.get(),
                        k::COMPARE_EVENT_THIS,
                        &[&landmark_words(lang.get(), ls)],
                    )
                })
            })
        }
    };
    let next_game = move |_| {
        let found = comparison.with_untracked(|c| {
            c.as_ref()
                .ok()
                .and_then(|c| next_parting(&c.a.rules, &c.b.rules, c.seed))
        });
        if let Some((seed, t)) = found {
            comparison.update(|c| {
                if let Ok(c) = c {
                    c.seed = seed;
                    c.game = compare(&c.a.rules, &c.b.rules, seed);
                }
            });
            turn.set(t);
        }
    };
    let ends = move |which: usize| {
        move || {
            comparison.with(|c| {
                c.as_ref().ok().map(|c| {
                    let (len, outcome) = if which == 0 {
                        (c.game.moves_a.len(), c.game.outcome_a)
                    } else {
                        (c.game.moves_b.len(), c.game.outcome_b)
                    };
                    trf(
                        lang.get(),
                        k::COMPARE_END,
                        &[&len, &result_text(lang.get(), &outcome)],
                    )
                })
            })
        }
    };
    let name = move |which: usize| {
        comparison.with_untracked(|c| {
            c.as_ref()
                .map(|c| {
                    if which == 0 {
                        c.a.name.clone()
                    } else {
                        c.b.name.clone()
                    }
                })
                .unwrap_or_default()
        })
    };
    let figure = move |which: usize| {
        view! {
            <figure data-reading=if which == 0 { "a" } else { "b" }>
                <figcaption>
                    <span class="ruleset-name">{t(lang, if which == 0 { k::COMPARE_A } else { k::COMPARE_B })}</span>
                    ": " {name(which)}
                </figcaption>
                {board(which)}
                <p class="compare-event" data-testid=if which == 0 { "compare-event-a" } else { "compare-event-b" }>{here(which)}</p>
                <p class="compare-result">{ends(which)}</p>
            </figure>
        }
    };
    // The boards stay as the build drew them (see `Kept`: two boards of
    // holes that each answer the pointer and the keyboard were the longest
    // parts of the page to hydrate) until they show another turn. Another
    // comparison (the address's, the form's, an edited clause) draws the
    // page's parts anew, these included.
    let moved = Signal::derive(move || turn.get() != 0);
    view! {
        <div class="shell">
                    <div class="controls compare-steps">
                        <button class="btn step" data-testid="compare-turn-prev" disabled=move || turn.get() == 0
                            aria-label=move || tr(lang.get(), k::COMPARE_TURN_PREV)
                            on:click=move |_| turn.update(|t| *t = t.saturating_sub(1))>"‹"</button>
                        <label class="scrubber">
                            <span>{t(lang, k::SCRUB)}" "{move || trf(lang.get(), k::SCRUB_OF, &[&turn.get(), &length()])}</span>
                            <input type="range" min="0" data-testid="compare-scrubber"
                                max=move || length().to_string()
                                // The build's drawing at its turn (a range
                                // without a value shows its middle).
                                value=turn.get_untracked().to_string()
                                prop:value=move || turn.get().to_string()
                                on:input=move |ev| turn.set(event_target_value(&ev).parse::<usize>().unwrap_or(0).min(length()))/>
                        </label>
                        <button class="btn step" data-testid="compare-turn-next" disabled=move || { turn.get() >= length() }
                            aria-label=move || tr(lang.get(), k::COMPARE_TURN_NEXT)
                            on:click=move |_| turn.update(|t| *t = (*t + 1).min(length()))>"›"</button>
                    </div>
                    <div class="controls compare-steps">
                        <button class="btn" data-testid="compare-event-prev" disabled=move || prev_event().is_none()
                            on:click=move |_| if let Some(t) = prev_event() { turn.set(t) }>
                            {t(lang, k::COMPARE_EVENT_PREV)}
                        </button>
                        <button class="btn" data-testid="compare-event-next" disabled=move || next_event().is_none()
                            on:click=move |_| if let Some(t) = next_event() { turn.set(t) }>
                            {t(lang, k::COMPARE_EVENT_NEXT)}
                        </button>
                        <button class="btn" data-testid="compare-jump" disabled=move || parting.get().is_none()
                            on:click=move |_| if let Some(t) = parting.get() { turn.set(t) }>
                            {t(lang, k::COMPARE_JUMP)}
                        </button>
                        <button class="btn" data-testid="compare-next-game" on:click=next_game>
                            {t(lang, k::COMPARE_NEXT_GAME)}
                        </button>
                    </div>
        </div>
                    <div class="parting-boards">
                        <Kept class="shell" live=moved body=move || figure(0)/>
                        <Kept class="shell" live=moved body=move || figure(1)/>
                    </div>
                    <p class="parting-note">{move || tr(lang.get(), k::DIV_MARKED)}</p>
    }
}

/// Across many games: the engine's finder over seeded games 1..N, on request.
#[component]
fn ManyGames(a: Rules, b: Rules) -> impl IntoView {
    let lang = use_lang();
    let games = crate::ui::parting::GAMES;
    let stats: RwSignal<Option<congklak::Stats>> = RwSignal::new(None);
    let lost = RwSignal::new(false);
    let job = Job::Diverge {
        a,
        b,
        first: 1,
        last: games,
    };
    // Computed in the worker as soon as the pair is shown (unless the build
    // computed it: the default comparison's figures come with /compare's
    // page, fetched after an in-app move); dropped if the pair changes first.
    let ticket = StoredValue::new(0u32);
    let send = move || {
        let t = submit(
            job.clone(),
            crate::jobs::client::decode_finder,
            move |reply| match reply {
                Reply::Diverge(report) => {
                    let _ = stats.try_set(Some(report.stats));
                }
                Reply::Failed(_) => {
                    let _ = lost.try_set(true);
                }
                _ => {}
            },
        );
        ticket.set_value(t);
    };
    crate::jobs::client::when_ready(
        crate::jobs::client::use_page_results("/compare").into(),
        send,
    );
    on_cleanup(move || cancel(ticket.get_value()));
    view! {
        <section class="many-games" data-testid="many-games">
            {move || match stats.get() {
                None if lost.get() => view! {
                    <p class="parting-failed" role="status">{move || tr(lang.get(), k::WORKER_FAILED)}</p>
                }.into_any(),
                None => view! {
                    <p class="parting-busy" role="status">{move || trf(lang.get(), k::DIV_COMPUTING, &[&games])}</p>
                }.into_any(),
                Some(s) => crate::ui::parting::stats_view(lang, s, [k::STATS_A, k::STATS_B], true).into_any(),
            }}
        </section>
    }
}

/// Every clause of one ruleset with its readings, the packs that use each
/// reading and their sources; changing one makes the ruleset a custom one
/// (based on its pack) and recomputes the comparison. Rows where the two
/// rulesets differ are marked.
#[component]
fn ClauseEditor(
    /// Which ruleset: `"a"` or `"b"`.
    which: &'static str,
    /// The ruleset edited.
    side: Side,
    /// The other ruleset, to mark the clauses that differ.
    other: Rules,
    /// Gets the edited ruleset's text.
    on_change: Callback<String>,
    /// Whether the editor is unfolded (kept across recomputations).
    open: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let ruleset = Ruleset::parse(&side.text).ok();
    let base = ruleset
        .as_ref()
        .map(|r| r.base().to_string())
        .unwrap_or_else(|| "umum".into());
    let base_rules = packs()
        .get(&base)
        .map(|p| p.rules.clone())
        .unwrap_or_default();
    let differing = side.rules.differences(&other);
    // A change comes from an open editor: it stays open when redrawn, even
    // if the browser's `toggle` event for its opening has not arrived yet.
    let changed = Callback::new(move |text: String| {
        open.set(true);
        on_change.run(text);
    });
    let rows = move || {
        Rules::CLAUSES
            .iter()
            .map(|&clause| {
                view! {
                    <ClauseRow clause=clause which=which rules=side.rules.clone()
                        differs=differing.contains(&clause) base=base.clone()
                        base_rules=base_rules.clone() on_change=changed/>
                }
            })
            .collect_view()
    };
    let title = if which == "a" {
        k::COMPARE_EDITOR_A
    } else {
        k::COMPARE_EDITOR_B
    };
    view! {
        <details class="clause-editor" data-testid=format!("clause-editor-{which}")
            prop:open=move || open.get()
            on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
            <summary>{t(lang, title)}</summary>
            // Kept as the build drew it until unfolded (or the language
            // changes): its 26 rows are most of the page's elements.
            <Kept class="clause-editor-body" live=open body=move || view! {
                <p>{t(lang, k::COMPARE_EDITOR_INTRO)}</p>
                <div class="table-scroll">
                <table>
                    <thead><tr>
                        <th>{t(lang, k::COMPARE_CLAUSE)}</th>
                        <th>{t(lang, k::COMPARE_READING)}</th>
                        <th>{t(lang, k::COMPARE_USERS)}</th>
                    </tr></thead>
                    <tbody>{rows()}</tbody>
                </table>
                </div>
            }/>
        </details>
    }
}

/// A ruleset of the comparison as a reader names it ("the first ruleset"),
/// unlike the players A and B: `which` is `"a"` or `"b"`.
fn ruleset_word(lang: Lang, which: &str) -> &'static str {
    tr(lang, if which == "a" { k::STATS_A } else { k::STATS_B })
}

/// One clause in the editor: the reading chosen, and every reading with the
/// packs that play it and the sources they cite.
#[component]
fn ClauseRow(
    /// The clause.
    clause: &'static str,
    /// Which ruleset: `"a"` or `"b"`.
    which: &'static str,
    /// The ruleset edited.
    rules: Rules,
    /// Whether the other ruleset reads this clause differently.
    differs: bool,
    /// The pack the ruleset is based on, and its rules.
    base: String,
    base_rules: Rules,
    /// Gets the edited ruleset's text.
    on_change: Callback<String>,
) -> impl IntoView {
    let lang = use_lang();
    let current = rules.value(clause).unwrap_or_default();
    let readings = Rules::readings(clause).unwrap_or_default();
    // Each reading some pack uses: the packs, with the sources they cite for it.
    let users = readings
        .iter()
        .filter_map(|v| {
            let list: Vec<&'static congklak::Pack> = packs()
                .all()
                .iter()
                .filter(|p| p.rules.value(clause).as_ref() == Some(v))
                .collect();
            (!list.is_empty()).then(|| {
                let chosen = *v == current;
                let v = v.clone();
                let text = move || {
                    let lang = lang.get();
                    let users: Vec<String> = list
                        .iter()
                        .map(|p| {
                            let name = p.name.get(lang.code());
                            match p.rule_sources.get(clause) {
                                Some(src) if !src.is_empty() => {
                                    format!("{name} ({})", source_names(lang, src))
                                }
                                _ => name.to_string(),
                            }
                        })
                        .collect();
                    format!("{}: {}", reading_words(lang, clause, &v), users.join("; "))
                };
                view! { <li class:chosen=chosen>{text}</li> }
            })
        })
        .collect_view();
    // The build draws the chosen reading as text: the page holds the editor
    // folded, and a page with some fifty selects spends a long task laying
    // them out as its parsing ends (the editor is drawn live, with its
    // selects, when unfolded: see `Kept`).
    if cfg!(not(target_arch = "wasm32")) {
        let chosen = current.clone();
        return view! {
            <tr data-clause=clause class:differs=differs>
                <th scope="row">{move || clause_name(lang.get(), clause)}</th>
                <td class="clause-reading">{move || reading_words(lang.get(), clause, &chosen)}</td>
                <td class="clause-users"><ul>{users}</ul></td>
            </tr>
        }
        .into_any();
    }
    let options = readings
        .iter()
        .map(|v| {
            let value = json_text(v);
            let selected = *v == current;
            let v = v.clone();
            view! { <option value=value selected=selected>{move || reading_words(lang.get(), clause, &v)}</option> }
        })
        .collect_view();
    view! {
        <tr data-clause=clause class:differs=differs>
            <th scope="row">{move || clause_name(lang.get(), clause)}</th>
            <td>
                <select aria-label=move || format!("{} ({})", clause_name(lang.get(), clause), ruleset_word(lang.get(), which)) on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Ok(r) = rules.with_clause(clause, &v) {
                        on_change.run(Ruleset::custom(&base, &base_rules, &r).to_text());
                    }
                }>{options}</select>
            </td>
            <td class="clause-users"><ul>{users}</ul></td>
        </tr>
    }
    .into_any()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use crate::app::test_pages::{drawn, text_of};

    /// Where `text` names a ruleset or a player by a bare letter: "ruleset
    /// B", "aturan A", "(B)", "A wins", "B's" (and not "Player A wins",
    /// "Pemain B", the article in "A change").
    fn bare_letter(text: &str) -> Option<String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bare = |i: usize| {
            let w = words[i];
            let letter = w.trim_matches(|c: char| !c.is_alphanumeric());
            let letter = letter.strip_suffix("'s").unwrap_or(letter);
            if letter != "A" && letter != "B" {
                return false;
            }
            let before = if i > 0 { words[i - 1] } else { "" };
            let after = words.get(i + 1).copied().unwrap_or("");
            let ruleset = ["ruleset", "Ruleset", "aturan", "Aturan"].contains(&before);
            let player_verb =
                ["wins", "menang", "ahead", "unggul", "minus", "dikurangi"].contains(&after);
            let player = ["Player", "Pemain"].contains(&before.trim_start_matches('('));
            ruleset
                || w.starts_with('(') && w.ends_with(')')
                || (player_verb || w.ends_with("'s")) && !player
        };
        (0..words.len())
            .find(|&i| bare(i))
            .map(|i| words[i.saturating_sub(3)..(i + 3).min(words.len())].join(" "))
    }

    #[test]
    fn bare_letters_are_found() {
        assert!(bare_letter("ruleset A · A wins 615, B wins 337").is_some());
        assert!(bare_letter("A lap (B)").is_some());
        assert!(bare_letter("aturan B").is_some());
        assert!(bare_letter("Final margins: A's store").is_some());
        assert_eq!(
            bare_letter("Player A wins 615, Player B wins 337. A change (Player A wins)"),
            None
        );
    }

    /// `html` without its drawings (`<svg>…</svg>`).
    fn without_drawings(html: &str) -> String {
        let mut out = String::new();
        let mut rest = html;
        while let Some(at) = rest.find("<svg") {
            out.push_str(&rest[..at]);
            let end = rest.find("</svg>").map_or(rest.len(), |e| e + 6);
            rest = &rest[end..];
        }
        out + rest
    }

    /// /compare names its two rulesets ("the first ruleset") unlike its two
    /// players ("Player A"), in both languages, and writes its Indonesian
    /// numbers with a decimal comma and the real minus sign.
    #[test]
    fn the_compare_page_names_rulesets_unlike_players() {
        for (path, first, wins) in [
            ("/compare", "First ruleset", "Player A wins "),
            ("/id/compare", "Aturan pertama", "Pemain A menang "),
        ] {
            // A space at each tag, so that the words of two elements part.
            let text = text_of(&drawn(path).replace('<', " <"));
            assert!(text.contains(first), "{path}: no {first}");
            assert!(text.contains(wins), "{path}: no {wins}");
            // The boards and charts aside (their stores are labelled A and
            // B, as on the play page), no bare A or B.
            let body = &text[text.find(first).unwrap()..];
            let words = text_of(&without_drawings(&drawn(path)).replace('<', " <"));
            let words = &words[words.find(first).unwrap()..];
            assert_eq!(bare_letter(words), None, "{path}");
            if path.starts_with("/id") {
                let bad = body
                    .as_bytes()
                    .windows(3)
                    .position(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
                assert_eq!(
                    bad.map(|at| &body[at.saturating_sub(30)..at + 10]),
                    None,
                    "a decimal point"
                );
                let hyphen = body
                    .as_bytes()
                    .windows(2)
                    .position(|w| w[0] == b'-' && w[1].is_ascii_digit());
                assert_eq!(
                    hyphen.map(|at| &body[at.saturating_sub(30)..at + 10]),
                    None,
                    "a hyphen for a minus"
                );
            }
        }
    }
}
