#!/usr/bin/env bash
# Sizes of the release build in dist/ (after `trunk build --release`): raw and
# gzip -9 for the wasm, JS and CSS, and the total against the budget
# (SIZE_BUDGET_KB, default 150 KB gzipped). Over budget it warns; with
# SIZE_BUDGET_STRICT=1 it fails (exit 1).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
DIST="${DIST:-dist}"
BUDGET_KB="${SIZE_BUDGET_KB:-150}"
STRICT="${SIZE_BUDGET_STRICT:-0}"

shopt -s nullglob
files=("$DIST"/*.wasm "$DIST"/*.js "$DIST"/*.css)
[ ${#files[@]} -gt 0 ] || { echo "size-report: nothing in $DIST/; run \`trunk build --release\` first" >&2; exit 1; }

total_raw=0
total_gz=0
printf '%-44s %10s %10s\n' "file" "raw B" "gzip B"
for f in "${files[@]}"; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-44s %10d %10d\n' "$(basename "$f")" "$raw" "$gz"
done
printf '%-44s %10d %10d\n' "total" "$total_raw" "$total_gz"
kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
echo "total gzipped: $(kb "$total_gz") KB of a $BUDGET_KB KB budget"
over=$((total_gz - BUDGET_KB * 1024))
if [ "$over" -gt 0 ]; then
  echo "size-report: WARNING: OVER BUDGET by $(kb "$over") KB gzipped"
  [ "$STRICT" = 1 ] && exit 1
fi
exit 0
