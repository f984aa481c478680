//! The app's start in the browser: the packs fetched, then the page the
//! build pre-rendered hydrated (or, on a page drawn for another address,
//! the app mounted afresh).
use crate::features::puzzles::model as puzzles;
use crate::game::state;
use crate::jobs::client::{self as worker, RESULTS_ID};
use crate::platform::browser::{fetch_text, next_task};
use crate::platform::hydration::{begin_settling, settled};
use crate::platform::storage as stored;
use crate::texts::i18n::k;
use crate::texts::i18n::{self, Lang};
use leptos::prelude::*;

/// Fetches the pack bundle, then hydrates the page the build pre-rendered
/// for this address (or, on a page rendered for another address such as
/// `404.html`, mounts the app afresh); if the packs cannot be had, says so
/// on the page and leaves the pre-rendered page as it is. `app` is [`App`]
/// or the bundle's own (see [`BUNDLES`]), `packs` the address of the packs
/// it reads and `read` how: `/packs-compare.json` by [`state::read_compare_bundle`],
/// or `/packs-play.json` by [`state::read_lean_bundle`] for the play
/// page, which holds the rules and names only (see `src/bin/prerender.rs`),
/// so its bundle has no code to read sources and divergences.
pub fn start<V: IntoView + 'static>(
    app: fn() -> V,
    packs: &'static str,
    read: fn(String) -> state::ReadingPacks,
) {
    console_error_panic_hook::set_once();
    wasm_bindgen_futures::spawn_local(async move {
        let packs_text = fetch_text(packs);
        // An Indonesian page names its texts' file: it is drawn in
        // Indonesian, and is hydrated so. Fetched beside the packs.
        let texts = ensure_lang(crate::app::page_lang());
        // The language remembered is the shell's to follow (see
        // `index.html`); one that cannot be read is set aside and said so.
        let _ = stored::get_or_reset::<Lang>(state::LANG_KEY);
        let set = match packs_text.await {
            Ok(text) => read(text).await,
            Err(e) => Err(state::PacksProblem::Fetch(e)),
        };
        let texts = texts.await;
        match set {
            Ok(set) => {
                if !texts {
                    // The page stays as the build drew it, in its language.
                    return;
                }
                state::install_packs(set);
                // Reading the bundle and hydrating are two tasks, not one long one.
                next_task().await;
                worker::install_precomputed(&prerendered_results());
                if prerendered_here() {
                    begin_settling();
                    #[cfg(target_arch = "wasm32")]
                    crate::platform::hydration::while_hydrating(|| {
                        leptos::mount::hydrate_body(app)
                    });
                    crate::ui::kept::hydrate_later().await;
                    settled();
                } else {
                    if let Some(body) = document().body() {
                        body.set_inner_html("");
                    }
                    leptos::mount::mount_to_body(app);
                }
                mark_live();
            }
            Err(e) => {
                // Said in the page's language where its texts are here.
                say_packs_failed(&e);
            }
        }
    });
}

/// For a page drawn as islands (see [`crate::app::routes::PageRoute::islands`]),
/// before the islands loader (`public/islands.js`) brings its islands to
/// life (the bundle's `main` has set up Leptos's islands, with
/// `leptos::mount::hydrate_islands`): fetches the packs (`packs`, read by
/// `read`), installs the page's texts, and installs the engine's results the
/// build computed for the page. The islands are then hydrated with the
/// state the build drew, and [`islands_live`] applies the visitor's. False,
/// and the page stays as the build drew it, if the packs or texts cannot be
/// had (said on the page for the packs). `prepare`, if any, fetches what a
/// page of the bundle was drawn with ([`load_puzzles`] for `congklak-puzzles`).
pub async fn islands_ready(
    packs: &'static str,
    read: fn(String) -> state::ReadingPacks,
    prepare: Option<Prepare>,
) -> bool {
    let packs_text = fetch_text(packs);
    let texts_here = ensure_lang(crate::app::page_lang());
    let set = match packs_text.await {
        Ok(text) => read(text).await,
        Err(e) => Err(state::PacksProblem::Fetch(e)),
    };
    let texts_here = texts_here.await;
    let set = match set {
        Ok(set) => set,
        Err(e) => {
            say_packs_failed(&e);
            return false;
        }
    };
    if !texts_here {
        return false;
    }
    state::install_packs(set);
    if let Some(prepare) = prepare {
        prepare().await;
    }
    worker::install_precomputed(&prerendered_results());
    begin_settling();
    crate::platform::hydration::set_hydrating(true);
    true
}

/// For a page drawn as islands, once the loader has hydrated its islands:
/// their later parts are hydrated, what waited for the hydration runs (the
/// visitor's address, language), and the page is marked live.
pub async fn islands_live() {
    crate::platform::hydration::set_hydrating(false);
    crate::ui::kept::hydrate_later().await;
    settled();
    mark_live();
}

/// Marks the page live, a task after the effects that apply the visitor's
/// game, language and address have run (the hydration queues them as
/// tasks): tests wait for this.
fn mark_live() {
    set_timeout(
        || {
            if let Some(html) = document().document_element() {
                let _ = html.set_attribute("data-app", "live");
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Says on the page, in its language, that the packs could not be had.
fn say_packs_failed(e: &state::PacksProblem) {
    use crate::texts::i18n::Say;
    let lang = crate::app::page_lang();
    if let Some(body) = document().body() {
        let p = document()
            .create_element("p")
            .expect("a document makes elements");
        p.set_class_name("notice");
        p.set_text_content(Some(&i18n::trf(lang, k::PACKS_FAILED, &[&e.say(lang)])));
        let _ = body.prepend_with_node_1(&p);
    }
}

/// A bundle of islands' `main`: sets up Leptos's islands (in a browser) for
/// `public/islands.js`, which then calls the exports of
/// [`islands_bundle!`](crate::islands_bundle).
pub fn hydrate_islands() {
    if web_sys::window().is_some() {
        console_error_panic_hook::set_once();
        // The play page is hydrated whole (`play_page`), not as islands.
        #[cfg(target_arch = "wasm32")]
        if drawn_as_islands() {
            leptos::mount::hydrate_islands();
        }
    }
}

/// [`islands_ready`] with what the page at this address reads (its row's
/// `reads` in the route table).
pub async fn islands_ready_here() -> bool {
    use crate::app::routes::{reads_of, Reads};
    let path = window().location().pathname().unwrap_or_default();
    let reads = reads_of(&path);
    let packs = reads.files()[0];
    match reads {
        Reads::PlayPacks => islands_ready(packs, state::read_lean_bundle, None).await,
        Reads::ComparePacks => islands_ready(packs, state::read_compare_bundle, None).await,
        Reads::PlayPacksAndPuzzles => {
            islands_ready(packs, state::read_lean_bundle, Some(load_puzzles)).await
        }
    }
}

/// The exports of a bundle of islands that `public/islands.js` calls around
/// the islands' own: `islands_ready` ([`islands_ready_here`]: what the
/// page reads) and `islands_live` ([`islands_live`]). A bundle's `main`
/// sets up Leptos's islands (`leptos::mount::hydrate_islands`) before
/// either is called.
#[macro_export]
macro_rules! islands_bundle {
    () => {
        /// Before the islands are hydrated: what they read (see
        /// `congklak_app::app::boot::islands_ready_here`).
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub async fn islands_ready() -> bool {
            $crate::app::boot::islands_ready_here().await
        }

        /// Once they are (see `congklak_app::app::boot::islands_live`).
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub async fn islands_live() {
            $crate::app::boot::islands_live().await
        }

        /// The play page, hydrated whole (see `congklak_app::app::start_play`).
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn play_page() {
            $crate::app::start_play()
        }
    };
}

/// The name of the `<meta>` that the build writes in a page drawn as
/// islands (see [`crate::app::routes::PageRoute::islands`]).
pub const ISLANDS_META: &str = "congklak-islands";

/// Whether this page was drawn as islands (the build says so in its head).
pub fn drawn_as_islands() -> bool {
    document()
        .query_selector(&format!("meta[name='{ISLANDS_META}']"))
        .ok()
        .flatten()
        .is_some()
}

/// The name of the `<meta>` that names a page's own bundle
/// (`/congklak-<name>-<hash>`, see [`crate::app::routes::BUNDLES`]) for the
/// loader, `public/islands.js`; a page without one loads Trunk's.
pub const BUNDLE_META: &str = "congklak-bundle";

/// The name of the `<meta>` that lists the build's data files a page's
/// code reads (see [`crate::app::routes::Reads::files`]), for the service
/// worker's list (scripts/precache.mjs).
pub const READS_META: &str = "congklak-reads";

/// The name of the `<meta>` of a page that loads its code at the visitor's
/// first use (`content="used"`, and in `data-unless-stored` the keys of
/// [`crate::app::routes::Wake::Used`], separated by spaces).
pub const WAKE_META: &str = "congklak-wake";

/// The name of the `<meta>` that names the address a page was rendered for.
pub const ROUTE_META: &str = "congklak-route";

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
        let path = window().location().pathname().unwrap_or_default();
        if i18n::split_lang(&path).1 == "/puzzles" {
            if let Ok(text) = fetch_text("/puzzles.json").await {
                if let Ok(list) = puzzles::parse_file(&text) {
                    puzzles::install(list);
                }
            }
        }
    })
}

/// Makes sure the texts of `lang` are here, fetching and installing the
/// Indonesian ones from the file the page names (see [`i18n::TEXTS_META`])
/// if this build left them out; false if the page names none, or one that
/// cannot be fetched or that this build cannot read (the page then stays
/// as the build drew it). The fetch starts at the call, so it runs beside
/// the page's others.
pub fn ensure_lang(lang: Lang) -> impl std::future::Future<Output = bool> {
    let named = (!i18n::has_lang(lang))
        .then(|| {
            document()
                .query_selector(&format!("meta[name='{}']", i18n::TEXTS_META))
                .ok()
                .flatten()
                .and_then(|m| m.get_attribute("content"))
        })
        .map(|file| file.map(|f| fetch_text(&f)));
    async move {
        let Some(file) = named else {
            return true;
        };
        let Some(fetched) = file else {
            leptos::logging::warn!("the Indonesian texts could not be read: the page names none");
            return false;
        };
        let json = match fetched.await {
            Ok(json) => json,
            Err(e) => {
                leptos::logging::warn!("the Indonesian texts could not be fetched: {e}");
                return false;
            }
        };
        let got = i18n::install_indonesian(&json);
        if let Err(e) = &got {
            leptos::logging::warn!("the Indonesian texts could not be read: {e}");
        }
        got.is_ok()
    }
}
