#!/usr/bin/env bash
# Benchmarks (figures, not tests): random playouts per second and ns per seed
# drop for each pack, natively and in wasm (wasm32-wasip1 under Node.js's
# WASI, the same engine code the browser runs), on one core.
#
#   bash scripts/bench.sh            # all packs, full runs
#   bash scripts/bench.sh --quick umum standard-mancala
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

echo "== native (release) =="
cargo bench -q -p congklak-engine --bench playouts -- "$@"

echo
echo "== wasm (wasm32-wasip1 in Node.js $(node --version)) =="
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cargo build -q --release -p congklak-engine --no-default-features --features builtin-packs \
  --target wasm32-wasip1 --bench playouts
wasm=$(ls -t target/wasm32-wasip1/release/deps/playouts-*.wasm | head -1)
node --no-warnings - "$wasm" "$@" <<'JS'
const { readFileSync } = require('node:fs');
const { WASI } = require('node:wasi');
const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: ['playouts', ...args], env: {} });
const mod = new WebAssembly.Module(readFileSync(file));
const inst = new WebAssembly.Instance(mod, wasi.getImportObject());
wasi.start(inst);
JS
