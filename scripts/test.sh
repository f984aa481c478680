#!/usr/bin/env bash
# Runs every test: formatting, lints, the native tests, the engine's tests in
# wasm (Node.js), the app's tests in headless Chromium, the release build with
# its size report, and the end-to-end tests of that build on a static server.
# Installs what is missing first (scripts/setup.sh). .ci/run runs this.
#
# The release build runs beside the lints and the tests before it (its own
# log, printed when it is waited for): much of it is one core linking and
# shrinking wasm, so the other core checks and tests meanwhile. Cargo's
# locks keep the two from building the same thing at once. The times per
# step are in docs/performance.md ("The test suite").
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"

t_all=$SECONDS
t_step=$SECONDS
step_name=""
step() {
  if [ -n "$step_name" ]; then echo "---- $step_name: $((SECONDS - t_step)) s"; fi
  step_name="$1"
  t_step=$SECONDS
  printf '\n==== %s ====\n' "$1"
}

step "setup"
bash scripts/setup.sh

step "cargo fmt --check"
cargo fmt --all -- --check

mkdir -p target
release_log="$ROOT/target/release-build.log"
(
  t0=$SECONDS
  trunk build --release >"$release_log" 2>&1
  rc=$?
  echo "release build: $((SECONDS - t0)) s" >>"$release_log"
  exit $rc
) &
release_pid=$!
trap 'kill "$release_pid" 2>/dev/null || true' EXIT

step "clippy (native, whole workspace)"
cargo clippy --workspace --all-targets -- -D warnings

step "clippy (wasm32, app)"
cargo clippy -p congklak-app --target wasm32-unknown-unknown --all-targets -- -D warnings

step "clippy (wasm32, the browser bundle: the islands-bundle feature)"
cargo clippy -p congklak-app --target wasm32-unknown-unknown --features islands-bundle --bin congklak-islands -- -D warnings

step "native tests (cargo test --workspace)"
cargo test --workspace

step "engine tests in wasm32 (Node.js)"
cargo test -p congklak-engine --target wasm32-unknown-unknown --no-default-features --features builtin-packs

step "app tests in headless Chromium"
CHROMEDRIVER="$CHROMEDRIVER" cargo test -p congklak-app --target wasm32-unknown-unknown

step "release build (trunk build --release, started after cargo fmt)"
release_rc=0
wait "$release_pid" || release_rc=$?
trap - EXIT
cat "$release_log"
[ "$release_rc" = 0 ] || { echo "release build failed ($release_rc)" >&2; exit "$release_rc"; }

step "size report"
bash scripts/size-report.sh

step "visit report (six pages in one browser, service worker blocked and allowed)"
node tests/e2e/visit.mjs

step "end-to-end tests (dist/ on a static server, Chromium)"
node tests/e2e/run.mjs

step "offline and install (service worker, manifest)"
node tests/e2e/offline.mjs

step "hostile loads (hostile stored values on every page, a tap then navigation)"
node tests/e2e/hostile.mjs

step "play a friend: two browsers over WebRTC (no server)"
node tests/e2e/friend.mjs

step "a dishonest friend: three cheats refused (two browsers over WebRTC)"
node tests/e2e/friend-cheats.mjs

step "games of several rounds: standings, resigning, an agreed number of rounds"
node tests/e2e/rounds.mjs

step "a newcomer's first game: the level, words in step with the board, the end, a hint, the phone's form"
node tests/e2e/newcomer.mjs

echo "---- $step_name: $((SECONDS - t_step)) s"
printf '\n==== all tests passed in %d s ====\n' "$((SECONDS - t_all))"
