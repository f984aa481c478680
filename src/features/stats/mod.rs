//! `/stats`: the statistics of the games finished on this device (see
//! [`crate::game::stats`]): results by pack and opponent, records, a chart of
//! results by pack, and export, import and reset.
//!
//! The build draws the page with nothing read (it knows no visitor); the
//! stored statistics are read by an effect once the page is live.

use crate::game::state::packs;
use crate::game::stats::{self, Opponent, Record, Stats, Summary};
use crate::platform::storage::StoreProblem;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{t, tr, tr_named, trf, trn, Lang, Say};
use crate::ui::board_text::player_name;
use congklak::Player;
use leptos::prelude::*;

/// A message after an action.
#[derive(Clone, Debug, PartialEq)]
enum Msg {
    Imported(usize, usize),
    ImportBad(stats::Problem),
    SaveFailed(StoreProblem),
    Unreadable,
    Cleared,
}

fn pack_name(lang: Lang, id: &str) -> String {
    packs()
        .get(id)
        .map(|p| p.name.get(lang.code()).to_string())
        .unwrap_or_else(|| id.to_string())
}

fn level_name(lang: Lang, level: congklak::Level) -> &'static str {
    tr_named(lang, &format!("level.{}", level.name()))
}

/// "Congklak (common), against the computer (Medium)".
fn game_words(lang: Lang, pack: &str, vs: &Opponent) -> String {
    match vs {
        Opponent::Hotseat => trf(lang, k::MYSTATS_VS_HOTSEAT, &[&pack_name(lang, pack)]),
        Opponent::Computer { level, .. } => trf(
            lang,
            k::MYSTATS_VS_COMPUTER,
            &[&pack_name(lang, pack), &level_name(lang, *level)],
        ),
    }
}

/// Who reached a record: you, the computer, or player A or B.
fn holder(lang: Lang, by: Player, vs: &Opponent) -> String {
    match vs {
        Opponent::Hotseat => player_name(lang, by).to_string(),
        Opponent::Computer { human, .. } if *human == by => tr(lang, k::MYSTATS_YOU).to_string(),
        Opponent::Computer { .. } => tr(lang, k::MYSTATS_THE_COMPUTER).to_string(),
    }
}

/// The play page's link to a kept game.
fn game_link(r: &Record) -> String {
    format!("/?g={}&vs={}", r.record, r.vs)
}

/// `/stats`: its title and introduction, drawn by the build alone, and the
/// visitor's figures ([`MyStats`]).
#[component]
pub fn StatsPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, k::MYSTATS_TITLE)}</h1>
        <p class="stats-intro">{t(lang, k::MYSTATS_INTRO)}</p>
        <MyStats/>
    }
}

/// The figures of the games this browser kept: an island (see `build.rs`).
// An island; in the islands bundle, its code is a part of its own, fetched
// when a page first shows it (see build.rs).
#[cfg_attr(all(islands, feature = "split"), island(lazy))]
#[cfg_attr(all(islands, not(feature = "split")), island)]
#[cfg_attr(not(islands), component)]
fn MyStats() -> impl IntoView {
    let lang = crate::texts::i18n::provide_page_lang();
    // None until read (the page as the build drew it).
    let data: RwSignal<Option<Result<Stats, stats::Problem>>> = RwSignal::new(None);
    let msg: RwSignal<Option<Msg>> = RwSignal::new(None);
    let confirming = RwSignal::new(false);
    Effect::new(move |_| data.set(Some(stats::load())));
    let summary = Memo::new(move |_| {
        data.with(|d| match d {
            Some(Ok(s)) => Some(s.summary()),
            _ => None,
        })
    });
    let count = move || summary.with(|s| s.as_ref().map_or(0, |s| s.games));
    let readable = move || data.with(|d| matches!(d, Some(Ok(_))));

    let export = move |_| {
        let json = data.with_untracked(|d| match d {
            Some(Ok(s)) => Some(s.to_json()),
            _ => None,
        });
        if let Some(json) = json {
            download("congklak-statistics.json", &json);
        }
    };
    let import = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string());
            let Some(text) = text else {
                msg.set(Some(Msg::Unreadable));
                return;
            };
            match Stats::from_export(&text) {
                Err(e) => msg.set(Some(Msg::ImportBad(e))),
                Ok(file) => {
                    let Some(Ok(mut mine)) = data.get_untracked() else {
                        return;
                    };
                    let (added, had) = mine.merge(file);
                    match stats::save(&mine) {
                        Ok(()) => {
                            data.set(Some(Ok(mine)));
                            msg.set(Some(Msg::Imported(added, had)));
                        }
                        Err(e) => msg.set(Some(Msg::SaveFailed(e))),
                    }
                }
            }
        });
    };
    let reset = move |_| {
        stats::reset();
        confirming.set(false);
        data.set(Some(Ok(Stats::new())));
        msg.set(Some(Msg::Cleared));
    };

    let message = move || {
        let lang = lang.get();
        msg.get().map(|m| {
            let (alert, text) = match m {
                Msg::Imported(a, b) => (false, trf(lang, k::MYSTATS_IMPORTED, &[&a, &b])),
                Msg::ImportBad(e) => (true, trf(lang, k::MYSTATS_IMPORT_BAD, &[&e.say(lang)])),
                Msg::SaveFailed(e) => (true, trf(lang, k::MYSTATS_IMPORT_BAD, &[&e.say(lang)])),
                Msg::Unreadable => (
                    true,
                    trf(
                        lang,
                        k::MYSTATS_IMPORT_BAD,
                        &[&tr(lang, k::MYSTATS_IMPORT_UNREADABLE)],
                    ),
                ),
                Msg::Cleared => (false, tr(lang, k::MYSTATS_RESET_DONE).to_string()),
            };
            view! {
                <p class=if alert { "notice" } else { "stats-done" } role=if alert { "alert" } else { "status" }
                    data-testid="stats-message">{text}</p>
            }
        })
    };

    view! {
        {message}
        {move || match data.get() {
            None => view! { <p class="stats-loading">{t(lang, k::MYSTATS_LOADING)}</p> }.into_any(),
            Some(Err(e)) => view! {
                <p class="notice" role="alert" data-testid="stats-corrupt">
                    {move || trf(lang.get(), k::MYSTATS_CORRUPT, &[&e.say(lang.get())])}
                </p>
            }.into_any(),
            Some(Ok(s)) if s.games.is_empty() => view! {
                <p class="stats-empty" data-testid="stats-empty">{t(lang, k::MYSTATS_EMPTY)} " "
                    <a href=lang.get_untracked().path("/")>{t(lang, k::MYSTATS_PLAY)}</a></p>
            }.into_any(),
            Some(Ok(_)) => view! { <Figures summary=summary/> }.into_any(),
        }}
        <section class="stats-manage">
            <h2>{t(lang, k::MYSTATS_MANAGE_H)}</h2>
            <div class="stats-actions">
                <button class="btn" data-testid="stats-export" on:click=export
                    disabled=move || count() == 0>{t(lang, k::MYSTATS_EXPORT)}</button>
                <label class="btn file-btn" class:disabled=move || !readable()>
                    <span>{t(lang, k::MYSTATS_IMPORT)}</span>
                    <input type="file" accept=".json,application/json" class="visually-hidden"
                        data-testid="stats-import" on:change=import disabled=move || !readable()/>
                </label>
                <button class="btn" data-testid="stats-reset" on:click=move |_| confirming.set(true)
                    disabled=move || data.with(|d| match d {
                        None => true,
                        Some(Ok(s)) => s.games.is_empty(),
                        Some(Err(_)) => false,
                    })>
                    {t(lang, k::MYSTATS_RESET)}</button>
            </div>
            {move || confirming.get().then(|| view! {
                <div class="stats-confirm" role="alertdialog" aria-modal="false">
                    <p>{move || {
                        let lang = lang.get();
                        if readable() {
                            trf(lang, k::MYSTATS_RESET_CONFIRM, &[&count()])
                        } else {
                            tr(lang, k::MYSTATS_RESET_CONFIRM_BROKEN).to_string()
                        }
                    }}</p>
                    <button class="btn danger" data-testid="stats-reset-yes" on:click=reset>{t(lang, k::MYSTATS_RESET_YES)}</button>
                    <button class="btn subtle" on:click=move |_| confirming.set(false)>{t(lang, k::MYSTATS_CANCEL)}</button>
                </div>
            })}
        </section>
    }
}

/// The figures, the tables, the records and the chart.
#[component]
fn Figures(summary: Memo<Option<Summary>>) -> impl IntoView {
    let lang = use_lang();
    let s = move || summary.get().unwrap_or_default();
    let computer_rows = move || {
        s().rows
            .into_iter()
            .filter_map(|((pack, vs), r)| match vs {
                Opponent::Computer { level, human } => Some((pack, level, human, r)),
                Opponent::Hotseat => None,
            })
            .collect::<Vec<_>>()
    };
    let hotseat_rows = move || {
        s().rows
            .into_iter()
            .filter_map(|((pack, vs), r)| (vs == Opponent::Hotseat).then_some((pack, r)))
            .collect::<Vec<_>>()
    };
    let record = move |r: Option<Record>, key: Key| {
        let lang = lang.get();
        r.map(|r| {
            let mut words = trn(lang, key, r.value);
            if let Some(p) = r.by {
                words.push(' ');
                words.push_str(&trf(lang, k::MYSTATS_BY, &[&holder(lang, p, &r.vs)]));
            }
            let game = game_words(lang, &r.pack, &r.vs);
            let href = lang.path(&game_link(&r));
            view! {
                <span class="record-value">{words}</span>
                <span class="record-game">{game}" · "<a href=href>{tr(lang, k::MYSTATS_OPEN)}</a></span>
            }
        })
    };
    view! {
        <p class="stats-total" data-testid="stats-total">{move || trn(lang.get(), k::MYSTATS_TOTAL, s().games as u32)}</p>
        {move || {
            let rows = computer_rows();
            (!rows.is_empty()).then(|| view! {
                <section class="stats-table">
                    <h2>{t(lang, k::MYSTATS_COMPUTER_H)}</h2>
                    <div class="table-scroll">
                    <table data-testid="stats-computer">
                        <thead><tr>
                            <th scope="col">{t(lang, k::MYSTATS_COL_PACK)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_GAMES)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_WON)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_DRAWN)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_LOST)}</th>
                        </tr></thead>
                        <tbody>
                            {rows.into_iter().map(|(pack, level, human, r)| view! {
                                <tr>
                                    <th scope="row">{move || pack_name(lang.get(), &pack)}
                                        <span class="vs">{move || {
                                            let lang = lang.get();
                                            trf(lang, k::MYSTATS_ROW_VS, &[&level_name(lang, level), &player_name(lang, human)])
                                        }}</span>
                                    </th>
                                    <td class="num">{r.iter().sum::<u32>()}</td>
                                    <td class="num">{r[0]}</td>
                                    <td class="num">{r[1]}</td>
                                    <td class="num">{r[2]}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    </div>
                </section>
            })
        }}
        {move || {
            let rows = hotseat_rows();
            (!rows.is_empty()).then(|| view! {
                <section class="stats-table">
                    <h2>{t(lang, k::MYSTATS_HOTSEAT_H)}</h2>
                    <div class="table-scroll">
                    <table data-testid="stats-hotseat">
                        <thead><tr>
                            <th scope="col">{t(lang, k::MYSTATS_COL_PACK)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_GAMES)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_AWON)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_DRAWN)}</th>
                            <th scope="col" class="num">{t(lang, k::MYSTATS_COL_BWON)}</th>
                        </tr></thead>
                        <tbody>
                            {rows.into_iter().map(|(pack, r)| view! {
                                <tr>
                                    <th scope="row">{move || pack_name(lang.get(), &pack)}</th>
                                    <td class="num">{r.iter().sum::<u32>()}</td>
                                    <td class="num">{r[0]}</td>
                                    <td class="num">{r[1]}</td>
                                    <td class="num">{r[2]}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    </div>
                </section>
            })
        }}
        <section class="stats-records">
            <h2>{t(lang, k::MYSTATS_RECORDS_H)}</h2>
            <dl>
                <div data-testid="record-bank">
                    <dt>{t(lang, k::MYSTATS_BANK)}</dt>
                    <dd>{move || record(s().bank, k::MYSTATS_BANK_N)}</dd>
                </div>
                <div data-testid="record-relays">
                    <dt>{t(lang, k::MYSTATS_RELAYS)}</dt>
                    <dd>{move || record(s().relays, k::MYSTATS_RELAYS_N)}</dd>
                </div>
                <div data-testid="record-longest">
                    <dt>{t(lang, k::MYSTATS_LONGEST)}</dt>
                    <dd>{move || record(s().longest, k::MYSTATS_LONGEST_N)}</dd>
                </div>
            </dl>
        </section>
        <section class="stats-chart">
            <h2>{t(lang, k::MYSTATS_CHART_H)}</h2>
            {move || chart(lang.get(), &s())}
            <ul class="chart-legend">
                <li><span class="swatch won"></span>{t(lang, k::MYSTATS_LEGEND_WON)}</li>
                <li><span class="swatch drawn"></span>{t(lang, k::MYSTATS_LEGEND_DRAWN)}</li>
                <li><span class="swatch lost"></span>{t(lang, k::MYSTATS_LEGEND_LOST)}</li>
                <li><span class="swatch hotseat"></span>{t(lang, k::MYSTATS_LEGEND_HOTSEAT)}</li>
            </ul>
        </section>
    }
}

/// Bars of results by pack, as inline SVG: won, drawn and lost against the
/// computer, then games between two players. Widths are shares of the
/// drawing's width, so the labels keep their size on any screen.
fn chart(lang: Lang, s: &Summary) -> impl IntoView {
    const ROW: usize = 46;
    let max = s
        .by_pack
        .values()
        .map(|r| r.iter().sum::<u32>())
        .max()
        .unwrap_or(1)
        .max(1);
    let height = ROW * s.by_pack.len();
    let bars = s
        .by_pack
        .iter()
        .enumerate()
        .map(|(i, (pack, r))| {
            let y = ROW * i;
            let name = pack_name(lang, pack);
            let mut title = trf(lang, k::MYSTATS_CHART_BAR, &[&name, &r[0], &r[1], &r[2]]);
            if r[3] > 0 {
                title.push_str("; ");
                title.push_str(&trf(lang, k::MYSTATS_CHART_HOTSEAT, &[&r[3]]));
            }
            let total: u32 = r.iter().sum();
            let mut x = 0.0;
            let parts = ["won", "drawn", "lost", "hotseat"]
                .iter()
                .zip(r.iter())
                .filter(|(_, &n)| n > 0)
                .map(|(class, &n)| {
                    let w = 100.0 * f64::from(n) / f64::from(max);
                    let rect = view! {
                        <rect class=format!("bar {class}") x=format!("{x:.2}%") y=(y + 22).to_string()
                            width=format!("{w:.2}%") height="18"></rect>
                    };
                    x += w;
                    rect
                })
                .collect_view();
            view! {
                <g data-pack=pack.clone()>
                    <title>{title}</title>
                    <text class="bar-label" x="0" y=(y + 15).to_string()>{format!("{name} · {total}")}</text>
                    {parts}
                </g>
            }
        })
        .collect_view();
    view! {
        <svg class="chart" data-testid="stats-chart" role="img" aria-label=tr(lang, k::MYSTATS_CHART_LABEL)
            width="100%" height=height.to_string()>
            {bars}
        </svg>
    }
}

/// Offers `text` as a file download.
fn download(name: &str, text: &str) {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = document()
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(5),
    );
}
