//! The shell: the app components over the pages (with the header, the
//! navigation and the language switch), the route table ([`routes`]), each
//! page's metadata ([`meta`]) and the start in the browser ([`boot`]). The
//! only module that imports the features.
pub mod boot;
pub mod meta;
pub mod not_found;
pub mod routes;
// Native only: it runs over the stand-in for local storage.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod stored_hostile;
pub mod stored_keys;
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod test_pages;

use crate::game::state;
use crate::platform::hydration::after_hydration;
use crate::platform::storage as stored;
use crate::texts::i18n::{self, split_lang, t, Lang};
use crate::texts::i18n::{k, Key};
use leptos::prelude::*;
#[cfg(draws_pages)]
use leptos_router::{
    components::{Route, Router, Routes},
    path,
};
use routes::{is_current, NAV};

/// The app over every page but the play page: the header with navigation
/// and language switch, and the page at the router's address: the row of
/// the route table ([`routes::ROUTES`]) for it, in English at its address
/// and in Bahasa Indonesia under `/id` (see [`Lang::path`]), or the page not
/// found.
///
/// The build draws these pages with it, as islands (see
/// [`routes::PageRoute::islands`]): in the browser nothing of it comes
/// alive but the islands of the page, from the bundle of its row (so no
/// router either); its links load the pages they lead to.
#[cfg(draws_pages)]
#[component]
pub fn App() -> impl IntoView {
    let lang = app_language();
    view! {
        <Router>
            <a class="skip-link" href="#main">{t(lang, k::SKIP_LINK)}</a>
            <RoutedChrome lang=lang/>
            <main class="page" id="main" tabindex="-1">
                <Routes fallback=not_found::NotFound>
                    <Route path=path!("/*page") view=TablePage/>
                </Routes>
            </main>
        </Router>
    }
}

/// The route table's page at the router's address (see [`App`]).
#[cfg(draws_pages)]
#[component]
fn TablePage() -> impl IntoView {
    let location = leptos_router::hooks::use_location();
    move || match routes::route_of(&location.pathname.get()) {
        Some(row) => (row.view)(),
        None => not_found::NotFound().into_any(),
    }
}

/// The play page, `/`: what the build pre-renders it with, and what the
/// browser bundle hydrates over it (see [`start_play`]; Trunk's too in a
/// debug build, which makes no bundle of its own).
///
/// A page of its own, so it has no router: there is nothing to route, and
/// leptos_router's code would weigh on the bundle. Links to the other
/// pages are plain links that load them; the page reads its address itself
/// (see [`crate::platform::address`]).
#[component]
pub fn PlayApp() -> impl IntoView {
    let lang = app_language();
    let here = Signal::stored(lang.get_untracked().path("/"));
    let page = Signal::derive(move || meta::play_meta(lang.get()));
    view! {
        <a class="skip-link" href="#main">{t(lang, k::SKIP_LINK)}</a>
        <Header lang=lang here=here/>
        <TitleSync page=page/>
        <main class="page" id="main" tabindex="-1">
            <crate::features::play::PlayPage/>
        </main>
    }
}

/// Hydrates the play page ([`PlayApp`]) over the build's HTML, reading
/// the packs' rules and names (`/packs-play.json`): the browser bundle's
/// `play_page` (see [`crate::islands_bundle!`]). Its code is the bundle's
/// core, which every page shares: the other pages' islands are its parts.
pub fn start_play() {
    boot::start(
        PlayApp,
        routes::Reads::PlayPacks.files()[0],
        crate::game::state::read_lean_bundle,
    );
}

/// The app that draws the page at `path`: [`PlayApp`] for `/`, else [`App`]
/// (the build pre-renders each page with it; the play page's bundle
/// hydrates it with the same components, another page's its islands).
#[cfg(draws_pages)]
pub fn app_for(path: &str) -> AnyView {
    if split_lang(path).1 == "/" {
        PlayApp().into_any()
    } else {
        App().into_any()
    }
}

/// The UI language, provided to every page: the page's (see [`page_lang`]).
fn app_language() -> RwSignal<Lang> {
    i18n::provide_page_lang()
}

pub use i18n::page_lang;

/// The header and title of a routed app, following the router's address.
#[cfg(draws_pages)]
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
/// [`crate::ui::kept::Later`]): each part of a page hydrated in a task of
/// its own keeps every task short.
#[component]
fn Header(lang: RwSignal<Lang>, here: Signal<String>) -> impl IntoView {
    view! {
        <crate::ui::kept::Later class="shell" body=move || view! { <SiteHeader lang=lang here=here/> }/>
        // On every page, so that every board finds its paints.
        <crate::ui::board::BoardPaints/>
        <ResetNotices lang=lang/>
    }
}

/// Says once, on the page where it happened, which stored values could not
/// be read and were set aside for their defaults (see
/// [`stored::get_or_reset`]), each with what was stored to download. Drawn
/// once the page is hydrated: the build's page has none.
#[component]
fn ResetNotices(lang: RwSignal<Lang>) -> impl IntoView {
    let live = RwSignal::new(false);
    after_hydration(move || live.set(true));
    let resets = stored::resets();
    move || {
        if !live.get() {
            return Vec::new();
        }
        let l = lang.get();
        resets
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let what = i18n::tr(l, reset_what(&r.key));
                let file = format!("{}.unreadable.json", r.key);
                let href = format!(
                    "data:application/json;charset=utf-8,{}",
                    percent_encoded(&r.text)
                );
                let resets = resets.clone();
                view! {
                    <div class="notice reset-notice" role="alert" data-testid="reset-notice">
                        <p>{i18n::trf(l, k::RESET_NOTICE, &[&what])}</p>
                        <a class="btn" download=file href=href>{i18n::tr(l, k::RESET_DOWNLOAD)}</a>
                        " "
                        <button class="btn" on:click=move |_| resets.update(|all| {
                            all.remove(i);
                        })>{i18n::tr(l, k::DISMISS)}</button>
                    </div>
                }
            })
            .collect::<Vec<_>>()
    }
}

/// The text key naming what the stored value under `key` was.
fn reset_what(key: &str) -> Key {
    match key {
        k if k == state::SETTINGS_KEY => k::RESET_WHAT_SETTINGS,
        k if k == state::LANG_KEY => k::RESET_WHAT_LANG,
        k if k == crate::platform::audio::SOUND_KEY => k::RESET_WHAT_SOUND,
        k if k == crate::features::friend::FRIEND_KEY => k::RESET_WHAT_FRIEND,
        k if k == crate::features::learn::model::FINISHED_KEY => k::RESET_WHAT_LESSONS,
        _ => k::RESET_WHAT,
    }
}

/// `text` for a `data:` address: every byte but letters and digits as `%XX`.
fn percent_encoded(text: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(text.len() * 3);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The site's header: the name, the navigation (the page at `here` marked
/// as the current one) and the language switch. Plain links, in the page's
/// language: a routed app's router follows them in the page, and in
/// [`PlayApp`] they load the other pages. The switch is a link to the same
/// page in the other language, which loads it (`rel=external`); the shell's
/// script remembers the choice as it is followed (see `index.html`).
#[component]
fn SiteHeader(lang: RwSignal<Lang>, here: Signal<String>) -> impl IntoView {
    let l = lang.get_untracked();
    let link = move |href: &'static str, key: Key, extra: bool| {
        let current = move || {
            here.with(|h| is_current(split_lang(h).1, href))
                .then_some("page")
        };
        view! { <a href=l.path(href) class:nav-extra=extra aria-current=current>{t(lang, key)}</a> }
    };
    let rest = &NAV[NAV_FIRST..];
    let links = NAV
        .iter()
        .enumerate()
        .map(|(i, &(href, key))| link(href, key, i >= NAV_FIRST))
        .collect_view();
    // On a phone the first pages are in the header's row and the others in
    // this menu (the style sheet shows one or the other).
    let more_current = move || {
        here.with(|h| {
            rest.iter()
                .any(|(href, _)| is_current(split_lang(h).1, href))
        })
    };
    let other = l.other();
    let other_page = move || here.with(|h| other.path(split_lang(h).1));
    let menu = rest
        .iter()
        .map(|&(href, key)| link(href, key, false))
        .collect_view();
    view! {
        <header class="site-header">
            <a href=l.path("/") class="brand">"Congklak"</a>
            <nav class="site-nav" aria-label=t(lang, k::NAV_MAIN)>
                {links}
                <details class="nav-more" class:holds-current=more_current on:click=close_menu>
                    <summary>{t(lang, k::NAV_MORE)}</summary>
                    <div class="nav-more-list">{menu}</div>
                </details>
            </nav>
            <a class="lang-switch" data-testid="lang" data-switch="" rel="external"
                href=other_page hreflang=other.code() lang=other.code()
                title=t(lang, k::LANG_SWITCH_LABEL)>
                {t(lang, k::LANG_SWITCH)}
            </a>
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// The page at `path` as `app` draws it natively (as the build does).
    fn drawn(path: &str, app: impl FnOnce() -> AnyView) -> String {
        let owner = Owner::new_root(Some(std::sync::Arc::new(
            hydration_context::SsrSharedContext::new(),
        )));
        owner.with(|| {
            provide_context(leptos_router::location::RequestUrl::new(path));
            app().to_html()
        })
    }

    #[test]
    fn every_page_of_the_route_table_is_drawn_by_the_apps_that_show_it() {
        state::install_packs(congklak::PackSet::builtin());
        // The page not found's heading (the renderer may add a marker after the text).
        let missing = format!("<h1>{}", i18n::tr(Lang::En, k::NOTFOUND_TITLE));
        for r in routes::ROUTES {
            let path = r.path.replace("/*", "/umum");
            let apps: Vec<(&str, String)> = vec![("the build's", drawn(&path, || app_for(&path)))];
            for (app, html) in apps {
                assert!(html.contains("<h1"), "{app} draws no heading at {path}");
                assert!(!html.contains(&missing), "{app} has no route for {path}");
            }
        }
        // And the check can fail: an address of no row is the page not found.
        let nowhere = drawn("/nowhere", || App().into_any());
        assert!(nowhere.contains(&missing), "{missing} not in {nowhere}");
    }

    #[test]
    fn each_page_is_drawn_in_the_language_of_its_address_and_links_to_the_other() {
        state::install_packs(congklak::PackSet::builtin());
        let missing = format!("<h1>{}", i18n::tr(Lang::Id, k::NOTFOUND_TITLE));
        for r in routes::ROUTES {
            let en = r.path.replace("/*", "/umum");
            for lang in [Lang::En, Lang::Id] {
                let path = lang.path(&en);
                let html = drawn(&path, || app_for(&path));
                assert!(html.contains("<h1"), "no heading at {path}");
                assert!(!html.contains(&missing), "no route for {path}");
                // The header's links stay in the page's language.
                let packs = format!("href=\"{}\"", lang.path("/packs"));
                assert!(html.contains(&packs), "{path}: no {packs}");
                assert!(
                    html.contains(&format!(">{}<", i18n::tr(lang, k::NAV_PACKS))),
                    "{path}: the header is not in {lang:?}"
                );
                // The switch leads to the same page in the other language.
                let other = lang.other();
                let switch = format!("href=\"{}\" hreflang=\"{}\"", other.path(&en), other.code());
                assert!(html.contains(&switch), "{path}: no {switch}");
            }
        }
        // The title follows the language too.
        assert_ne!(
            meta::page_meta("/id/packs/umum", Lang::Id),
            meta::page_meta("/packs/umum", Lang::En)
        );
        assert_eq!(
            meta::page_meta("/id/packs/umum", Lang::Id),
            meta::page_meta("/packs/umum", Lang::Id)
        );
    }

    /// The page at `path` as the build draws it, as islands where its row says.
    fn built(path: &str) -> String {
        crate::app::test_pages::drawn(path)
    }

    #[test]
    fn every_page_but_play_is_drawn_as_islands_and_only_its_live_part_is_one() {
        state::install_packs(congklak::PackSet::builtin());
        for lang in [Lang::En, Lang::Id] {
            for (path, islands) in [
                ("/packs", 0),
                ("/packs/umum", 0),
                ("/packs/sungka", 0),
                ("/about", 0),
                ("/compare", 1),
                ("/", 0),
                ("/learn", 1),
                ("/friend", 1),
                ("/stats", 1),
                ("/puzzles", 1),
            ] {
                let path = lang.path(path);
                let html = built(&path);
                assert_eq!(
                    html.matches("<leptos-island").count(),
                    islands,
                    "islands at {path}"
                );
                assert!(html.contains("<h1"), "no heading at {path}");
            }
            // The comparison is the island; the title and introduction are not.
            let html = built(&lang.path("/compare"));
            let island = html
                .find("<leptos-island data-component=\"CompareLive_")
                .unwrap();
            let title = html.find("<h1").unwrap();
            assert!(title < island, "the title is inside the island");
            assert!(html[island..].contains("data-testid=\"compare-go\""));
        }
        assert!(routes::is_islands("/id/packs/umum") && !routes::is_islands("/id/"));
    }

    #[test]
    fn stored_text_for_a_data_address_is_percent_encoded() {
        assert_eq!(percent_encoded("{\"a\": 1}"), "%7B%22a%22%3A%201%7D");
        assert_eq!(percent_encoded("abc9"), "abc9");
    }

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
