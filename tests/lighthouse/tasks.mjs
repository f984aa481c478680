// The main thread's long tasks while a page of the release build goes live,
// each with what it spent its time on: a measurement, not a test. Lighthouse
// names a long task by its script only ("congklak-read.js"); this says
// whether it was the HTML parser, style and layout, compiling wasm, or
// running it, so that the work behind the blocking time can be found.
//
//   node tests/lighthouse/tasks.mjs      (after `trunk build --release`)
//
// Serves DIST with its brotli or gzip copies (tests/e2e/serve.mjs), loads each page RUNS
// times in Debian's Chromium at 4x CPU throttling (as Lighthouse's mobile
// preset assumes; here the throttling is real, not simulated) with a
// Chrome trace, and prints per load every task of 50 ms or more from the
// first contentful paint until the app is live, the blocking time they add
// up to, and per task its largest kinds of work (self time); then how many
// of the bundle's wasm functions the page's thread compiled before the app
// was live, and their bytes of code. V8 compiles a wasm function the first
// time it runs, on the thread that runs it (tens of microseconds a function,
// unthrottled, whatever its size), so that count, which does not depend on
// the machine's speed, measures the code the app runs to start.
// Env: DIST (default <repo>/dist), CHROMIUM (default /usr/bin/chromium),
// PAGES (default /,/packs/umum,/packs/sungka,/compare,/about), RUNS (3),
// RATE (CPU slowdown, 4), WIDTH (412), DETAIL (1: the trace's own event
// names instead of kinds of work), USE (1: once the page has loaded, a
// pointer moves over its first island or the play page's board, which
// wakes a page that loads its code at the first use, such as / on a first
// visit or /compare without a query; the time from it to live is printed),
// OPEN_MS (with USE: the pointer comes only once the page has been open so
// many ms, as a person who looks before they tap; default 0).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchOptions } from '../e2e/common.mjs';
import { serve } from '../e2e/serve.mjs';
// playwright-core as the end-to-end tests install it (tests/e2e).
const { chromium } = await import('../e2e/node_modules/playwright-core/index.mjs');

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const DIST = resolve(process.env.DIST || join(ROOT, 'dist'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const PAGES = (process.env.PAGES || '/,/packs/umum,/packs/sungka,/compare,/about').split(',').filter(Boolean);
const RUNS = Math.max(1, parseInt(process.env.RUNS || '3', 10) || 3);
const RATE = Number(process.env.RATE || 4);
const WIDTH = Number(process.env.WIDTH || 412);
const DETAIL = Boolean(process.env.DETAIL); // trace event names instead of kinds of work
const USE = Boolean(process.env.USE); // a pointer over the first island once loaded
const OPEN_MS = Number(process.env.OPEN_MS || 0); // with USE: not before the page has been open so long
const LONG = 50; // ms: a long task, as the blocking time counts them

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.wasm',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.wasm.detailed',
  'blink.user_timing',
  'loading',
].join(',');

// The kind of work an event is, in a few words.
function kind(e) {
  if (DETAIL) return e.name;
  const n = e.name;
  if (n === 'ParseHTML') return 'parse HTML';
  if (n === 'UpdateLayoutTree' || n === 'RecalculateStyles' || n === 'ParseAuthorStyleSheet') return 'style';
  if (n === 'Layout' || n === 'UpdateLayerTree' || n === 'PrePaint' || n === 'Paint' || n === 'Layerize' || n === 'Commit')
    return 'layout and paint';
  // V8 compiles a wasm function when it first runs (and publishes the code).
  if (/^wasm\.(Compile|AddCompiledCode|PublishCode)/.test(n) || n === 'FlushInstructionCache') return 'compiling wasm';
  if (/^wasm\./.test(n)) return 'instantiating wasm';
  if (n === 'v8.compile' || n === 'V8.CompileCode' || n === 'v8.parseOnBackground' || n === 'V8.CompileLazy') return 'JS compile';
  if (n === 'EvaluateScript' || n === 'v8.run' || n === 'FunctionCall' || n === 'TimerFire' || n === 'FireAnimationFrame' || n === 'EventDispatch' || n === 'v8.callFunction' || n === 'RunMicrotasks' || n === 'V8.RunMicrotasks')
    return 'script';
  if (n === 'MinorGC' || n === 'MajorGC' || /GC/.test(n)) return 'GC';
  return n;
}

// Self time per kind of the complete events inside [start, end] of one thread.
function breakdown(events, start, end) {
  const inside = events
    .filter((e) => e.ts >= start && e.ts + (e.dur || 0) <= end && e.ph === 'X' && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  for (const e of inside) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.child = (parent.child || 0) + e.dur;
    stack.push(e);
  }
  for (const e of inside) {
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
    const k = kind(e);
    self.set(k, (self.get(k) || 0) + Math.max(0, e.dur - (e.child || 0)));
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
}

// The size of each function body of a wasm file, by function index
// (imported functions first, without a body).
function functionSizes(file) {
  const b = readFileSync(file);
  let p = 8;
  const leb = () => {
    let r = 0;
    let shift = 0;
    let x;
    do {
      x = b[p++];
      r += (x & 0x7f) * 2 ** shift;
      shift += 7;
    } while (x & 0x80);
    return r;
  };
  const sizes = [];
  while (p < b.length) {
    const id = b[p++];
    const end = leb() + p;
    if (id === 2) {
      // Imports: count the functions (kind 0), skip the rest.
      for (let n = leb(); n > 0; n--) {
        p += leb();
        p += leb();
        const kind = b[p++];
        if (kind === 0) {
          leb();
          sizes.push(0);
        } else if (kind === 1) {
          p++;
          if (b[p++] & 1) leb();
          leb();
        } else if (kind === 2) {
          if (b[p++] & 1) leb();
          leb();
        } else if (kind === 3) p += 2;
        else if (kind === 4) {
          p++;
          leb();
        }
      }
    }
    if (id === 10) {
      for (let n = leb(); n > 0; n--) {
        const size = leb();
        sizes.push(size);
        p += size;
      }
    }
    p = end;
  }
  return sizes;
}

// The wasm of the bundle a page loads: its own (<meta name="congklak-bundle">),
// else Trunk's (the loader's data-wasm); see public/islands.js.
function bundleWasm(path) {
  const html = readFileSync(join(DIST, path.split(/[?#]/)[0], 'index.html'), 'utf8');
  const own = html.match(/<meta name="?congklak-bundle"? content="?\/?([\w-]+)/);
  if (own) return join(DIST, `${own[1]}_bg.wasm`);
  const trunk = html.match(/data-wasm="?\/?([\w-]+_bg\.wasm)/);
  return trunk ? join(DIST, trunk[1]) : null;
}

async function load(browser, base, path) {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  // Through CDP only: Playwright's own selectors would inject its script
  // (330 KB of JS) into the page, whose parsing would show as long tasks.
  await cdp.send('Page.navigate', { url: base + path });
  const started = Date.now();
  let live = 0; // ms from the navigation, give or take the polling's 20 ms
  let used = !USE;
  let usedAt = 0; // ms from the navigation: when the pointer came
  for (;;) {
    if (!used) {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: `document.readyState === 'complete' && performance.now() >= ${OPEN_MS}
          && !!document.querySelector('leptos-island, main [data-board]')
            ?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
          ? performance.now() : 0`,
      });
      usedAt = Math.round(result.value || 0);
      used = usedAt > 0;
    }
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'document.documentElement.dataset.app === "live" ? performance.now() : 0',
    });
    if (result.value > 0) {
      live = Math.round(result.value);
      break;
    }
    if (!USE) {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: `document.readyState === 'complete' && !location.search && !location.hash
          && !!document.querySelector('meta[name="congklak-wake"][content="used"]')`,
      });
      if (result.value === true) throw new Error(`${path} loads its code at the first use: measure it with USE=1`);
    }
    if (Date.now() - started > 60_000) throw new Error(`${path} did not go live in 60 s`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
  await new Promise((ok) => setTimeout(ok, 1500));
  await cdp.send('Tracing.end');
  await done;
  await context.close();

  // The page's main thread: the renderer thread that parsed its HTML.
  const parse = events.find((e) => e.name === 'ParseHTML');
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid) || parse;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid);
  const t0 = nav.ts;
  const from = fcp ? fcp.ts : t0;
  const tasks = main.filter(
    (e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ph === 'X' && e.dur / 1000 >= LONG && e.ts + e.dur > from,
  );
  let blocking = 0;
  const lines = [];
  for (const t of tasks) {
    const start = Math.max(t.ts, from);
    const dur = (t.ts + t.dur - start) / 1000;
    if (dur > LONG) blocking += dur - LONG;
    const parts = breakdown(main, t.ts, t.ts + t.dur)
      .map(([k, us]) => `${k} ${Math.round(us / 1000)}`)
      .join(', ');
    lines.push(`    at ${Math.round((t.ts - t0) / 1000)} ms: ${Math.round(t.dur / 1000)} ms (${parts})`);
  }
  const compiled = main.filter((e) => e.name === 'wasm.CompileLazy' && e.ph === 'X');
  const wasm = bundleWasm(path);
  const sizes = wasm ? functionSizes(wasm) : [];
  const bytes = compiled.reduce((sum, e) => sum + (sizes[e.args?.func_index] || 0), 0);
  const functions = { count: compiled.length, bytes, of: sizes.filter((s) => s > 0).length };
  return { fcp: fcp ? Math.round((fcp.ts - t0) / 1000) : null, live, usedAt, blocking: Math.round(blocking), lines, functions };
}

const server = await serve(DIST, { gzip: true });
const base = server.base;
const browser = await chromium.launch(launchOptions(CHROMIUM));
try {
  console.log(`long tasks (>= ${LONG} ms) from the first contentful paint until live, ${RATE}x CPU, ${WIDTH} px`);
  for (const path of PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const r = await load(browser, base, path);
      console.log(`${path} run ${run}: FCP ${r.fcp} ms, live at ${r.live} ms${r.usedAt ? ` (used at ${r.usedAt} ms: live ${r.live - r.usedAt} ms after)` : ''}, blocking ${r.blocking} ms`);
      for (const l of r.lines) console.log(l);
      const f = r.functions;
      console.log(`    wasm functions compiled on the page's thread: ${f.count} of ${f.of} (${Math.round(f.bytes / 1024)} KB of code)`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
