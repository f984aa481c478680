#!/usr/bin/env bash
# Builds the app for release and serves it on http://127.0.0.1:8080/ (or
# PORT) with a small static server (tests/e2e/serve.mjs: gzip, the build's
# 404.html for unknown addresses, long caching for hashed files), as a static
# host would: every route is a real, pre-rendered page in dist/, so deep
# links and reloads work.
#
#   bash scripts/run-app.sh            # PORT=9000 bash scripts/run-app.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
PORT="${PORT:-8080}"

bash scripts/setup.sh
trunk build --release
bash scripts/size-report.sh
echo
echo "Serving dist/ on http://127.0.0.1:$PORT/  (Ctrl-C stops)"
exec node tests/e2e/serve.mjs dist "$PORT"
