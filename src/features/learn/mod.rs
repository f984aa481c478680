//! `/learn`: lessons on real positions, one idea each (see
//! [`crate::game::lessons`]; each drawn by [`crate::ui::lesson::LessonView`]),
//! with the lessons finished on this device marked ([`model`]).
pub mod model;

use crate::game::lessons::{lessons, Lesson};
use crate::texts::i18n::k;
use crate::texts::i18n::{t, trf, use_lang};
use crate::ui::lesson::{title_key, LessonView};
use leptos::prelude::*;

/// The lesson the address names, else the first.
fn lesson_from_hash(all: &[Lesson]) -> usize {
    let hash = window().location().hash().unwrap_or_default();
    let id = hash.trim_start_matches('#');
    all.iter().position(|l| l.id == id).unwrap_or(0)
}

/// `/learn`: its title and introduction, drawn by the build alone, and the
/// lessons ([`Lessons`]).
#[component]
pub fn LearnPage() -> impl IntoView {
    let lang = use_lang();
    view! {
        <h1>{t(lang, k::LEARN_TITLE)}</h1>
        <p>{t(lang, k::LEARN_INTRO)}</p>
        <Lessons/>
    }
}

/// The lessons, one at a time, with their list: an island (see `build.rs`).
// An island; in the islands bundle, its code is a part of its own, fetched
// when a page first shows it (see build.rs).
#[cfg_attr(all(islands, feature = "split"), island(lazy))]
#[cfg_attr(all(islands, not(feature = "split")), island)]
#[cfg_attr(not(islands), component)]
fn Lessons() -> impl IntoView {
    let lang = crate::texts::i18n::provide_page_lang();
    let all = StoredValue::new(lessons());
    let count = all.with_value(Vec::len);
    // The first lesson as the build drew it, none finished; once live, the
    // address's lesson and this device's finished ones.
    let current = RwSignal::new(0usize);
    let finished = RwSignal::new(model::Finished::default());
    Effect::new(move |_| {
        let i = all.with_value(|a| lesson_from_hash(a));
        if i != current.get_untracked() {
            current.set(i);
        }
        finished.set(model::load());
    });
    let go = move |i: usize| {
        current.set(i);
        let id = all.with_value(|a| a[i].id);
        if let Ok(h) = window().history() {
            let _ =
                h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("#{id}")));
        }
    };
    view! {
        <nav class="lesson-nav" aria-label=t(lang, k::LEARN_LESSONS)>
            <ol>
                {(0..count).map(|i| {
                    let id = all.with_value(|a| a[i].id);
                    let done = move || finished.with(|f| f.has(id));
                    view! {
                        <li class:finished=done data-lesson=id>
                            <a href=format!("#{id}")
                                aria-current=move || (current.get() == i).then_some("step")
                                on:click=move |ev| { ev.prevent_default(); go(i); }>
                                <span class="lesson-number" aria-hidden="true">{i + 1}</span>
                                <span class="lesson-name">{t(lang, title_key(id))}</span>
                                {move || done().then(|| view! {
                                    <span class="lesson-tick" aria-hidden="true">"✓"</span>
                                    <span class="visually-hidden">{move || format!(" ({})", crate::texts::i18n::tr(lang.get(), k::LEARN_FINISHED))}</span>
                                })}
                            </a>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </nav>
        {move || {
            let i = current.get();
            let lesson = all.with_value(|a| a[i].clone());
            let id = lesson.id;
            let on_done = Callback::new(move |()| finished.set(model::finish(id)));
            view! {
                <LessonView lesson=lesson on_done=on_done/>
                <div class="lesson-steps">
                    <button class="btn" data-testid="lesson-prev" disabled=i == 0
                        on:click=move |_| go(i.saturating_sub(1))>{t(lang, k::LEARN_PREV)}</button>
                    <span>{move || trf(lang.get(), k::LEARN_OF, &[&(i + 1), &count])}</span>
                    <span class="lesson-count" data-testid="lessons-finished">
                        {move || {
                            let n = finished.with(|f| all.with_value(|a| f.count_of(a.iter().map(|l| l.id))));
                            (n > 0).then(|| trf(lang.get(), k::LEARN_FINISHED_COUNT, &[&n, &count]))
                        }}
                    </span>
                    <button class="btn" data-testid="lesson-next" disabled=i + 1 == count
                        on:click=move |_| go((i + 1).min(count - 1))>{t(lang, k::LEARN_NEXT)}</button>
                </div>
            }
        }}
    }
}
