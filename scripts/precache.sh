#!/usr/bin/env bash
# Writes DIST_DIR/sw.js, the service worker, from the template public/sw.js:
# the list of every file in DIST_DIR to precache, each with the sha256 of its
# content, and the build's version, a hash of that list (so of every file's
# name and content). The last step of Trunk's post_build hook, once every
# route's page and packs.json are written:
#
#   bash scripts/precache.sh DIST_DIR
#
# Every file is listed except sw.js itself, anything under a folder or file
# whose name starts with a dot, and the precompressed copies (FILE.gz, see
# scripts/precompress.sh: a host sends them for FILE). Run it again after changing any file in
# DIST_DIR: a changed file changes the version, and the browsers that have the
# app replace their cached build with the new one (see public/sw.js).
set -euo pipefail
dist="${1:?usage: precache.sh DIST_DIR}"
root="$(cd "$(dirname "$0")/.." && pwd)"
template="$root/public/sw.js"

fail() { echo "precache: $*" >&2; exit 1; }
[ -d "$dist" ] || fail "no folder $dist"
[ -f "$dist/index.html" ] || fail "no $dist/index.html"
[ "$(grep -c '^const VERSION = .*; // filled in by scripts/precache.sh$' "$template")" = 1 ] \
  && [ "$(grep -c '^const FILES = \[\]; // filled in by scripts/precache.sh' "$template")" = 1 ] \
  || fail "$template lacks the VERSION and FILES lines this script fills in"

cd "$dist"
mapfile -d '' files < <(find . -type f ! -path './sw.js' ! -path '*/.*' ! -name '*.gz' -printf '%P\0' | LC_ALL=C sort -z)
[ "${#files[@]}" -gt 0 ] || fail "nothing to precache in $dist"
for f in "${files[@]}"; do
  # Names go into the script as JS strings: refuse what would need escaping.
  case "$f" in
    *[\"\'\\]* | *[[:cntrl:]]*) fail "a file name the service worker cannot list: $f" ;;
  esac
done

# "<sha256>  <path>" a line, in byte order of the paths.
list="$(sha256sum -- "${files[@]}")"
version="$(printf '%s\n' "$list" | sha256sum | cut -c1-16)"
entries="$(printf '%s\n' "$list" | awk '{ h = $1; sub(/^[0-9a-f]+  /, ""); printf "  [\"/%s\", \"%s\"],\n", $0, h }')"

tmp="sw.js.tmp.$$"
trap 'rm -f "$tmp"' EXIT
awk -v version="$version" -v entries="$entries" '
  NR == 1 { print "// Written by scripts/precache.sh from public/sw.js: edit that, not this." }
  /^const VERSION = .*; \/\/ filled in by scripts\/precache.sh$/ {
    print "const VERSION = \"" version "\"; // written by scripts/precache.sh"; next
  }
  /^const FILES = \[\]; \/\/ filled in by scripts\/precache.sh/ {
    print "// Written by scripts/precache.sh: [path, sha256 hex] for every file of the build."
    print "const FILES = ["; print entries; print "];"; next
  }
  { print }
' "$template" > "$tmp"
mv "$tmp" sw.js
trap - EXIT

bytes="$(du -cb -- "${files[@]}" | tail -n1 | cut -f1)"
echo "precache: sw.js lists ${#files[@]} files ($((bytes / 1024)) KB), version $version" >&2
