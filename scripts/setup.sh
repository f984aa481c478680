#!/usr/bin/env bash
# Installs what the build and the tests need, and only what is missing:
# quick when everything is there. Works on a fresh Debian 12 machine with the
# Rust toolchain, Node.js and npm, as root (or with sudo), with no stdin.
#
#   rustup target wasm32-unknown-unknown, rustfmt, clippy
#   trunk 0.21.14                        (cargo install --locked, ~12 min)
#   wasm-bindgen-cli = wasm-bindgen in Cargo.lock  (cargo install, ~3.5 min;
#                                         without --locked on purpose)
#   wasm-split-cli (wasm_split_cli_support 0.2.4)  (cargo install --locked, ~3 min)
#   binaryen 132 (wasm-opt)              (npm, into .tools/)
#   terser (minifies the JS glue)        (npm, into .tools/)
#   chromium + chromium-driver           (apt)
#   zopfli (the release build's FILE.gz) (apt)
#   playwright-core                      (npm ci in tests/e2e/; no browser download)
#   the crates                           (cargo fetch, for Trunk's offline build)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

say() { echo "setup: $*"; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "setup: need root for: $*" >&2; return 1
  fi
}
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    say "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    apt_updated=1
  fi
  say "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

# --- Rust ---------------------------------------------------------------
command -v cargo >/dev/null || { echo "setup: cargo not found (need the Rust toolchain)" >&2; exit 1; }
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "installing rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    say "installing rustup component $comp"
    rustup component add "$comp"
  fi
done

# --- Node.js (normally on the machine) ---------------------------------
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt_install nodejs npm
fi

# --- trunk ----------------------------------------------------------------
have_trunk="$(trunk --version 2>/dev/null || true)"
if [ "$have_trunk" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (found: ${have_trunk:-none}); takes ~12 min"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# --- wasm-bindgen-cli -----------------------------------------------------
WB="$(wasm_bindgen_lock_version)"
[ -n "$WB" ] || { echo "setup: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
pin="$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' Trunk.toml)"
if [ "$pin" != "$WB" ]; then
  echo "setup: Trunk.toml pins wasm_bindgen = \"$pin\" but Cargo.lock has $WB: make them equal" >&2
  exit 1
fi
have_wb="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
have_runner="$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have_wb" != "$WB" ] || [ "$have_runner" != "$WB" ]; then
  say "installing wasm-bindgen-cli $WB (found: wasm-bindgen ${have_wb:-none}, test runner ${have_runner:-none}); takes ~4 min"
  # No --locked: its lockfile pins a crate version this registry lacks.
  cargo install wasm-bindgen-cli --version "$WB" --force
fi

# --- wasm-split-cli (cuts the browser bundle's parts, scripts/route-pages.sh) -
# It has no --version; cargo's list of installed crates says which it is.
if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm_split_cli_support $WASM_SPLIT_VERSION (wasm-split-cli); takes ~3 min"
  cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --force
fi

# --- binaryen (wasm-opt) --------------------------------------------------
have_opt="$("$TOOLS_DIR/node_modules/.bin/wasm-opt" --version 2>/dev/null || true)"
case "$have_opt" in
  *"version $BINARYEN_VERSION "* | *"version_$BINARYEN_VERSION"*) ;;
  *)
    say "installing binaryen@$BINARYEN_VERSION into .tools/ (found: ${have_opt:-none})"
    mkdir -p "$TOOLS_DIR"
    [ -f "$TOOLS_DIR/package.json" ] || echo '{"private": true}' > "$TOOLS_DIR/package.json"
    npm install --prefix "$TOOLS_DIR" --no-audit --no-fund --save-exact "binaryen@$BINARYEN_VERSION"
    ;;
esac

# --- terser (the wasm-bindgen glue, minified by scripts/route-pages.sh) ---
have_terser="$(node -p "require('$TOOLS_DIR/node_modules/terser/package.json').version" 2>/dev/null || true)"
if [ "$have_terser" != "$TERSER_VERSION" ]; then
  say "installing terser@$TERSER_VERSION into .tools/ (found: ${have_terser:-none})"
  mkdir -p "$TOOLS_DIR"
  [ -f "$TOOLS_DIR/package.json" ] || echo '{"private": true}' > "$TOOLS_DIR/package.json"
  npm install --prefix "$TOOLS_DIR" --no-audit --no-fund --save-exact "terser@$TERSER_VERSION"
fi

# --- Chromium and ChromeDriver -------------------------------------------
if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
  apt_install chromium chromium-driver
fi

# --- zopfli (scripts/precompress.sh) -------------------------------------
command -v zopfli >/dev/null || apt_install zopfli

# --- playwright-core (tests/e2e) ------------------------------------------
want_pw="$(node -p "require('./tests/e2e/package-lock.json').packages['node_modules/playwright-core'].version")"
have_pw="$(node -p "require('./tests/e2e/node_modules/playwright-core/package.json').version" 2>/dev/null || true)"
if [ "$have_pw" != "$want_pw" ]; then
  say "installing playwright-core $want_pw in tests/e2e (found: ${have_pw:-none}); no browser download"
  (cd tests/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

# --- crates (Trunk builds offline) ----------------------------------------
cargo fetch --quiet

say "ready: $(rustc --version | cut -d' ' -f1-2), $(trunk --version), wasm-bindgen $WB," \
  "$("$TOOLS_DIR/node_modules/.bin/wasm-opt" --version), node $(node --version)," \
  "$("$CHROMIUM" --version 2>/dev/null | tr -s ' ' | sed 's/ *$//'), playwright-core $want_pw"
