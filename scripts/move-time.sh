#!/usr/bin/env bash
# The time a move of each level in wasm, as the browser's worker runs the
# engine (wasm32-unknown-unknown, profile wasm-release: opt-level z), in
# Node.js (CPU time a move); the same games as the native
# `cargo run --release -p congklak-engine --example move_time`.
#
#   bash scripts/move-time.sh [levels] [games] [pack]   # default medium,hard,hardest 4
#
# Without a pack: umum 7 x 7 (the engine's default rules). With a pack id
# (e.g. standard-mancala): that built-in pack's rules, the example built
# with the packs compiled in.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$ROOT"
pack="${3:-}"
features=()
[ -n "$pack" ] && features=(--features builtin-packs)
cargo build -q --profile wasm-release -p congklak-engine --no-default-features "${features[@]}" \
  --target wasm32-unknown-unknown --example move_time
wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-release/examples/move_time.wasm"
node --no-warnings - "$wasm" "${1:-medium,hard,hardest}" "${2:-4}" "$pack" <<'JS'
const { readFileSync } = require('node:fs');
const [file, levels, games, pack] = process.argv.slice(2);
const names = ['random', 'beginner', 'greedy', 'medium', 'hard', 'hardest', 'perfect'];
const { exports: e } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
// The built-in pack's index, by its id.
let packIndex = -1;
if (pack) {
  const ids = [];
  for (let i = 0; i < e.pack_count(); i++) {
    const bytes = new Uint8Array(e.memory.buffer, e.pack_name(i), e.pack_name_len(i));
    ids.push(new TextDecoder().decode(bytes));
  }
  packIndex = ids.indexOf(pack);
  if (packIndex < 0) throw new Error(`no built-in pack ${pack} (the packs: ${ids.join(', ')})`);
  console.log(`${pack}:`);
}
for (const name of levels.split(',')) {
  if (!names.includes(name)) throw new Error(`no level ${name}`);
  const times = [];
  const builds = [];
  let withMove = 0;
  for (let g = 0; g < Number(games); g++) {
    const level = names.indexOf(name);
    if (!(pack ? e.start_pack(packIndex, level, g) : e.start(level, g))) throw new Error('start');
    let built = null;
    for (;;) {
      // CPU time of the process (the other jobs of a shared machine do not count).
      const c0 = process.cpuUsage();
      const code = e.step();
      const c = process.cpuUsage(c0);
      const dt = (c.user + c.system) / 1000;
      if (code === 0) break;
      if (code === 1) times.push(dt);
      if (code === 3) builds.push(dt);
      // The build with the move that needed it (what the player waits).
      if (built !== null) withMove = Math.max(withMove, built + dt);
      built = code === 3 ? dt : null;
    }
  }
  times.sort((a, b) => a - b);
  const n = times.length;
  const mean = times.reduce((s, t) => s + t, 0) / n;
  console.log(`${name}: ${n} moves, ${times[n >> 1].toFixed(1)} ms median, ${mean.toFixed(1)} ms mean, ${times[n - 1].toFixed(0)} ms max; endgame table built ${builds.length} times, ${Math.max(0, ...builds).toFixed(0)} ms at most, ${withMove.toFixed(0)} ms with its move`);
}
JS
