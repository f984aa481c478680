//! Islands spike: a static page with a few islands.
//!
//! With feature `islands`, `#[island]` components become islands (wrapped in
//! `<leptos-island>` and exported to JS as `<Name>_<hash>`); without it they
//! are plain components, so the same page can be hydrated whole (size
//! comparison, bin `plain`).
use leptos::prelude::*;

#[cfg(any(feature = "page-a", feature = "ssr"))]
pub use page_a::*;

/// The first page and its islands: in a client bundle only with `page-a`
/// (the pre-renderer, `ssr`, has every page).
#[cfg(any(feature = "page-a", feature = "ssr"))]
mod page_a {
    use leptos::prelude::*;
    use std::sync::LazyLock;

    /// (a) A counter with serializable props.
    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn Counter(start: i32, lang: String) -> impl IntoView {
        let count = RwSignal::new(start);
        view! {
            <div class="counter">
                <span id="lang">{lang}</span>
                " "
                <button id="inc" on:click=move |_| count.update(|n| *n += 1)>{move || count.get()}</button>
            </div>
        }
    }

    /// (b) An island whose children are server-rendered and passed through.
    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn Details(children: Children) -> impl IntoView {
        let open = RwSignal::new(true);
        view! {
            <section class="details">
                <button id="toggle" on:click=move |_| open.update(|o| *o = !*o)>
                    {move || if open.get() { "hide" } else { "show" }}
                </button>
                <div id="details-body" style:display=move || if open.get() { "block" } else { "none" }>
                    {children()}
                </div>
            </section>
        }
    }

    /// (c1) State shared through context: an outer island provides it, islands
    /// nested in its (server-rendered) children use it.
    #[derive(Clone, Copy)]
    pub struct Shared(pub RwSignal<i32>);

    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn SharedBox(children: Children) -> impl IntoView {
        provide_context(Shared(RwSignal::new(0)));
        view! { <div id="shared-box">{children()}</div> }
    }

    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn SharedInc() -> impl IntoView {
        let Shared(n) = expect_context::<Shared>();
        view! { <button id="shared-inc" on:click=move |_| n.update(|n| *n += 1)>"shared +1"</button> }
    }

    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn SharedShow() -> impl IntoView {
        let Shared(n) = expect_context::<Shared>();
        view! { <span id="shared-show">{move || n.get()}</span> }
    }

    /// (c2) Two sibling (not nested) islands sharing state through a global:
    /// all islands of a page live in one wasm instance.
    static GLOBAL: LazyLock<ArcRwSignal<i32>> = LazyLock::new(|| ArcRwSignal::new(0));

    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn GlobalInc() -> impl IntoView {
        let n = GLOBAL.clone();
        view! { <button id="global-inc" on:click=move |_| n.update(|n| *n += 1)>"global +1"</button> }
    }

    #[cfg_attr(feature = "islands", island)]
    #[cfg_attr(not(feature = "islands"), component)]
    pub fn GlobalShow() -> impl IntoView {
        let n = GLOBAL.clone();
        view! { <span id="global-show">{move || n.get()}</span> }
    }

    /// The static page: only the islands in it are hydrated (islands mode).
    #[component]
    pub fn Page() -> impl IntoView {
        let items = ["one", "two", "three"];
        view! {
            <main>
                <h1>"Islands spike"</h1>
                <p id="static-text">"This paragraph is static HTML: no wasm touches it."</p>
                <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
                <Counter start=5 lang="id".to_string() />
                <Details>
                    <p id="child-content">"Server-rendered child content"</p>
                    <Counter start=100 lang="en".to_string() />
                </Details>
                <SharedBox>
                    <p>"static text between the nested islands"</p>
                    <SharedInc />
                    <SharedShow />
                </SharedBox>
                <GlobalInc />
                <GlobalShow />
            </main>
        }
    }
}

/// A page with no island at all (question 4).
#[component]
pub fn StaticPage() -> impl IntoView {
    view! { <main><h1>"No islands here"</h1><p id="static-only">"Plain HTML."</p></main> }
}

/// Islands only a second page uses, compiled only with `page-b` (or `ssr`)
/// (question 2: per-bin island sets by feature).
#[cfg(all(feature = "islands", any(feature = "page-b", feature = "ssr")))]
pub mod page_b {
    use leptos::prelude::*;
    #[island]
    pub fn OnlyB(label: String) -> impl IntoView {
        let n = RwSignal::new(0);
        view! { <button on:click=move |_| n.update(|n| *n += 1)>{label}" "{move || n.get()}</button> }
    }
    #[component]
    pub fn PageB() -> impl IntoView {
        view! { <main><OnlyB label="b".to_string() /></main> }
    }
}

/// An island in an always-compiled module that no client bin references
/// (question 2: does an unreferenced export reach the bin's wasm?).
#[cfg(feature = "islands")]
pub mod unreferenced {
    use leptos::prelude::*;
    #[island]
    pub fn NeverUsed(x: u32) -> impl IntoView {
        let n = RwSignal::new(x);
        view! { <button on:click=move |_| n.update(|n| *n += 1)>{move || n.get()}</button> }
    }
}
