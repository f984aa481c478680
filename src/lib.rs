//! # congklak-app: congklak in the browser
//!
//! A client-side Leptos app over the rules engine (`congklak`). Pages:
//! `/` (play), `/learn`, `/friend`, `/packs`, `/packs/:id`, `/compare`,
//! `/about`, `/stats` and `/puzzles`. Every route
//! is also a real page in `dist/` (see `scripts/route-pages.sh`), so deep
//! links and reloads work on any static file server.
//!
//! The engine decides; the app renders: components take engine positions and
//! events and never apply a rule themselves.
// The play bundle is built without Leptos's type erasure (see
// scripts/route-pages.sh): its views are then deeply nested types, whose
// layout needs more than the default 128 levels.
#![recursion_limit = "512"]

pub mod address;
pub mod analysis;
pub mod board_view;
pub mod components;
pub mod computer;
pub mod friend;
pub mod i18n;
pub mod learn;
pub mod meta;
pub mod numbers;
pub mod pages;
pub mod parts;
pub mod protocol;
pub mod puzzles;
pub mod rtc;
pub mod session;
pub mod sound;
pub mod state;
pub mod stats;
pub mod stored;
pub mod worker;

use i18n::{t, Lang};
use leptos::prelude::*;
use leptos_router::{
    components::{Route, Router, Routes},
    path,
};

/// The UI language, provided by [`App`].
pub fn use_lang() -> RwSignal<Lang> {
    use_context::<RwSignal<Lang>>().unwrap_or_else(|| RwSignal::new(Lang::En))
}

/// The visitor's language: the one saved, else the browser's.
fn visitor_lang() -> Lang {
    match stored::get::<Lang>(state::LANG_KEY) {
        Ok(l) => l,
        Err(_) => Lang::from_tag(&window().navigator().language().unwrap_or_default()),
    }
}

/// An app component over some of the routes: the header with navigation
/// and language switch, and the routed page.
///
/// The first render reads nothing from the browser, so that it is the page
/// the build pre-rendered (see `src/bin/prerender.rs`) and hydrates without
/// a mismatch: in English. The visitor's language is applied by an effect,
/// which runs once the page is hydrated.
///
/// Each page's browser bundle is made from one of these (see [`BUNDLES`]):
/// the linker then leaves out the pages a bundle cannot show. A link to a
/// page of another bundle loads that page (see [`pages::NotFound`]).
macro_rules! app_over {
    ($(#[$doc:meta])* $name:ident { $($route:tt)* }) => {
        $(#[$doc])*
        #[component]
        pub fn $name() -> impl IntoView {
            let lang = app_language();
            view! {
                <Router>
                    <a class="skip-link" href="#main">{t(lang, "skip.link")}</a>
                    <RoutedChrome lang=lang/>
                    <main class="page" id="main" tabindex="-1">
                        <Routes fallback=pages::NotFound>
                            $($route)*
                        </Routes>
                    </main>
                </Router>
            }
        }
    };
}

app_over! {
    /// Every page but the play page: what the build pre-renders those
    /// pages with, and the browser bundle (Trunk's) of the pages without a
    /// bundle of their own. A link to `/` loads the play page's own (see
    /// [`PlayApp`]).
    App {
        <Route path=path!("/learn") view=pages::learn::LearnPage/>
        <Route path=path!("/friend") view=pages::friend::FriendPage/>
        <Route path=path!("/packs") view=pages::packs::PacksPage/>
        <Route path=path!("/packs/:id") view=pages::packs::PackPage/>
        <Route path=path!("/compare") view=pages::compare::ComparePage/>
        <Route path=path!("/about") view=pages::about::AboutPage/>
        <Route path=path!("/stats") view=pages::stats::StatsPage/>
        <Route path=path!("/puzzles") view=pages::puzzles::PuzzlesPage/>
    }
}

/// The play page, `/`: what the build pre-renders it with, and its browser
/// bundle (`congklak-play`, `src/bundles/play.rs`; Trunk's too in a debug
/// build, which makes no bundles of its own).
///
/// A page of its own, so it has no router: there is nothing to route, and
/// leptos_router's code would be 15 % of the bundle. Links to the other
/// pages are plain links that load them; the page reads its address itself
/// (see [`address`]).
#[component]
pub fn PlayApp() -> impl IntoView {
    let lang = app_language();
    let here = Signal::stored("/".to_string());
    let page = Signal::derive(move || meta::play_meta(lang.get()));
    view! {
        <a class="skip-link" href="#main">{t(lang, "skip.link")}</a>
        <Header lang=lang here=here/>
        <TitleSync page=page/>
        <main class="page" id="main" tabindex="-1">
            <pages::play::PlayPage/>
        </main>
    }
}

app_over! {
    /// The reading pages: the browser bundle of `/packs`, every
    /// `/packs/<id>`, `/compare` and `/about` (`congklak-read`,
    /// `src/bundles/read.rs`).
    ReadApp {
        <Route path=path!("/packs") view=pages::packs::PacksPage/>
        <Route path=path!("/packs/:id") view=pages::packs::PackPage/>
        <Route path=path!("/compare") view=pages::compare::ComparePage/>
        <Route path=path!("/about") view=pages::about::AboutPage/>
    }
}

/// The app that draws the page at `path`: [`PlayApp`] for `/`, else [`App`]
/// (the build pre-renders each page with it, and a bundle holding that page
/// hydrates it with the same components).
pub fn app_for(path: &str) -> AnyView {
    if path == "/" {
        PlayApp().into_any()
    } else {
        App().into_any()
    }
}

/// The browser bundles beside Trunk's (`congklak-app`, [`App`]): the bundle's
/// name (its binary is `congklak-<name>`, its `main` in
/// `src/bundles/<name>.rs`) and the pages it hydrates. Built
/// for a release by `scripts/route-pages.sh`; `src/bin/prerender.rs` points
/// those pages at them.
/// A path ending in `/*` stands for every page under it.
pub const BUNDLES: &[(&str, &[&str])] = &[
    ("play", &["/"]),
    ("read", &["/packs", "/packs/*", "/compare", "/about"]),
];

/// The bundle of [`BUNDLES`] that holds the page at `path`, if any (else
/// Trunk's: [`App`], or [`PlayApp`] in a debug build).
pub fn bundle_of(path: &str) -> Option<&'static str> {
    let holds = |pattern: &str| match pattern.strip_suffix("/*") {
        Some(dir) => path
            .strip_prefix(dir)
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|rest| !rest.is_empty() && !rest.contains('/')),
        None => pattern == path,
    };
    BUNDLES
        .iter()
        .find(|(_, paths)| paths.iter().any(|p| holds(p)))
        .map(|(name, _)| *name)
}

/// The UI language, provided to every page: English on the first render,
/// then the visitor's, remembered.
fn app_language() -> RwSignal<Lang> {
    let lang = RwSignal::new(Lang::En);
    provide_context(lang);
    // Set only if it differs: setting a signal redraws what reads it, and a
    // redrawn text would count as a new paint of the page's largest text.
    after_hydration(move || {
        let l = visitor_lang();
        if l != lang.get_untracked() && i18n::has_lang(l) {
            lang.set(l);
        }
    });
    Effect::new(move |prev: Option<()>| {
        let l = lang.get();
        if prev.is_some() {
            let _ = stored::set(state::LANG_KEY, &l);
        }
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", l.code());
        }
    });
    lang
}

/// The site's pages, as the header lists them: address and text.
const NAV: &[(&str, &str)] = &[
    ("/", "nav.play"),
    ("/learn", "nav.learn"),
    ("/friend", "nav.friend"),
    ("/packs", "nav.packs"),
    ("/compare", "nav.compare"),
    ("/about", "nav.about"),
    ("/stats", "nav.stats"),
    ("/puzzles", "nav.puzzles"),
];

/// Whether the header's link to `link` is the page at `path`: `/` only
/// itself, another page also the pages under it (`/packs/umum` is under
/// Packs).
fn is_current(path: &str, link: &str) -> bool {
    path == link
        || (link != "/"
            && path
                .strip_prefix(link)
                .is_some_and(|rest| rest.starts_with('/')))
}

/// The header and title of a routed app, following the router's address.
#[component]
fn RoutedChrome(lang: RwSignal<Lang>) -> impl IntoView {
    let location = leptos_router::hooks::use_location();
    let here = Signal::derive(move || location.pathname.get());
    let page = Signal::derive(move || meta::page_meta(&here.get(), lang.get()));
    view! {
        <Header lang=lang here=here/>
        <TitleSync page=page/>
    }
}

/// [`SiteHeader`], hydrated a task after the page's first part (see
/// [`components::kept::Later`]): each part of a page hydrated in a task of
/// its own keeps every task short.
#[component]
fn Header(lang: RwSignal<Lang>, here: Signal<String>) -> impl IntoView {
    view! {
        <components::kept::Later class="shell" body=move || view! { <SiteHeader lang=lang here=here/> }/>
        // On every page, so that every board finds its paints.
        <components::board::BoardPaints/>
    }
}

/// The site's header: the name, the navigation (the page at `here` marked
/// as the current one) and the language switch. Plain links: a routed
/// app's router follows them in the page, and in [`PlayApp`] they load
/// the other pages.
#[component]
fn SiteHeader(lang: RwSignal<Lang>, here: Signal<String>) -> impl IntoView {
    let link = move |href: &'static str, key: &'static str, extra: bool| {
        let current = move || here.with(|h| is_current(h, href)).then_some("page");
        view! { <a href=href class:nav-extra=extra aria-current=current>{t(lang, key)}</a> }
    };
    let rest = &NAV[NAV_FIRST..];
    let links = NAV
        .iter()
        .enumerate()
        .map(|(i, &(href, key))| link(href, key, i >= NAV_FIRST))
        .collect_view();
    // On a phone the first pages are in the header's row and the others in
    // this menu (the style sheet shows one or the other).
    let more_current = move || here.with(|h| rest.iter().any(|(href, _)| is_current(h, href)));
    // Whether the other language's texts could not be had at a switch.
    let failed = RwSignal::new(false);
    let menu = rest
        .iter()
        .map(|&(href, key)| link(href, key, false))
        .collect_view();
    view! {
        <header class="site-header">
            <a href="/" class="brand">"Congklak"</a>
            <nav class="site-nav" aria-label=t(lang, "nav.main")>
                {links}
                <details class="nav-more" class:holds-current=more_current on:click=close_menu>
                    <summary>{t(lang, "nav.more")}</summary>
                    <div class="nav-more-list">{menu}</div>
                </details>
            </nav>
            <button class="lang-switch" data-testid="lang"
                title=t(lang, "lang.switch.label")
                on:click=move |_| switch_language(lang, failed)>
                {t(lang, "lang.switch")}
            </button>
            {move || failed.get().then(|| view! {
                <p class="lang-failed" role="alert">{t(lang, "lang.failed")}</p>
            })}
        </header>
    }
}

/// How many of the header's links a phone shows in the row (see
/// [`SiteHeader`]).
const NAV_FIRST: usize = 4;

/// Folds the header's menu once one of its links is chosen (a routed app
/// keeps the header as it moves to the page).
fn close_menu(ev: web_sys::MouseEvent) {
    use wasm_bindgen::JsCast;
    let chose_link = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("a").ok().flatten())
        .is_some();
    if chose_link {
        if let Some(menu) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = menu.remove_attribute("open");
        }
    }
}

/// Switches to the other language, once its texts are here; if they
/// cannot be had, says so (`failed`) and stays.
fn switch_language(lang: RwSignal<Lang>, failed: RwSignal<bool>) {
    let next = match lang.get_untracked() {
        Lang::En => Lang::Id,
        Lang::Id => Lang::En,
    };
    if i18n::has_lang(next) {
        failed.set(false);
        lang.set(next);
    } else {
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_futures::spawn_local(async move {
            let got = ensure_lang(next).await;
            failed.set(!got);
            if got {
                lang.set(next);
            }
        });
    }
}

/// Keeps the tab's title and the page description in step with `page`
/// (the page's, in the visitor's language) as the visitor moves around
/// (the build wrote them for the first page). Draws nothing.
#[component]
fn TitleSync(page: Signal<meta::PageMeta>) -> impl IntoView {
    Effect::new(move |_| {
        let m = page.get();
        let doc = document();
        doc.set_title(&m.title);
        if let Ok(Some(el)) = doc.query_selector("meta[name='description']") {
            let _ = el.set_attribute("content", &m.description);
        }
    });
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

/// Fetches the pack bundle, then hydrates the page the build pre-rendered
/// for this address (or, on a page rendered for another address such as
/// `404.html`, mounts the app afresh); if the packs cannot be had, says so
/// on the page and leaves the pre-rendered page as it is. `app` is [`App`]
/// or the bundle's own (see [`BUNDLES`]), `packs` the address of the packs
/// it reads and `read` how: `/packs.json` by [`state::read_bundle`],
/// or `/packs-play.json` by [`state::read_lean_bundle`] for the play
/// page, which holds the rules and names only (see `src/bin/prerender.rs`),
/// so its bundle has no code to read sources and divergences.
/// `prepare`, if any, fetches what a page of the bundle was drawn with
/// before it is hydrated ([`load_puzzles`] for Trunk's bundle, which holds
/// `/puzzles`); a bundle without it links none of that code.
pub fn start<V: IntoView + 'static>(
    app: fn() -> V,
    packs: &'static str,
    read: fn(String) -> state::ReadingPacks,
    prepare: Option<Prepare>,
) {
    console_error_panic_hook::set_once();
    normalize_trailing_slash();
    wasm_bindgen_futures::spawn_local(async move {
        let packs_text = fetch_text(packs);
        // A reader of Indonesian gets its texts with the packs, so that the
        // page turns Indonesian as soon as it is live.
        let texts = ensure_lang(visitor_lang());
        let set = match packs_text.await {
            Ok(text) => read(text).await,
            Err(e) => Err(e),
        };
        match set {
            Ok(set) => {
                texts.await;
                state::install_packs(set);
                if let Some(prepare) = prepare {
                    prepare().await;
                }
                // Reading the bundle and hydrating are two tasks, not one long one.
                next_task().await;
                worker::install_precomputed(&prerendered_results());
                if prerendered_here() {
                    SETTLING.set(true);
                    #[cfg(target_arch = "wasm32")]
                    while_hydrating(|| leptos::mount::hydrate_body(app));
                    components::kept::hydrate_later().await;
                    settled();
                } else {
                    if let Some(body) = document().body() {
                        body.set_inner_html("");
                    }
                    leptos::mount::mount_to_body(app);
                }
                // The page is live once the effects that apply the visitor's
                // game, language and address have run (they are queued as
                // tasks by the hydration): tests wait for this.
                set_timeout(
                    || {
                        if let Some(html) = document().document_element() {
                            let _ = html.set_attribute("data-app", "live");
                        }
                    },
                    std::time::Duration::ZERO,
                );
            }
            Err(e) => {
                if let Some(body) = document().body() {
                    let p = document()
                        .create_element("p")
                        .expect("a document makes elements");
                    p.set_class_name("notice");
                    p.set_text_content(Some(&format!(
                        "Congklak could not load its rule packs ({packs}): {e}. Reload the page to try again."
                    )));
                    let _ = body.prepend_with_node_1(&p);
                }
            }
        }
    });
}

thread_local! {
    static HYDRATING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// From the start of the hydration until its last part is hydrated.
    static SETTLING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What waits for the hydration to end (see [`after_hydration`]).
    static AFTER: std::cell::RefCell<Vec<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `hydrate` (which hydrates some of the page) with [`hydrating`] true.
fn while_hydrating(hydrate: impl FnOnce()) {
    HYDRATING.set(true);
    hydrate();
    HYDRATING.set(false);
}

/// Runs `apply` (which applies something of the visitor's: their language,
/// the address's query) once the pre-rendered page is wholly hydrated, the
/// parts hydrated later included (see [`components::kept::Later`]): those
/// are hydrated with the state the build drew. On a page drawn live, it
/// runs once the page is drawn, as an effect does.
pub fn after_hydration(apply: impl FnOnce() + 'static) {
    if SETTLING.get() {
        AFTER.with(|a| a.borrow_mut().push(Box::new(apply)));
    } else {
        let mut apply = Some(apply);
        Effect::new(move |_| {
            if let Some(apply) = apply.take() {
                apply();
            }
        });
    }
}

/// The hydration is over: what waited for it runs, in order.
fn settled() {
    SETTLING.set(false);
    for apply in AFTER.with(|a| std::mem::take(&mut *a.borrow_mut())) {
        apply();
    }
}

/// Whether the app is hydrating a pre-rendered page: a component then draws
/// what the build drew (which knew no query string, saved game or language)
/// and applies the visitor's in an effect.
pub fn hydrating() -> bool {
    HYDRATING.get()
}

/// The name of the `<meta>` that names the address a page was rendered for.
pub const ROUTE_META: &str = "congklak-route";

/// The id of the `<script>` holding the engine's results the build computed
/// for a page (see [`worker::install_precomputed`]).
pub const RESULTS_ID: &str = "congklak-results";

/// Whether this page was pre-rendered for the address it is shown at.
fn prerendered_here() -> bool {
    let doc = document();
    let Some(meta) = doc
        .query_selector(&format!("meta[name='{ROUTE_META}']"))
        .ok()
        .flatten()
    else {
        return false;
    };
    let path = window().location().pathname().unwrap_or_default();
    meta.get_attribute("content").as_deref() == Some(path.as_str())
}

/// The engine's results the build computed for this page, as text.
fn prerendered_results() -> String {
    document()
        .get_element_by_id(RESULTS_ID)
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

/// The fetching a bundle does before hydrating (see [`Prepare`]).
pub type Preparing = std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>;

/// What a bundle fetches before hydrating (see [`start`]).
pub type Prepare = fn() -> Preparing;

/// For [`start`]: the puzzles page was drawn with its list, so on that page
/// the list is fetched before hydrating.
pub fn load_puzzles() -> Preparing {
    Box::pin(async {
        if window().location().pathname().unwrap_or_default() == "/puzzles" {
            if let Ok(list) = fetch_text("/puzzles.json")
                .await
                .and_then(|t| puzzles::parse_file(&t))
            {
                puzzles::install(list);
            }
        }
    })
}

/// Lets the browser run its other tasks (input, paint) before going on.
pub(crate) async fn next_task() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

/// The text at `url`, fetched.
pub fn fetch_text(url: &str) -> impl std::future::Future<Output = Result<String, String>> {
    use wasm_bindgen::JsCast;
    // Asked now, not when first awaited: several fetches run at once.
    let asked = wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(url));
    async move {
        let resp = asked.await.map_err(|e| format!("{e:?}"))?;
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
}

/// Makes sure the texts of `lang` are here, fetching the Indonesian ones
/// ([`i18n::INDONESIAN_FILE`]) if this build left them out; false if
/// they cannot be had (the page then stays in English). Like [`fetch_text`],
/// the fetch starts when this is called, not when it is first awaited.
pub fn ensure_lang(lang: Lang) -> impl std::future::Future<Output = bool> {
    let fetched = (!i18n::has_lang(lang)).then(|| fetch_text(i18n::INDONESIAN_FILE));
    async move {
        let Some(fetched) = fetched else {
            return true;
        };
        let got = fetched
            .await
            .and_then(|json| i18n::install_indonesian(&json));
        if let Err(e) = &got {
            leptos::logging::warn!("the Indonesian texts could not be had: {e}");
        }
        got.is_ok()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_header_marks_the_page_it_is_on() {
        assert!(is_current("/", "/"));
        assert!(!is_current("/packs", "/"));
        assert!(is_current("/packs", "/packs"));
        assert!(is_current("/packs/umum", "/packs"));
        assert!(!is_current("/packsx", "/packs"));
        assert!(!is_current("/", "/packs"));
    }

    #[test]
    fn the_play_page_is_drawn_without_a_router_and_its_header_marks_play() {
        state::install_packs(congklak::PackSet::builtin());
        let owner = Owner::new_root(Some(std::sync::Arc::new(
            hydration_context::SsrSharedContext::new(),
        )));
        let html = owner.with(|| app_for("/").to_html());
        let nav = &html[html.find("<nav").unwrap()..html.find("</nav>").unwrap()];
        assert_eq!(nav.matches("aria-current=\"page\"").count(), 1, "{nav}");
        assert!(nav.contains("<a href=\"/\" aria-current=\"page\""), "{nav}");
        // The first four pages in the row, the others also under "More".
        assert_eq!(
            nav.matches("class=\"nav-extra\"").count(),
            NAV.len() - NAV_FIRST,
            "{nav}"
        );
        assert!(nav.contains("<details class=\"nav-more\">"), "{nav}");
        assert!(
            html.contains("data-board=\"main\""),
            "the play page's board"
        );
    }
}
