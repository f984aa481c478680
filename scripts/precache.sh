#!/usr/bin/env bash
# Writes DIST_DIR/sw.js, the service worker, from the template public/sw.js:
# the list of every file of the build with the sha256 of its content, what
# each page loads, and the build's version (scripts/precache.mjs says how).
# The last step of Trunk's post_build hook, once every route's page and
# packs.json are written:
#
#   bash scripts/precache.sh DIST_DIR
#
# Run it again after changing any file in DIST_DIR: a changed file changes
# the version, and the browsers that have the app replace their cached
# files with the new build's (see public/sw.js).
set -euo pipefail
exec node "$(dirname "$0")/precache.mjs" "${1:?usage: precache.sh DIST_DIR}"
