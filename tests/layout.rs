//! The app's layout holds: nothing imports a feature but the shell and the
//! feature itself, the shared layers (`game`, `ui`, `platform`, `jobs`)
//! import neither the shell nor a feature, and no two modules of the app or
//! of the engine import each other, directly or around a circle. Read from the sources (test code
//! and comments left out), so a new `use` that breaks a rule fails here.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every module of a library (`src` of the app, `engine/src` of the
/// engine): its path (`features::play`) and its code without tests and
/// comments.
fn modules(dir: &str) -> BTreeMap<String, String> {
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
        let code = text.split("#[cfg(test)]").next().unwrap();
        let code = code.split("#[cfg(all(test").next().unwrap();
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        out.insert(name, code);
    }
    out
}

/// What each module imports from the crate: the longest module path each
/// `crate::…` names (a module's own submodules left out).
fn imports(mods: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for (name, code) in mods {
        let mut deps = BTreeSet::new();
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            let path: String = rest
                .chars()
                .take_while(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_' || *c == ':'
                })
                .collect();
            let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
            if let Some(m) = (1..=parts.len())
                .rev()
                .map(|n| parts[..n].join("::"))
                .find(|m| mods.contains_key(m))
            {
                if m != *name && !m.starts_with(&format!("{name}::")) {
                    deps.insert(m);
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap()
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
            if matches!(top(module), "game" | "ui" | "platform" | "jobs")
                && matches!(top(dep), "app" | "features")
            {
                wrong.push(format!("{module} imports {dep}"));
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
