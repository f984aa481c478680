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

# The rule packs, bundled for the app to fetch (they are not compiled into
# the wasm): {"packs/<id>.json": "<file text>", ...}.
python3 - "$src/packs" "$out/packs.json" <<'PY'
import json, pathlib, sys
src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
bundle = {f"packs/{p.name}": p.read_text(encoding="utf-8") for p in sorted(src.glob("*.json"))}
out.write_text(json.dumps(bundle, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
print(f"route-pages: {len(bundle)} packs bundled into packs.json")
PY
echo "route-pages: index.html copied to ${routes[*]} and 404.html"
