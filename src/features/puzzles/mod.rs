//! `/puzzles`: puzzles on real positions, each with one answer proved by the
//! engine (see [`crate::features::puzzles::model`]). The list is graded by difficulty and
//! pack; the puzzle of the day is chosen by the visitor's date; a puzzle's
//! link is `/puzzles?p=<id>`. The player picks a hole; the engine plays it
//! (animated from its events) and decides whether it meets the goal; a wrong
//! hole shows what it did. A hint marks two holes; "show the answer" replays
//! the answer with its explanation. Progress is kept in local storage.
//!
//! The build draws the list (it knows no date, link or progress); the day's
//! puzzle, the link's puzzle and the progress are applied by effects once
//! the page is live.

pub mod model;

use crate::features::puzzles::model::{
    self as puzzles, day_puzzle_for, difficulty_words, goal_short, goal_words, hint_words,
    verdict_words, Progress, PuzzlesProblem, Ready,
};
use crate::game::board_view::BoardView;
use crate::game::state::packs;
use crate::platform::storage::Damaged;
use crate::texts::i18n::k;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{t, tr, trf, Lang, Say};
use crate::ui::board::{animate_move, Board};
use crate::ui::board_text::turn_steps;
use crate::ui::glossary::Glossary;
use crate::ui::lesson::claim_words;
use congklak::{Place, Player, Puzzle};
use leptos::prelude::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// The list: none while it loads; an error if it cannot be had.
type Loaded = Option<Result<Vec<Puzzle>, PuzzlesProblem>>;

/// What the address asks for.
#[derive(Clone, Debug, PartialEq)]
enum Choice {
    /// Nothing: the day's puzzle is open.
    Day,
    /// A puzzle by id (it may not exist).
    Link(String),
}

fn pack_name(lang: Lang, id: &str) -> String {
    packs()
        .get(id)
        .map(|p| p.name.get(lang.code()).to_string())
        .unwrap_or_default()
}

/// Today in the visitor's time, as days since 1970-01-01.
fn local_day() -> i64 {
    let d = js_sys::Date::new_0();
    let ms = d.get_time() - d.get_timezone_offset() * 60_000.0;
    (ms / 86_400_000.0).floor() as i64
}

/// `/puzzles`: its title, introduction and glossary, drawn by the build
/// alone, and the puzzles ([`Puzzles`]).
#[component]
pub fn PuzzlesPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, k::PUZZLES_TITLE)}</h1>
        <p class="puzzles-intro">{t(lang, k::PUZZLES_INTRO)}</p>
        <Puzzles/>
        <Glossary/>
    }
}

/// The day's puzzle, the open one, the list and the player's progress: an
/// island (see `build.rs`), hydrated with the list the build drew (the
/// bundle fetches it first, see `crate::app::boot::load_puzzles`).
// An island; in the islands bundle, its code is a part of its own, fetched
// when a page first shows it (see build.rs).
#[cfg_attr(all(islands, feature = "split"), island(lazy))]
#[cfg_attr(all(islands, not(feature = "split")), island)]
#[cfg_attr(not(islands), component)]
fn Puzzles() -> impl IntoView {
    let lang = crate::texts::i18n::provide_page_lang();
    let list: RwSignal<Loaded> = RwSignal::new(puzzles::installed().map(|l| Ok(l.to_vec())));
    if list.get_untracked().is_none() {
        // The list could not be had before hydrating: fetch it now.
        Effect::new(move |_| {
            leptos::task::spawn_local(async move {
                let got = match crate::platform::browser::fetch_text("/puzzles.json").await {
                    Ok(t) => puzzles::parse_file(&t),
                    Err(e) => Err(PuzzlesProblem::Fetch(e)),
                };
                if let Ok(l) = &got {
                    puzzles::install(l.clone());
                }
                let _ = list.try_set(Some(got));
            });
        });
    }
    // None until read (the page as the build drew it).
    let progress: RwSignal<Option<Result<Progress, Damaged>>> = RwSignal::new(None);
    // What was solved when the page opened: a newcomer's puzzle of the day
    // is an easy one on the rules the lessons teach (see
    // `day_puzzle_for`). Read once, so that solving it does not swap the
    // open puzzle.
    let solved_before: RwSignal<Option<BTreeSet<String>>> = RwSignal::new(None);
    Effect::new(move |_| {
        let p = puzzles::load_progress();
        solved_before.set(Some(match &p {
            Ok(p) => p.solved.clone(),
            Err(_) => BTreeSet::new(),
        }));
        progress.set(Some(p));
    });
    let today: RwSignal<Option<i64>> = RwSignal::new(None);
    Effect::new(move |_| today.set(Some(local_day())));
    let choice: RwSignal<Option<Choice>> = RwSignal::new(None);
    Effect::new(move |_| {
        let p = crate::platform::address::query("p");
        choice.set(Some(match p {
            Some(id) => Choice::Link(id),
            None => Choice::Day,
        }));
    });
    let record = Callback::new(move |(id, right): (String, bool)| {
        progress.update(|p| {
            if let Some(Ok(p)) = p {
                p.record(&id, right);
                let _ = puzzles::save_progress(p);
            }
        });
    });
    let of_the_day = Memo::new(move |_| {
        let d = today.get()?;
        let solved = solved_before.get()?;
        list.with(|l| match l {
            Some(Ok(l)) => day_puzzle_for(l, d, &solved).map(|i| l[i].clone()),
            _ => None,
        })
    });
    // The open puzzle: the link's, else the day's; Err: a link to no puzzle.
    let open = Memo::new(move |_| -> Option<Result<(usize, Puzzle), ()>> {
        let c = choice.get()?;
        list.with(|l| {
            let l = l.as_ref()?.as_ref().ok()?;
            let find = |id: &str| {
                l.iter()
                    .position(|p| p.id == id)
                    .map(|i| (i + 1, l[i].clone()))
            };
            match c {
                Choice::Link(id) => Some(find(&id).ok_or(())),
                Choice::Day => {
                    let solved = solved_before.get()?;
                    let p = l.get(day_puzzle_for(l, today.get()?, &solved)?)?;
                    Some(find(&p.id).ok_or(()))
                }
            }
        })
    });
    // The puzzle to go on to: the next unsolved one after the open one.
    let next = Signal::derive(move || -> Option<(usize, String)> {
        let Some(Ok((_, p))) = open.get() else {
            return None;
        };
        let solved = progress.with(|pr| match pr {
            Some(Ok(pr)) => pr.solved.clone(),
            _ => Default::default(),
        });
        list.with(|l| {
            let l = l.as_ref()?.as_ref().ok()?;
            puzzles::next_puzzle(l, &p.id, &solved).map(|(n, q)| (n, q.id.clone()))
        })
    });
    let reset = move |_| {
        puzzles::reset_progress();
        progress.set(Some(Ok(Progress::default())));
    };

    view! {
        // What is read once the page is live (the visitor's progress, the
        // day's puzzle, the open puzzle) comes in a box whose room the
        // style sheet keeps from the first paint, so that the list below
        // does not jump down.
        <div class="puzzle-top">
        {move || match progress.get() {
            Some(Err(e)) => Some(view! {
                <div class="notice" role="alert" data-testid="puzzles-corrupt">
                    <p>{move || trf(lang.get(), k::PUZZLES_CORRUPT, &[&e.say(lang.get())])}</p>
                    <button class="btn" data-testid="puzzles-reset" on:click=reset>{t(lang, k::PUZZLES_RESET)}</button>
                </div>
            }.into_any()),
            Some(Ok(p)) => list.with(|l| match l {
                Some(Ok(l)) => Some(view! {
                    <p class="puzzles-progress" data-testid="puzzles-progress">
                        {trf(lang.get(), k::PUZZLES_PROGRESS, &[&p.solved_of(l), &l.len()])}
                    </p>
                }.into_any()),
                _ => None,
            }),
            None => None,
        }}
        {move || of_the_day.get().map(|p| {
            let n = list.with(|l| l.as_ref().and_then(|l| l.as_ref().ok()).and_then(|l| l.iter().position(|q| q.id == p.id))).unwrap_or(0) + 1;
            let href = lang.get_untracked().path(&format!("/puzzles?p={}", p.id));
            view! {
                <p class="puzzle-day" data-testid="puzzle-day" data-puzzle=p.id.clone()>
                    <strong>{t(lang, k::PUZZLES_DAY)} ": "</strong>
                    <a href=href>{move || trf(lang.get(), k::PUZZLES_NUMBER, &[&n])}</a>
                    " · " {move || goal_short(lang.get(), p.goal)}
                    " · " {move || difficulty_words(lang.get(), p.difficulty)}
                </p>
            }
        })}
        {move || match open.get() {
            Some(Err(())) => Some(view! {
                <p class="notice" role="alert" data-testid="puzzle-missing">{t(lang, k::PUZZLES_MISSING)}</p>
            }.into_any()),
            Some(Ok((n, p))) => Some(view! { <PuzzleView number=n puzzle=p record=record next=next/> }.into_any()),
            None => None,
        }}
        </div>
        {move || match list.get() {
            None => view! { <p data-testid="puzzles-loading">{t(lang, k::PUZZLES_LOADING)}</p> }.into_any(),
            Some(Err(e)) => view! {
                <p class="notice" role="alert">{move || trf(lang.get(), k::PUZZLES_LOADFAIL, &[&e.say(lang.get())])}</p>
            }.into_any(),
            Some(Ok(l)) => view! { <PuzzleList list=l progress=progress/> }.into_any(),
        }}
    }
}

/// The list, by difficulty, each puzzle with its pack, board and goal.
#[component]
fn PuzzleList(
    list: Vec<Puzzle>,
    progress: RwSignal<Option<Result<Progress, Damaged>>>,
) -> impl IntoView {
    let lang = use_lang();
    let ordered: Vec<(usize, Puzzle)> = puzzles::ordered(&list)
        .into_iter()
        .map(|(n, p)| (n, p.clone()))
        .collect();
    // Only one pack's puzzles, or ("") every pack's.
    let filter = RwSignal::new(String::new());
    let mut pack_ids: Vec<String> = Vec::new();
    for p in &list {
        if !pack_ids.contains(&p.pack) {
            pack_ids.push(p.pack.clone());
        }
    }
    pack_ids.sort_by_key(|id| pack_name(Lang::En, id));
    view! {
        <section class="puzzle-list" data-testid="puzzle-list">
            <h2>{t(lang, k::PUZZLES_LIST)}</h2>
            <label class="puzzle-filter">{t(lang, k::PUZZLES_FILTER)} " "
                <select data-testid="puzzle-pack" on:change=move |ev| filter.set(event_target_value(&ev))>
                    <option value="">{t(lang, k::PUZZLES_FILTER_ALL)}</option>
                    {pack_ids.into_iter().map(|id| {
                        let value = id.clone();
                        view! { <option value=value>{move || pack_name(lang.get(), &id)}</option> }
                    }).collect_view()}
                </select>
            </label>
            {[1u8, 2, 3].into_iter().map(|d| {
                let items: Vec<(usize, Puzzle)> = ordered.iter().filter(|(_, p)| p.difficulty == d).cloned().collect();
                view! {
                    <h3 data-difficulty=d>{move || difficulty_words(lang.get(), d)} " (" {items.len()} ")"</h3>
                    <ul class="puzzle-items">
                        {items.into_iter().map(|(n, p)| {
                            let id = p.id.clone();
                            let id2 = p.id.clone();
                            let status = move || progress.with(|pr| match pr {
                                Some(Ok(pr)) if pr.solved.contains(&id2) => Some(("solved", tr(lang.get(), k::PUZZLES_SOLVED))),
                                Some(Ok(pr)) if pr.tried.contains(&id2) => Some(("tried", tr(lang.get(), k::PUZZLES_TRIED))),
                                _ => None,
                            });
                            let status2 = status.clone();
                            let own_pack = p.pack.clone();
                            view! {
                                <li data-puzzle=id.clone() data-status=move || status2().map(|s| s.0)
                                    hidden=move || filter.with(|f| !f.is_empty() && *f != own_pack)>
                                    <a href=lang.get_untracked().path(&format!("/puzzles?p={id}"))>{move || trf(lang.get(), k::PUZZLES_NUMBER, &[&n])}</a>
                                    " · " <span>{move || goal_short(lang.get(), p.goal)}</span>
                                    " · " <span class="puzzle-pack">{move || trf(lang.get(), k::PUZZLES_BOARD, &[&pack_name(lang.get(), &p.pack), &p.size])}</span>
                                    {move || status().map(|(c, w)| view! { " " <span class=format!("puzzle-status {c}")>{w}</span> })}
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }
            }).collect_view()}
        </section>
    }
}

/// Where the player is in a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stage {
    /// Choosing a hole.
    Choosing,
    /// The answer is being shown on request (a player's own pick is judged
    /// at once, while its sowing plays).
    Moving(u8),
    /// A hole that misses the goal was played.
    Wrong(u8),
    /// The answer was found.
    Solved,
    /// The answer was shown on request.
    Shown,
}

/// The time between a move's frames: 120 ms, quicker for a long sowing so
/// that a move plays in about three seconds (at least 40 ms a frame).
fn frame_time(frames: usize) -> Duration {
    let ms = (3_000 / frames.max(1) as u64).clamp(40, 120);
    Duration::from_millis(ms)
}

/// One puzzle: its goal, the board, hint, answer and result.
#[component]
fn PuzzleView(
    number: usize,
    puzzle: Puzzle,
    record: Callback<(String, bool)>,
    next: Signal<Option<(usize, String)>>,
) -> impl IntoView {
    let lang = use_lang();
    let id = puzzle.id.clone();
    let ready = match Ready::of(&puzzle) {
        Ok(r) => r,
        Err(e) => {
            return view! { <p class="notice" role="alert">{move || trf(lang.get(), k::PUZZLES_LOADFAIL, &[&e.say(lang.get())])}</p> }
                .into_any()
        }
    };
    let ready = StoredValue::new(ready);
    let start_view = StoredValue::new(ready.with_value(|r| BoardView::of(&r.start)));
    let shown = RwSignal::new(start_view.get_value());
    let stage = RwSignal::new(Stage::Choosing);
    let hint = RwSignal::new(false);
    // A move's sowing is playing on the board.
    let moving = RwSignal::new(false);
    let epoch = StoredValue::new(0u32);
    let legal_all: Vec<(Player, u8)> =
        ready.with_value(|r| r.legal().into_iter().map(|k| (Player::A, k)).collect());
    let legal = Signal::derive(move || {
        if matches!(stage.get(), Stage::Choosing | Stage::Wrong(_)) {
            legal_all.clone()
        } else {
            Vec::new()
        }
    });
    let answer = puzzle.answer;
    let marks = Signal::derive(move || {
        if hint.get() && matches!(stage.get(), Stage::Choosing | Stage::Wrong(_)) {
            ready
                .with_value(|r| r.hint_holes())
                .into_iter()
                .map(|hole| Place::Hole {
                    side: Player::A,
                    hole,
                })
                .collect()
        } else {
            Vec::new()
        }
    });
    let pack_id = puzzle.pack.clone();
    let presentation = Signal::derive(move || {
        packs()
            .get(&pack_id)
            .map(|p| p.presentation)
            .unwrap_or(crate::game::state::COMMON_LOOK)
    });

    // Plays hole `k` from the start, its frames one a tick: a pick is judged
    // at once, the answer shown on request is told once it has played.
    let play = move |k: u8, on_request: bool| {
        let Some((turn, after, _)) = ready.with_value(|r| r.play(k)) else {
            return;
        };
        let end = if on_request {
            Stage::Shown
        } else if ready.with_value(|r| r.meets(k)) {
            Stage::Solved
        } else {
            Stage::Wrong(k)
        };
        stage.set(if on_request { Stage::Moving(k) } else { end });
        let frames = BoardView::frames(&start_view.get_value(), &turn.events);
        moving.set(true);
        animate_move(
            shown,
            epoch,
            frames.clone(),
            BoardView::of(&after),
            frame_time(frames.len()),
            move || {
                let _ = stage.try_set(end);
                let _ = moving.try_set(false);
            },
        );
    };
    let restart = move || {
        epoch.update_value(|e| *e += 1);
        shown.set(start_view.get_value());
        stage.set(Stage::Choosing);
        moving.set(false);
    };
    let id_pick = id.clone();
    let on_pick = Callback::new(move |(_, k): (Player, u8)| {
        restart();
        let right = ready.with_value(|r| r.meets(k));
        record.run((id_pick.clone(), right));
        play(k, false)
    });
    let claim_of = move |k: u8| {
        ready
            .with_value(|r| r.play(k))
            .map(|x| x.2)
            .unwrap_or_default()
    };
    let difficulty = puzzle.difficulty;
    let goal = puzzle.goal;
    let pack = puzzle.pack.clone();
    let size = puzzle.size;
    let done = move || matches!(stage.get(), Stage::Solved | Stage::Shown);

    view! {
        <article class="puzzle" data-testid="puzzle" data-puzzle=id.clone()
            data-moving=move || moving.get().then_some("true")>
            <h2>
                {move || trf(lang.get(), k::PUZZLES_NUMBER, &[&number])}
                " · " <span class="puzzle-grade">{move || difficulty_words(lang.get(), difficulty)}</span>
            </h2>
            <p class="puzzle-board-name">{move || trf(lang.get(), k::PUZZLES_BOARD, &[&pack_name(lang.get(), &pack), &size])}</p>
            <p class="puzzle-goal" data-testid="puzzle-goal"><strong>{move || goal_words(lang.get(), goal)}</strong></p>
            <div class="board-wrap">
                <Board view=shown presentation=presentation lang=lang legal=legal marks=marks
                    on_pick=on_pick numbered=true id="puzzle".to_string()/>
            </div>
            <div class="lesson-actions">
                <button class="btn subtle" data-testid="puzzle-hint" on:click=move |_| hint.set(true)
                    disabled=move || hint.get() || done()>{t(lang, k::PUZZLES_HINT)}</button>
                <button class="btn subtle" data-testid="puzzle-show" on:click=move |_| { restart(); play(answer, true) }
                    disabled=move || matches!(stage.get(), Stage::Moving(..)) || done()>{t(lang, k::PUZZLES_SHOW)}</button>
                <button class="btn subtle" data-testid="puzzle-again" on:click=move |_| restart()
                    disabled=move || stage.get() == Stage::Choosing>{t(lang, k::PUZZLES_AGAIN)}</button>
            </div>
            {move || hint.get().then(|| view! {
                <p class="puzzle-hint" data-testid="puzzle-hint-text">{move || ready.with_value(|r| hint_words(lang.get(), r))}</p>
            })}
            <div class="lesson-result" role="status" data-testid="puzzle-result">
                {move || match stage.get() {
                    Stage::Choosing => None,
                    Stage::Moving(k) => Some(view! { <p>{move || trf(lang.get(), k::PUZZLES_MOVING, &[&k])}</p> }.into_any()),
                    Stage::Wrong(k) => Some(view! {
                        <p class="lesson-wrong" data-testid="puzzle-wrong">
                            {move || {
                                let l = lang.get();
                                trf(l, k::PUZZLES_WRONG, &[&k, &claim_words(l, &claim_of(k)), &ready.with_value(|r| verdict_words(l, r, k))])
                            }}
                        </p>
                    }.into_any()),
                    s @ (Stage::Solved | Stage::Shown) => Some(view! {
                        <p class="lesson-right" data-testid=if s == Stage::Solved { "puzzle-right" } else { "puzzle-answer" }>
                            <strong>{move || if s == Stage::Solved { tr(lang.get(), k::PUZZLES_RIGHT).to_string() } else { trf(lang.get(), k::PUZZLES_ANSWER, &[&answer]) }}</strong>
                            " " {move || claim_words(lang.get(), &claim_of(answer))}
                        </p>
                        <p class="puzzle-why" data-testid="puzzle-why">{move || ready.with_value(|r| verdict_words(lang.get(), r, answer))}</p>
                        {move || match next.get() {
                            Some((n, id)) => view! {
                                <p class="puzzle-next">
                                    <a class="btn" data-testid="puzzle-next" href=lang.get_untracked().path(&format!("/puzzles?p={id}"))>
                                        {move || trf(lang.get(), k::PUZZLES_NEXT, &[&trf(lang.get(), k::PUZZLES_NUMBER, &[&n])])}
                                    </a>
                                </p>
                            }.into_any(),
                            None if s == Stage::Solved => view! { <p data-testid="puzzle-all">{t(lang, k::PUZZLES_ALL)}</p> }.into_any(),
                            None => ().into_any(),
                        }}
                    }.into_any()),
                }}
            </div>
            {move || done().then(|| {
                let steps = ready.with_value(|r| r.play(answer)).map(|(turn, _, _)| turn.events).unwrap_or_default();
                view! {
                    <details class="turn-log">
                        <summary>{t(lang, k::LOG_TITLE)}</summary>
                        <ol>{move || turn_steps(lang.get(), &steps).into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ol>
                    </details>
                }
            })}
        </article>
    }
    .into_any()
}
