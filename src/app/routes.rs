//! The one route table: every page of the site, its address, its title and
//! description, its entry in the header's navigation and the browser bundle
//! that holds it. The router's routes, the header, the page metadata, the
//! pre-renderer and the end-to-end tests (through `dist/routes.json`) all
//! read it. Adding a page: a row here and its module in `src/features/`.

use crate::texts::i18n::{k, Key};
#[cfg(draws_pages)]
use leptos::prelude::IntoAny;

/// A page of the site.
#[derive(Clone, Copy, Debug)]
pub struct PageRoute {
    /// Its address; `/packs/*` stands for one page per pack.
    pub path: &'static str,
    /// The text key of its title (a pack page's is the pack's name).
    pub title: Key,
    /// The text key of its description (a pack page's is the pack's).
    pub description: Key,
    /// The text key of its link in the header, if it has one (in this order).
    pub nav: Option<Key>,
    /// The browser bundle that holds it (see [`BUNDLES`]); `None`: Trunk's
    /// (`src/main.rs`), which in a release holds no page.
    pub bundle: Option<&'static str>,
    /// Whether the page is drawn as islands: the build's HTML is the page,
    /// and only its interactive parts (Leptos islands) come alive in the
    /// browser, each a part of the bundle fetched when first shown (see
    /// `build.rs`); a page without any loads no code. Otherwise (the play page, which is
    /// all game) the whole page is hydrated.
    pub islands: bool,
    /// When the page loads its code (see [`Wake`]).
    pub wake: Wake,
    /// What its code fetches before it comes alive (see [`Reads`]).
    pub reads: Reads,
    /// The page, as the build draws it under the header (the router's one
    /// route draws the row at its address, see `crate::app::App`). Native
    /// only: in the browser a page's islands come alive on their own, and
    /// the play page is its own app (`crate::app::PlayApp`), so the bundle
    /// holds no router and no other page's view.
    #[cfg(draws_pages)]
    pub view: fn() -> leptos::prelude::AnyView,
}

/// When a page loads its code: the code of its islands, or the play page's
/// whole app (`public/islands.js`, told by the build's
/// `<meta name="congklak-wake">`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    /// As soon as the page is shown: its islands show what is the visitor's
    /// own (a stored game, progress, figures) or read the address.
    Shown,
    /// At the first sign that the visitor is about to use the page (a
    /// pointer over an island, or over the play page's game; a touch, focus
    /// or a key inside it), or at once when the address has a query or a
    /// fragment, which the page reads (also when the fragment changes).
    /// Until then the page is the build's HTML and has loaded no code: for
    /// pages that show every visitor the same until used. What was tapped,
    /// clicked, typed or chosen while the code came is applied once it is
    /// live.
    Used {
        /// Local-storage keys: a visitor with something stored under any
        /// of them has a page of their own to see (a game, settings), and
        /// the page wakes when shown.
        unless_stored: &'static [&'static str],
    },
}
/// What a page's code fetches before the page comes alive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// The packs' rules and names (`/packs-play.json`).
    PlayPacks,
    /// The packs' rules and names, which sources back each clause and
    /// their titles (`/packs-compare.json`).
    ComparePacks,
    /// The packs' rules and names, and the list of puzzles.
    PlayPacksAndPuzzles,
}

impl Reads {
    /// The build's data files it fetches (the pre-renderer names them in
    /// the page's head, so the service worker keeps those and no other).
    pub fn files(self) -> &'static [&'static str] {
        match self {
            Reads::PlayPacks => &["/packs-play.json"],
            Reads::ComparePacks => &["/packs-compare.json"],
            Reads::PlayPacksAndPuzzles => &["/packs-play.json", "/puzzles.json"],
        }
    }
}

/// Every page of the site, in the header's order.
pub const ROUTES: &[PageRoute] = &[
    PageRoute {
        path: "/",
        title: k::META_PLAY_TITLE,
        description: k::META_PLAY,
        nav: Some(k::NAV_PLAY),
        bundle: Some("islands"),
        islands: false,
        // A first visitor sees the build's board of a new game until they
        // use it; a returning one (a game, settings, the sound or the
        // example remembered) has their own, shown at once.
        wake: Wake::Used {
            unless_stored: &[
                crate::game::state::SAVE_KEY,
                crate::game::state::SETTINGS_KEY,
                crate::platform::audio::SOUND_KEY,
                crate::features::play::WELCOME_KEY,
            ],
        },
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::play::PlayPage().into_any(),
    },
    PageRoute {
        path: "/learn",
        title: k::LEARN_TITLE,
        description: k::META_LEARN,
        nav: Some(k::NAV_LEARN),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Shown,
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::learn::LearnPage().into_any(),
    },
    PageRoute {
        path: "/friend",
        title: k::FRIEND_TITLE,
        description: k::META_FRIEND,
        nav: Some(k::NAV_FRIEND),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Used {
            unless_stored: &[crate::features::friend::FRIEND_KEY],
        },
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::friend::FriendPage().into_any(),
    },
    PageRoute {
        path: "/packs",
        title: k::PACKS_TITLE,
        description: k::META_PACKS,
        nav: Some(k::NAV_PACKS),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Shown,
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::packs::PacksPage().into_any(),
    },
    PageRoute {
        path: "/packs/*",
        // A pack page's title and description are its pack's; these are
        // for an address that names no pack.
        title: k::NOTFOUND_TITLE,
        description: k::META_PLAY,
        nav: None,
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Shown,
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::packs::PackPage().into_any(),
    },
    PageRoute {
        path: "/compare",
        title: k::COMPARE_TITLE,
        description: k::META_COMPARE,
        nav: Some(k::NAV_COMPARE),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Used { unless_stored: &[] },
        reads: Reads::ComparePacks,
        #[cfg(draws_pages)]
        view: || crate::features::compare::ComparePage().into_any(),
    },
    PageRoute {
        path: "/about",
        title: k::ABOUT_TITLE,
        description: k::META_ABOUT,
        nav: Some(k::NAV_ABOUT),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Shown,
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::about::AboutPage().into_any(),
    },
    PageRoute {
        path: "/stats",
        title: k::MYSTATS_TITLE,
        description: k::META_STATS,
        nav: Some(k::NAV_STATS),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Shown,
        reads: Reads::PlayPacks,
        #[cfg(draws_pages)]
        view: || crate::features::stats::StatsPage().into_any(),
    },
    PageRoute {
        path: "/puzzles",
        title: k::PUZZLES_TITLE,
        description: k::META_PUZZLES,
        nav: Some(k::NAV_PUZZLES),
        bundle: Some("islands"),
        islands: true,
        wake: Wake::Shown,
        reads: Reads::PlayPacksAndPuzzles,
        #[cfg(draws_pages)]
        view: || crate::features::puzzles::PuzzlesPage().into_any(),
    },
];

/// The browser bundles (Trunk's own, `congklak-app`, `src/main.rs`, holds
/// every page only in a debug build): a bundle's name (its binary is
/// `congklak-<name>`, its `main` in `src/bundles/<name>.rs`). Which pages
/// it holds is [`ROUTES`]'s `bundle`: one for every page with code, the
/// play page (hydrated whole) in its core, every other page's islands each
/// a part of it fetched when a page first shows them (see `build.rs`), so
/// that the framework, the engine and the shared views come once for every
/// page. Built for a release by `scripts/route-pages.sh`;
/// `src/bin/prerender.rs` points the pages at it.
pub const BUNDLES: &[&str] = &["islands"];

/// What the page at `path` fetches before it comes alive (see [`Reads`]).
pub fn reads_of(path: &str) -> Reads {
    route_of(path).map_or(Reads::PlayPacks, |r| r.reads)
}

/// The route of the page at `path` (a trailing slash ignored), if the site
/// has one there, in either language (`/id/packs` is `/packs`'s, see
/// [`crate::texts::i18n::split_lang`]): `/packs/<id>` for any id (whether the
/// pack exists is the packs' to say).
pub fn route_of(path: &str) -> Option<&'static PageRoute> {
    let path = crate::texts::i18n::split_lang(path).1;
    let trimmed = path.trim_end_matches('/');
    let path = if trimmed.is_empty() { "/" } else { trimmed };
    ROUTES.iter().find(|r| match r.path.strip_suffix("/*") {
        Some(dir) => path
            .strip_prefix(dir)
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|rest| !rest.is_empty() && !rest.contains('/')),
        None => r.path == path,
    })
}

/// When the page at `path` loads its code (see [`Wake`]).
pub fn wake_of(path: &str) -> Wake {
    route_of(path).map_or(Wake::Shown, |r| r.wake)
}

/// Whether the page at `path` is drawn as islands (see [`PageRoute::islands`]).
pub fn is_islands(path: &str) -> bool {
    route_of(path).is_some_and(|r| r.islands)
}

/// The bundle of [`BUNDLES`] that holds the page at `path`, if any (else
/// Trunk's: the whole app).
pub fn bundle_of(path: &str) -> Option<&'static str> {
    let path = crate::texts::i18n::split_lang(path).1;
    if path.len() > 1 && path.ends_with('/') {
        return None;
    }
    route_of(path).and_then(|r| r.bundle)
}

/// The header's links: address and text key, in [`ROUTES`]'s order.
pub static NAV: std::sync::LazyLock<Vec<(&'static str, Key)>> = std::sync::LazyLock::new(|| {
    ROUTES
        .iter()
        .filter_map(|r| r.nav.map(|key| (r.path, key)))
        .collect()
});

/// Whether the header's link to `link` is the page at `path`: `/` only
/// itself, another page also the pages under it (`/packs/umum` is under
/// Packs).
pub fn is_current(path: &str, link: &str) -> bool {
    path == link
        || (link != "/"
            && path
                .strip_prefix(link)
                .is_some_and(|rest| rest.starts_with('/')))
}
