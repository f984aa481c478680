// Runs engine/examples/wasm_playouts.rs (built for wasm32-unknown-unknown)
// in Node.js: games per CPU-second of the thread that plays them for each
// pack, as the native bench prints them (Linux: /proc/thread-self/schedstat,
// read on Node.js's main thread, which runs the wasm), and per CPU-second of
// the whole process, which also counts V8's own threads (the optimising
// compiler runs beside the wasm, and its work lands in whichever call it
// overlaps). Usage: node scripts/wasm-playouts.js <wasm> [--games=N] [--quick] [packs]
const { readFileSync } = require('node:fs');
const [file, ...args] = process.argv.slice(2);
const quick = args.includes('--quick');
const g = args.find((a) => a.startsWith('--games='));
const games = g ? Number(g.slice(8)) : quick ? 20000 : 200000;
const only = args.filter((a) => !a.startsWith('--'));
const inst = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
const ex = inst.exports;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const schedstat = '/proc/thread-self/schedstat';
let hasThread = true;
try { readFileSync(schedstat); } catch { hasThread = false; }
const threadCpu = () => (hasThread ? Number(readFileSync(schedstat, 'latin1').split(' ')[0]) / 1e9 : NaN);
console.log('pack'.padEnd(22), 'games/cpu-s'.padStart(14), 'moves/game'.padStart(12), 'cpu%'.padStart(6),
  'process games/cpu-s'.padStart(20));
for (let i = 0; i < ex.pack_count(); i++) {
  const name = Buffer.from(new Uint8Array(ex.memory.buffer, ex.pack_name(i), ex.pack_name_len(i))).toString();
  if (only.length && !only.includes(name)) continue;
  // Each run in calls of about a hundredth of it: V8 swaps a wasm
  // function's optimised code in only between calls, so one call over
  // every game would run in the baseline code it began with whenever the
  // optimised code was not ready yet (docs/engine-work.md, "Wasm: V8's two tiers").
  const run = (n) => {
    ex.begin(i);
    const step = Math.max(1, Math.ceil(n / 100));
    let moves = 0;
    for (let done = 0; done < n; done += step) moves += Number(ex.playouts(Math.min(step, n - done)));
    return moves;
  };
  run(Math.min(1000, games)); // warm-up (compiles the hot code)
  const t0 = process.hrtime.bigint();
  const c0 = cpu();
  const th0 = threadCpu();
  const moves = run(games);
  const th = threadCpu() - th0;
  const secs = cpu() - c0;
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  // Without a thread clock (not Linux) the process's is the figure.
  const mine = hasThread ? th : secs;
  console.log(name.padEnd(22), (games / mine).toFixed(0).padStart(14),
    (moves / games).toFixed(1).padStart(12), (100 * mine / wall).toFixed(0).padStart(6),
    (games / secs).toFixed(0).padStart(20));
}
