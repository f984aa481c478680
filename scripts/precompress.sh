#!/usr/bin/env bash
# Writes FILE.gz and FILE.br beside every compressible file of a release
# build. FILE.gz is made by zopfli: the gzip format every browser reads,
# 4-5 % smaller than gzip -9 (the play page's wasm: 321 to 308 KB). FILE.br
# is brotli at its highest quality (scripts/brotli.mjs), which every current
# browser accepts: the wasm 10-16 % smaller than FILE.gz, JSON about 40 %. A
# static host that serves such files when they are there (nginx's
# gzip_static and brotli_static, and tests/e2e/serve.mjs) sends them
# instead of compressing on the fly. The last step of Trunk's
# post_build hook for a release (scripts/route-pages.sh), after
# scripts/precache.sh: the service worker lists the files, not their .gz.
#
#   bash scripts/precompress.sh DIST_DIR
#
# Files under 1 KB are left alone (the gzip header would eat the gain).
set -euo pipefail
dist="${1:?usage: precompress.sh DIST_DIR}"
command -v zopfli >/dev/null || { echo "precompress: zopfli not found (scripts/setup.sh installs it)" >&2; exit 1; }
[ -d "$dist" ] || { echo "precompress: no folder $dist" >&2; exit 1; }
here="$(cd "$(dirname "$0")" && pwd)"
cd "$dist"
find . \( -name '*.gz' -o -name '*.br' \) -type f -delete
mapfile -d '' files < <(find . -type f ! -path '*/.*' -size +1k \
  \( -name '*.html' -o -name '*.js' -o -name '*.wasm' -o -name '*.json' -o -name '*.css' \
     -o -name '*.svg' -o -name '*.webmanifest' -o -name '*.txt' \) -print0)
[ "${#files[@]}" -gt 0 ] || { echo "precompress: nothing to compress in $dist" >&2; exit 1; }
# Two at a time (this machine has two cores); zopfli keeps the original.
printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P 2 zopfli
node "$here/brotli.mjs" "${files[@]}"
echo "precompress: ${#files[@]} files" >&2
