//! Each page's title and description, from its content: the pre-renderer
//! writes them into the page's `<head>` (with the canonical link and the
//! Open Graph tags), and the app keeps the tab's title in step as the
//! visitor moves between pages and languages.

use crate::app::routes::{route_of, ROUTES};
use crate::game::state::packs;
use crate::texts::i18n::k;
use crate::texts::i18n::{tr, Lang};

/// What a page's `<head>` says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageMeta {
    /// The tab's title.
    pub title: String,
    /// One or two sentences for search results and link previews.
    pub description: String,
}

/// At most `max` characters of `text`, cut at a word with an ellipsis.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    let cut = cut.rsplit_once(' ').map(|(head, _)| head).unwrap_or(&cut);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

/// Whether `path` is one of the site's pages (what [`page_meta`] names):
/// a row of [`ROUTES`], a pack page only for a pack there is.
pub fn is_page(path: &str) -> bool {
    match route_of(path) {
        Some(r) if r.path == "/packs/*" => pack_of(path).is_some(),
        Some(_) => true,
        None => false,
    }
}

/// The installed pack a pack page's address (`/packs/<id>`) names.
fn pack_of(path: &str) -> Option<&'static congklak::Pack> {
    crate::texts::i18n::split_lang(path)
        .1
        .trim_end_matches('/')
        .strip_prefix("/packs/")
        .and_then(|id| packs().get(id))
}

/// The title and description of the play page, `/` (what [`page_meta`]
/// gives for it; the play page's own bundle needs no other page's).
pub fn play_meta(lang: Lang) -> PageMeta {
    PageMeta {
        title: format!(
            "{} · {}",
            tr(lang, k::META_PLAY_TITLE),
            tr(lang, k::META_SITE)
        ),
        description: tr(lang, k::META_PLAY).to_string(),
    }
}

/// The title and description of the page at `path` (a route of the app):
/// from its row of [`ROUTES`], a pack page's from its pack.
pub fn page_meta(path: &str, lang: Lang) -> PageMeta {
    let site = tr(lang, k::META_SITE);
    let titled = |title: &str, description: &str| PageMeta {
        title: format!("{title} · {site}"),
        description: shorten(description, 200),
    };
    match route_of(path) {
        Some(r) if r.path == "/" => play_meta(lang),
        Some(r) if r.path == "/packs/*" => match pack_of(path) {
            Some(p) => titled(p.name.get(lang.code()), p.description.get(lang.code())),
            None => titled(tr(lang, k::NOTFOUND_TITLE), tr(lang, k::META_PLAY)),
        },
        Some(r) => titled(tr(lang, r.title), tr(lang, r.description)),
        None => titled(tr(lang, k::NOTFOUND_TITLE), tr(lang, k::META_PLAY)),
    }
}

/// Every page's English address: each row of [`ROUTES`], a pack page for
/// each installed pack (each also at its Indonesian address, see
/// [`Lang::path`]).
pub fn all_pages() -> Vec<String> {
    let mut out = Vec::new();
    for r in ROUTES {
        if r.path == "/packs/*" {
            out.extend(packs().all().iter().map(|p| format!("/packs/{}", p.id)));
        } else {
            out.push(r.path.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_s_pages_are_known_and_nothing_else() {
        crate::game::state::install_packs(congklak::PackSet::builtin());
        for p in [
            "/",
            "/learn",
            "/friend/",
            "/packs",
            "/packs/umum",
            "/compare",
            "/about",
            "/stats",
        ] {
            assert!(is_page(p), "{p}");
        }
        for p in ["/id", "/id/", "/id/packs/umum", "/id/compare"] {
            assert!(is_page(p), "{p}");
        }
        for p in [
            "/nope",
            "/packs/nope",
            "/packs/umum/x",
            "/404",
            "/id/nope",
            "/idx",
        ] {
            assert!(!is_page(p), "{p}");
        }
    }

    #[test]
    fn each_page_s_bundle() {
        use crate::app::routes::bundle_of;
        assert_eq!(bundle_of("/"), Some("islands"));
        assert_eq!(bundle_of("/packs"), Some("islands"));
        assert_eq!(bundle_of("/packs/umum"), Some("islands"));
        assert_eq!(bundle_of("/packs/"), None);
        assert_eq!(bundle_of("/packs/umum/x"), None);
        assert_eq!(bundle_of("/compare"), Some("islands"));
        assert_eq!(bundle_of("/learn"), Some("islands"));
        assert_eq!(bundle_of("/id/"), Some("islands"));
        assert_eq!(bundle_of("/id/packs/umum"), Some("islands"));
        assert_eq!(bundle_of("/id/learn"), Some("islands"));
        assert_eq!(bundle_of("/404"), None);
    }

    #[test]
    fn every_bundle_has_its_main_and_shows_pages_of_the_site() {
        let cargo = include_str!("../../Cargo.toml");
        for name in crate::app::routes::BUNDLES {
            let paths: Vec<&str> = ROUTES
                .iter()
                .filter(|r| r.bundle == Some(*name))
                .map(|r| r.path)
                .collect();
            let main = format!("src/bundles/{name}.rs");
            assert!(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join(&main)
                    .exists(),
                "{main}"
            );
            assert!(
                cargo.contains(&format!("name = \"congklak-{name}\"\npath = \"{main}\"")),
                "{name} in Cargo.toml"
            );
            crate::game::state::install_packs(congklak::PackSet::builtin());
            assert!(!paths.is_empty(), "{name} holds no page");
            for p in paths {
                let page = p.replace("/*", "/umum");
                assert!(is_page(&page), "{name}: {p}");
                assert_eq!(crate::app::routes::bundle_of(&page), Some(*name), "{page}");
            }
        }
        let mains =
            std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bundles"))
                .unwrap()
                .count();
        assert_eq!(
            mains,
            crate::app::routes::BUNDLES.len(),
            "a file in src/bundles/ without its entry in BUNDLES"
        );
    }

    #[test]
    fn every_page_has_its_own_title_and_a_description() {
        crate::game::state::install_packs(congklak::PackSet::builtin());
        let paths = all_pages();
        assert!(paths.len() > ROUTES.len(), "{paths:?}");
        let mut titles = std::collections::BTreeSet::new();
        for path in &paths {
            for lang in [Lang::En, Lang::Id] {
                let m = page_meta(path, lang);
                assert!(m.title.ends_with("· Congklak"), "{path}: {}", m.title);
                assert!(
                    !m.description.is_empty() && m.description.chars().count() <= 201,
                    "{path}"
                );
                assert!(
                    titles.insert((lang.code(), m.title.clone())),
                    "{path}: title repeated"
                );
            }
        }
        let umum = page_meta("/packs/umum", Lang::En);
        assert!(umum
            .title
            .starts_with(packs().get("umum").unwrap().name.en.as_str()));
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        assert_eq!(shorten("one two three", 9), "one two…");
        assert_eq!(shorten("short", 9), "short");
    }
}
