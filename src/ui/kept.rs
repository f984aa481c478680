//! A part of a pre-rendered page that the browser keeps as the build drew
//! it instead of hydrating it: hydration walks every element and wires its
//! reactive texts, which on a pack page (thousands of elements, nearly all
//! of them inside folded divergences) is much of the main thread's work
//! while the page loads. What such a part shows is fixed at build time (the
//! figures of built-in packs come from the build, and the page's language
//! is its address's), so nothing is lost. A part with controls is drawn
//! live, once, by the same components as soon as it is needed (`live`:
//! e.g. a folded editor once unfolded, before anyone can use its controls).
//!
//! After an in-app move (nothing to hydrate) the part is drawn live at once.

use leptos::prelude::*;
use leptos::tachys::view::{any_view::AnyViewState, Mountable, Render};

/// `body`, kept from the pre-rendered page while hydrating (see the module).
#[component]
pub fn Kept<F, V>(
    /// The class of the `<div>` around it.
    class: &'static str,
    /// What the part shows.
    body: F,
    /// When the part must be live (e.g. unfolded).
    #[prop(optional, into)]
    live: Option<Signal<bool>>,
) -> impl IntoView
where
    F: Fn() -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    if !crate::platform::hydration::hydrating() {
        return view! { <div class=class>{body()}</div> }.into_any();
    }
    let live_when = live;
    let el = NodeRef::<leptos::html::Div>::new();
    let owner = Owner::current();
    let live = StoredValue::new_local(None::<AnyViewState>);
    Effect::new(move |_| {
        let wanted = live_when.map(|l| l.get()).unwrap_or(false);
        let drawn = live.with_value(Option::is_some);
        if drawn || !wanted {
            return;
        }
        let (Some(div), Some(owner)) = (el.get_untracked(), owner.clone()) else {
            return;
        };
        let state = owner.with(|| draw_live(&div, body().into_view().into_any()));
        live.set_value(Some(state));
    });
    view! { <div class=class node_ref=el></div> }.into_any()
}

/// Draws `view` in `div` live, in place of the build's drawing.
fn draw_live<V: Render>(div: &web_sys::HtmlDivElement, view: V) -> V::State {
    div.set_inner_html("");
    let mut state = view.build();
    state.mount(div, None);
    state
}

thread_local! {
    /// The [`Later`] parts waiting to be hydrated, in the page's order.
    static LATER: std::cell::RefCell<std::collections::VecDeque<Box<dyn FnOnce()>>> =
        const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
}

/// `body`, hydrated in a task of its own once the rest of the page is
/// (see [`hydrate_later`]): hydrating a whole page at once is one long task
/// in which the page cannot answer a tap, and its first screen waits for
/// parts far below it. The part shows the build's drawing until then, and
/// its controls answer from then on. The visitor's own state (the address,
/// the saved game) is applied only once every such part is hydrated (see
/// [`crate::platform::hydration::after_hydration`]), so each is hydrated with the
/// state the build drew. After an in-app move it is drawn at once.
#[component]
pub fn Later<F, V>(
    /// The class of the `<div>` around it.
    class: &'static str,
    /// What the part shows.
    body: F,
) -> impl IntoView
where
    F: Fn() -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    use leptos::either::Either;
    // Not an `AnyView`: where Leptos's type erasure is off (a build
    // without .cargo/config.toml's flag), one holds code to render its part
    // as HTML too, which the browser never does.
    if !crate::platform::hydration::hydrating() {
        return Either::Left(view! { <div class=class>{body()}</div> });
    }
    let el = NodeRef::<leptos::html::Div>::new();
    let owner = Owner::current();
    let kept = StoredValue::new_local(None::<Box<dyn std::any::Any>>);
    LATER.with(|q| {
        q.borrow_mut().push_back(Box::new(move || {
            let (Some(div), Some(owner)) = (el.get_untracked(), owner) else {
                return;
            };
            // Gone with a page the reader left, or redrawn meanwhile.
            if !div.is_connected() {
                return;
            }
            let state: Box<dyn std::any::Any> = owner.with(|| {
                use leptos::tachys::{hydration::Cursor, view::PositionState};
                let node: web_sys::Element = div.clone().into();
                Box::new(
                    body()
                        .into_view()
                        .hydrate::<true>(&Cursor::new(node), &PositionState::default()),
                )
            });
            let _ = kept.try_update_value(|k| *k = Some(state));
        }));
    });
    Either::Right(view! { <div class=class node_ref=el></div> })
}

/// Hydrates the [`Later`] parts of the page just hydrated, each in a task
/// of its own (and those they hold, after them).
pub async fn hydrate_later() {
    loop {
        let Some(job) = LATER.with(|q| q.borrow_mut().pop_front()) else {
            return;
        };
        crate::platform::browser::next_task().await;
        crate::platform::hydration::while_hydrating(job);
    }
}
