#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): a copy of index.html for every
# route, so a deep link or a reload works on a plain static file server
# (python3 -m http.server, GitHub Pages, ...), plus 404.html for hosts that
# serve it on a miss. Asset paths are absolute (public_url = "/").
#
# Routes: /packs, /compare, /about, and /packs/<id> for each packs/<id>.json
# (the engine requires a pack's id to equal its file name). Keep this list in
# step with the <Route>s in src/lib.rs.
set -euo pipefail
out="${TRUNK_STAGING_DIR:?run by trunk build}"
src="${TRUNK_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
index="$out/index.html"
[ -f "$index" ] || { echo "route-pages: no $index" >&2; exit 1; }

routes=(packs compare about)
for f in "$src"/packs/*.json; do
  [ -e "$f" ] || continue
  routes+=("packs/$(basename "$f" .json)")
done
for r in "${routes[@]}"; do
  mkdir -p "$out/$r"
  cp "$index" "$out/$r/index.html"
done
cp "$index" "$out/404.html"

# The rule packs, checked and resolved by the engine, bundled for the app to
# fetch (they are not compiled into the wasm). An invalid pack fails the build
# here, naming the file and the field.
(cd "$src" && cargo run -q -p congklak-engine --bin congklak -- bundle --out "$out/packs.json")
