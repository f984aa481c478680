# Sourced by the other scripts: paths and pinned versions. Not executable.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
# Trunk 0.22 needs a newer rustc than this toolchain (1.95).
TRUNK_VERSION="0.21.14"
# binaryen's wasm-opt from npm; Debian's (108) breaks the externref table at -Oz.
BINARYEN_VERSION="132"
# wasm-split-cli from crates.io (crate wasm_split_cli_support): cuts a
# bundle's `#[lazy]` parts out of its wasm. Must read what the crate
# wasm_split_helpers in Cargo.lock writes (Leptos's, 0.2.x).
WASM_SPLIT_VERSION="0.2.4"
# terser from npm: minifies the wasm-bindgen glue, which Trunk 0.21 cannot.
TERSER_VERSION="5.51.4"
TOOLS_DIR="$ROOT/.tools"
export PATH="$TOOLS_DIR/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

# The wasm-bindgen version in Cargo.lock: the CLI, the test runner and
# Trunk.toml's pin must all equal it.
wasm_bindgen_lock_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}
