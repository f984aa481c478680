//! Parts of a page whose code its bundle fetches when they are first shown.
//!
//! Most visitors of the play page never open its worked example or analyse
//! a finished game, yet their views were a sixth of the page's wasm. Such a
//! part is a function declared with [`lazy_part!`]: in the play page's
//! release bundle (the `split` feature, see `scripts/route-pages.sh`) its
//! code is cut out of the bundle's wasm by wasm-split-cli into a module of
//! its own, fetched the first time the function is called; everywhere else
//! (the other bundles, a debug build, the tests) it is an ordinary function.
//! Either way it is called as `name(args).await` and gives the part's view,
//! or [`Missing`] when its code could not be fetched (the network is down
//! and the service worker has not cached it yet).
//!
//! [`Part`] draws such a view in place, and says so in words when it is
//! missing, with a way to try again: the rest of the page goes on working.
//! Parts are drawn in the browser only, after the page is live, so the build
//! never pre-renders them.

use crate::ui::i18n::t;
use crate::ui::i18n::use_lang;
use leptos::prelude::*;
use leptos::reactive::computed::ScopedFuture;
use leptos::tachys::view::{any_view::AnyViewState, Mountable, Render};
use std::future::Future;

/// A part whose code could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing;

impl From<leptos::wasm_split::SplitLoaderError> for Missing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Missing {
        Missing
    }
}

/// Declares a part: `lazy_part!(module => fn name(args) -> AnyView { body })`
/// becomes `async fn name(args) -> Result<AnyView, Missing>`, whose code
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
    Fut: Future<Output = Result<AnyView, Missing>> + 'static,
{
    let lang = use_lang();
    let el = NodeRef::<leptos::html::Div>::new();
    let drawn = StoredValue::new_local(None::<AnyViewState>);
    let missing = RwSignal::new(false);
    // Runs under this component's owner, so the part's own signals and
    // effects belong to it and go when it goes; untracked, so that what the
    // part reads while it is made never redraws what holds it.
    let fetch = move || {
        missing.set(false);
        leptos::task::spawn_local(ScopedFuture::new_untracked(async move {
            match load().await {
                Ok(view) => {
                    // Gone if the part was closed before its code came.
                    let Some(div) = el.try_get_untracked().flatten() else {
                        return;
                    };
                    let mut state = view.build();
                    state.mount(&div, None);
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
                    {t(lang, "part.missing")} " "
                    <button class="btn" data-testid="part-retry" on:click=move |_| fetch()>
                        {t(lang, "part.retry")}
                    </button>
                </p>
            })}
        </div>
    }
}
