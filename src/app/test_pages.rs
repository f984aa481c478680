//! For the tests of the pages' modules: a page as the build draws it, and
//! the text a reader sees in it.

use super::*;

/// The page at `path` as the build draws it (as islands where its row
/// says), with the built-in packs.
pub(crate) fn drawn(path: &str) -> String {
    state::install_packs(congklak::PackSet::builtin());
    let context = if routes::is_islands(path) {
        hydration_context::SsrSharedContext::new_islands()
    } else {
        hydration_context::SsrSharedContext::new()
    };
    let owner = Owner::new_root(Some(std::sync::Arc::new(context)));
    owner.with(|| {
        provide_context(leptos_router::location::RequestUrl::new(path));
        app_for(path).to_html()
    })
}

/// The text of `html` as a reader sees it: no scripts, styles, comments or
/// tags (each tag read as nothing, so `a<b>c</b>` is `ac`), the usual
/// entities decoded.
pub(crate) fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = if rest.starts_with("<!--") {
            rest.find("-->").map(|e| e + 3)
        } else if rest.starts_with("<script") || rest.starts_with("<style") {
            let close = if rest.starts_with("<script") {
                "</script>"
            } else {
                "</style>"
            };
            rest.find(close).map(|e| e + close.len())
        } else {
            rest.find('>').map(|e| e + 1)
        };
        rest = &rest[end.unwrap_or(rest.len())..];
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

#[test]
fn the_text_of_a_page_leaves_out_its_markup() {
    assert_eq!(
        text_of("<p>a<b>c</b> &amp; d<!-- x --><script>1.5</script>e</p>"),
        "ac & de"
    );
}
