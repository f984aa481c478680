//! "Where the readings part": on navigation, sends the engine's divergence
//! finder a pack against the pack with one divergence's other reading (to
//! the worker, see [`crate::jobs::client`]), and shows the first parting (two
//! boards after that turn, the places that differ marked) and the figures
//! over all sample games.

use crate::game::board_view::BoardView;
use crate::jobs::client::{cancel, decode_finder, submit, submit_if_at_once, Job, Reply};
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{tr, tr_named, trf, Lang};
use crate::ui::board::Board;
use crate::ui::numbers::{integer, number, percent, short, signed};
use crate::ui::pack_text::serde_name;
use congklak::{DivergenceNote, Figure, Pack, Parting, Snapshot, Stats};
use leptos::prelude::*;

/// Sample games played under both readings.
pub const GAMES: u64 = 1000;

/// What a snapshot shows on a board.
pub fn view_of_snapshot(s: &Snapshot) -> BoardView {
    BoardView::of_snapshot(s)
}

/// What the finder found for one played divergence, filled as the answers
/// come: the first parting (`Some(None)`: the readings never part in the
/// sample games) and the figures over them.
#[derive(Clone, Copy)]
pub struct Found {
    /// The first parting, once known.
    pub first: RwSignal<Option<Option<Box<Parting>>>>,
    /// The figures over [`GAMES`] sample games, once known.
    pub stats: RwSignal<Option<Stats>>,
    /// The other reading cannot be played with this pack's rules.
    pub failed: bool,
    /// No worker could compute them (the page says so).
    pub lost: RwSignal<bool>,
}

/// Asks the finder about one divergence as soon as `results` (the build's
/// figures for the page, see [`crate::jobs::client::use_page_results`]) are in:
/// first the quick search for the first game where the readings part, then
/// the 1,000 games (both in the worker). The build's answer (the report on
/// the 1,000 games, which holds the first parting too) arrives at once and
/// is then all that is asked, so what reads it draws the same as the
/// pre-rendered page.
pub fn find_parting(
    pack: &'static Pack,
    note: &'static DivergenceNote,
    results: Signal<bool>,
) -> Found {
    let first: RwSignal<Option<Option<Box<Parting>>>> = RwSignal::new(None);
    let stats: RwSignal<Option<Stats>> = RwSignal::new(None);
    let lost = RwSignal::new(false);
    let flipped = pack.flipped(note);
    let failed = flipped.is_none();
    if let Some(other) = flipped {
        let (a, b) = (pack.rules.clone(), other);
        let tickets = StoredValue::new((0u32, 0u32));
        let on_report = move |reply| match reply {
            Reply::Diverge(report) => {
                // The report's own first parting, in case it came first.
                let _ = first.try_update(|f| {
                    if f.is_none() {
                        *f = Some(report.first.clone().map(Box::new));
                    }
                });
                let _ = stats.try_set(Some(report.stats));
            }
            Reply::Failed(_) => {
                let _ = lost.try_set(true);
            }
            _ => {}
        };
        let send = move || {
            let report = Job::Diverge {
                a: a.clone(),
                b: b.clone(),
                first: 1,
                last: GAMES,
            };
            // The build's report (on a built-in pack's page) holds the
            // first parting too: nothing else to ask.
            if submit_if_at_once(&report, decode_finder, on_report) {
                return;
            }
            let t1 = submit(
                Job::First {
                    a: a.clone(),
                    b: b.clone(),
                    first: 1,
                    last: GAMES,
                },
                decode_finder,
                move |reply| match reply {
                    Reply::First(p) => {
                        let _ = first.try_set(Some(p));
                    }
                    Reply::Failed(_) => {
                        let _ = lost.try_set(true);
                    }
                    _ => {}
                },
            );
            let t2 = submit(report, decode_finder, on_report);
            tickets.set_value((t1, t2));
        };
        crate::jobs::client::when_ready(results, send);
        on_cleanup(move || {
            let (t1, t2) = tickets.get_value();
            cancel(t1);
            cancel(t2);
        });
    }
    Found {
        first,
        stats,
        failed,
        lost,
    }
}

/// The boards of the first parting, then the figures (see [`find_parting`]).
#[component]
pub fn PartingFinder(
    /// The pack.
    pack: &'static Pack,
    /// One of its played divergences.
    note: &'static DivergenceNote,
    /// What the finder found for it.
    found: Found,
) -> impl IntoView {
    let lang = crate::texts::i18n::use_lang();
    let Found {
        first,
        stats,
        failed,
        lost,
    } = found;
    let first_done = move || first.with(|f| f.is_some());
    let stats_done = move || stats.with(|s| s.is_some());
    view! {
        <div class="parting" data-testid="parting"
            data-first=move || if first_done() { "done" } else { "computing" }
            data-stats=move || if stats_done() { "done" } else { "computing" }>
            {failed.then(|| view! {
                <p class="parting-failed" role="status">{move || tr(lang.get(), k::DIV_FAILED)}</p>
            })}
            {move || lost.get().then(|| view! {
                <p class="parting-failed" role="status">{move || tr(lang.get(), k::WORKER_FAILED)}</p>
            })}
            {(!failed).then(|| view! {
                {move || match first.get() {
                    None => view! {
                        <p class="parting-busy" role="status">{move || tr(lang.get(), k::DIV_FINDING)}</p>
                    }.into_any(),
                    Some(None) => view! {
                        <p class="parting-never" role="status">{move || trf(lang.get(), k::DIV_NEVER, &[&GAMES])}</p>
                    }.into_any(),
                    Some(Some(p)) => parting_view(lang, pack, note, *p).into_any(),
                }}
                {move || match stats.get() {
                    None => view! {
                        <p class="parting-busy" role="status">{move || trf(lang.get(), k::DIV_COMPUTING, &[&GAMES])}</p>
                    }.into_any(),
                    Some(s) => view! {
                        <div class="parting-report">{stats_view(lang, s, [k::STATS_THIS, k::STATS_OTHER], false)}</div>
                    }.into_any(),
                }}
            })}
        </div>
    }
}

fn kind_text(lang: Lang, kind: congklak::PartingKind) -> &'static str {
    tr_named(lang, &format!("parting.{}", serde_name(&kind)))
}

/// The first parting: where, how, the game's length, the two boards after
/// that turn with the places that differ marked, and the way into the
/// compare page at that turn.
fn parting_view(
    lang: RwSignal<Lang>,
    pack: &'static Pack,
    note: &'static DivergenceNote,
    p: Parting,
) -> impl IntoView {
    // The other reading as a ruleset text, for the compare page's address.
    let other = pack
        .flipped(note)
        .map(|f| congklak::Ruleset::custom(&pack.id, &pack.rules, &f).to_text())
        .unwrap_or_default();
    let a = view_of_snapshot(&p.a);
    let b = view_of_snapshot(&p.b);
    let marks = p.a.difference(&p.b).places;
    let (seed, turn, kind, seen) = (p.seed, p.turn, p.kind, p.seen);
    let (length_a, length_b) = (p.length_a, p.length_b);
    let moves = p.moves.join(" ");
    let presentation = Signal::derive(move || pack.presentation);
    let any_marks = !marks.is_empty();
    let marks_a = marks.clone();
    let marks_b = marks;
    view! {
        <p class="parting-first">
            {move || {
                let l = lang.get();
                if turn == 0 {
                    trf(l, k::DIV_FIRST_START, &[&seed, &kind_text(l, kind)])
                } else {
                    trf(l, k::DIV_FIRST, &[&seed, &turn, &kind_text(l, kind)])
                }
            }}
        </p>
        <p class="parting-length" data-testid="parting-length">{move || trf(lang.get(), k::DIV_LENGTH, &[&seed, &length_a, &length_b])}</p>
        {(!moves.is_empty()).then(|| view! {
            <p class="parting-moves">{move || trf(lang.get(), k::DIV_MOVES, &[&moves])}</p>
        })}
        <div class="parting-boards">
            <figure data-reading="this">
                <figcaption>{move || tr(lang.get(), k::DIV_BOARD_THIS)}</figcaption>
                <Board view=Signal::derive(move || a.clone()) presentation=presentation
                    lang=Signal::derive(move || lang.get())
                    marks=Signal::derive(move || marks_a.clone()) id="parting-this".to_string() compact=true/>
            </figure>
            <figure data-reading="other">
                <figcaption>{move || tr(lang.get(), k::DIV_BOARD_OTHER)}</figcaption>
                <Board view=Signal::derive(move || b.clone()) presentation=presentation
                    lang=Signal::derive(move || lang.get())
                    marks=Signal::derive(move || marks_b.clone()) id="parting-other".to_string() compact=true/>
            </figure>
        </div>
        {any_marks.then(|| view! {
            <p class="parting-note">{move || tr(lang.get(), k::DIV_MARKED)}</p>
        })}
        <p><a data-testid="open-compare"
            href=lang.get_untracked().path(&format!("/compare?a={}&b={}&seed={seed}&t={seen}", pack.id, other))>
            {move || tr(lang.get(), k::DIV_OPEN_COMPARE)}
        </a></p>
    }
}

/// `n` of `games` with its percentage ("12 of 1000 games (1.2%)"), or
/// "none of 1000 games" (not "0 of 1000 games (0.0%)").
fn share(lang: Lang, n: u32, games: u32) -> String {
    if n == 0 {
        trf(lang, k::STATS_OF_NONE, &[&games])
    } else {
        trf(lang, k::STATS_OF, &[&n, &games, &percent(lang, n, games)])
    }
}

/// Games a ruleset's sample games last on average, in moves, below which
/// they are called short: its way of ending stops play in the opening.
const SHORT_GAMES: f64 = 10.0;

/// A share (0 to 1) as a percentage for a reader, with at most one decimal.
fn share_of(lang: Lang, x: f64) -> String {
    short(lang, x * 100.0)
}

/// What the other ruleset changes beyond chance (see [`congklak::Effects`]),
/// strongest first, a phrase each: the change of a figure under it beside
/// its change when one random move is changed instead, with the margin it
/// must clear. Empty where nothing stands out.
pub fn standing_out(lang: Lang, s: &Stats) -> Vec<String> {
    s.effects
        .standing_out()
        .into_iter()
        .map(|(figure, e)| match figure {
            Figure::Winner => trf(
                lang,
                k::EFFECT_WINNER,
                &[
                    &share_of(lang, e.shift),
                    &share_of(lang, e.baseline),
                    &short(lang, e.margin * 100.0),
                ],
            ),
            Figure::FirstMover => trf(
                lang,
                k::EFFECT_FIRST,
                &[
                    &signed(lang, e.shift * 100.0, 1),
                    &signed(lang, e.baseline * 100.0, 1),
                    &short(lang, e.margin * 100.0),
                ],
            ),
            Figure::Margin => trf(
                lang,
                k::EFFECT_MARGIN,
                &[
                    &signed(lang, e.shift, 1),
                    &signed(lang, e.baseline, 1),
                    &short(lang, e.margin),
                ],
            ),
        })
        .collect()
}

/// How a divergence's other reading compares with chance, in one line: what
/// stands out (see [`standing_out`]), else that nothing does, beside how
/// often the winner changes either way ("never" for a reading that changes
/// no winner and nothing else); and whether most games under the other
/// reading, unlike this pack's, stopped at a limit (a pack whose own games
/// mostly do says so once, above its ranking).
pub fn effects_line(lang: Lang, s: &Stats) -> String {
    let found = standing_out(lang, s);
    let e = s.effects;
    let mut line = if !found.is_empty() {
        trf(lang, k::DIV_LINE_EFFECTS, &[&s.games, &found.join("; ")])
    } else if s.winner_changed == 0 {
        trf(lang, k::DIV_LINE_NEVER, &[&s.games])
    } else {
        trf(
            lang,
            k::DIV_LINE_NONE,
            &[
                &s.games,
                &share_of(lang, e.winner.shift),
                &share_of(lang, e.winner.baseline),
            ],
        )
    };
    if s.mostly_capped(1) && !s.mostly_capped(0) {
        line.push(' ');
        line.push_str(tr(lang, k::DIV_LINE_CAPPED));
    }
    line
}

/// The figures over many games, with charts: where the readings part, the
/// results and the first mover's wins under each, and the final margins.
/// `labels`: translation keys naming the two rulesets (first, second).
///
/// `top`: the figures head a section of the page (an `<h2>`), not a part of
/// a divergence (an `<h4>` under its `<h3>`).
pub fn stats_view(lang: RwSignal<Lang>, s: Stats, labels: [Key; 2], top: bool) -> impl IntoView {
    let games = s.games;
    let (parted, winner) = (s.parted, s.winner_changed);
    let (mean, sd, turn_mean) = (s.score_shift_mean, s.score_shift_sd, s.parting_turn_mean);
    let from = s.parting_turn_min.min(1);
    let hist =
        (s.parted > 0).then(|| histogram(lang, &s.parting_histogram, s.histogram_width, from));
    let outcomes = outcomes_chart(lang, &s, labels);
    let margins = margins_chart(lang, &s, labels);
    let [l0, l1] = labels;
    let standout = s.clone();
    let (standing, capped) = (
        s.effects.standing_out().len(),
        s.mostly_capped(0) || s.mostly_capped(1),
    );
    let chance = (s.effects.winner.baseline * f64::from(games)).round() as u32;
    let shorts: Vec<(Key, f64)> = (0..2)
        .filter(|&i| s.games > 0 && s.length_mean[i] < SHORT_GAMES)
        .map(|i| (labels[i], s.length_mean[i]))
        .collect();
    view! {
        <section class="parting-stats">
            {move || {
                let title = trf(lang.get(), k::STATS_TITLE, &[&games]);
                if top { view! { <h2>{title}</h2> }.into_any() } else { view! { <h4>{title}</h4> }.into_any() }
            }}
            <p class="stats-players" data-testid="stats-players">{move || tr(lang.get(), k::STATS_PLAYERS)}</p>
            // Only what stands out from the same games with one random move
            // changed, said first; the figures follow.
            <p class="stats-standout" data-testid="stats-standout"
                data-standing-out=standing>{move || {
                let l = lang.get();
                let found = standing_out(l, &standout);
                if found.is_empty() {
                    tr(l, k::STATS_STANDOUT_NONE).to_string()
                } else {
                    trf(l, k::STATS_STANDOUT, &[&tr(l, l1), &found.join("; ")])
                }
            }}</p>
            {capped.then(|| view! {
                <p class="stats-capped" data-testid="stats-capped">{move || tr(lang.get(), k::STATS_CAPPED_MOST)}</p>
            })}
            {shorts.into_iter().map(|(label, length)| view! {
                <p class="stats-short" data-testid="stats-short">{move || {
                    let l = lang.get();
                    trf(l, k::STATS_SHORT, &[&tr(l, label), &number(l, length, 1)])
                }}</p>
            }).collect_view()}
            <dl class="stats">
                <dt>{move || tr(lang.get(), k::STATS_PARTED)}</dt>
                <dd data-stat="parted">{move || share(lang.get(), parted, games)}</dd>
                <dt>{move || tr(lang.get(), k::STATS_WINNER)}</dt>
                <dd data-stat="winner">{move || share(lang.get(), winner, games)}</dd>
                <dt>{move || tr(lang.get(), k::STATS_WINNER_CHANCE)}</dt>
                <dd data-stat="winner-chance">{move || share(lang.get(), chance, games)}</dd>
                <dt>{move || { let l = lang.get(); trf(l, k::STATS_SHIFT, &[&tr(l, l0), &tr(l, l1)]) }}</dt>
                <dd data-stat="shift">{move || { let l = lang.get(); trf(l, k::STATS_SHIFT_VALUE, &[&signed(l, mean, 2), &number(l, sd, 2)]) }}</dd>
                {(parted > 0).then(|| view! {
                    <dt>{move || tr(lang.get(), k::STATS_TURN)}</dt>
                    <dd data-stat="turn">{move || number(lang.get(), turn_mean, 1)}</dd>
                })}
            </dl>
            {hist}
            {outcomes}
            {margins}
        </section>
    }
}

/// Width, height and baseline of the small charts (SVG user units).
const CHART_W: u32 = 320;
const H: u32 = 120;
const BASE: u32 = 100;

/// A bar chart's drawing: the axis, the bars, the first and last values under it.
fn chart_svg(
    lang: RwSignal<Lang>,
    title: Key,
    bars: impl IntoView,
    from: i64,
    to: i64,
) -> impl IntoView {
    view! {
        <svg viewBox=format!("0 0 {CHART_W} {H}") role="img" aria-label=move || tr(lang.get(), title)>
            <line class="axis" x1="0" y1=BASE x2=CHART_W y2=BASE/>
            {bars}
            <text class="tick" x="2" y=H - 4>{move || integer(lang.get(), from)}</text>
            <text class="tick" x=CHART_W - 2 y=H - 4 text-anchor="end">{move || integer(lang.get(), to)}</text>
        </svg>
    }
}

/// Results under each ruleset as stacked bars (A wins, B wins, draws), with
/// the numbers, the first mover's wins and the mean game length beside.
fn outcomes_chart(lang: RwSignal<Lang>, s: &Stats, labels: [Key; 2]) -> impl IntoView {
    let games = s.games.max(1);
    let rows = (0..2)
        .map(|i| {
            let [a, b, d] = s.results[i];
            let first = s.first_mover_wins[i];
            let length = s.length_mean[i];
            let capped = s.capped[i];
            let label = labels[i];
            // Integer widths that add up to the whole bar.
            let wa = a * CHART_W / games;
            let wb = b * CHART_W / games;
            let wd = CHART_W - wa - wb;
            view! {
                <div class="outcome-row" data-series=i>
                    <p class="outcome-label">{move || tr(lang.get(), label)}</p>
                    <svg viewBox=format!("0 0 {CHART_W} 18") role="img" preserveAspectRatio="none"
                        aria-label=move || trf(lang.get(), k::STATS_RESULTS, &[&a, &b, &d])>
                        <rect class="seg-a" x="0" y="0" width=wa height="18"/>
                        <rect class="seg-b" x=wa y="0" width=wb height="18"/>
                        <rect class="seg-draw" x=wa + wb y="0" width=wd height="18"/>
                    </svg>
                    <p class="outcome-numbers" data-stat=format!("results-{i}")>
                        {move || trf(lang.get(), k::STATS_RESULTS, &[&a, &b, &d])}
                        " · "
                        <span data-stat=format!("first-{i}")>{move || { let l = lang.get(); trf(l, k::STATS_FIRST, &[&percent(l, first, games)]) }}</span>
                        " · "
                        {move || trf(lang.get(), k::STATS_LENGTH, &[&number(lang.get(), length, 0)])}
                        // Games a limit stopped say little about the rules'
                        // own ending: how many, where there are any.
                        {(capped > 0).then(|| view! {
                            " · " <span data-stat=format!("capped-{i}")>{move || trf(lang.get(), k::STATS_CAPPED, &[&capped, &games])}</span>
                        })}
                    </p>
                </div>
            }
        })
        .collect_view();
    view! {
        <figure class="outcomes" data-testid="outcomes">
            <figcaption>{move || tr(lang.get(), k::STATS_OUTCOMES)}</figcaption>
            {rows}
            <p class="legend">
                <span class="key seg-a"></span>{move || tr(lang.get(), k::STATS_KEY_A)}
                <span class="key seg-b"></span>{move || tr(lang.get(), k::STATS_KEY_B)}
                <span class="key seg-draw"></span>{move || tr(lang.get(), k::STATS_KEY_DRAW)}
            </p>
        </figure>
    }
}

/// The final margins (A's store minus B's) under each ruleset: paired bars per range.
fn margins_chart(lang: RwSignal<Lang>, s: &Stats, labels: [Key; 2]) -> impl IntoView {
    let bins = s.margin_histogram[0]
        .len()
        .max(s.margin_histogram[1].len())
        .max(1) as u32;
    let max = s
        .margin_histogram
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let slot = CHART_W / bins;
    let (lo, width) = (s.margin_min, s.margin_width.max(1) as i32);
    let mut bars = Vec::new();
    for (series, counts) in s.margin_histogram.iter().enumerate() {
        for (i, &c) in counts.iter().enumerate() {
            let h = c * (BASE - 8) / max;
            let x = i as u32 * slot + 2 + series as u32 * (slot - 4) / 2;
            let from = lo + i as i32 * width;
            let to = from + width - 1;
            let label = labels[series];
            bars.push(view! {
                <rect class=if series == 0 { "bar first" } else { "bar second" }
                    x=x y=BASE - h width=(slot - 4) / 2 height=h>
                    <title>{move || { let l = lang.get(); trf(l, k::STATS_MARGIN_BAR, &[&tr(l, label), &integer(l, from as i64), &integer(l, to as i64), &c]) }}</title>
                </rect>
            });
        }
    }
    let last = lo + bins as i32 * width - 1;
    let [l0, l1] = labels;
    view! {
        <figure class="histogram margins" data-testid="margins">
            <figcaption>{move || tr(lang.get(), k::STATS_MARGINS)}</figcaption>
            {chart_svg(lang, k::STATS_MARGINS, bars, lo as i64, last as i64)}
            <p class="legend">
                <span class="key first"></span>{move || tr(lang.get(), l0)}
                <span class="key second"></span>{move || tr(lang.get(), l1)}
            </p>
            <p class="histogram-axis">{move || { let l = lang.get(); trf(l, k::STATS_MARGINS_AXIS, &[&integer(l, lo as i64), &integer(l, last as i64)]) }}</p>
        </figure>
    }
}

/// A small bar chart of the games by parting turn.
/// `first`: the first turn of the first bar (0 when games part before any move).
fn histogram(lang: RwSignal<Lang>, counts: &[u32], width: u32, first: u32) -> impl IntoView {
    let max = counts.iter().copied().max().unwrap_or(0).max(1);
    let n = counts.len().max(1) as u32;
    let bw = CHART_W / n;
    let last_turn = counts.len() as u32 * width;
    let bars = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let h = c * (BASE - 8) / max;
            let from = if i == 0 { first } else { i as u32 * width + 1 };
            let to = (i as u32 + 1) * width;
            view! {
                <rect class="bar" x=i as u32 * bw + 2 y=BASE - h width=bw - 4 height=h>
                    <title>{move || trf(lang.get(), k::STATS_HIST_BAR, &[&from, &to, &c])}</title>
                </rect>
            }
        })
        .collect_view();
    view! {
        <figure class="histogram">
            <figcaption>{move || tr(lang.get(), k::STATS_HIST)}</figcaption>
            {chart_svg(lang, k::STATS_HIST, bars, first as i64, last_turn as i64)}
            <p class="histogram-axis">{move || trf(lang.get(), k::STATS_HIST_AXIS, &[&first, &last_turn])}</p>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_of_the_games_reads_in_words() {
        assert_eq!(share(Lang::En, 0, 1000), "none of 1000 games");
        assert_eq!(share(Lang::En, 563, 1000), "563 of 1000 games (56.3%)");
        assert_eq!(
            share(Lang::Id, 563, 1000),
            "563 dari 1000 permainan (56,3%)"
        );
        assert_eq!(
            share(Lang::Id, 0, 1000),
            "tidak satu pun dari 1000 permainan"
        );
    }
}
