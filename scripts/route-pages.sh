#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): every route becomes a real page,
# drawn at build time by the app's own components, so it shows its content
# before (and without) the wasm, reloads and deep links work on a plain
# static file server, and the browser hydrates it. Asset paths are absolute
# (public_url = "/").
#
#   1. packs.json: the rule packs, checked and resolved by the engine. An
#      invalid pack fails the build here, naming the file and the field.
#   2. The engine's worker bundle (`congklak-worker`), and for a release the
#      pages' browser bundle (BUNDLES in src/app/routes.rs:
#      `congklak-islands`, the play page in its core, every other page's
#      islands parts of it), cut into its core and its parts: built, bound by
#      wasm-bindgen and shrunk by wasm-opt as Trunk does its own, named by
#      their content's hash; the bundle made ready to be compiled
#      ahead, off the page's thread (scripts/warm.mjs, public/compile.js);
#      then every bundle's JS glue, and our own loaders, minified by terser.
#   3. src/bin/prerender.rs: /, /learn, /friend, /packs, /packs/<id> for
#      every pack, /compare, /about, /stats, /puzzles and 404.html, each with its own <head>; the pack
#      pages' and the default comparison's figures computed here, natively.
#   4. scripts/precache.sh: the service worker's list of files and version.
#   5. For a release, scripts/precompress.sh: a zopfli-made FILE.gz beside
#      every compressible file, for hosts that serve them.
set -euo pipefail
out="${TRUNK_STAGING_DIR:?run by trunk build}"
src="${TRUNK_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
[ -f "$out/index.html" ] || { echo "route-pages: no $out/index.html" >&2; exit 1; }
cd "$src"

cargo run -q -p congklak-engine --bin congklak -- bundle --out "$out/packs.json"
# The puzzles of /puzzles (checked by the engine's tests), fetched by the page.
cp engine/data/puzzles.json "$out/puzzles.json"
# A bundle of ours: built for wasm (always the wasm-release profile: the
# engine's search is too slow unoptimised), bound by wasm-bindgen, shrunk by
# wasm-opt as Trunk does its own, named by its content's hash.
target_dir="${CARGO_TARGET_DIR:-$src/target}"
opt() {
  wasm-opt -Oz --low-memory-unused --zero-filled-memory \
    --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-multivalue "$1" -o "$2"
}
# A page's bundle, made ready for the worker that compiles it to call every
# function once before the page runs any (scripts/warm.mjs): V8 compiles a
# wasm function on the thread that first calls it, and that was most of
# the page's long tasks while it went live. Not the engine's worker, which
# is not loaded through public/compile.js.
# WARM=0 leaves it out, to measure what it is worth (docs/performance.md).
warm() {
  [ "${WARM:-1}" = 0 ] && return
  node scripts/warm.mjs "$1" "$1.warm"
  mv "$1.warm" "$1"
}
build_bundle() {
  local bin="$1" tmp hash
  shift
  cargo build -q --profile wasm-release --target wasm32-unknown-unknown -p congklak-app --bin "$bin" "$@"
  tmp="$(mktemp -d)"
  wasm-bindgen --target web --no-typescript --out-dir "$tmp" --out-name "$bin" \
    "$target_dir/wasm32-unknown-unknown/wasm-release/$bin.wasm"
  opt "$tmp/${bin}_bg.wasm" "$tmp/opt.wasm"
  [ "$bin" = congklak-worker ] || warm "$tmp/opt.wasm"
  hash="$(cat "$tmp/opt.wasm" "$tmp/$bin.js" | sha256sum | cut -c1-16)"
  cp "$tmp/$bin.js" "$out/$bin-$hash.js"
  cp "$tmp/opt.wasm" "$out/$bin-${hash}_bg.wasm"
  [ ! -d "$tmp/snippets" ] || cp -r "$tmp/snippets/." "$out/snippets/"
  rm -rf "$tmp"
  echo "route-pages: bundle $bin-$hash ($(stat -c %s "$out/$bin-${hash}_bg.wasm") bytes of wasm)"
}
# A bundle cut into its core and its parts (`islands-bundle`: the play
# page's parts fetched when first shown, functions declared with
# lazy_part!, see src/ui/parts.rs; every island a part): linked with its
# relocations kept,
# cut by wasm-split-cli into the bundle and its parts, bound by
# wasm-bindgen (the linker's exports kept: the parts use them), every piece
# shrunk by wasm-opt. Named by the hash of the linked wasm; the parts and
# the script that loads them go in the folder of that name
# (congklak-islands-<hash>/), which the glue imports. Built as every
# other build here, with Leptos's type erasure (.cargo/config.toml), in
# the one target dir, so the pre-renderer draws every page as the bundle
# hydrates it.
# build_split_bundle BIN FEATURE
build_split_bundle() {
  local bin="$1" feature="$2" tmp hash name input parts
  cargo rustc -q --profile wasm-release --target wasm32-unknown-unknown -p congklak-app \
    --bin "$bin" --features "$feature" -- -C link-args=--emit-relocs
  input="$target_dir/wasm32-unknown-unknown/wasm-release/$bin.wasm"
  hash="$(sha256sum "$input" | cut -c1-16)"
  name="$bin-$hash"
  tmp="$(mktemp -d)"
  # The loader imports the glue as ./<out-name>.js, from inside the folder.
  wasm-split-cli "$input" "$tmp/$name" --out-name "../$name"
  wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$tmp/bound" \
    --out-name "$name" "$tmp/$name.wasm"
  opt "$tmp/bound/${name}_bg.wasm" "$out/${name}_bg.wasm"
  warm "$out/${name}_bg.wasm"
  parts=0
  for part in "$tmp/$name"/*.wasm; do
    [ -f "$part" ] || continue
    mkdir -p "$out/$name"
    opt "$part" "$out/$name/$(basename "$part")"
    parts=$((parts + 1))
  done
  [ "$parts" -gt 0 ] || { echo "route-pages: $bin has no parts (see src/ui/parts.rs, build.rs)" >&2; exit 1; }
  cp "$tmp/$name/__wasm_split.js" "$out/$name/__wasm_split.js"
  # The glue imports the loader (once a part) as its neighbour; it is in
  # the folder.
  local glue="$tmp/bound/$name.js"
  grep -q '^import \* as [A-Za-z0-9_]* from "\./__wasm_split\.js"' "$glue" \
    || { echo "route-pages: $name.js does not import ./__wasm_split.js" >&2; exit 1; }
  sed -i "s#^\(import \* as [A-Za-z0-9_]* from \)\"\./__wasm_split\.js\"#\1\"./$name/__wasm_split.js\"#" "$glue"
  if grep -q 'from "\./__wasm_split\.js"' "$glue"; then
    echo "route-pages: $name.js still imports ./__wasm_split.js" >&2
    exit 1
  fi
  cp "$glue" "$out/$name.js"
  [ ! -d "$tmp/bound/snippets" ] || cp -r "$tmp/bound/snippets/." "$out/snippets/"
  rm -rf "$tmp"
  echo "route-pages: bundle $name ($(stat -c %s "$out/${name}_bg.wasm") bytes of wasm;" \
    "$parts parts, $(du -cb "$out/$name"/*.wasm | tail -n1 | cut -f1) bytes)"
}
# The engine's worker (src/worker_main.rs), in every build: the pages send
# it their jobs and hold no search of their own.
build_bundle congklak-worker
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
  bundles="$(cd src/bundles && ls)"
  [ "$bundles" = "islands.rs" ] \
    || { echo "route-pages: src/bundles/ holds $bundles; this script builds islands" >&2; exit 1; }
  # The play page's parts (src/ui/parts.rs), and every island of the other
  # pages, each a part fetched when a page first shows it (build.rs).
  build_split_bundle congklak-islands islands-bundle
  # Trunk's own bundle holds no page in a release (src/main.rs): nothing
  # loads it.
  # The glue, minified: Trunk's minifier cannot parse wasm-bindgen's and
  # ships it as it is ("Failed to minify JS"). Names stay: a file's name
  # only has to differ from every other build's.
  for glue in "$out"/congklak-*.js "$out"/congklak-*/__wasm_split.js; do
    [ -f "$glue" ] || continue
    terser "$glue" --module --compress --mangle -o "$glue.min"
    mv "$glue.min" "$glue"
  done
  # Our own classic scripts, minified the same (their comments are for the
  # reader of public/): the islands loader, which every page drawn as
  # islands loads, and the workers' loaders.
  for script in islands.js compile.js worker.js; do
    kind=()
    [ "$script" = worker.js ] && kind=(--module) # a module worker
    terser "$out/$script" "${kind[@]}" --compress --mangle -o "$out/$script.min"
    mv "$out/$script.min" "$out/$script"
  done
fi
# Trunk's index.html is the shell every page is drawn into; the play page's
# own file replaces it, so each run reads a copy taken first.
shell="$(mktemp)"
cp "$out/index.html" "$shell"
cargo run -q -p congklak-app --bin prerender -- "$out" --shell "$shell"
rm -f "$shell"
bash scripts/precache.sh "$out"
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
  bash scripts/precompress.sh "$out"
fi
