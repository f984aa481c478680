//! Parts of a page whose code its bundle fetches when they are first shown.
//!
//! Most visitors of the play page never open its worked example or analyse
//! a finished game, yet their views were a sixth of the page's wasm. Such a
//! part is a function declared with [`lazy_part!`]: in the play page's
//! release bundle (the `split` feature, see `scripts/route-pages.sh`) its
//! code is cut out of the bundle's wasm by wasm-split-cli into a module of
//! its own, fetched the first time the function is called; everywhere else
//! (the other bundles, a debug build, the tests) it is an ordinary function.
//! Either way it is called as `name(args).await` and gives the part's view
//! as a [`PartView`], or [`Missing`] when its code could not be fetched (the
//! network is down and the service worker has not cached it yet).
//!
//! A part's view is not a Leptos `AnyView`: an `AnyView` carries, for every
//! type it erases, the code to hydrate that type asynchronously, which the
//! play page never does, and that code stayed in the page's wasm. A
//! [`PartView`] only builds its view in place.
//!
//! [`Part`] draws such a view in place, and says so in words when it is
//! missing, with a way to try again: the rest of the page goes on working.
//! Parts are drawn in the browser only, after the page is live, so the build
//! never pre-renders them.

use crate::texts::i18n::k;
use crate::texts::i18n::t;
use crate::texts::i18n::use_lang;
use leptos::prelude::*;
use leptos::reactive::computed::ScopedFuture;
use leptos::tachys::view::{Mountable, Render};
use std::future::Future;

/// A part whose code could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing;

impl From<leptos::wasm_split::SplitLoaderError> for Missing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Missing {
        Missing
    }
}

/// A part's view, ready to be built in place (see [`PartView::new`]).
pub struct PartView(Box<dyn FnOnce(&web_sys::Element) -> Built>);

/// What a [`PartView`] built: its state, kept while it shows.
type Built = Box<dyn std::any::Any>;

impl PartView {
    /// `view`, to be built inside an element: the code that builds it is
    /// the part's own (in the part's module of a split bundle).
    pub fn new<V>(view: V) -> PartView
    where
        V: Render + 'static,
        V::State: 'static,
    {
        PartView(Box::new(move |parent| {
            let mut state = view.build();
            state.mount(parent, None);
            Box::new(state)
        }))
    }
}

/// Declares a part: `lazy_part!(module => fn name(args) -> PartView { body })`
/// becomes `async fn name(args) -> Result<PartView, Missing>`, whose code
/// (and whatever only it uses) goes into the module `module` of a split
/// bundle. Parts of one module are fetched together.
#[macro_export]
macro_rules! lazy_part {
    ($module:ident => $(#[$meta:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {
        $(#[$meta])*
        #[cfg(feature = "split")]
        #[::leptos::wasm_split::wasm_split($module, wasm_split_path = ::leptos::wasm_split, fallible)]
        $vis fn $name($($arg: $ty),*) -> Result<$ret, $crate::ui::parts::Missing> {
            Ok($body)
        }
        $(#[$meta])*
        #[cfg(not(feature = "split"))]
        $vis async fn $name($($arg: $ty),*) -> Result<$ret, $crate::ui::parts::Missing> {
            Ok($body)
        }
    };
}

/// Draws the part that `load` gives (see [`lazy_part!`]) inside a `<div>` of
/// class `class`, once its code is here; if it is missing, a message and a
/// button that tries again.
#[component]
pub fn Part<F, Fut>(
    /// The class of the `<div>` around the part.
    class: &'static str,
    /// The part: a call of a function declared with [`lazy_part!`].
    load: F,
) -> impl IntoView
where
    F: Fn() -> Fut + Copy + Send + Sync + 'static,
    Fut: Future<Output = Result<PartView, Missing>> + 'static,
{
    let lang = use_lang();
    let el = NodeRef::<leptos::html::Div>::new();
    let drawn = StoredValue::new_local(None::<Built>);
    let missing = RwSignal::new(false);
    // Runs under this component's owner, so the part's own signals and
    // effects belong to it and go when it goes; untracked, so that what the
    // part reads while it is made never redraws what holds it.
    let fetch = move || {
        missing.set(false);
        leptos::task::spawn_local(ScopedFuture::new_untracked(async move {
            match load().await {
                Ok(PartView(build)) => {
                    // Gone if the part was closed before its code came.
                    let Some(div) = el.try_get_untracked().flatten() else {
                        return;
                    };
                    let state = build(&div);
                    let _ = drawn.try_update_value(|d| *d = Some(state));
                }
                Err(Missing) => {
                    let _ = missing.try_set(true);
                }
            }
        }));
    };
    // Only in the browser: the build draws no parts.
    if cfg!(target_arch = "wasm32") {
        fetch();
    }
    view! {
        <div class=class node_ref=el>
            {move || missing.get().then(|| view! {
                <p class="part-missing" role="alert">
                    {t(lang, k::PART_MISSING)} " "
                    <button class="btn" data-testid="part-retry" on:click=move |_| fetch()>
                        {t(lang, k::PART_RETRY)}
                    </button>
                </p>
            })}
        </div>
    }
}
