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
# one codegen unit, panic abort; the engine itself at opt-level 3, see the
# root Cargo.toml).
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
for profile in ${WASM_PROFILES:-release wasm-release}; do
echo
echo "== wasm (wasm32-wasip1 in Node.js $(node --version), profile $profile) =="
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
