#!/usr/bin/env bash
# test/run.sh DIST [lazy]: serves DIST with python3 -m http.server and runs the browser checks.
set -euo pipefail
dist="$1"; mode="${2:-}"
port=$((8700 + RANDOM % 200))
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist" >/dev/null 2>&1 &
srv=$!
trap 'kill $srv' EXIT
sleep 0.7
node "$(dirname "$0")/islands.mjs" "http://127.0.0.1:$port" $mode
