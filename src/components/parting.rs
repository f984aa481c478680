//! "Where the readings part": on navigation, sends the engine's divergence
//! finder a pack against the pack with one divergence's other reading (to
//! the worker, see [`crate::worker`]), and shows the first parting (two
//! boards after that turn, the places that differ marked) and the figures
//! over all sample games.

use crate::board_view::BoardView;
use crate::components::board::Board;
use crate::components::pack_text::serde_name;
use crate::i18n::{tr, trf, Lang};
use crate::worker::{cancel, submit, Job, Reply};
use congklak::{DivergenceNote, DivergenceReport, Pack, Place, Player, Snapshot, Stats};
use leptos::prelude::*;

/// Sample games played under both readings.
pub const GAMES: u64 = 1000;

/// What a snapshot shows on a board.
pub fn view_of_snapshot(s: &Snapshot) -> BoardView {
    let n = s.holes.a.len() as u8;
    let marks = |list: &Vec<u8>| (1..=n).map(|k| list.contains(&k)).collect::<Vec<bool>>();
    BoardView {
        n,
        holes: [s.holes.a.clone(), s.holes.b.clone()],
        stores: [s.stores.a, s.stores.b],
        burnt: [marks(&s.burnt.a), marks(&s.burnt.b)],
        ngacang: [marks(&s.ngacang.a), marks(&s.ngacang.b)],
        hands: [0, 0],
        focus: [None, None],
    }
}

/// The places whose contents differ between two boards of one size (none if the sizes differ).
pub fn differing_places(a: &BoardView, b: &BoardView) -> Vec<Place> {
    if a.n != b.n {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in Player::BOTH {
        let i = side.index();
        for k in 1..=a.n {
            let j = k as usize - 1;
            if a.holes[i][j] != b.holes[i][j]
                || a.burnt[i][j] != b.burnt[i][j]
                || a.ngacang[i][j] != b.ngacang[i][j]
            {
                out.push(Place::Hole { side, hole: k });
            }
        }
        if a.stores[i] != b.stores[i] {
            out.push(Place::Store { side });
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Busy,
    Done(Box<DivergenceReport>),
    Failed,
}

/// The report, computed as soon as the divergence is shown.
#[component]
pub fn PartingFinder(
    /// The pack.
    pack: &'static Pack,
    /// One of its played divergences.
    note: &'static DivergenceNote,
) -> impl IntoView {
    let lang = crate::use_lang();
    let phase = RwSignal::new(Phase::Busy);
    match pack.flipped(note) {
        Some(other) => {
            let job = Job::Diverge {
                a: pack.rules.clone(),
                b: other,
                first: 1,
                last: GAMES,
            };
            let ticket = submit(job, move |reply| {
                let _ = phase.try_set(match reply {
                    Reply::Diverge(report) => Phase::Done(report),
                    Reply::Move(_) => Phase::Failed,
                });
            });
            on_cleanup(move || cancel(ticket));
        }
        None => phase.set(Phase::Failed),
    }
    view! {
        <div class="parting" data-testid="parting">
            {move || match phase.get() {
                Phase::Busy => view! {
                    <p class="parting-busy" role="status">{move || trf(lang.get(), "div.computing", &[&GAMES])}</p>
                }.into_any(),
                Phase::Failed => view! {
                    <p class="parting-failed" role="status">{move || tr(lang.get(), "div.failed")}</p>
                }.into_any(),
                Phase::Done(report) => report_view(lang, pack, note, *report).into_any(),
            }}
        </div>
    }
}

fn kind_text(lang: Lang, kind: congklak::PartingKind) -> &'static str {
    tr(lang, &format!("parting.{}", serde_name(&kind)))
}

fn report_view(
    lang: RwSignal<Lang>,
    pack: &'static Pack,
    note: &'static DivergenceNote,
    report: DivergenceReport,
) -> impl IntoView {
    // The other reading as a ruleset text, for the compare page's address.
    let other = pack
        .flipped(note)
        .map(|f| congklak::Ruleset::custom(&pack.id, &pack.rules, &f).to_text())
        .unwrap_or_default();
    let stats = report.stats.clone();
    let games = stats.games;
    let first = report.first.map(|p| {
        let a = view_of_snapshot(&p.a);
        let b = view_of_snapshot(&p.b);
        let marks = differing_places(&a, &b);
        let (seed, turn, kind) = (p.seed, p.turn, p.kind);
        let moves = p.moves.join(" ");
        let vertical = crate::use_vertical();
        let presentation = Signal::derive(move || pack.presentation);
        let any_marks = !marks.is_empty();
        let marks_a = marks.clone();
        let marks_b = marks;
        view! {
            <p class="parting-first">
                {move || {
                    let l = lang.get();
                    if turn == 0 {
                        trf(l, "div.first.start", &[&seed, &kind_text(l, kind)])
                    } else {
                        trf(l, "div.first", &[&seed, &turn, &kind_text(l, kind)])
                    }
                }}
            </p>
            {(!moves.is_empty()).then(|| view! {
                <p class="parting-moves">{move || trf(lang.get(), "div.moves", &[&moves])}</p>
            })}
            <div class="parting-boards">
                <figure data-reading="this">
                    <figcaption>{move || tr(lang.get(), "div.board.this")}</figcaption>
                    <Board view=Signal::derive(move || a.clone()) presentation=presentation
                        vertical=vertical lang=Signal::derive(move || lang.get())
                        marks=Signal::derive(move || marks_a.clone()) id="parting-this".to_string()/>
                </figure>
                <figure data-reading="other">
                    <figcaption>{move || tr(lang.get(), "div.board.other")}</figcaption>
                    <Board view=Signal::derive(move || b.clone()) presentation=presentation
                        vertical=vertical lang=Signal::derive(move || lang.get())
                        marks=Signal::derive(move || marks_b.clone()) id="parting-other".to_string()/>
                </figure>
            </div>
            {any_marks.then(|| view! {
                <p class="parting-note">{move || tr(lang.get(), "div.marked")}</p>
            })}
            <p><a data-testid="open-compare"
                href=format!("/compare?a={}&b={}&seed={seed}&t={turn}", pack.id, other)>
                {move || tr(lang.get(), "div.open.compare")}
            </a></p>
        }
    });
    let never = first.is_none();
    view! {
        <div class="parting-report">
            {never.then(|| view! {
                <p class="parting-never" role="status">{move || trf(lang.get(), "div.never", &[&games])}</p>
            })}
            {first}
            {stats_view(lang, stats)}
        </div>
    }
}

fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "0".into()
    } else {
        format!("{:.1}", part as f64 * 100.0 / whole as f64)
    }
}

/// The figures over many games, with the chart of parting turns.
pub fn stats_view(lang: RwSignal<Lang>, s: Stats) -> impl IntoView {
    let games = s.games;
    let (parted, winner) = (s.parted, s.winner_changed);
    let (mean, sd, turn_mean) = (s.score_shift_mean, s.score_shift_sd, s.parting_turn_mean);
    let from = s.parting_turn_min.min(1);
    let hist =
        (s.parted > 0).then(|| histogram(lang, &s.parting_histogram, s.histogram_width, from));
    view! {
        <section class="parting-stats">
            <h4>{move || trf(lang.get(), "stats.title", &[&games])}</h4>
            <dl class="stats">
                <dt>{move || tr(lang.get(), "stats.parted")}</dt>
                <dd data-stat="parted">{move || trf(lang.get(), "stats.of", &[&parted, &games, &percent(parted, games)])}</dd>
                <dt>{move || tr(lang.get(), "stats.winner")}</dt>
                <dd data-stat="winner">{move || trf(lang.get(), "stats.of", &[&winner, &games, &percent(winner, games)])}</dd>
                <dt>{move || tr(lang.get(), "stats.shift")}</dt>
                <dd data-stat="shift">{move || trf(lang.get(), "stats.shift.value", &[&format!("{mean:+.2}"), &format!("{sd:.2}")])}</dd>
                {(parted > 0).then(|| view! {
                    <dt>{move || tr(lang.get(), "stats.turn")}</dt>
                    <dd data-stat="turn">{format!("{turn_mean:.1}")}</dd>
                })}
            </dl>
            {hist}
        </section>
    }
}

/// A small bar chart of the games by parting turn.
/// `first`: the first turn of the first bar (0 when games part before any move).
fn histogram(lang: RwSignal<Lang>, counts: &[u32], width: u32, first: u32) -> impl IntoView {
    const W: f64 = 320.0;
    const H: f64 = 120.0;
    const BASE: f64 = 100.0;
    let max = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let n = counts.len().max(1) as f64;
    let bw = W / n;
    let last_turn = counts.len() as u32 * width;
    let bars = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let h = c as f64 / max * (BASE - 8.0);
            let from = if i == 0 { first } else { i as u32 * width + 1 };
            let to = (i as u32 + 1) * width;
            view! {
                <rect class="bar" x=format!("{:.1}", i as f64 * bw + 2.0) y=format!("{:.1}", BASE - h)
                    width=format!("{:.1}", bw - 4.0) height=format!("{h:.1}")>
                    <title>{move || trf(lang.get(), "stats.hist.bar", &[&from, &to, &c])}</title>
                </rect>
            }
        })
        .collect_view();
    view! {
        <figure class="histogram">
            <figcaption>{move || tr(lang.get(), "stats.hist")}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img"
                aria-label=move || tr(lang.get(), "stats.hist")>
                <line class="axis" x1="0" y1=BASE x2=W y2=BASE/>
                {bars}
                <text class="tick" x="2" y=H - 4.0>{first}</text>
                <text class="tick" x=W - 2.0 y=H - 4.0 text-anchor="end">{last_turn}</text>
            </svg>
            <p class="histogram-axis">{move || trf(lang.get(), "stats.hist.axis", &[&first, &last_turn])}</p>
        </figure>
    }
}
