//! A lesson on a real position (see [`crate::game::lessons`]), as `/learn`
//! and the play page's example show it, and a move's claim in words. The
//! learner plays a hole and the engine's events animate it; a wrong hole
//! shows what it would have done; once the right hole is played, the same
//! move under another reading of the rule is shown beside it.

use crate::game::board_view::BoardView;
use crate::game::lessons::{Claim, Lesson};
use crate::game::state::packs;
use crate::texts::i18n::use_lang;
use crate::texts::i18n::{k, Key};
use crate::texts::i18n::{t, tr, tr_named, trf, trn, Lang};
use crate::ui::board::{animate_move, Board};
use crate::ui::board_text::{place_name, player_name, turn_steps};
use crate::ui::pack_text::{clause_name, reading_words};
use congklak::{Place, Player};
use leptos::prelude::*;
use std::time::Duration;

/// What a move did, in words: from a [`Claim`], which the engine made.
pub fn claim_words(lang: Lang, c: &Claim) -> String {
    let mut parts = Vec::new();
    if c.relays > 0 {
        parts.push(trn(lang, k::SUM_RELAYS, c.relays as u32));
    }
    if c.captured > 0 {
        parts.push(trf(lang, k::LEARN_CLAIM_CAPTURED, &[&c.captured]));
    }
    parts.push(trf(lang, k::LEARN_CLAIM_BANKED, &[&c.banked]));
    if let Some(end) = c.end {
        parts.push(trf(lang, k::LEARN_CLAIM_END, &[&place_name(lang, end)]));
    }
    if c.extra_turn {
        parts.push(tr(lang, k::LEARN_CLAIM_EXTRA).to_string());
    }
    if let Some([a, b]) = &c.next_round {
        for (p, (burnt, ngacang)) in [(Player::A, a), (Player::B, b)] {
            let list = |h: &Vec<u8>| h.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
            if !burnt.is_empty() {
                parts.push(trf(
                    lang,
                    k::ROUND_BURNT,
                    &[&player_name(lang, p), &list(burnt)],
                ));
            }
            if !ngacang.is_empty() {
                parts.push(trf(
                    lang,
                    k::ROUND_NGACANG,
                    &[&player_name(lang, p), &list(ngacang)],
                ));
            }
        }
    }
    match (c.scores, c.next) {
        (Some([a, b]), _) => parts.push(trf(lang, k::LEARN_CLAIM_OVER, &[&a, &b])),
        (None, Some(p)) => parts.push(trf(lang, k::LEARN_CLAIM_NEXT, &[&player_name(lang, p)])),
        _ => {}
    }
    let mut s = parts.join("; ");
    s.push('.');
    // A sentence starts with a capital. Every claim begins with a plain
    // letter in both languages: no Unicode case table needed in the wasm.
    if let Some(first) = s.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    s
}

/// The text keys of a lesson (the ids are fixed, so the keys are too).
pub fn title_key(id: &str) -> Key {
    match id {
        "sowing" => k::LEARN_SOWING_TITLE,
        "relay" => k::LEARN_RELAY_TITLE,
        "capture" => k::LEARN_CAPTURE_TITLE,
        "extra-turn" => k::LEARN_EXTRA_TURN_TITLE,
        "end" => k::LEARN_END_TITLE,
        "opening" => k::LEARN_OPENING_TITLE,
        _ => k::LEARN_ROUNDS_TITLE,
    }
}

/// Where the learner is in a lesson.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// Choosing a hole.
    Choosing,
    /// A hole's move is being shown.
    Moving(u8),
    /// A hole other than the lesson's was played: what it did.
    Wrong(u8, Claim),
    /// The lesson's hole was played.
    Done,
}

/// One lesson: its idea, the board, the result, and the other reading.
/// `on_done` is told when the learner's own pick was the lesson's hole
/// (not when "Show me" played it), once its sowing has played.
#[component]
pub fn LessonView(
    lesson: Lesson,
    #[prop(optional)] on_done: Option<Callback<()>>,
) -> impl IntoView {
    let lang = use_lang();
    let rules = lesson.rules();
    let start = lesson.start(&rules);
    let lesson = StoredValue::new(lesson);
    let rules = StoredValue::new(rules);
    let id = lesson.with_value(|l| l.id);
    let start_view = StoredValue::new(BoardView::of(&start));
    let shown = RwSignal::new(start_view.get_value());
    let stage = RwSignal::new(Stage::Choosing);
    let hint = RwSignal::new(false);
    let epoch = StoredValue::new(0u32);
    let legal_all: Vec<(Player, u8)> = start
        .legal_holes(&rules.get_value(), Player::A)
        .into_iter()
        .map(|k| (Player::A, k))
        .collect();
    let legal = Signal::derive(move || {
        if matches!(stage.get(), Stage::Choosing | Stage::Wrong(..)) {
            legal_all.clone()
        } else {
            Vec::new()
        }
    });
    let right = lesson.with_value(|l| l.right);
    let marks = Signal::derive(move || {
        if hint.get() && stage.get() != Stage::Done {
            vec![Place::Hole {
                side: Player::A,
                hole: right,
            }]
        } else {
            Vec::new()
        }
    });
    let presentation = Signal::derive(move || {
        lesson
            .with_value(|l| packs().get(l.pack).map(|p| p.presentation))
            .unwrap_or(crate::game::state::COMMON_LOOK)
    });

    // Plays hole `k` from the start: its frames one a tick, then the result
    // (and `on_done` told, if the learner's own pick was the right hole).
    let play = move |k: u8, by_learner: bool| {
        let Some((before, turn, after, claim)) =
            lesson.with_value(|l| rules.with_value(|r| l.play(r, k)))
        else {
            return;
        };
        let end_stage = if k == right {
            Stage::Done
        } else {
            Stage::Wrong(k, claim)
        };
        stage.set(Stage::Moving(k));
        animate_move(
            shown,
            epoch,
            BoardView::frames(&BoardView::of(&before), &turn.events),
            BoardView::of(&after),
            Duration::from_millis(110),
            move || {
                let done = end_stage == Stage::Done;
                if stage.try_set(end_stage).is_none() && done && by_learner {
                    if let Some(f) = on_done {
                        f.run(());
                    }
                }
            },
        );
    };
    let reset = move || {
        epoch.update_value(|e| *e += 1);
        shown.set(start_view.get_value());
        stage.set(Stage::Choosing);
    };
    let on_pick = Callback::new(move |(_, k): (Player, u8)| {
        reset();
        play(k, true)
    });

    let text = move |suffix: &str| {
        let key = format!("learn.{id}.{suffix}");
        move || tr_named(lang.get(), &key).to_string()
    };
    let other = lesson.with_value(|l| l.other.clone());

    view! {
        <article class="lesson" data-lesson=id data-testid="lesson">
            <h2>{t(lang, title_key(id))}</h2>
            <p class="lesson-idea">{text("idea")}</p>
            <p class="lesson-task" data-testid="lesson-task"><strong>{text("task")}</strong></p>
            <div class="board-wrap">
                <Board view=shown presentation=presentation lang=lang legal=legal marks=marks
                    on_pick=on_pick numbered=true id=format!("lesson-{id}")/>
            </div>
            <div class="lesson-actions">
                <button class="btn subtle" data-testid="lesson-hint" on:click=move |_| hint.set(true)
                    disabled=move || hint.get() || stage.get() == Stage::Done>{t(lang, k::LEARN_HINT)}</button>
                <button class="btn subtle" data-testid="lesson-show" on:click=move |_| { reset(); play(right, false) }
                    disabled=move || matches!(stage.get(), Stage::Moving(_) | Stage::Done)>{t(lang, k::LEARN_SHOW)}</button>
                <button class="btn subtle" data-testid="lesson-again" on:click=move |_| reset()
                    disabled=move || stage.get() == Stage::Choosing>{t(lang, k::LEARN_AGAIN)}</button>
            </div>
            <div class="lesson-result" role="status" data-testid="lesson-result">
                {move || match stage.get() {
                    Stage::Choosing => None,
                    Stage::Moving(k) => Some(view! { <p>{move || trf(lang.get(), k::LEARN_MOVING, &[&k])}</p> }.into_any()),
                    Stage::Wrong(k, c) => Some(view! {
                        <p class="lesson-wrong" data-testid="lesson-wrong">
                            {move || trf(lang.get(), k::LEARN_WRONG, &[&k, &claim_words(lang.get(), &c)])}
                        </p>
                    }.into_any()),
                    Stage::Done => {
                        let claim = lesson.with_value(|l| l.claim.clone());
                        Some(view! {
                            <p class="lesson-right" data-testid="lesson-right">
                                <strong>{t(lang, k::LEARN_RIGHT)}</strong> " "
                                {move || claim_words(lang.get(), &claim)}
                            </p>
                            <p class="lesson-point">{text("done")}</p>
                        }.into_any())
                    }
                }}
            </div>
            {move || (stage.get() == Stage::Done).then(|| {
                let steps = lesson.with_value(|l| rules.with_value(|r| l.play(r, right)))
                    .map(|(_, turn, _, _)| turn.events)
                    .unwrap_or_default();
                view! {
                    <details class="turn-log">
                        <summary>{t(lang, k::LOG_TITLE)}</summary>
                        <ol>{move || turn_steps(lang.get(), &steps).into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ol>
                    </details>
                }
            })}
            {move || (stage.get() == Stage::Done).then(|| other.clone().map(|o| {
                let l = lesson.get_value();
                let this_after = rules.with_value(|r| l.play(r, right)).map(|x| x.2);
                let other_after = l.other_rules().and_then(|r| l.play(&r, right)).map(|x| x.2);
                let (Some(a), Some(b)) = (this_after, other_after) else { return ().into_any() };
                let (va, vb) = (BoardView::of(&a), BoardView::of(&b));
                let diff = a.difference(&b).places;
                let clause = o.clause;
                let value = congklak::json::parse(o.value).unwrap_or(serde_json::Value::String(o.value.into()));
                let this_value = rules.with_value(|r| r.value(clause)).unwrap_or_default();
                let pack_name = move || o.pack.and_then(|id| packs().get(id)).map(|p| p.name.get(lang.get().code()).to_string());
                let own_claim = l.claim.clone();
                let other_claim = o.claim.clone();
                let value2 = value.clone();
                view! {
                    <section class="lesson-readings" data-testid="lesson-readings">
                        <h3>{move || trf(lang.get(), k::LEARN_READINGS, &[&clause_name(lang.get(), clause)])}</h3>
                        <div class="parting-boards">
                            <figure data-reading="this">
                                <figcaption>{move || reading_words(lang.get(), clause, &this_value)}</figcaption>
                                <Board view=Signal::stored(va) presentation=presentation lang=lang compact=true
                                    marks=Signal::stored(diff.clone()) id=format!("lesson-{id}-this")/>
                                <p>{move || claim_words(lang.get(), &own_claim)}</p>
                            </figure>
                            <figure data-reading="other">
                                <figcaption>
                                    {move || reading_words(lang.get(), clause, &value2)}
                                    {move || pack_name().map(|n| format!(" ({})", trf(lang.get(), k::LEARN_READBY, &[&n])))}
                                </figcaption>
                                <Board view=Signal::stored(vb) presentation=presentation lang=lang compact=true
                                    marks=Signal::stored(diff) id=format!("lesson-{id}-other")/>
                                <p data-testid="lesson-other-claim">{move || claim_words(lang.get(), &other_claim)}</p>
                            </figure>
                        </div>
                    </section>
                }.into_any()
            }))}
        </article>
    }
}
