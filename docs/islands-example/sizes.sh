#!/usr/bin/env bash
# sizes.sh: builds the client bundles as Trunk does (wasm-release, wasm-bindgen
# --target web, wasm-opt -Oz) and prints raw / gzip -9 sizes.
# NOERASE=1 uses a separate target dir without --cfg=erase_components.
set -euo pipefail
source "$(dirname "$0")/../../scripts/env.sh"
cd "$(dirname "$0")"
export CARGO_BUILD_JOBS=1
if [ -n "${NOERASE:-}" ]; then export CARGO_TARGET_DIR="${TMPDIR:-/tmp}/target-islands-noerase" RUSTFLAGS="-Cdebuginfo=0"; else export CARGO_TARGET_DIR="${TMPDIR:-/tmp}/target-islands"; fi
out="$(mktemp -d)"
for spec in "client hydrate,islands,page-a" "client-b hydrate,islands,page-b" "plain hydrate,page-a"; do
  set -- $spec
  cargo build -q --offline --target wasm32-unknown-unknown --profile wasm-release --bin "$1" --features "$2"
  wasm-bindgen --target web --no-typescript --out-dir "$out/$1" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/$1.wasm"
  wasm-opt -Oz --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-multivalue "$out/$1/$1_bg.wasm" -o "$out/$1/opt.wasm"
  printf '%-9s %-26s wasm %7d B, gz %6d B | glue gz %5d B | exports: %s\n' "$1" "$2" \
    "$(stat -c%s "$out/$1/opt.wasm")" "$(gzip -9c "$out/$1/opt.wasm" | wc -c)" "$(gzip -9c "$out/$1/$1.js" | wc -c)" \
    "$(grep -o 'export function [A-Za-z]*_[0-9]*' "$out/$1/$1.js" | sed 's/export function //; s/_[0-9]*$//' | tr '\n' ' ')"
done
printf 'islands.js gz %d B\n' "$(gzip -9c public/islands.js | wc -c)"
