#!/usr/bin/env bash
# Benchmarks (figures, not tests): random playouts per CPU-second and ns per
# seed drop for each pack, natively and in wasm (wasm32-wasip1 under Node.js's
# WASI, the same engine code the browser runs), on one core.
#
#   bash scripts/bench.sh            # all packs, full runs
#   bash scripts/bench.sh --quick umum standard-mancala
#   bash scripts/bench.sh --games=300000 umum    # N timed games
#   WASM_PROFILES=wasm-release bash scripts/bench.sh --quick umum
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

echo "== native (release) =="
cargo bench -q -p congklak-engine --bench playouts -- "$@"

# The wasm figures under each profile in WASM_PROFILES: `release` (the
# native settings) and `wasm-release` (the browser build's: opt-level z, LTO,
# one codegen unit, panic abort). Under `wasm32-wasip1` when that target is
# installed (the bench itself, in Node.js's WASI); else under the browser's
# own target, `wasm32-unknown-unknown`: the bench's loop as a wasm library
# (engine/examples/wasm_playouts.rs), timed by scripts/wasm-playouts.js with
# Node.js's process CPU time. WASM_TARGET picks one.
target=${WASM_TARGET:-}
if [ -z "$target" ]; then
  if rustup target list --installed | grep -qx wasm32-wasip1; then
    target=wasm32-wasip1
  else
    target=wasm32-unknown-unknown
  fi
fi
rustup target list --installed | grep -qx "$target" || rustup target add "$target"
for profile in ${WASM_PROFILES:-release wasm-release}; do
echo
echo "== wasm ($target in Node.js $(node --version), profile $profile) =="
if [ "$target" = wasm32-unknown-unknown ]; then
  cargo build -q --profile "$profile" -p congklak-engine --no-default-features --features builtin-packs \
    --target wasm32-unknown-unknown --example wasm_playouts
  node scripts/wasm-playouts.js \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$profile/examples/wasm_playouts.wasm" "$@"
  continue
fi
cargo build -q --profile "$profile" -p congklak-engine --no-default-features --features builtin-packs \
  --target wasm32-wasip1 --bench playouts
wasm=$(ls -t "${CARGO_TARGET_DIR:-target}"/wasm32-wasip1/"$profile"/deps/playouts-*.wasm | head -1)
node --no-warnings - "$wasm" "$@" <<'JS'
const { readFileSync } = require('node:fs');
const { WASI } = require('node:wasi');
const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: ['playouts', ...args], env: {} });
const mod = new WebAssembly.Module(readFileSync(file));
const inst = new WebAssembly.Instance(mod, wasi.getImportObject());
wasi.start(inst);
JS
done
