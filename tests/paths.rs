//! Every file path that the docs and the code's comments name exists: a
//! file moved or renamed without its mentions fails here, naming the
//! mention. A path is looked for from the repository's root, from the
//! folder of the file that names it, and from the engine's folder (its
//! README names `src/...` of the engine). Paths of other projects, of the
//! built site and of examples made up for a text are listed in [`ELSEWHERE`]
//! with why. CHANGELOG.md is history and may name what is gone.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// Where a path begins to be one of ours.
const ROOTS: [&str; 9] = [
    "src/",
    "engine/",
    "tests/",
    "scripts/",
    "public/",
    "docs/",
    "style/",
    "packs/",
    "examples/",
];
/// The kinds of file a mention names.
const KINDS: [&str; 11] = [
    ".rs", ".md", ".mjs", ".js", ".sh", ".json", ".css", ".toml", ".html", ".txt", ".yml",
];
/// The files whose text is read.
const READ: [&str; 8] = [".rs", ".md", ".mjs", ".js", ".sh", ".toml", ".css", ".html"];

/// Paths named that are not files of this repository, and why.
const ELSEWHERE: [(&str, &str); 7] = [
    (
        "src/bin/client_b.rs",
        "docs/islands.md: a file of docs/islands-example/",
    ),
    (
        "src/bin/plain.rs",
        "docs/islands.md: a file of docs/islands-example/",
    ),
    ("packs/x.json", "README: an example of an error message"),
    ("packs/probe.json", "a test's made-up pack file"),
    ("packs/index.html", "a page of the built site"),
    ("packs/umum/index.html", "a page of the built site"),
    (
        "src/reactive_graph/suspense.rs",
        "docs/islands.md: a file of tachys, Leptos's renderer",
    ),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's files, as git lists them (what a clean clone has).
fn files() -> Vec<String> {
    let out = std::process::Command::new("git")
        .args(["ls-files"])
        .current_dir(root())
        .output()
        .expect("git ls-files");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The paths a text names: runs of path characters that start with one of
/// [`ROOTS`] and end with one of [`KINDS`].
fn mentions(text: &str) -> Vec<&str> {
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    text.split(|c: char| !is_path_char(c))
        .map(|word| word.trim_end_matches('.'))
        .filter(|word| ROOTS.iter().any(|r| word.starts_with(r)))
        .filter(|word| KINDS.iter().any(|k| word.ends_with(k)))
        .collect()
}

#[test]
fn every_path_named_in_docs_and_comments_exists() {
    let root = root();
    let mut missing = Vec::new();
    let mut named = 0;
    for file in files() {
        if file.starts_with("CHANGELOG") || !READ.iter().any(|k| file.ends_with(k)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            continue;
        };
        let here = Path::new(&file).parent().unwrap_or(Path::new(""));
        for path in mentions(&text) {
            named += 1;
            if ELSEWHERE.iter().any(|(p, _)| *p == path) {
                continue;
            }
            let found = [
                root.join(path),
                root.join(here).join(path),
                root.join("engine").join(path),
            ]
            .iter()
            .any(|p| p.exists());
            if !found {
                missing.push(format!("{file} names {path}"));
            }
        }
    }
    assert!(
        named > 100,
        "only {named} paths named: is the scan reading?"
    );
    assert!(missing.is_empty(), "no such file:\n{}", missing.join("\n"));
}

#[test]
fn a_mention_is_found_in_words_and_code() {
    assert_eq!(
        mentions("see `src/ui/parts.rs`: and (engine/src/sow.rs)."),
        vec!["src/ui/parts.rs", "engine/src/sow.rs"]
    );
    assert_eq!(mentions("notsrc/x.rs src/x src/y.rsx"), Vec::<&str>::new());
}
