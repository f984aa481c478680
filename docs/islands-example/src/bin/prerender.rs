//! Native pre-renderer: `prerender DIST` renders the pages with the ssr
//! renderer and writes them into DIST/index.html (Trunk's shell) at the
//! `<!--app-->` placeholder, with nothing around the markup.
use leptos::prelude::*;
use std::{fs, path::Path, sync::Arc};

fn render<V: IntoView + 'static>(f: impl FnOnce() -> V) -> String {
    // Islands mode: the page is not hydrated, islands opt in. Without the
    // `islands` feature (the `plain` comparison bin): the whole page is.
    #[cfg(feature = "islands")]
    let sc = hydration_context::SsrSharedContext::new_islands();
    #[cfg(not(feature = "islands"))]
    let sc = hydration_context::SsrSharedContext::new();
    let owner = Owner::new_root(Some(Arc::new(sc)));
    let html = owner.with(|| f().into_view().to_html());
    drop(owner);
    html
}

fn main() {
    let dist = std::env::args().nth(1).unwrap_or_else(|| "dist".into());
    let dist = Path::new(&dist);
    let shell = fs::read_to_string(dist.join("index.html")).expect("Trunk's index.html");
    assert!(shell.contains("<!--app-->"), "no <!--app--> placeholder in the shell");
    let write = |rel: &str, body: String| {
        let path = dist.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, shell.replacen("<!--app-->", &body, 1)).unwrap();
        eprintln!("prerender: {} ({} bytes of markup)", path.display(), body.len());
    };
    write("index.html", render(spike::Page));
    write("static/index.html", render(spike::StaticPage));
}
