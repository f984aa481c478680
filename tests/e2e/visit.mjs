// Figures, not a test: what a visitor pays over a whole visit, not one page.
// The release build in dist/ is served by tests/e2e/serve.mjs (brotli or
// gzip, the build's FILE.br and FILE.gz, long caching for hashed names, as a
// static host would),
// which counts every byte it sends (status line, headers, body). One
// browser context a scenario, so the HTTP cache is shared between pages as
// it is for a person:
//
// - `blocked`: the service worker blocked. Each page of the visit in turn
//   (PAGES), used as a person would (a pointer on its live part, so a page
//   that loads its code at the first use loads it), then the same pages
//   again (warm).
// - `allowed`: the same visit with the service worker allowed, as a real
//   first visit: the first page's figure holds everything fetched before
//   that page is idle (the service worker installed and done, the network
//   quiet), the service worker's own downloads included.
//
//   node tests/e2e/visit.mjs            (after `trunk build --release`)
//
// Env: DIST (default <repo>/dist), CHROMIUM, PAGES (comma-separated paths,
// default the six pages below), LANGS (`en`, `id` or `en,id`: the visit in
// each language; default en), QUIET_MS (how long the network must stay
// quiet for a page to count as done, default 1000), ENCODING (`br`, the
// default: brotli where the build has FILE.br, as Chromium accepts it; `gzip`:
// as a host without brotli), VISIT_STRICT=1 (exit 1
// when a target below is missed). Writes the figures to
// target/visit-report.json as well.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchOptions, live } from './common.mjs';
import { serve } from './serve.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const PAGES = (process.env.PAGES || '/,/learn,/puzzles,/stats,/compare,/friend').split(',').filter(Boolean);
const LANGS = (process.env.LANGS || 'en').split(',').filter(Boolean);
const QUIET_MS = Number(process.env.QUIET_MS || 1000);
const ENCODING = process.env.ENCODING || 'br';
if (!['br', 'gzip'].includes(ENCODING)) throw new Error(`ENCODING=${ENCODING}: br or gzip`);
const TIMEOUT = 60_000;

// The targets of the visit (issue "One app, shared by every page").
const TARGET = { blockedTotal: 450, laterPage: 60, firstVisitAllowed: 700 };

const kb = (b) => b / 1024;
const fmt = (b) => kb(b).toFixed(1).padStart(8);
const inLang = (lang, path) => (lang === 'id' ? (path === '/' ? '/id/' : '/id' + path) : path);

// Every answer the server sends, with its bytes; `mark()` and `since()`
// split them by page. `idle()` resolves once nothing has been sent for
// QUIET_MS and no request is open.
function meter() {
  const sent = [];
  let open = 0;
  let last = Date.now();
  return {
    sent,
    onSent(path, bytes, status) {
      sent.push({ path, bytes, status });
      last = Date.now();
    },
    request() {
      open++;
      last = Date.now();
    },
    done() {
      open = Math.max(0, open - 1);
      last = Date.now();
    },
    mark: () => sent.length,
    since: (at) => sent.slice(at),
    async idle() {
      const end = Date.now() + TIMEOUT;
      for (;;) {
        if (open === 0 && Date.now() - last >= QUIET_MS) return;
        if (Date.now() > end) throw new Error(`the network did not go quiet within ${TIMEOUT} ms (${open} requests open)`);
        await new Promise((ok) => setTimeout(ok, 50));
      }
    },
  };
}

// Waits until the service worker (if the page registers one) is installed
// and in charge, with nothing installing or waiting.
async function serviceWorkerSettled(page) {
  await page.waitForFunction(
    async () => {
      if (!('serviceWorker' in navigator)) return true;
      const reg = await navigator.serviceWorker.getRegistration();
      return !!reg && reg.active?.state === 'activated' && !reg.installing && !reg.waiting;
    },
    null,
    { timeout: TIMEOUT, polling: 100 },
  );
}

async function visit(browser, base, m, { lang, serviceWorkers }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // Requests the page makes (its workers' and the service worker's own reach
  // the server and are counted there, and by the quiet period).
  context.on('request', () => m.request());
  context.on('requestfinished', () => m.done());
  context.on('requestfailed', () => m.done());
  const rows = [];
  try {
    for (const pass of ['cold', 'warm']) {
      for (const [i, path] of PAGES.map((p) => inLang(lang, p)).entries()) {
        const at = m.mark();
        await page.goto(base + path, { waitUntil: 'load' });
        await live(page);
        if (serviceWorkers === 'allow' && pass === 'cold' && i === 0) await serviceWorkerSettled(page);
        await m.idle();
        const answers = m.since(at);
        const bytes = answers.reduce((s, a) => s + a.bytes, 0);
        const wasm = answers.filter((a) => a.path.endsWith('.wasm')).reduce((s, a) => s + a.bytes, 0);
        rows.push({ pass, path, bytes, wasm, requests: answers.length, answers });
      }
    }
  } finally {
    await context.close();
  }
  if (errors.length) throw new Error(`errors in the pages: ${errors.join('; ')}`);
  return rows;
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`no ${DIST}/index.html: run \`trunk build --release\` first`);
    process.exit(1);
  }
  const m = meter();
  const server = await serve(DIST, { gzip: true, br: ENCODING === 'br', onSent: (...a) => m.onSent(...a) });
  const browser = await chromium.launch(launchOptions(CHROMIUM));
  const report = { dist: DIST, pages: PAGES, quietMs: QUIET_MS, encoding: ENCODING, scenarios: [] };
  let missed = [];
  try {
    for (const lang of LANGS) {
      for (const serviceWorkers of ['block', 'allow']) {
        const rows = await visit(browser, server.base, m, { lang, serviceWorkers });
        const name = `${lang}, service worker ${serviceWorkers === 'block' ? 'blocked' : 'allowed'}`;
        report.scenarios.push({ name, lang, serviceWorkers, rows });
        console.log(`\nvisit (${name}): KB sent by the server, ${ENCODING === 'br' ? 'brotli (else gzip)' : 'gzip'} as served`);
        console.log(`${'page'.padEnd(14)} ${'cold'.padStart(8)} ${'(wasm)'.padStart(8)} ${'warm'.padStart(8)}`);
        const cold = rows.filter((r) => r.pass === 'cold');
        const warm = rows.filter((r) => r.pass === 'warm');
        cold.forEach((r, i) => console.log(`${r.path.padEnd(14)} ${fmt(r.bytes)} ${fmt(r.wasm)} ${fmt(warm[i].bytes)}`));
        const total = cold.reduce((s, r) => s + r.bytes, 0);
        const later = Math.max(...cold.slice(1).map((r) => r.bytes), 0);
        console.log(`${'all'.padEnd(14)} ${fmt(total)} ${fmt(cold.reduce((s, r) => s + r.wasm, 0))} ${fmt(warm.reduce((s, r) => s + r.bytes, 0))}`);
        if (serviceWorkers === 'block') {
          if (kb(total) > TARGET.blockedTotal) missed.push(`${name}: the visit costs ${kb(total).toFixed(0)} KB (target ${TARGET.blockedTotal})`);
          if (kb(later) > TARGET.laterPage) missed.push(`${name}: a page after the first costs ${kb(later).toFixed(0)} KB (target ${TARGET.laterPage})`);
        } else if (kb(cold[0].bytes) > TARGET.firstVisitAllowed) {
          missed.push(`${name}: the first page costs ${kb(cold[0].bytes).toFixed(0)} KB before it is idle (target ${TARGET.firstVisitAllowed})`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  report.missed = missed;
  mkdirSync(join(ROOT, 'target'), { recursive: true });
  writeFileSync(join(ROOT, 'target', 'visit-report.json'), JSON.stringify(report, null, 2));
  console.log(missed.length ? `\nvisit: targets missed:\n  ${missed.join('\n  ')}` : '\nvisit: every target met');
  if (missed.length && process.env.VISIT_STRICT === '1') process.exit(1);
}

main().catch((err) => {
  console.error(`visit: ${err.stack || err}`);
  process.exit(1);
});
