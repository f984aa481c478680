//! # congklak-app: congklak in the browser
//!
//! A client-side Leptos app over the rules engine (`congklak`). Pages:
//! `/` (play), `/packs`, `/packs/:id`, `/compare` and `/about`. Every route
//! is also a real page in `dist/` (see `scripts/route-pages.sh`), so deep
//! links and reloads work on any static file server.
//!
//! The engine decides; the app renders: components take engine positions and
//! events and never apply a rule themselves.

pub mod board_view;
pub mod components;
pub mod computer;
pub mod i18n;
pub mod numbers;
pub mod pages;
pub mod state;
pub mod worker;

use gloo_storage::{LocalStorage as BrowserStorage, Storage as _};
use i18n::{t, Lang};
use leptos::prelude::*;
use leptos_router::{
    components::{Route, Router, Routes, A},
    path,
};

/// The UI language, provided by [`App`].
pub fn use_lang() -> RwSignal<Lang> {
    use_context::<RwSignal<Lang>>().unwrap_or_else(|| RwSignal::new(Lang::En))
}

/// Whether boards stand upright (narrow screens), provided by [`App`].
pub fn use_vertical() -> Signal<bool> {
    use_context::<Signal<bool>>().unwrap_or_else(|| Signal::derive(|| false))
}

fn narrow() -> bool {
    window()
        .match_media("(max-width: 640px)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The language on first visit: the one saved, else the browser's.
fn initial_lang() -> Lang {
    match BrowserStorage::get::<Lang>(state::LANG_KEY) {
        Ok(l) => l,
        Err(_) => Lang::from_tag(&window().navigator().language().unwrap_or_default()),
    }
}

/// The whole app: header with navigation and language switch, and the routed page.
#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(initial_lang());
    provide_context(lang);
    let (vertical, set_vertical) = signal(narrow());
    let _resize = window_event_listener(leptos::ev::resize, move |_| set_vertical.set(narrow()));
    provide_context(Signal::<bool>::from(vertical));
    Effect::new(move |_| {
        let l = lang.get();
        let _ = BrowserStorage::set(state::LANG_KEY, l);
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", l.code());
        }
    });
    view! {
        <Router>
            <header class="site-header">
                <A href="/" attr:class="brand">"Congklak"</A>
                <nav class="site-nav" aria-label=t(lang, "nav.main")>
                    <A href="/" exact=true>{t(lang, "nav.play")}</A>
                    <A href="/packs">{t(lang, "nav.packs")}</A>
                    <A href="/compare">{t(lang, "nav.compare")}</A>
                    <A href="/about">{t(lang, "nav.about")}</A>
                </nav>
                <button class="lang-switch" data-testid="lang"
                    aria-label=t(lang, "lang.switch.label")
                    on:click=move |_| lang.update(|l| *l = if *l == Lang::En { Lang::Id } else { Lang::En })>
                    <span class="long">{t(lang, "lang.switch")}</span>
                    <span class="short" aria-hidden="true">{t(lang, "lang.switch.short")}</span>
                </button>
            </header>
            <main class="page">
                <Routes fallback=pages::NotFound>
                    <Route path=path!("/") view=pages::play::PlayPage/>
                    <Route path=path!("/packs") view=pages::packs::PacksPage/>
                    <Route path=path!("/packs/:id") view=pages::packs::PackPage/>
                    <Route path=path!("/compare") view=pages::compare::ComparePage/>
                    <Route path=path!("/about") view=pages::about::AboutPage/>
                </Routes>
            </main>
        </Router>
    }
}

/// Drops a trailing slash from the address (`/packs/` → `/packs`) without a
/// reload: static servers redirect `/packs` to the folder `/packs/`, and the
/// routes have none.
pub fn normalize_trailing_slash() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let Ok(path) = location.pathname() else {
        return;
    };
    if path.len() > 1 && path.ends_with('/') {
        let trimmed = path.trim_end_matches('/');
        let trimmed = if trimmed.is_empty() { "/" } else { trimmed };
        let rest = format!(
            "{}{}",
            location.search().unwrap_or_default(),
            location.hash().unwrap_or_default()
        );
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{trimmed}{rest}")),
            );
        }
    }
}

/// Fetches the pack bundle, then mounts the app on `<body>`; if the packs
/// cannot be had, says so on the page.
pub fn start() {
    console_error_panic_hook::set_once();
    normalize_trailing_slash();
    wasm_bindgen_futures::spawn_local(async {
        match fetch_text("/packs.json")
            .await
            .and_then(|t| state::packs_from_bundle(&t))
        {
            Ok(set) => {
                state::install_packs(set);
                leptos::mount::mount_to_body(App);
            }
            Err(e) => {
                if let Some(body) = document().body() {
                    body.set_text_content(Some(&format!(
                        "Congklak could not load its rule packs (/packs.json): {e}. Reload the page to try again."
                    )));
                }
            }
        }
    });
}

async fn fetch_text(url: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    let resp = wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(url))
        .await
        .map_err(|e| format!("{e:?}"))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|_| "not a response".to_string())?;
    if !resp.ok() {
        return Err(format!("HTTP {}", resp.status()));
    }
    let text = resp.text().map_err(|e| format!("{e:?}"))?;
    wasm_bindgen_futures::JsFuture::from(text)
        .await
        .map_err(|e| format!("{e:?}"))?
        .as_string()
        .ok_or_else(|| "not text".to_string())
}
