//! Writes every route's page at build time, drawn by the app's own
//! components (Leptos's server renderer), for the browser to hydrate.
//!
//!   prerender DIST [--only PATH | --except PATH]...
//!
//! Each page is written twice, in English at its address and in Bahasa
//! Indonesia under `/id` (`/id/`, `/id/packs/umum`), with `lang`,
//! alternates and a short script that takes a visitor to the language they
//! chose, or, on a first visit, the browser's (see [`native::page`]).
//!
//! `--only` draws just the pages at those (English) addresses, in both
//! languages, `--except` all but them (to draw a few pages again while
//! working on them). `--shell` names the page the pages are drawn
//! into, Trunk's `index.html` (the default, `DIST/index.html`, is the play
//! page's file once it is drawn, so a second run reads a copy taken before
//! the first; a drawn page is refused as a shell).
//!
//! Trunk's post_build hook runs it (scripts/route-pages.sh) on the staging
//! folder, which holds Trunk's `index.html` (the shell: scripts, styles) and
//! the resolved pack bundle `packs.json` and the puzzles `puzzles.json`
//! (drawn into `/puzzles`). For each route it renders the app
//! at that address, puts the result in `<body>` with nothing around it (any
//! whitespace there breaks hydration), and writes the page's own title,
//! description, canonical link and Open Graph tags into `<head>`, with the
//! address it was rendered for and the engine results the page used (the
//! divergence finder's figures over seeds 1..1000, which never change for a
//! built-in pack): the browser installs those before hydrating, so it
//! computes nothing the build already did.
//!
//! Env: `SITE_URL` (default `http://127.0.0.1:8080`), the address the
//! canonical links and Open Graph URLs start with.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    if let Err(e) = native::run() {
        eprintln!("prerender: {e}");
        std::process::exit(1);
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::native::{with_policy, Failure};

    #[test]
    fn a_failure_says_what_and_where() {
        assert!(matches!(
            with_policy("<html><head><title>t</title></head></html>"),
            Err(Failure::ShellLacks("<meta charset>"))
        ));
        assert!(matches!(
            with_policy("<html><script>1</script><meta charset=utf-8></html>"),
            Err(Failure::ScriptBeforeCharset)
        ));
        assert!(matches!(
            with_policy("<html><meta charset=utf-8><script>1</html>"),
            Err(Failure::ScriptNotEnded)
        ));
        let pages = Failure::Pages(vec![
            ("/".into(), Failure::ShellLacks("<title>")),
            ("/id/".into(), Failure::Unclosed("<body>")),
        ]);
        assert_eq!(
            pages.to_string(),
            "/: the shell has no <title>; /id/: an unclosed <body>"
        );
        let missing = Failure::File {
            path: "dist/packs.json".into(),
            error: std::io::Error::new(std::io::ErrorKind::NotFound, "not found"),
        };
        assert_eq!(missing.to_string(), "dist/packs.json: not found");
        assert!(Failure::Usage
            .to_string()
            .starts_with("usage: prerender DIST"));
    }

    #[test]
    fn every_inline_script_is_allowed_by_its_hash_and_nothing_else() {
        let page = "<html><head><meta charset=utf-8><title>t</title>\
            <script>let a=1;</script><script type=module>import x from '/x.js';</script>\
            <script src=/y.js></script><script type=\"text/plain\" id=r>1 2</script>\
            </head><body></body></html>";
        let out = with_policy(page).unwrap();
        let csp = out
            .split("Content-Security-Policy\" content=\"")
            .nth(1)
            .unwrap();
        let csp = &csp[..csp.find('"').unwrap()];
        // sha256 of "let a=1;" and of the module's code, in base64.
        assert_eq!(csp.matches("'sha256-").count(), 2, "{csp}");
        assert!(
            csp.contains("'sha256-gzFfZBIOk0YYiNwv7EJGnTMpkU7Qc/ffONYxBxCjmDA='"),
            "{csp}"
        );
        assert!(
            csp.contains("'sha256-WoFCsFhEoMFwEjDE8ADLRFtJsjO3uEXjcVp9UkzK+VU='"),
            "{csp}"
        );
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{csp}"
        );
        assert!(csp.contains("object-src 'none'"), "{csp}");
        // Before the first script, after the character set.
        let meta = out.find("Content-Security-Policy").unwrap();
        assert!(meta > out.find("<meta charset").unwrap() && meta < out.find("<script").unwrap());
        assert!(out.contains("<meta name=\"referrer\" content=\"same-origin\">"));
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use congklak_app::app::boot::{BUNDLE_META, ISLANDS_META, READS_META, ROUTE_META, WAKE_META};
    use congklak_app::app::meta::all_pages;
    use congklak_app::app::meta::page_meta;
    use congklak_app::app::routes::{bundle_of, is_islands, reads_of, wake_of, Wake};
    use congklak_app::app_for;
    use congklak_app::game::state;
    use congklak_app::jobs::client::{self as worker, RESULTS_ID};
    use congklak_app::texts::i18n::{self, Lang};
    use leptos::prelude::*;
    use leptos::tachys::view::RenderHtml;
    use leptos_router::location::RequestUrl;
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    const USAGE: &str = "usage: prerender DIST [--shell FILE] [--only PATH | --except PATH]... \
                         (DIST: the folder with packs.json and Trunk's index.html, \
                         the shell unless --shell names a copy of it)";

    /// Why the pages (or the other files the build writes here) could not
    /// be written.
    #[derive(Debug)]
    pub enum Failure {
        /// The command line is not what [`USAGE`] says.
        Usage,
        /// A file or folder could not be read or written.
        File {
            /// The file or folder.
            path: PathBuf,
            /// Why.
            error: std::io::Error,
        },
        /// The shell (Trunk's `index.html`) has no such part: `<title>`,
        /// `</body>`, the loader.
        ShellLacks(&'static str),
        /// A tag that is not closed: `<html>`, `<script>`.
        Unclosed(&'static str),
        /// A `<script>` without `</script>`.
        ScriptNotEnded,
        /// A script before `<meta charset>`, which must come first.
        ScriptBeforeCharset,
        /// A style sheet `<link>` without `href`.
        StyleWithoutHref,
        /// The shell named is a page this program drew, not Trunk's.
        DrawnShell(PathBuf),
        /// A JSON file could not be written.
        Json {
            /// The file.
            file: &'static str,
            /// Why.
            error: serde_json::Error,
        },
        /// The packs of a file could not be read.
        Packs {
            /// The file.
            file: &'static str,
            /// Why.
            error: congklak::BundleError,
        },
        /// A lean packs file does not read back as the packs written.
        PacksDiffer {
            /// The file.
            file: &'static str,
        },
        /// The Indonesian texts do not read back as written.
        Texts(i18n::TextsProblem),
        /// `puzzles.json` could not be read.
        Puzzles(congklak_app::features::puzzles::model::PuzzlesProblem),
        /// The build made no engine worker bundle in this folder.
        NoWorker(PathBuf),
        /// Two builds of one bundle in this folder.
        TwoBuilds {
            /// The bundle.
            name: String,
            /// The folder.
            dist: PathBuf,
        },
        /// `--only` or `--except` names an address no page is drawn at.
        NoSuchPage(String),
        /// Pages that could not be written: each address, and why.
        Pages(Vec<(String, Failure)>),
    }

    impl std::fmt::Display for Failure {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                Failure::Usage => f.write_str(USAGE),
                Failure::File { path, error } => write!(f, "{}: {error}", path.display()),
                Failure::ShellLacks(what) => write!(f, "the shell has no {what}"),
                Failure::Unclosed(tag) => write!(f, "an unclosed {tag}"),
                Failure::ScriptNotEnded => f.write_str("a <script> without </script>"),
                Failure::ScriptBeforeCharset => f.write_str("a script comes before <meta charset>"),
                Failure::StyleWithoutHref => f.write_str("a style sheet <link> without href"),
                Failure::DrawnShell(path) => write!(
                    f,
                    "{}: a page this program drew, not Trunk's shell (the play page \
                     replaces index.html: pass a copy of Trunk's with --shell)",
                    path.display()
                ),
                Failure::Json { file, error } => write!(f, "{file}: {error}"),
                Failure::Packs { file, error } => write!(f, "{file}: {error}"),
                Failure::PacksDiffer { file } => write!(f, "{file} does not read back as written"),
                Failure::Texts(e) => write!(f, "texts-id-*.json: {e}"),
                Failure::Puzzles(e) => write!(f, "puzzles.json: {e}"),
                Failure::NoWorker(dist) => write!(
                    f,
                    "no congklak-worker-<hash>.js in {} (scripts/route-pages.sh builds it)",
                    dist.display()
                ),
                Failure::TwoBuilds { name, dist } => {
                    write!(f, "two builds of the bundle `{name}` in {}", dist.display())
                }
                Failure::NoSuchPage(path) => write!(f, "no page is drawn at {path}"),
                Failure::Pages(pages) => {
                    for (i, (path, why)) in pages.iter().enumerate() {
                        if i > 0 {
                            f.write_str("; ")?;
                        }
                        write!(f, "{path}: {why}")?;
                    }
                    Ok(())
                }
            }
        }
    }

    /// [`Failure::File`] for `path`.
    fn file_failure(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Failure {
        let path = path.into();
        move |error| Failure::File { path, error }
    }

    /// A page to write: the address it is drawn at, its language, its
    /// English address and the file it goes to.
    struct Route {
        path: String,
        lang: Lang,
        english: String,
        file: PathBuf,
    }

    /// Every page of the route table (`congklak_app::app::routes::ROUTES`)
    /// in each language, and `404.html`.
    fn routes(dist: &Path) -> Vec<Route> {
        let mut out: Vec<Route> = Vec::new();
        for lang in [Lang::En, Lang::Id] {
            for english in all_pages() {
                let path = lang.path(&english);
                let file = dist.join(path.trim_matches('/')).join("index.html");
                out.push(Route {
                    path,
                    lang,
                    english,
                    file,
                });
            }
        }
        // For hosts that serve it on a miss: the app mounts afresh there
        // (the address is not the one this page was drawn for).
        out.push(Route {
            path: "/404".into(),
            lang: Lang::En,
            english: "/404".into(),
            file: dist.join("404.html"),
        });
        out
    }

    /// Takes the visitor to this page in the language they chose (the
    /// header's switch stores it) or, on a first visit to an English page,
    /// in their browser's language if it is Indonesian (or Malay); runs in
    /// `<head>`, before anything is drawn.
    const FOLLOW_LANGUAGE: &str = "<script>(()=>{const l=document.documentElement.lang;let s=null;try{s=localStorage.getItem('congklak.lang')}catch(_){}\
        const w=s==='\"Id\"'?'id':s==='\"En\"'?'en':!s&&l==='en'&&/^(id|in|ms)/i.test(navigator.language||'')?'id':l;\
        if(w===l)return;const p=location.pathname;\
        location.replace((w==='id'?'/id'+(p==='/'?'/':p):p.replace(/^\\/id(?=\\/|$)/,'')||'/')+location.search+location.hash)})()</script>";

    /// `routes.json`: every page the build writes (the 404 page aside),
    /// with its language and title, for the end-to-end tests to visit.
    fn write_route_list(dist: &Path, all: &[Route]) -> Result<(), Failure> {
        let list: Vec<serde_json::Value> = all
            .iter()
            .filter(|r| r.path != "/404")
            .map(|r| {
                serde_json::json!({
                    "path": r.path,
                    "lang": r.lang.code(),
                    "title": page_meta(&r.path, r.lang).title,
                })
            })
            .collect();
        let text = serde_json::to_string_pretty(&list).map_err(|error| Failure::Json {
            file: "routes.json",
            error,
        })?;
        let file = dist.join("routes.json");
        std::fs::write(&file, text).map_err(file_failure(file))
    }

    /// The app at `path`, as HTML, and the engine results it used. A page
    /// drawn as islands is rendered so (see `PageRoute::islands`): only its
    /// islands are marked for the browser.
    fn render(path: &str) -> (String, String) {
        let context = if drawn_as_islands(path) {
            hydration_context::SsrSharedContext::new_islands()
        } else {
            hydration_context::SsrSharedContext::new()
        };
        let owner = Owner::new_root(Some(Arc::new(context)));
        let out = owner.with(|| {
            provide_context(RequestUrl::new(path));
            let html = app_for(path).to_html();
            (html, worker::take_computed())
        });
        drop(owner);
        out
    }

    fn escape(text: &str) -> String {
        text.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    }

    /// Trunk's shell with this page's head and body. `texts_id`: the
    /// addresses of the Indonesian texts (see [`write_indonesian_texts`]).
    fn page(
        shell: &str,
        dist: &Path,
        site: &str,
        route: &Route,
        body: &str,
        results: &str,
        texts_id: &[String; 2],
    ) -> Result<String, Failure> {
        let meta = page_meta(&route.path, route.lang);
        let url = format!(
            "{site}{}",
            if route.path == "/404" {
                "/"
            } else {
                &route.path
            }
        );
        let locale = match route.lang {
            Lang::En => "en_GB",
            Lang::Id => "id_ID",
        };
        let (title, desc) = (escape(&meta.title), escape(&meta.description));
        let mut head = format!(
            "<meta name=\"{ROUTE_META}\" content=\"{path}\">\
             <meta name=\"description\" content=\"{desc}\">\
             <link rel=\"canonical\" href=\"{url}\">\
             <meta property=\"og:type\" content=\"website\">\
             <meta property=\"og:site_name\" content=\"Congklak\">\
             <meta property=\"og:title\" content=\"{title}\">\
             <meta property=\"og:description\" content=\"{desc}\">\
             <meta property=\"og:url\" content=\"{url}\">\
             <meta property=\"og:image\" content=\"{site}/icons/icon-512.png\">\
             <meta property=\"og:locale\" content=\"{locale}\">\
             <meta name=\"twitter:card\" content=\"summary\">",
            path = escape(&route.path),
        );
        if route.path != "/404" {
            for (lang, code) in [(Lang::En, "en"), (Lang::Id, "id"), (Lang::En, "x-default")] {
                head.push_str(&format!(
                    "<link rel=\"alternate\" hreflang=\"{code}\" href=\"{site}{}\">",
                    escape(&lang.path(&route.english))
                ));
            }
            head.push_str(FOLLOW_LANGUAGE);
        }
        let islands = drawn_as_islands(&route.path);
        if islands {
            head.push_str(&format!("<meta name=\"{ISLANDS_META}\" content=\"\">"));
        }
        // The engine's worker bundle, which the page starts on its first job.
        head.push_str(&format!(
            "<meta name=\"congklak-worker\" content=\"/{}\">",
            worker_glue(dist)?
        ));
        // Hydration reads these if a page ever uses resources; none does yet.
        head.push_str(
            "<script>__RESOLVED_RESOURCES=[];__SERIALIZED_ERRORS=[];__INCOMPLETE_CHUNKS=[];</script>",
        );
        if !results.is_empty() {
            head.push_str(&format!(
                "<script type=\"text/plain\" id=\"{RESULTS_ID}\">{}</script>",
                results.replace('<', " ")
            ));
        }
        // An Indonesian page with code names the file of the Indonesian
        // texts, which a release browser build leaves out (see
        // `i18n::TEXTS_META`); its code fetches it with what it reads (and
        // the service worker keeps it with them). A page without an island
        // loads no code.
        // The play page (hydrated whole) shows only the files' "every
        // page" texts.
        let texts = (route.lang == Lang::Id && (!islands || body.contains("<leptos-island")))
            .then(|| texts_id[usize::from(islands)].as_str());
        if let Some(file) = texts {
            head.push_str(&format!(
                "<meta name=\"{}\" content=\"{}\">",
                i18n::TEXTS_META,
                escape(file)
            ));
        }
        // The shell's `<html>` (Trunk may have minified it) names the page's language.
        let mut html = shell.to_string();
        let open = html.find("<html").ok_or(Failure::ShellLacks("<html>"))?;
        let close = html[open..].find('>').ok_or(Failure::Unclosed("<html>"))? + open + 1;
        html.replace_range(
            open..close,
            &format!("<html lang=\"{}\">", route.lang.code()),
        );
        // The shell's title gives way to the page's.
        html = replace_between(&html, "<title>", "</title>", &title)
            .ok_or(Failure::ShellLacks("<title>"))?;
        html = inline_styles(&html, dist)?;
        if !html.contains("islands.js") {
            return Err(Failure::ShellLacks(
                "loader (`pattern_script` in Trunk.toml)",
            ));
        }
        head.push_str(&loader_meta(dist, &route.english, texts)?);
        let at = html
            .find("</head>")
            .or_else(|| html.find("<body"))
            .ok_or(Failure::ShellLacks("</head> or <body>"))?;
        html.insert_str(at, &head);
        let body_open = html.find("<body").ok_or(Failure::ShellLacks("<body>"))?;
        let body_start = html[body_open..]
            .find('>')
            .ok_or(Failure::Unclosed("<body>"))?
            + body_open
            + 1;
        let body_end = html
            .rfind("</body>")
            .ok_or(Failure::ShellLacks("</body>"))?;
        html.replace_range(body_start..body_end, body);
        with_policy(&html)
    }

    /// The page with its Content-Security-Policy and referrer policy, as
    /// `<meta>`s before its first script (a static page has no headers of
    /// its own): scripts only from the site and the page's own inline
    /// scripts, each by its hash (the build's, computed here after every
    /// other change to the page); wasm compiled (`wasm-unsafe-eval`);
    /// fetches, workers, the manifest and images from the site only; no
    /// plugins, no `<base>`, forms posting to the site only. Styles may be
    /// inline (the style sheet is inlined, and components set `style`).
    pub(super) fn with_policy(html: &str) -> Result<String, Failure> {
        use sha2::Digest as _;
        let hashes: Vec<String> = inline_scripts(html)?
            .into_iter()
            .map(|code| {
                format!(
                    "'sha256-{}'",
                    base64(&sha2::Sha256::digest(code.as_bytes()))
                )
            })
            .collect();
        let policy = format!(
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {}; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             connect-src 'self'; worker-src 'self'; manifest-src 'self'; \
             object-src 'none'; base-uri 'self'; form-action 'self'",
            hashes.join(" ")
        );
        let meta = format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\
             <meta name=\"referrer\" content=\"same-origin\">"
        );
        // Right after the character set, which must come first.
        let charset = html
            .find("<meta charset")
            .ok_or(Failure::ShellLacks("<meta charset>"))?;
        let at = html[charset..]
            .find('>')
            .ok_or(Failure::Unclosed("<meta charset>"))?
            + charset
            + 1;
        let first_script = html.find("<script").unwrap_or(html.len());
        if at > first_script {
            return Err(Failure::ScriptBeforeCharset);
        }
        let mut out = html.to_string();
        out.insert_str(at, &meta);
        Ok(out)
    }

    /// The code of every inline script the browser runs (a classic or a
    /// module script without `src`; not a data block such as the results'
    /// `text/plain`).
    fn inline_scripts(html: &str) -> Result<Vec<&str>, Failure> {
        let mut out = Vec::new();
        let mut rest = html;
        while let Some(at) = rest.find("<script") {
            let open_end = rest[at..].find('>').ok_or(Failure::Unclosed("<script>"))? + at;
            let tag = &rest[at + "<script".len()..open_end];
            let close = rest[open_end..]
                .find("</script>")
                .ok_or(Failure::ScriptNotEnded)?
                + open_end;
            let code = &rest[open_end + 1..close];
            let kind = tag.split_whitespace().find_map(|a| a.strip_prefix("type="));
            let runs = kind.is_none_or(|k| {
                matches!(k.trim_matches(['"', '\'']), "module" | "text/javascript")
            });
            let has_src = tag.split_whitespace().any(|a| a.starts_with("src="));
            if runs && !has_src {
                out.push(code);
            }
            rest = &rest[close + "</script>".len()..];
        }
        Ok(out)
    }

    /// Standard base64 with padding (what CSP hashes are written in).
    fn base64(bytes: &[u8]) -> String {
        const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(ABC[(n >> (18 - 6 * i)) as usize & 63] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// Trunk's style sheet `<link>`s inlined: one request less before
    /// anything shows (the sheet is small). Trunk writes no preloads (see
    /// `pattern_preload` in Trunk.toml): the loader fetches the code when
    /// the page needs it.
    fn inline_styles(html: &str, dist: &Path) -> Result<String, Failure> {
        let mut out = String::with_capacity(html.len());
        let mut rest = html;
        while let Some(at) = rest.find("<link") {
            out.push_str(&rest[..at]);
            let end = rest[at..].find('>').ok_or(Failure::Unclosed("<link>"))? + at + 1;
            let tag = &rest[at..end];
            if tag.contains("rel=stylesheet") || tag.contains("rel=\"stylesheet\"") {
                let href = tag
                    .split_whitespace()
                    .find_map(|a| a.strip_prefix("href="))
                    .map(|h| h.trim_matches(['"', '\'', '>', '/']).to_string())
                    .ok_or(Failure::StyleWithoutHref)?;
                let sheet = dist.join(&href);
                let css = std::fs::read_to_string(&sheet).map_err(file_failure(sheet))?;
                out.push_str(&format!("<style>{css}</style>"));
            } else {
                out.push_str(tag);
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// Whether the page at `path` is drawn as islands: every page of the
    /// route table that says so, and the page not found (no island: no code).
    fn drawn_as_islands(path: &str) -> bool {
        path == "/404" || is_islands(path)
    }

    /// What the loader (`public/islands.js`, which Trunk writes into the
    /// shell: `pattern_script` in Trunk.toml) reads in the head of the page
    /// at `path`: its own bundle, if its row has one and the build made it
    /// (else Trunk's, which the loader's tag names), and when it loads its
    /// code (see `Wake`).
    fn loader_meta(dist: &Path, path: &str, texts: Option<&str>) -> Result<String, Failure> {
        let mut out = String::new();
        if let Some(stem) = own_bundle(dist, path)? {
            out.push_str(&format!(
                "<meta name=\"{BUNDLE_META}\" content=\"/{}\">",
                escape(&stem)
            ));
            let mut reads: Vec<&str> = reads_of(path).files().to_vec();
            reads.extend(texts);
            out.push_str(&format!(
                "<meta name=\"{READS_META}\" content=\"{}\">",
                escape(&reads.join(" "))
            ));
        }
        if let Wake::Used { unless_stored } = wake_of(path) {
            if unless_stored.is_empty() {
                out.push_str(&format!("<meta name=\"{WAKE_META}\" content=\"used\">"));
            } else {
                out.push_str(&format!(
                    "<meta name=\"{WAKE_META}\" content=\"used\" data-unless-stored=\"{}\">",
                    escape(&unless_stored.join(" "))
                ));
            }
        }
        Ok(out)
    }

    /// `packs-play.json`: the packs as the play page reads them (see
    /// `congklak_app::app::start_play`): names, boards and rules, without the
    /// descriptions, regions, other names, sources, divergences and
    /// glossaries that only the reading pages show (the descriptions were
    /// two thirds of its bytes).
    fn write_play_packs(dist: &Path) -> Result<(), Failure> {
        let lean = |p: &congklak::Pack| congklak::Pack {
            rule_sources: Default::default(),
            sources: Vec::new(),
            ..without_reading(p)
        };
        write_lean_packs(dist, "packs-play.json", lean, state::packs_from_lean_bundle)
    }

    /// `packs-compare.json`: the packs as `/compare`'s island reads them:
    /// names, boards, rules, which sources back each clause and those
    /// sources' titles; without the descriptions, regions, other names,
    /// divergences, glossaries and the sources' notes and publishers that
    /// only the pack pages show (they were nine tenths of `packs.json`).
    fn write_compare_packs(dist: &Path) -> Result<(), Failure> {
        let lean = |p: &congklak::Pack| congklak::Pack {
            sources: p
                .sources
                .iter()
                .map(|s| congklak::Source {
                    publisher: congklak::Name::Same(String::new()),
                    note: Default::default(),
                    ..s.clone()
                })
                .collect(),
            ..without_reading(p)
        };
        write_lean_packs(
            dist,
            "packs-compare.json",
            lean,
            state::packs_from_compare_bundle,
        )
    }

    /// A pack without what only the reading pages show: its description,
    /// region, other names, divergences and glossary.
    fn without_reading(p: &congklak::Pack) -> congklak::Pack {
        congklak::Pack {
            region: Default::default(),
            aliases: Vec::new(),
            description: Default::default(),
            divergences: Vec::new(),
            glossary: Vec::new(),
            ..p.clone()
        }
    }

    /// Writes `file` in `dist`: every pack made `lean`, read back by `read`
    /// (as the page that fetches it reads it) and checked to be the same packs.
    fn write_lean_packs(
        dist: &Path,
        file: &'static str,
        lean: impl Fn(&congklak::Pack) -> congklak::Pack,
        read: fn(&str) -> Result<congklak::PackSet, congklak::BundleError>,
    ) -> Result<(), Failure> {
        let lean: Vec<congklak::Pack> = state::packs().all().iter().map(lean).collect();
        let json = serde_json::to_string(&lean).map_err(|error| Failure::Json { file, error })?;
        let back = read(&json).map_err(|error| Failure::Packs { file, error })?;
        if back.all() != lean.as_slice() {
            return Err(Failure::PacksDiffer { file });
        }
        let path = dist.join(file);
        std::fs::write(&path, json).map_err(file_failure(path))
    }

    /// The Indonesian texts, which a release browser build leaves out, in
    /// two files named by their content's hash (so cached for good), for
    /// the Indonesian pages with code to fetch once and keep: the play
    /// page's (the files' `"every page"` texts, `texts-id-play-<hash>.json`)
    /// and every page's (`texts-id-<hash>.json`); their addresses, in that
    /// order. Each read back as the bundle reads it.
    fn write_indonesian_texts(dist: &Path) -> Result<[String; 2], Failure> {
        use sha2::Digest;
        let write = |play: bool| -> Result<String, Failure> {
            let json = i18n::indonesian_json(play);
            i18n::install_indonesian(&json).map_err(Failure::Texts)?;
            let digest = sha2::Sha256::digest(json.as_bytes());
            let hash: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
            let name = format!("texts-id-{}{hash}.json", if play { "play-" } else { "" });
            let file = dist.join(&name);
            std::fs::write(&file, json).map_err(file_failure(file))?;
            Ok(format!("/{name}"))
        };
        Ok([write(true)?, write(false)?])
    }

    /// The page's own browser bundle (`congklak-<name>-<hash>`, without
    /// `.js`), if its row names one (see
    /// `congklak_app::app::routes::BUNDLES`) and the build made it
    /// (`scripts/route-pages.sh`). A debug build makes none: every page
    /// then loads Trunk's.
    fn own_bundle(dist: &Path, path: &str) -> Result<Option<String>, Failure> {
        bundle_of(path).map_or(Ok(None), |name| built_bundle(dist, name))
    }

    /// The engine worker's glue in `dist` (`congklak-worker-<hash>.js`,
    /// built by `scripts/route-pages.sh` before the pages).
    fn worker_glue(dist: &Path) -> Result<String, Failure> {
        built_bundle(dist, "worker")?
            .map(|stem| format!("{stem}.js"))
            .ok_or_else(|| Failure::NoWorker(dist.to_path_buf()))
    }

    /// The bundle `congklak-<name>-<hash>` (without `.js`) that the build
    /// wrote in `dist`, if it wrote one; two are an error.
    fn built_bundle(dist: &Path, name: &str) -> Result<Option<String>, Failure> {
        let prefix = format!("congklak-{name}-");
        let mut made = std::fs::read_dir(dist)
            .map_err(file_failure(dist))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|f| {
                f.strip_prefix(&prefix)?
                    .strip_suffix(".js")
                    .map(str::to_string)
            })
            .filter(|hash| !hash.is_empty() && hash.chars().all(|c| c.is_ascii_hexdigit()));
        let Some(hash) = made.next() else {
            return Ok(None);
        };
        if made.next().is_some() {
            return Err(Failure::TwoBuilds {
                name: name.to_string(),
                dist: dist.to_path_buf(),
            });
        }
        Ok(Some(format!("{prefix}{hash}")))
    }

    fn replace_between(text: &str, open: &str, close: &str, with: &str) -> Option<String> {
        let a = text.find(open)? + open.len();
        let b = text[a..].find(close)? + a;
        let mut out = text.to_string();
        out.replace_range(a..b, with);
        Some(out)
    }

    pub fn run() -> Result<(), Failure> {
        let mut args = std::env::args().skip(1);
        let dist = PathBuf::from(args.next().ok_or(Failure::Usage)?);
        let (mut only, mut except) = (Vec::new(), Vec::new());
        let mut shell_file = dist.join("index.html");
        while let Some(flag) = args.next() {
            let path = args.next().ok_or(Failure::Usage)?;
            match flag.as_str() {
                "--only" => only.push(path),
                "--except" => except.push(path),
                "--shell" => shell_file = PathBuf::from(path),
                _ => return Err(Failure::Usage),
            }
        }
        let site = std::env::var("SITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
        let site = site.trim_end_matches('/').to_string();
        let read = |name: &str| {
            let file = dist.join(name);
            std::fs::read_to_string(&file).map_err(file_failure(file))
        };
        let shell = std::fs::read_to_string(&shell_file).map_err(file_failure(&shell_file))?;
        if shell.contains(&format!("<meta name=\"{ROUTE_META}\"")) {
            return Err(Failure::DrawnShell(shell_file));
        }
        let bundle = read("packs.json")?;
        state::install_packs(state::packs_from_bundle(&bundle).map_err(|error| {
            Failure::Packs {
                file: "packs.json",
                error,
            }
        })?);

        write_play_packs(&dist)?;
        write_compare_packs(&dist)?;
        let texts_id = write_indonesian_texts(&dist)?;
        congklak_app::features::puzzles::model::install(
            congklak_app::features::puzzles::model::parse_file(&read("puzzles.json")?)
                .map_err(Failure::Puzzles)?,
        );

        let all = routes(&dist);
        write_route_list(&dist, &all)?;
        if let Some(path) = only
            .iter()
            .chain(&except)
            .find(|p| !all.iter().any(|r| &r.english == *p))
        {
            return Err(Failure::NoSuchPage(path.clone()));
        }
        let routes: Vec<Route> = all
            .into_iter()
            .filter(|r| only.is_empty() || only.contains(&r.english))
            .filter(|r| !except.contains(&r.english))
            .collect();
        let next = AtomicUsize::new(0);
        let failures = Mutex::new(Vec::new());
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(4);
        let started = std::time::Instant::now();
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(route) = routes.get(i) else { break };
                    let t = std::time::Instant::now();
                    let (body, results) = render(&route.path);
                    let written = page(&shell, &dist, &site, route, &body, &results, &texts_id)
                        .and_then(|html| {
                            if let Some(dir) = route.file.parent() {
                                std::fs::create_dir_all(dir).map_err(file_failure(dir))?;
                            }
                            std::fs::write(&route.file, &html)
                                .map_err(file_failure(&route.file))?;
                            Ok(html.len())
                        });
                    match written {
                        Ok(bytes) => println!(
                            "prerender: {:<28} {:>8} bytes, {:>3} results, {:>6} ms",
                            route.path,
                            bytes,
                            results.lines().count(),
                            t.elapsed().as_millis()
                        ),
                        Err(e) => failures
                            .lock()
                            .expect("no panics")
                            .push((route.path.clone(), e)),
                    }
                });
            }
        });
        let failures = failures.into_inner().expect("no panics");
        if !failures.is_empty() {
            return Err(Failure::Pages(failures));
        }
        println!(
            "prerender: {} pages in {:.1} s",
            routes.len(),
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}
