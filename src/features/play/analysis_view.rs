//! "Analyse this game": under a finished game on the play page, the
//! engine's mark for each move (see [`crate::game::analysis`]), worked out in the
//! worker one move at a time with the progress shown; the worst moves
//! highlighted; choosing a move shows the board before it with the better
//! move marked (the page's review cursor and board).

use crate::game::analysis::{Analysis, Given, Kept, ANALYSIS_KEY};
use crate::game::session::PlaySession;
use crate::game::state::PlayState;
use crate::jobs::client::{cancel, submit, Job, Reply};
use crate::texts::i18n::k;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{t, tr, trf, trn, Lang};
use crate::ui::board_text::player_name;
use leptos::prelude::*;

/// The analysis marks kept (of the last game analysed), if any. What cannot
/// be read is moved aside (under its `.unreadable` key) and not reported:
/// only marks the computer can work out again, so nothing is lost, and a
/// new analysis does not write over it.
pub(crate) fn load_kept() -> Option<Kept> {
    let read = crate::platform::storage::get::<Kept>(ANALYSIS_KEY).and_then(|k| {
        // Marks of a game's record, which must read as one.
        match congklak::GameRecord::parse(&k.record) {
            Ok(_) => Ok(k),
            Err(e) => Err(crate::platform::storage::Unread::Broken(
                crate::platform::storage::Unfit::Record(e),
            )),
        }
    });
    match read {
        Ok(k) => Some(k),
        Err(crate::platform::storage::Unread::Missing) => None,
        Err(crate::platform::storage::Unread::Broken(why)) => {
            leptos::logging::warn!("the kept analysis could not be read and was set aside: {why}");
            let _ = crate::platform::storage::keep_aside(ANALYSIS_KEY);
            None
        }
    }
}

/// The analysis panel, under a finished game (the page shows it only then,
/// see [`analysis_part`]). `analysis` and `chosen` (the move whose board is
/// shown) are the page's, so that the board can mark the better move.
#[component]
pub fn AnalysisPanel(
    session: RwSignal<PlaySession>,
    game: Memo<PlayState>,
    analysis: RwSignal<Option<Analysis>>,
    chosen: RwSignal<Option<usize>>,
) -> impl IntoView {
    let lang = use_lang();
    let tickets = StoredValue::new(Vec::<u32>::new());
    let drop_jobs = move || {
        tickets.update_value(|t| {
            for id in t.drain(..) {
                cancel(id);
            }
        })
    };
    on_cleanup(drop_jobs);
    // The analysis of another game is dropped (a new game, an undone move).
    Effect::new(move |_| {
        let stale =
            game.with(|g| analysis.with_untracked(|a| a.as_ref().is_some_and(|a| !a.is_for(g))));
        if stale {
            drop_jobs();
            analysis.set(None);
            chosen.set(None);
        }
    });
    // Sends the jobs of the moves not marked yet.
    let ask = move |jobs: Vec<(usize, crate::jobs::search::MarkRequest)>, record: String| {
        for (ply, req) in jobs {
            let record = record.clone();
            let id = submit(
                Job::Mark(req),
                crate::jobs::client::decode_mark,
                move |reply| {
                    use crate::game::analysis::NoMark;
                    let mark = match reply {
                        Reply::Mark(m) => m.map_err(NoMark::Unanswered),
                        Reply::Failed(why) => Err(NoMark::Worker(why)),
                        _ => Err(NoMark::OtherAnswer),
                    };
                    let _ = analysis.try_update(|a| {
                        if let Some(a) = a.as_mut().filter(|a| a.record() == record) {
                            a.answer(ply, mark);
                        }
                    });
                },
            );
            tickets.update_value(|t| t.push(id));
        }
    };
    let start = move |_| {
        let Some(a) = game.with_untracked(Analysis::new) else {
            return;
        };
        drop_jobs();
        let jobs = game.with_untracked(|g| a.requests(g));
        let record = a.record().to_string();
        analysis.set(Some(a));
        chosen.set(None);
        ask(jobs, record);
    };
    // The marks kept of this game (a reloaded page): shown again, and the
    // moves still to mark asked for.
    if analysis.with_untracked(Option::is_none) {
        if let Some(a) =
            load_kept().and_then(|k| game.with_untracked(|g| Analysis::from_kept(g, &k)))
        {
            let jobs = game.with_untracked(|g| a.missing_requests(g));
            let record = a.record().to_string();
            analysis.set(Some(a));
            ask(jobs, record);
        }
    }
    // Every mark in is kept, for a reload.
    Effect::new(move |_| {
        if let Some(kept) = analysis.with(|a| a.as_ref().map(Analysis::kept)) {
            if !kept.marks.is_empty() {
                let _ = crate::platform::storage::set(ANALYSIS_KEY, &kept);
            }
        }
    });
    let choose = move |ply: usize| {
        session.update(|s| s.seek(ply));
        chosen.set(Some(ply));
        // On a small screen the list is below the board: bring it back.
        super::show_board();
    };
    let progress = move || analysis.with(|a| a.as_ref().map(Analysis::progress));
    let method = move || {
        let lang = lang.get();
        analysis.with(|a| {
            a.as_ref().and_then(Analysis::exact).map(|exact| {
                if exact {
                    tr(lang, k::ANALYSIS_EXACT).to_string()
                } else {
                    trf(
                        lang,
                        k::ANALYSIS_ESTIMATE,
                        &[&crate::ui::numbers::integer(
                            lang,
                            congklak::ANALYSIS_SEARCH_NODES as i64,
                        )],
                    )
                }
            })
        })
    };
    let shown = move || {
        let lang = lang.get();
        let ply = chosen.get()?;
        if game.with(|g| g.cursor) != ply {
            return None;
        }
        analysis.with(|a| {
            let a = a.as_ref()?;
            Some(match a.better_move(ply) {
                Some((_, k)) => trf(lang, k::ANALYSIS_SHOWN_BETTER, &[&(ply + 1), &k]),
                None => trf(lang, k::ANALYSIS_SHOWN_KEPT, &[&(ply + 1)]),
            })
        })
    };
    let given = move || {
        let lang = lang.get();
        analysis.with(|a| {
            let a = a.as_ref().filter(|a| a.done())?;
            let part = |g: Given| {
                if g.estimated == 0 {
                    g.exact.to_string()
                } else {
                    trf(lang, k::ANALYSIS_GIVEN_PART, &[&g.exact, &g.estimated])
                }
            };
            let [ga, gb] = a.given_away().map(part);
            Some(trf(
                lang,
                k::ANALYSIS_GIVEN,
                &[
                    &player_name(lang, congklak::Player::A),
                    &ga,
                    &player_name(lang, congklak::Player::B),
                    &gb,
                ],
            ))
        })
    };
    let rows = move || analysis.with(|a| a.as_ref().map(Analysis::rows).unwrap_or_default());
    let row_text = move |lang: Lang, r: &crate::game::analysis::Row| -> String {
        let head = trf(
            lang,
            k::ANALYSIS_MOVE,
            &[&(r.ply + 1), &player_name(lang, r.player), &r.hole],
        );
        let mark = match &r.mark {
            None => format!("{head}: {}", tr(lang, k::ANALYSIS_WAITING)),
            Some(Err(_)) => format!("{head}: {}", tr(lang, k::ANALYSIS_FAILED)),
            Some(Ok(m)) => {
                let what = if m.loss == 0 {
                    tr(lang, k::ANALYSIS_KEPT).to_string()
                } else {
                    let best = m
                        .best
                        .iter()
                        .map(|k| k.to_string())
                        .collect::<Vec<_>>()
                        .join(", ");
                    let seeds = trn(lang, k::ANALYSIS_SEEDS, m.loss);
                    let seeds = if m.exact {
                        seeds
                    } else {
                        trf(lang, k::ANALYSIS_ABOUT, &[&seeds])
                    };
                    trf(lang, k::ANALYSIS_LOST, &[&seeds, &best])
                };
                let how = if m.exact {
                    k::ANALYSIS_MARK_EXACT
                } else {
                    k::ANALYSIS_MARK_ESTIMATE
                };
                format!("{head} ({}): {what}", tr(lang, how))
            }
        };
        let mut text = mark;
        if r.worst {
            text.push_str(&format!(" — {}", tr(lang, k::ANALYSIS_WORST)));
        }
        text
    };

    view! {
            <section class="analysis" data-testid="analysis">
                <h2>{t(lang, k::ANALYSIS_TITLE)}</h2>
                {move || {
                    let started = analysis.with(|a| a.is_some());
                    (!started).then(|| view! {
                        <p>{t(lang, k::ANALYSIS_INTRO)}</p>
                        <button class="btn" data-testid="analyse" on:click=start>{t(lang, k::ANALYSIS_START)}</button>
                    })
                }}
                {move || progress().map(|(done, all)| view! {
                    <p class="analysis-progress" data-testid="analysis-progress" role="status">
                        <progress max=all.max(1).to_string() value=done.to_string()></progress>
                        " "
                        {move || if done == all {
                            trf(lang.get(), k::ANALYSIS_DONE, &[&all])
                        } else {
                            trf(lang.get(), k::ANALYSIS_PROGRESS, &[&done, &all])
                        }}
                    </p>
                })}
                <p class="analysis-method" data-testid="analysis-method">{method}</p>
                <p data-testid="analysis-given">{given}</p>
                <p class="analysis-shown" data-testid="analysis-shown" role="status">{shown}</p>
                {move || analysis.with(|a| a.is_some()).then(|| view! {
                    <p class="hint">{t(lang, k::ANALYSIS_PICK)}</p>
                })}
                <ol class="analysis-list" data-testid="analysis-list">
                    {move || {
                        let lang = lang.get();
                        rows().into_iter().map(|r| {
                            let ply = r.ply;
                            let loss = r.mark.as_ref().and_then(|m| m.as_ref().ok()).map(|m| m.loss);
                            let text = row_text(lang, &r);
                            view! {
                                <li class:worst=r.worst class:mistake=loss.is_some_and(|l| l > 0)
                                    class:chosen=move || chosen.get() == Some(ply)
                                    data-ply=ply.to_string()
                                    data-loss=loss.map(|l| l.to_string()).unwrap_or_default()
                                    data-exact=r.mark.as_ref().and_then(|m| m.as_ref().ok()).map(|m| m.exact.to_string()).unwrap_or_default()
                                    data-in-play=r.mark.as_ref().and_then(|m| m.as_ref().ok()).map(|m| m.in_play.to_string()).unwrap_or_default()>
                                    <button class="link-button" on:click=move |_| choose(ply)>{text}</button>
                                </li>
                            }
                        }).collect_view()
                    }}
                </ol>
            </section>
    }
}

crate::lazy_part! { analysis =>
    /// The analysis panel as a part of the play page (see [`crate::ui::parts`]):
    /// its code is fetched when a game is first finished.
    pub fn analysis_part(
        session: RwSignal<PlaySession>,
        game: Memo<PlayState>,
        analysis: RwSignal<Option<Analysis>>,
        chosen: RwSignal<Option<usize>>,
    ) -> crate::ui::parts::PartView {
        crate::ui::parts::PartView::new(view! { <AnalysisPanel session=session game=game analysis=analysis chosen=chosen/> })
    }
}
