#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): every route becomes a real page,
# drawn at build time by the app's own components, so it shows its content
# before (and without) the wasm, reloads and deep links work on a plain
# static file server, and the browser hydrates it. Asset paths are absolute
# (public_url = "/").
#
#   1. packs.json: the rule packs, checked and resolved by the engine. An
#      invalid pack fails the build here, naming the file and the field.
#   2. src/bin/prerender.rs: /, /learn, /friend, /packs, /packs/<id> for
#      every pack, /compare, /about, /stats, /puzzles and 404.html, each with its own <head>; the pack
#      pages' and the default comparison's figures computed here, natively.
#   3. scripts/precache.sh: the service worker's list of files and version.
set -euo pipefail
out="${TRUNK_STAGING_DIR:?run by trunk build}"
src="${TRUNK_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
[ -f "$out/index.html" ] || { echo "route-pages: no $out/index.html" >&2; exit 1; }
cd "$src"

cargo run -q -p congklak-engine --bin congklak -- bundle --out "$out/packs.json"
# The solver's perfect-play table, shown on the pack pages once live.
cp engine/data/perfect-play.json "$out/perfect-play.json"
# The puzzles of /puzzles (checked by the engine's tests), fetched by the page.
cp engine/data/puzzles.json "$out/puzzles.json"
cargo run -q -p congklak-app --bin prerender -- "$out"
bash scripts/precache.sh "$out"
