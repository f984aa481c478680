//! "With perfect play": a pack's values on small boards when both players
//! play perfectly, and how each played divergence changes them, from the
//! table the engine's solver writes (`congklak perfect-play`, copied into
//! the build from `engine/data/perfect-play.json`): the build draws it, as
//! it draws the whole pack page (see `PageRoute::islands`).

use crate::texts::i18n::k;
use crate::texts::i18n::{tr, trf, Lang};
use crate::ui::numbers::{integer, number};
use congklak::Pack;
use leptos::prelude::*;
use serde::Deserialize;

/// One board of the table.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Entry {
    /// Holes a side.
    pub holes: u8,
    /// Seeds a hole.
    pub seeds: u8,
    /// A's seeds minus B's with perfect play (the matrix game's value for a
    /// simultaneous opening); none if unsolved.
    #[serde(default)]
    pub value: Option<f64>,
    /// Under the pack's own reading (divergence rows).
    #[serde(default)]
    pub this_value: Option<f64>,
    /// The first mover's best holes.
    #[serde(default)]
    pub best: Vec<u8>,
    /// Who moves first: `A`, `B` or `both`.
    #[serde(default)]
    pub to_move: Option<String>,
}

/// A played divergence's rows.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct DivergenceRows {
    /// The divergence's id in the pack.
    pub id: String,
    /// Its boards.
    #[serde(default)]
    pub boards: Vec<Entry>,
}

/// A pack's rows.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct PackRows {
    /// The pack.
    pub pack: String,
    /// `game`, or `round` for packs of several rounds.
    #[serde(default)]
    pub scope: Option<String>,
    /// Its boards.
    pub boards: Vec<Entry>,
    /// Its played divergences.
    #[serde(default)]
    pub divergences: Vec<DivergenceRows>,
}

#[derive(Deserialize)]
struct Table {
    packs: Vec<PackRows>,
}

/// The rows of `pack` in the table's text.
pub fn rows_of(text: &str, pack: &str) -> Option<PackRows> {
    let table: Table = serde_json::from_str(text).ok()?;
    table.packs.into_iter().find(|p| p.pack == pack)
}

/// A value in words: "A ends 6 seeds ahead", "B ends about 0.5 seeds
/// ahead on average" (a fraction is the value of a simultaneous opening,
/// where the best play mixes its opening holes), "a draw"; the number in
/// the language's format.
pub fn value_words(lang: Lang, v: f64) -> String {
    // (Each key whole, as the texts' test of what the play page shows reads them.)
    let (by, one, mean) = if v > 0.0 {
        (k::PERFECT_A, k::PERFECT_A_ONE, k::PERFECT_A_MEAN)
    } else {
        (k::PERFECT_B, k::PERFECT_B_ONE, k::PERFECT_B_MEAN)
    };
    let whole = (v - v.round()).abs() < 1e-9;
    if v == 0.0 {
        tr(lang, k::PERFECT_DRAW).to_string()
    } else if whole && v.abs().round() as i64 == 1 {
        tr(lang, one).to_string()
    } else if whole {
        trf(lang, by, &[&integer(lang, v.abs().round() as i64)])
    } else {
        // One decimal, or two for a margin under 0.05 (never "about 0").
        let places = if v.abs() < 0.05 { 2 } else { 1 };
        trf(lang, mean, &[&number(lang, v.abs(), places)])
    }
}

/// Whether any value of `rows` is a fraction (an average: see [`value_words`]).
fn any_mean(rows: &PackRows) -> bool {
    let fraction = |v: &Option<f64>| v.is_some_and(|v| (v - v.round()).abs() > 1e-9);
    rows.boards.iter().any(|b| fraction(&b.value))
        || rows
            .divergences
            .iter()
            .flat_map(|d| &d.boards)
            .any(|b| fraction(&b.value) || fraction(&b.this_value))
}

/// The boards where a divergence's other reading changes who wins, in words.
pub fn changes(lang: Lang, rows: &DivergenceRows) -> Vec<String> {
    rows.boards
        .iter()
        .filter_map(|b| {
            let (this, other) = (b.this_value?, b.value?);
            (this.signum() != other.signum()).then(|| {
                trf(
                    lang,
                    k::PERFECT_CHANGE,
                    &[
                        &b.holes,
                        &b.seeds,
                        &value_words(lang, this),
                        &value_words(lang, other),
                    ],
                )
            })
        })
        .collect()
}

/// The section on a pack page.
#[component]
pub fn PerfectPlay(pack: &'static Pack) -> impl IntoView {
    let lang = crate::texts::i18n::use_lang();
    // The build reads the table once, for every pack page.
    let rows: RwSignal<Option<PackRows>> = RwSignal::new({
        static TABLE: std::sync::OnceLock<Option<Table>> = std::sync::OnceLock::new();
        TABLE
            .get_or_init(|| {
                serde_json::from_str(include_str!("../../../engine/data/perfect-play.json")).ok()
            })
            .as_ref()
            .and_then(|t| t.packs.iter().find(|p| p.pack == pack.id).cloned())
    });
    move || {
        rows.get().map(|r| {
            let sizes: Vec<u8> = {
                let mut s: Vec<u8> = r.boards.iter().map(|b| b.holes).collect();
                s.dedup();
                s
            };
            let seeds: Vec<u8> = {
                let mut s: Vec<u8> = r.boards.iter().map(|b| b.seeds).collect();
                s.sort_unstable();
                s.dedup();
                s
            };
            let boards = r.boards.clone();
            let round = r.scope.as_deref() == Some("round");
            let mean = any_mean(&r);
            let divs: Vec<(String, Vec<String>, usize)> = r
                .divergences
                .iter()
                .map(|d| {
                    let title = pack
                        .divergences
                        .iter()
                        .find(|x| x.id == d.id)
                        .map(|x| x.title.get(lang.get().code()).to_string())
                        .unwrap_or_default();
                    (title, changes(lang.get(), d), d.boards.len())
                })
                .collect();
            view! {
                <section class="perfect-play" data-testid="perfect-play">
                    <h2>{move || tr(lang.get(), k::PERFECT_TITLE)}</h2>
                    <p>{move || tr(lang.get(), if round { k::PERFECT_INTRO_ROUND } else { k::PERFECT_INTRO })}</p>
                    {mean.then(|| view! { <p class="perfect-mean" data-testid="perfect-mean">{move || tr(lang.get(), k::PERFECT_MEAN_NOTE)}</p> })}
                    <div class="table-scroll">
                        <table class="perfect-table">
                            <thead><tr>
                                <th scope="col">{move || tr(lang.get(), k::PERFECT_HOLES)}</th>
                                {seeds.iter().copied().map(|s| view! { <th scope="col">{move || crate::texts::i18n::trn(lang.get(), k::PERFECT_SEEDS, s as u32)}</th> }).collect_view()}
                            </tr></thead>
                            <tbody>
                                {sizes.into_iter().map(|h| {
                                    let boards = boards.clone();
                                    let seeds = seeds.clone();
                                    view! {
                                        <tr>
                                            <th scope="row">{h}</th>
                                            {seeds.into_iter().map(|s| {
                                                let b = boards.iter().find(|b| b.holes == h && b.seeds == s).cloned();
                                                view! {
                                                    <td data-holes=h data-seeds=s>{move || match &b {
                                                        Some(Entry { value: Some(v), best, .. }) => {
                                                            let lang = lang.get();
                                                            let mut t = value_words(lang, *v);
                                                            if !best.is_empty() {
                                                                let holes: Vec<String> = best.iter().map(u8::to_string).collect();
                                                                t.push_str(&format!(" · {}", trf(lang, k::PERFECT_BEST, &[&holes.join(", ")])));
                                                            }
                                                            t
                                                        }
                                                        _ => tr(lang.get(), k::PERFECT_UNSOLVED).to_string(),
                                                    }}</td>
                                                }
                                            }).collect_view()}
                                        </tr>
                                    }
                                }).collect_view()}
                            </tbody>
                        </table>
                    </div>
                    {(!divs.is_empty()).then(|| view! {
                        <h3>{move || tr(lang.get(), k::PERFECT_DIVERGENCES)}</h3>
                        <ul class="perfect-divergences">
                            {divs.into_iter().map(|(title, list, total)| view! {
                                <li>
                                    <strong>{title}</strong> ": "
                                    {if total == 0 {
                                        tr(lang.get_untracked(), k::PERFECT_NOTCOMPARED).to_string()
                                    } else if list.is_empty() {
                                        trf(lang.get_untracked(), k::PERFECT_SAME, &[&total])
                                    } else {
                                        let shown: Vec<String> = list.iter().take(2).cloned().collect();
                                        format!("{} {}", trf(lang.get_untracked(), k::PERFECT_CHANGES, &[&list.len(), &total]), shown.join(" "))
                                    }}
                                </li>
                            }).collect_view()}
                        </ul>
                    })}
                </section>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_values_read_in_words() {
        let text = include_str!("../../../engine/data/perfect-play.json");
        let r = rows_of(text, "umum").expect("umum is in the table");
        assert!(r
            .boards
            .iter()
            .any(|b| b.holes == 4 && b.seeds == 3 && b.value.is_some()));
        assert_eq!(value_words(Lang::En, 6.0), "A ends 6 seeds ahead");
        assert_eq!(value_words(Lang::En, -1.0), "B ends 1 seed ahead");
        assert_eq!(value_words(Lang::En, 0.0), "a draw");
        let d = DivergenceRows {
            id: "x".into(),
            boards: vec![Entry {
                holes: 4,
                seeds: 3,
                value: Some(-2.0),
                this_value: Some(6.0),
                best: vec![],
                to_move: None,
            }],
        };
        assert_eq!(
            changes(Lang::En, &d),
            vec!["On 4 holes × 3 seeds: A ends 6 seeds ahead under this pack's reading, B ends 2 seeds ahead under the other.".to_string()]
        );
    }

    /// A margin with decimals says what it is (an average, "about"), never
    /// a bare fraction; in Indonesian with a decimal comma.
    #[test]
    fn a_fractional_margin_reads_as_an_average() {
        assert_eq!(
            value_words(Lang::En, -0.5),
            "B ends about 0.5 seeds ahead on average"
        );
        assert_eq!(
            value_words(Lang::En, 3.714),
            "A ends about 3.7 seeds ahead on average"
        );
        assert_eq!(
            value_words(Lang::En, 0.0093),
            "A ends about 0.01 seeds ahead on average"
        );
        assert_eq!(
            value_words(Lang::Id, -0.5),
            "B unggul rata-rata sekitar 0,5 biji di akhir"
        );
        // Every value of the table, in both languages: never "ahead by" a
        // bare number, and no decimal point in Indonesian.
        let text = include_str!("../../../engine/data/perfect-play.json");
        let table: Table = serde_json::from_str(text).unwrap();
        let mut fractions = 0;
        for r in &table.packs {
            for b in r
                .boards
                .iter()
                .chain(r.divergences.iter().flat_map(|d| &d.boards))
            {
                for v in [b.value, b.this_value].into_iter().flatten() {
                    let (en, id) = (value_words(Lang::En, v), value_words(Lang::Id, v));
                    assert!(!en.contains("ahead by"), "{en}");
                    assert!(!id.contains('.'), "{id}");
                    if en.contains("on average") {
                        fractions += 1;
                        assert!(id.contains(','), "{id}");
                    }
                }
            }
        }
        assert!(fractions > 100, "{fractions} fractional values");
        assert!(table.packs.iter().any(any_mean), "no pack has an average");
    }
}
