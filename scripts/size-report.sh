#!/usr/bin/env bash
# Sizes of the release build in dist/ (after `trunk build --release`): raw and
# gzipped (the build's zopfli-made FILE.gz, else gzip -9) of every wasm, JS
# and CSS file, then what each kind of page loads:
# its HTML (with the style sheet inlined), its bundle's glue and wasm. Each
# page loads the bundle its row of the route table names (src/app/routes.rs:
# congklak-islands-<hash> for every page with code: the play page in its
# core, every other page's islands parts of it: the part of each island on
# the page is counted too). The budget
# (SIZE_BUDGET_KB, default 150 KB gzipped) is for /; over it this warns, and
# with SIZE_BUDGET_STRICT=1 it fails (exit 1).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
DIST="${DIST:-dist}"
BUDGET_KB="${SIZE_BUDGET_KB:-150}"
STRICT="${SIZE_BUDGET_STRICT:-0}"

shopt -s nullglob
files=("$DIST"/*.wasm "$DIST"/*.js "$DIST"/*.css "$DIST"/congklak-*/*.wasm "$DIST"/congklak-*/*.js)
[ ${#files[@]} -gt 0 ] || { echo "size-report: nothing in $DIST/; run \`trunk build --release\` first" >&2; exit 1; }

# What a gzip host sends: the build's FILE.gz (zopfli, scripts/precompress.sh)
# where there is one, else gzip -9.
gz() { if [ -f "$1.gz" ]; then stat -c %s "$1.gz"; else gzip -9 -c "$1" | wc -c; fi; }
kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }

printf '%-60s %10s %10s\n' "file" "raw B" "gzip B"
for f in "${files[@]}"; do
  printf '%-60s %10d %10d\n' "${f#"$DIST"/}" "$(stat -c %s "$f")" "$(gz "$f")"
done

# What a cold load of a page fetches from the build: the page, the glue and
# wasm its loader names (none for a page drawn as islands that has none),
# and the packs its bundle reads (the play page's and Trunk's bundles read
# packs-play.json, the rules and names only), in English and
# in Bahasa Indonesia.
page_total() {
  local page="$1" total stem
  total=$(gz "$page")
  # Every page loads the loader (public/islands.js); a page drawn as
  # islands loads its bundle only if it has an island.
  total=$((total + $(gz "$DIST/islands.js")))
  if grep -q '<meta name="congklak-islands"' "$page" && ! grep -q '<leptos-island' "$page"; then
    echo "$total none"
    return
  fi
  # A page whose islands wake when used (<meta name="congklak-wake"
  # content="used">, Wake::Used in src/app/routes.rs) fetches its bundle at
  # the visitor's first use of an island, not on a cold load: the rest is
  # counted apart.
  local html_and_loader=$total
  # The page's own bundle (<meta name="congklak-bundle">), else Trunk's,
  # which the loader's tag names.
  stem=$(grep -o '<meta name="congklak-bundle" content="/congklak-[a-z]*-[0-9a-f]*"' "$page" | head -1 \
    | sed 's#.*content="/##; s#"$##' || true)
  [ -n "$stem" ] || stem=$(grep -o "congklak-app-[0-9a-f]*\.js" "$page" | head -1 | sed 's/\.js$//' || true)
  [ -n "$stem" ] || { echo "size-report: no bundle named in $page" >&2; exit 1; }
  # Only /compare reads packs-compare.json (which sources back each
  # clause; `Reads` in src/app/routes.rs).
  local packs="$DIST/packs-play.json"
  case "$page" in */compare/index.html) packs="$DIST/packs-compare.json" ;; esac
  total=$((total + $(gz "$DIST/$stem.js") + $(gz "$DIST/${stem}_bg.wasm") + $(gz "$packs")))
  # Each island's part (Leptos names it after the island's loader,
  # `<island>_loader`, in snake case); not the chunks the parts share
  # (tests/e2e/visit.mjs counts what a page fetches).
  local island part
  for island in $(grep -o 'data-component="[A-Za-z0-9]*_[0-9]*"' "$page" | sed 's/^data-component="//; s/_[0-9]*"$//' | sort -u); do
    island="$(echo "$island" | sed 's/\([a-z0-9]\)\([A-Z]\)/\1_\2/g' | tr 'A-Z' 'a-z')"
    for part in "$DIST/$stem"/*"${island}_loader"*.wasm; do
      [ -f "$part" ] && total=$((total + $(gz "$part")))
    done
  done
  # A bundle with parts: the glue imports their loader; the parts themselves
  # come when first shown.
  [ ! -f "$DIST/$stem/__wasm_split.js" ] || total=$((total + $(gz "$DIST/$stem/__wasm_split.js")))
  # An Indonesian page with code fetches the Indonesian texts' file its
  # head names (<meta name="congklak-texts">), kept for the visit.
  local texts
  texts=$(grep -o '<meta name="congklak-texts" content="/[^"]*"' "$page" | head -1 \
    | sed 's#.*content="/##; s#"$##' || true)
  [ -z "$texts" ] || total=$((total + $(gz "$DIST/$texts")))
  if grep -q '<meta name="congklak-wake" content="used"' "$page"; then
    echo "$html_and_loader $stem(at-first-use:+$((total - html_and_loader)))"
  else
    echo "$total $stem"
  fi
}
echo
printf '%-24s %-56s %10s\n' "page" "bundle" "gzip B"
for p in / /packs/umum /compare /about /learn /puzzles /stats /friend /id/ /id/packs/umum /id/compare /id/about /id/learn /id/puzzles /id/stats /id/friend; do
  f="$DIST${p%/}/index.html"
  [ "$p" = / ] && f="$DIST/index.html"
  [ -f "$f" ] || continue
  read -r bytes stem < <(page_total "$f")
  printf '%-24s %-56s %10d\n' "$p" "$stem" "$bytes"
  [ "$p" = / ] && home=$bytes
done
echo "/ on a cold load: $(kb "$home") KB gzipped (HTML, glue, wasm, packs) of a $BUDGET_KB KB budget"
over=$((home - BUDGET_KB * 1024))
if [ "$over" -gt 0 ]; then
  echo "size-report: WARNING: / is OVER BUDGET by $(kb "$over") KB gzipped"
  [ "$STRICT" = 1 ] && exit 1
fi
exit 0
