//! Which builds hold the islands (see `PageRoute::islands` in
//! src/app/routes.rs), and which can draw every page.
//!
//! Every `#[island]` of the crate is an export of every bundle that links
//! it, used or not, so the islands are islands (the cfg `islands`) only
//! where they are wanted; elsewhere they are plain components, which the
//! linker leaves out when nothing draws them:
//!
//! - natively (the build's pages and the tests): all of them;
//! - a debug browser build (Trunk's bundle then draws every page): all;
//! - a release browser build: the islands bundle (`congklak-islands`, built
//!   with the feature `islands-bundle` by scripts/route-pages.sh), where
//!   each island's code is a part of its own, fetched when a page first
//!   shows it; not the play page's bundle, nor Trunk's.
//!
//! And whether a build can draw every page (`draws_pages`: the route
//! table's `view` of each row and the app over them, `App`): natively (the
//! build's pages and the tests) and in a debug browser build (the browser
//! tests mount the apps); a release browser bundle draws no page.
#[path = "src/texts/message.rs"]
#[allow(dead_code)]
mod message;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/texts/message.rs");
    texts();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    let debug = std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    println!("cargo::rustc-check-cfg=cfg(draws_pages)");
    if !wasm || debug {
        println!("cargo::rustc-cfg=draws_pages");
    }
    println!("cargo::rustc-check-cfg=cfg(islands)");
    if !wasm || debug || std::env::var_os("CARGO_FEATURE_ISLANDS_BUNDLE").is_some() {
        println!("cargo::rustc-cfg=islands");
    }
}

/// The texts: src/texts/en.json and id.json, each `{"every page": {key:
/// text}, "other pages": {key: text}}` (the second the texts only pages
/// other than the play page show, which the play page's bundle leaves
/// out). Fails the build, naming the file and the key, where a key is in
/// one language only, a text does not read (src/texts/message.rs) or the
/// two languages fill different holes; else writes `$OUT_DIR/texts.rs`:
/// `Key`, a constant in `k` for each key (`"nav.play"` is `k::NAV_PLAY`),
/// and the tables src/texts/i18n.rs reads.
fn texts() {
    use std::fmt::Write;
    let dir = std::path::Path::new("src/texts");
    let read = |lang: &str| -> Vec<Vec<(String, String)>> {
        let path = dir.join(format!("{lang}.json"));
        println!("cargo::rerun-if-changed={}", path.display());
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
        ["every page", "other pages"]
            .iter()
            .map(|part| {
                let obj = value
                    .get(part)
                    .and_then(|v| v.as_object())
                    .unwrap_or_else(|| panic!("{}: no object \"{part}\"", path.display()));
                obj.iter()
                    .map(|(key, v)| {
                        let v = v.as_str().unwrap_or_else(|| {
                            panic!("{}: \"{key}\" is not a string", path.display())
                        });
                        (key.clone(), v.to_string())
                    })
                    .collect()
            })
            .collect()
    };
    let en = read("en");
    let id = read("id");
    let en_rule: message::PluralRule = |n| if n == 1 { "one" } else { "other" };
    let id_rule: message::PluralRule = |_| "other";
    let mut keys: Vec<(String, String, String)> = Vec::new();
    let mut play = 0;
    for (part, (en_part, id_part)) in en.iter().zip(&id).enumerate() {
        let id_map: std::collections::BTreeMap<&str, &str> = id_part
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let en_keys: std::collections::BTreeSet<&str> =
            en_part.iter().map(|(k, _)| k.as_str()).collect();
        for k in id_map.keys() {
            if !en_keys.contains(k) {
                panic!("src/texts/id.json: \"{k}\" is not in src/texts/en.json (same part)");
            }
        }
        for (key, en_text) in en_part {
            let id_text = id_map
                .get(key.as_str())
                .unwrap_or_else(|| panic!("src/texts/id.json: no \"{key}\" (in en.json)"));
            let check = |file: &str, text: &str, rule: message::PluralRule| {
                let mut holes = None;
                for n in ["1", "7"] {
                    let mut out = String::new();
                    let used = message::render(text, &|_| Some(n.to_string()), rule, &mut out)
                        .unwrap_or_else(|e| panic!("src/texts/{file}: \"{key}\": {e}"));
                    holes = Some(used);
                }
                holes.unwrap()
            };
            let (a, b) = (
                check("en.json", en_text, en_rule),
                check("id.json", id_text, id_rule),
            );
            if a != b {
                panic!("src/texts/id.json: \"{key}\" fills other holes than en.json's");
            }
            if en_text.is_empty() || id_text.is_empty() {
                panic!("src/texts: \"{key}\" is empty");
            }
            keys.push((key.clone(), en_text.clone(), id_text.to_string()));
        }
        if part == 0 {
            play = keys.len();
        }
    }
    let ident = |key: &str| -> String {
        key.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect()
    };
    let mut seen = std::collections::BTreeMap::new();
    for (key, _, _) in &keys {
        if let Some(other) = seen.insert(ident(key), key) {
            panic!(
                "src/texts/en.json: \"{key}\" and \"{other}\" make the same name {}",
                ident(key)
            );
        }
    }
    let fingerprint = |keys: &[(String, String, String)]| {
        let hash = keys
            .iter()
            .flat_map(|k| k.0.bytes().chain([b'\n']))
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            });
        format!("{hash:016x}")
    };
    let list = |items: &mut dyn Iterator<Item = &String>| {
        items
            .map(|s| format!("{s:?},"))
            .collect::<Vec<_>>()
            .join("\n    ")
    };
    let mut out = String::new();
    let n = keys.len();
    let _ = writeln!(out, "/// The texts' keys, a name each (`k::NAV_PLAY` is \"nav.play\").\n#[allow(missing_docs)]\npub mod k {{\n    use super::Key;");
    for (i, (key, en, _)) in keys.iter().enumerate() {
        let _ = writeln!(
            out,
            "    /// {key}: {:?}\n    pub const {}: Key = Key({i});",
            en.replace("*/", "* /"),
            ident(key)
        );
    }
    let _ = writeln!(out, "}}");
    let _ = writeln!(out, "/// How many texts every page's bundle holds (the first ones).\nconst PLAY_TEXTS: usize = {play};\n/// How many texts there are.\nconst ALL_TEXTS: usize = {n};");
    let _ = writeln!(out, "/// The fingerprint of the first [`PLAY_TEXTS`] keys, and of all.\nconst FINGERPRINTS: [&str; 2] = [{:?}, {:?}];", fingerprint(&keys[..play]), fingerprint(&keys));
    let (first, rest) = keys.split_at(play);
    for (name, field, cfg) in [
        ("NAMES", 0, ""),
        ("EN", 1, ""),
        (
            "ID",
            2,
            "#[cfg(any(not(target_arch = \"wasm32\"), debug_assertions))]\n",
        ),
    ] {
        fn pick(field: u8) -> impl Fn(&(String, String, String)) -> &String {
            move |k| match field {
                0 => &k.0,
                1 => &k.1,
                _ => &k.2,
            }
        }
        let pick = pick(field);
        if field == 2 {
            let _ = writeln!(
                out,
                "{cfg}static {name}: [&str; {n}] = [\n    {}\n];",
                list(&mut keys.iter().map(&pick))
            );
            continue;
        }
        let _ = writeln!(
            out,
            "static {name}: [&str; {play}] = [\n    {}\n];",
            list(&mut first.iter().map(&pick))
        );
        let _ = writeln!(
            out,
            "static {name}_OTHER: [&str; {}] = [\n    {}\n];",
            rest.len(),
            list(&mut rest.iter().map(&pick))
        );
    }
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("texts.rs");
    std::fs::write(path, out).unwrap();
}
