//! Compiles the packs in `../packs/` into the engine (see `PackSet::builtin`).
use std::{env, fs, path::Path};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../packs");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("&[\n");
    for n in &names {
        let path = dir.join(n);
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            format!("packs/{n}"),
            path.canonicalize().unwrap().display().to_string()
        ));
    }
    out.push(']');
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("packs.rs"),
        out,
    )
    .unwrap();
}
