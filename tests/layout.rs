//! The app's layout holds: its folders are layers, each importing only the
//! layers under it ([`LAYERS`]); nothing imports a feature but the shell and
//! the feature itself; and no two modules of the app or of the engine import
//! each other, directly or around a circle. Read from the sources (test code
//! and comments left out), so a new `use` that breaks a rule fails here,
//! naming the file, the line and the import.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folders of `src/`, lowest first, and the layers each may import
/// (besides itself): every layer only those under it, so the imports
/// between folders go one way. The texts (both languages) are the bottom;
/// the browser's outside world (`platform`), the engine's long jobs
/// (`jobs`) and the game as the app holds it (`game`) are plain Rust over
/// them; shared components (`ui`) draw the game; a page (`features`) uses
/// all of these; the shell (`app`) holds the pages.
const LAYERS: [(&str, &[&str]); 7] = [
    ("texts", &[]),
    ("platform", &["texts"]),
    ("jobs", &["texts", "platform"]),
    ("game", &["texts", "platform", "jobs"]),
    ("ui", &["texts", "platform", "jobs", "game"]),
    ("features", &["texts", "platform", "jobs", "game", "ui"]),
    (
        "app",
        &["texts", "platform", "jobs", "game", "ui", "features"],
    ),
];

/// A module of a library: its file and its code without tests and comments
/// (comment lines kept empty, so that lines keep their numbers).
struct Module {
    file: String,
    code: String,
}

/// Every module of a library (`src` of the app, `engine/src` of the
/// engine), by its path (`features::play`).
fn modules(dir: &str) -> BTreeMap<String, Module> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files = Vec::new();
    walk(&src, &mut files);
    let mut out = BTreeMap::new();
    for file in files {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // The binaries are outside the library.
        if rel.starts_with("bin/")
            || rel.starts_with("bundles/")
            || ["lib.rs", "main.rs", "worker_main.rs"].contains(&rel.as_str())
        {
            continue;
        }
        let name = rel
            .trim_end_matches(".rs")
            .trim_end_matches("/mod")
            .replace('/', "::");
        let text = std::fs::read_to_string(&file).unwrap();
        out.insert(
            name,
            Module {
                file: format!("{dir}/{rel}"),
                code: without_tests_and_comments(&text),
            },
        );
    }
    out
}

/// A file's code before its tests, its comment lines emptied.
fn without_tests_and_comments(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap();
    let code = code.split("#[cfg(all(test").next().unwrap();
    code.lines()
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// One import of a module: the module it names, and where and how.
struct Import {
    /// The module imported (`ui::board`).
    to: String,
    /// The line of the importing file.
    line: usize,
    /// The path as written (`crate::ui::board::Board`).
    text: String,
}

/// What each module imports from the crate: for each `crate::…` path (and
/// each path of a `crate::{…}` group), the longest module path it names,
/// or the module that exports the macro it names (`crate::lazy_part!`); a
/// module's own submodules left out.
fn imports_of(mods: &BTreeMap<String, Module>) -> BTreeMap<String, Vec<Import>> {
    let is_path = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ':';
    // `#[macro_export] macro_rules! name` is `crate::name!` wherever it is.
    let mut macros = BTreeMap::new();
    for (name, m) in mods {
        for (at, _) in m.code.match_indices("#[macro_export]") {
            if let Some(def) = m.code[at..].split("macro_rules!").nth(1) {
                let id: String = def
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                macros.insert(id, name.clone());
            }
        }
    }
    let mut out = BTreeMap::new();
    for (name, m) in mods {
        let mut found = Vec::new();
        for (at, _) in m.code.match_indices("crate::") {
            let rest = &m.code[at + "crate::".len()..];
            // The paths written here: one, or those of a group.
            let paths: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group[..group.find('}').unwrap_or(group.len())]
                    .split(',')
                    .map(str::trim)
                    .collect(),
                None => vec![rest],
            };
            for written in paths {
                let path: String = written.chars().take_while(|c| is_path(*c)).collect();
                let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
                let module = (1..=parts.len())
                    .rev()
                    .map(|n| parts[..n].join("::"))
                    .find(|m| mods.contains_key(m))
                    .or_else(|| {
                        let is_macro = written[path.len()..].starts_with('!');
                        (parts.len() == 1 && is_macro)
                            .then(|| macros.get(parts[0]).cloned())
                            .flatten()
                    });
                if let Some(to) = module {
                    if to != *name && !to.starts_with(&format!("{name}::")) {
                        found.push(Import {
                            to,
                            line: m.code[..at].matches('\n').count() + 1,
                            text: format!("crate::{path}"),
                        });
                    }
                }
            }
        }
        out.insert(name.clone(), found);
    }
    out
}

/// What each module imports from the crate, as a graph of modules.
fn imports(mods: &BTreeMap<String, Module>) -> BTreeMap<String, BTreeSet<String>> {
    imports_of(mods)
        .into_iter()
        .map(|(name, found)| (name, found.into_iter().map(|i| i.to).collect()))
        .collect()
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap()
}

/// Every import that goes the wrong way between layers (to a layer that is
/// not under the importer's in [`LAYERS`]), or from or to a folder the table
/// does not place: the file, the line, the import, and what the file's
/// layer may import.
fn against_the_layers(mods: &BTreeMap<String, Module>) -> Vec<String> {
    let allowed = |layer: &str| LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, a)| *a);
    let mut wrong = Vec::new();
    for (module, found) in imports_of(mods) {
        let layer = top(&module);
        let Some(may) = allowed(layer) else {
            wrong.push(format!(
                "{}: `{module}` is in no layer: add `{layer}` to LAYERS",
                mods[&module].file
            ));
            continue;
        };
        for import in found {
            let to = top(&import.to);
            if to != layer && !may.contains(&to) {
                wrong.push(format!(
                    "{}:{}: {layer} imports {to} (`{}`); {layer} may import only {}",
                    mods[&module].file,
                    import.line,
                    import.text,
                    if may.is_empty() {
                        "itself".to_string()
                    } else {
                        may.join(", ")
                    }
                ));
            }
        }
    }
    wrong
}

#[test]
fn the_layers_go_one_way() {
    for (i, (layer, may)) in LAYERS.iter().enumerate() {
        let under: Vec<&str> = LAYERS[..i].iter().map(|(l, _)| *l).collect();
        for m in *may {
            assert!(
                under.contains(m),
                "{layer} may import {m}, which is not under it"
            );
        }
    }
}

#[test]
fn every_folder_of_the_app_imports_only_the_layers_under_it() {
    let mods = modules("src");
    let layers: BTreeSet<&str> = mods.keys().map(|m| top(m)).collect();
    let table: BTreeSet<&str> = LAYERS.iter().map(|(l, _)| *l).collect();
    assert_eq!(layers, table, "the folders of src/ are the layers");
    let wrong = against_the_layers(&mods);
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn an_import_against_the_layers_is_named_with_its_file_and_line() {
    let module = |file: &str, code: &str| Module {
        file: file.to_string(),
        code: without_tests_and_comments(code),
    };
    let mods = BTreeMap::from([
        (
            "game::session".to_string(),
            module(
                "src/game/session.rs",
                "//! A session.\nuse crate::game::state::PlayState;\n\
                 use crate::ui::board_text::player_name;\n\
                 // crate::features::play in a comment is no import\n\
                 fn f() { crate::lazy_part! {} }\n\
                 #[cfg(test)]\nmod tests { use crate::app::App; }",
            ),
        ),
        ("game::state".to_string(), module("src/game/state.rs", "")),
        (
            "ui::board_text".to_string(),
            module("src/ui/board_text.rs", ""),
        ),
        (
            "ui::parts".to_string(),
            module(
                "src/ui/parts.rs",
                "#[macro_export]\nmacro_rules! lazy_part { () => {} }",
            ),
        ),
        (
            "texts::i18n".to_string(),
            module(
                "src/texts/i18n.rs",
                "use crate::{platform::storage, texts};",
            ),
        ),
        (
            "platform::storage".to_string(),
            module("src/platform/storage.rs", ""),
        ),
    ]);
    assert_eq!(
        against_the_layers(&mods),
        [
            "src/game/session.rs:3: game imports ui (`crate::ui::board_text::player_name`); \
             game may import only texts, platform, jobs",
            "src/game/session.rs:5: game imports ui (`crate::lazy_part`); \
             game may import only texts, platform, jobs",
            "src/texts/i18n.rs:1: texts imports platform (`crate::platform::storage`); \
             texts may import only itself",
        ]
    );
}

#[test]
fn only_the_shell_imports_a_feature() {
    let graph = imports(&modules("src"));
    assert!(graph.contains_key("features::play"), "{:?}", graph.keys());
    let mut wrong = Vec::new();
    for (module, deps) in &graph {
        for dep in deps {
            let feature = dep
                .strip_prefix("features::")
                .map(|f| f.split("::").next().unwrap());
            let own = module
                .strip_prefix("features::")
                .map(|f| f.split("::").next().unwrap());
            if let Some(feature) = feature {
                if top(module) != "app" && own != Some(feature) {
                    wrong.push(format!("{module} imports {dep}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn no_modules_of_the_app_import_each_other_around_a_circle() {
    no_circles(&imports(&modules("src")));
}

#[test]
fn no_modules_of_the_engine_import_each_other_around_a_circle() {
    let graph = imports(&modules("engine/src"));
    assert!(
        graph.contains_key("solve") && graph["solve"].contains("endgame"),
        "{graph:?}"
    );
    no_circles(&graph);
}

fn no_circles(graph: &BTreeMap<String, BTreeSet<String>>) {
    // A module is on a circle if it can reach itself.
    let mut circles = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<&String> = graph[start].iter().collect();
        while let Some(m) = todo.pop() {
            if m == start {
                circles.push(start.clone());
                break;
            }
            if seen.insert(m.clone()) {
                todo.extend(graph.get(m).into_iter().flatten());
            }
        }
    }
    assert!(
        circles.is_empty(),
        "modules on a circle of imports: {circles:?}"
    );
}
