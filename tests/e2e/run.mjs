// End-to-end tests of the release build in dist/, served by a plain static
// server (python3 -m http.server) exactly as scripts/run-app.sh serves it,
// in Debian's Chromium driven by playwright-core (no browser download).
//
//   node tests/e2e/run.mjs            (after `trunk build --release`)
//
// Env: DIST (default <repo>/dist), CHROMIUM (default /usr/bin/chromium),
// SCREENSHOTS (default <repo>/target/screenshots), ONLY (a part of test names).
// Prints one line per test and a last line `N passed, M failed`; exits 1 on
// any failure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boardState, clickHole, closeNewGame, expectHeading, expectNoErrors, followOut, live, openNewGame, reportPolicyViolations, useIslands, waitForLiveOnLoad, runFile } from './common.mjs';
import { serve } from './serve.mjs';
import { register as registerStatsSound } from './stats-sound.mjs';
import { register as registerPuzzles } from './puzzles.mjs';
import { register as registerPerfect } from './perfect.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOTS || join(ROOT, 'target/screenshots');
const TIMEOUT = 30_000;

// Every page of the route table (src/app/routes.rs), in English at its
// address and in Bahasa Indonesia under /id, as the build listed them in
// dist/routes.json with their titles, and the (first) heading each must
// show in its language. Keep the headings in step with src/texts/i18n.rs.
const packName = (id, lang = 'en') => JSON.parse(readFileSync(join(ROOT, 'packs', `${id}.json`), 'utf8')).name[lang];
const HEADINGS = {
  en: {
    '/': 'Play congklak',
    '/learn': 'Learn congklak',
    '/friend': 'Play a friend',
    '/packs': 'Rule packs',
    '/compare': 'Compare rules',
    '/about': 'About congklak',
    '/stats': 'Your statistics',
    '/puzzles': 'Congklak puzzles',
  },
  id: {
    '/': 'Main congklak',
    '/learn': 'Belajar congklak',
    '/friend': 'Main dengan teman',
    '/packs': 'Paket aturan',
    '/compare': 'Bandingkan aturan',
    '/about': 'Tentang congklak',
    '/stats': 'Statistikmu',
    '/puzzles': 'Teka-teki congklak',
  },
};
// A page's English address and its language: /id/packs is /packs in Bahasa Indonesia.
const englishOf = (path) => {
  const m = path.match(/^\/id(\/.*)?$/);
  return m ? [m[1] && m[1] !== '/' ? m[1] : '/', 'id'] : [path, 'en'];
};
const TABLE = JSON.parse(readFileSync(join(DIST, 'routes.json'), 'utf8'));
const headingOf = (path) => {
  const [en, lang] = englishOf(path);
  return HEADINGS[lang][en] ?? (en.startsWith('/packs/') ? packName(en.slice(7), lang) : undefined);
};
for (const { path, lang } of TABLE) {
  if (headingOf(path) === undefined) throw new Error(`routes.json lists ${path}: add its heading to HEADINGS in tests/e2e/run.mjs`);
  if (englishOf(path)[1] !== lang) throw new Error(`routes.json: ${path} is listed as ${lang}`);
}
const ROUTES = TABLE.map(({ path }) => ({ path, heading: headingOf(path) }));

// --- a page that records every error ---------------------------------------
async function openPage(browser, viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  // A text the build does not hold shows as "⟨missing text⟩" (src/texts/i18n.rs):
  // any page of any test that ever shows one, in its text or in a label,
  // fails (the play page's bundle holds only the texts its page shows).
  // Every page of every test runs under the build's Content-Security-Policy
  // (src/bin/prerender.rs): anything it refuses is an error of the test.
  await reportPolicyViolations(context);
  await context.addInitScript(() => {
    let pending = false;
    let told = false;
    const look = () => {
      pending = false;
      const root = document.documentElement;
      if (told || !root) return;
      if (root.textContent.includes('⟨missing text⟩') || root.querySelector('[aria-label*="⟨missing text⟩"], [title*="⟨missing text⟩"], [placeholder*="⟨missing text⟩"]')) {
        told = true;
        console.error(`a text is missing on ${location.pathname}${location.search}`);
      }
    };
    new MutationObserver(() => {
      if (!pending) {
        pending = true;
        setTimeout(look, 200);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  // A request cancelled by a reload or a navigation (net::ERR_ABORTED, e.g. the
  // finder workers still loading the wasm glue) is not a failure of the app.
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText || '';
    if (!why.includes('ERR_ABORTED')) errors.push(`request failed: ${req.url()} ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  waitForLiveOnLoad(page);
  return { context, page, errors };
}

// The paths of every request a page (or a whole context, its workers too)
// makes from now on: the array fills as they go.
function requestedPaths(source) {
  const asked = [];
  source.on('request', (req) => asked.push(new URL(req.url()).pathname));
  return asked;
}

// Clicks A's hole 1 and waits (5 s at most) for the board to change.
// Opens `url` and waits until the app is live there (see `start` in src/lib.rs).
async function gotoLive(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  await live(page);
}

async function expectBoardPlays(page, failure) {
  const before = await boardState(page);
  await clickHole(page, 'A', 1);
  const deadline = Date.now() + 5000;
  while (JSON.stringify(await boardState(page)) === JSON.stringify(before)) {
    if (Date.now() > deadline) throw new Error(failure);
    await page.waitForTimeout(100);
  }
}

function expectPath(page, base, path) {
  const got = new URL(page.url()).pathname;
  if (got !== path) throw new Error(`address is ${got}, expected ${path}`);
}

// --- tests -----------------------------------------------------------------
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('dist has a page for every route and a 404.html', async () => {
  const ids = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const need = ['index.html', '404.html', 'learn/index.html', 'friend/index.html', 'packs/index.html', 'compare/index.html', 'about/index.html', 'stats/index.html', 'puzzles/index.html', 'puzzles.json', ...ids.map((id) => `packs/${id}/index.html`)];
  const missing = need.filter((f) => !existsSync(join(DIST, f)));
  if (missing.length) throw new Error(`missing in dist/: ${missing.join(', ')}`);
});

for (const { path, heading } of ROUTES) {
  test(`${path} loads by direct URL and on reload`, async ({ browser, base }) => {
    const { context, page, errors } = await openPage(browser);
    try {
      await page.goto(base + path, { waitUntil: 'load' });
      await expectHeading(page, heading);
      expectPath(page, base, path);
      await page.reload({ waitUntil: 'load' });
      await expectHeading(page, heading);
      expectPath(page, base, path);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });
}

// --- pre-rendered pages -----------------------------------------------------
const PACK_IDS = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const packJson = (id) => JSON.parse(readFileSync(join(ROOT, 'packs', `${id}.json`), 'utf8'));
const PAGES = TABLE.map(({ path, title, lang }) => ({
  path,
  title,
  lang,
  english: englishOf(path)[0],
  heading: headingOf(path),
  ...(englishOf(path)[0].startsWith('/packs/') ? { pack: englishOf(path)[0].slice(7) } : {}),
}));
// A page's address as a static server serves it without a redirect.
const served = (path) => path + (path.endsWith('/') || path.endsWith('.html') ? '' : '/');
if (TABLE.find((r) => r.path === '/')?.title !== 'Play congklak online · Congklak') throw new Error('routes.json: the play page\'s title');
if (TABLE.find((r) => r.path === '/id/')?.title !== 'Main congklak daring · Congklak') throw new Error('routes.json: the Indonesian play page\'s title');
// The table holds the pages the site has always had, and a page for every
// pack, each in both languages.
for (const path of [...Object.keys(HEADINGS.en), ...PACK_IDS.map((id) => `/packs/${id}`)]) {
  for (const at of [path, path === '/' ? '/id/' : `/id${path}`]) {
    if (!TABLE.some((r) => r.path === at)) throw new Error(`routes.json lacks ${at}`);
  }
}
const decode = (html) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const count = (html, re) => (html.match(re) || []).length;

test('every page as served, before any script runs, holds its content and its own head', async ({ base }) => {
  const titles = new Set();
  for (const p of PAGES) {
    const res = await fetch(base + served(p.path));
    if (!res.ok) throw new Error(`${p.path}: HTTP ${res.status}`);
    const html = await res.text();
    const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] || '');
    if (title !== p.title) throw new Error(`${p.path}: title "${title}", expected "${p.title}"`);
    titles.add(`${p.lang} ${title}`);
    if (!html.includes(`<html lang="${p.lang}">`)) throw new Error(`${p.path}: not marked lang=${p.lang}`);
    // Each page names itself in the other language, and the switch leads there with JavaScript off.
    const other = p.lang === 'en' ? (p.english === '/' ? '/id/' : `/id${p.english}`) : p.english;
    const otherLang = p.lang === 'en' ? 'id' : 'en';
    if (!html.includes(`<link rel="alternate" hreflang="${otherLang}" href="http`) || !html.includes(`${other}">`)) throw new Error(`${p.path}: no alternate for ${other}`);
    if (!html.includes('<link rel="alternate" hreflang="x-default"')) throw new Error(`${p.path}: no x-default alternate`);
    if (!new RegExp(`<a [^>]*data-testid="lang"[^>]*href="${other.replace(/[/?]/g, '\\$&')}"`).test(html)) throw new Error(`${p.path}: the switch does not lead to ${other}`);
    const desc = decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] || '');
    if (desc.length < 40) throw new Error(`${p.path}: no description (${desc})`);
    if (count(html, /name="?description"?[ >]/g) !== 1) throw new Error(`${p.path}: not exactly one description`);
    for (const tag of ['<link rel="canonical" href="http', '<meta property="og:title"', '<meta property="og:description"', '<meta property="og:url"', '<meta property="og:image"']) {
      if (!html.includes(tag)) throw new Error(`${p.path}: no ${tag}`);
    }
    const h1 = decode(html.match(/<h1[^>]*>([^<]*)</)?.[1] || '');
    if (h1 !== p.heading) throw new Error(`${p.path}: first heading "${h1}", expected "${p.heading}"`);
    if (p.pack) {
      const pack = packJson(p.pack);
      const desc0 = pack.description?.[p.lang]?.slice(0, 40);
      if (desc0 && !decode(html).includes(desc0)) throw new Error(`${p.path}: the pack's description is not in the page`);
      // Sources, divergences, glossary, and for every played divergence the
      // parting boards and the figures, all in the HTML.
      const articles = count(html, /<details [^>]*class="divergence"/g);
      const played = count(html, /data-status="played"/g);
      const first = count(html, /data-first="done"/g);
      const stats = count(html, /data-stats="done"/g);
      if (!articles || count(html, /class="source"/g) < 1) throw new Error(`${p.path}: no sources or divergences`);
      if (first !== played || stats !== played) throw new Error(`${p.path}: ${played} played divergences, ${first} with boards, ${stats} with figures`);
      if (count(html, /computing/g) > 0) throw new Error(`${p.path}: something is still computing in the served page`);
      if (!html.includes('id="congklak-results"')) throw new Error(`${p.path}: the build's results are not in the page`);
    }
    if (p.english === '/') {
      const holes = count(html, /class="hole[ "]/g);
      if (holes !== 14) throw new Error(`/: the opening board has ${holes} holes, expected 14`);
    }
    if (p.english === '/puzzles') {
      const n = JSON.parse(readFileSync(join(ROOT, 'engine/data/puzzles.json'), 'utf8')).puzzles.length;
      const listed = count(html, /<li data-puzzle=/g);
      if (listed !== n) throw new Error(`/puzzles: ${listed} puzzles in the served page, ${n} in the file`);
    }
    if (p.english === '/compare' && !/data-testid="many-games"[\s\S]*?<svg/.test(html)) {
      throw new Error('/compare: the default comparison\'s figures are not in the page');
    }
  }
  if (titles.size !== PAGES.length) throw new Error('two pages share a title');
});

test('every page carries a Content-Security-Policy and a referrer policy before its first script, and the policy is enforced', async ({ browser, base }) => {
  for (const p of [...PAGES, { path: '/404.html' }]) {
    const url = base + served(p.path);
    const html = await (await fetch(url)).text();
    const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/);
    if (!csp) throw new Error(`${p.path}: no Content-Security-Policy`);
    if (count(html, /Content-Security-Policy/g) !== 1) throw new Error(`${p.path}: not exactly one policy`);
    if (html.indexOf('Content-Security-Policy') > html.indexOf('<script')) throw new Error(`${p.path}: the policy comes after a script`);
    for (const part of ["script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'self'", "connect-src 'self'"]) {
      if (!csp[1].includes(part)) throw new Error(`${p.path}: the policy lacks ${part}: ${csp[1]}`);
    }
    if (/unsafe-inline'[^;]*;/.test(csp[1].split('script-src')[1].split(';')[0] + ';')) throw new Error(`${p.path}: inline scripts allowed wholesale`);
    if (!html.includes('<meta name="referrer" content="same-origin">')) throw new Error(`${p.path}: no referrer policy`);
  }
  // An inline script the build did not hash does not run, and is reported.
  const { context, page, errors } = await openPage(browser);
  try {
    await gotoLive(page, base + '/');
    const ran = await page.evaluate(() => new Promise((done) => {
      document.addEventListener('securitypolicyviolation', () => done(window.__injected === true ? 'ran' : 'blocked'), { once: true });
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
    }));
    if (ran !== 'blocked') throw new Error(`an injected inline script ${ran}`);
    const reported = errors.filter((e) => e.includes('CSP violation'));
    if (reported.length !== 1) throw new Error(`expected the one violation reported, got ${JSON.stringify(errors)}`);
    // The app itself stays live under the policy: the board plays.
    await expectBoardPlays(page, 'the board did not play under the policy');
    errors.length = 0;
  } finally {
    await context.close();
  }
});

test('stored settings and a language that cannot be read are set aside with a notice, once, and kept to download', async ({ browser, base }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await page.goto(base + '/', { waitUntil: 'load' });
      const bad = { 'congklak.settings': '{"speed": 7', 'congklak.lang': '"Klingon"' };
      await page.evaluate((b) => Object.entries(b).forEach(([k, v]) => localStorage.setItem(k, v)), bad);
      await gotoLive(page, base + '/');
      const notices = page.locator('[data-testid=reset-notice]');
      const deadline = Date.now() + 5000;
      while ((await notices.count()) < 2) {
        if (Date.now() > deadline) throw new Error(`expected two notices, saw ${await notices.count()}`);
        await page.waitForTimeout(100);
      }
      const texts = (await notices.allTextContents()).join(' | ');
      for (const what of ['Your game settings', 'Your language choice']) {
        if (!texts.includes(what)) throw new Error(`no notice names ${what}: ${texts}`);
      }
      const kept = await page.evaluate((b) => Object.keys(b).map((k) => [localStorage.getItem(`${k}.unreadable`), localStorage.getItem(k)]), bad);
      if (kept[0][0] !== bad['congklak.settings'] || kept[1][0] !== bad['congklak.lang']) throw new Error(`not kept aside: ${JSON.stringify(kept)}`);
      const hrefs = await notices.locator('a[download]').evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href').split(',').slice(1).join(','))));
      for (const text of Object.values(bad)) {
        if (!hrefs.includes(text)) throw new Error(`no download holds ${text}: ${JSON.stringify(hrefs)}`);
      }
      // The page still plays, with the defaults.
      await expectBoardPlays(page, 'the board did not play after the reset');
      if (viewport.width === 360) await page.screenshot({ path: join(SHOTS, 'reset-notice-phone.png') });
      await notices.first().locator('button').click();
      if ((await notices.count()) !== 1) throw new Error('dismissing did not remove the notice');
      // Said once: the next visit reads nothing unreadable.
      await gotoLive(page, base + '/');
      if ((await notices.count()) !== 0) throw new Error('the notice came back on the next visit');
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('a hole tapped before the page is live is held, marked, and played once it is live (phone, 4x CPU)', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  let release = null;
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The app cannot go live before the tap: its packs and wasm wait for it.
    const tapped = new Promise((ok) => { release = ok; });
    await context.route(/(_bg\.wasm|packs(-play)?\.json)$/, async (route) => {
      await tapped;
      await route.continue();
    });
    const going = page.goto(base + '/', { waitUntil: 'commit' });
    going.catch(() => {}); // awaited below; a failure before then closes the page
    const hole = page.locator('[data-board=main] [data-side=A][data-hole="1"]');
    await hole.waitFor({ state: 'visible' });
    const before = await boardState(page);
    if (await page.evaluate(() => document.documentElement.dataset.app === 'live')) throw new Error('live before its wasm came');
    await hole.locator('.recess').click();
    if (!(await hole.evaluate((h) => h.classList.contains('held')))) throw new Error('the tap before the page was live was not held');
    await page.screenshot({ path: join(SHOTS, 'held-tap-phone.png') });
    release();
    await going;
    const deadline = Date.now() + 10_000;
    while (JSON.stringify(await boardState(page)) === JSON.stringify(before)) {
      if (Date.now() > deadline) throw new Error('the held tap was not played once the page was live');
      await page.waitForTimeout(100);
    }
    if (await page.locator('.hole.held').count()) throw new Error('a hole is still marked held');
    expectNoErrors(errors);
  } finally {
    release?.();
    await context.close();
  }
});

test('with JavaScript off, the reading pages are complete and the play page shows the opening board', async ({ browser, base }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(base + '/packs/umum', { waitUntil: 'load' });
      await page.locator('main h1', { hasText: packName('umum') }).waitFor();
      const boards = await page.locator(".parting [data-board]").count();
      const played = await page.locator('details.divergence[data-status=played]').count();
      if (boards !== 2 * played) throw new Error(`umum without JavaScript: ${boards} parting boards for ${played} played divergences`);
      // Divergences are folded until opened (natively: no script needed).
      await page.locator('details.divergence[data-status=played] > summary').first().click();
      const box = await page.locator(".parting [data-board]").first().boundingBox();
      if (!box || box.width < 100 || box.height < 50) throw new Error(`a parting board is drawn at ${JSON.stringify(box)}`);
      await page.goto(base + '/', { waitUntil: 'load' });
      const holes = await page.locator('[data-board=main] .hole').count();
      const board = await page.locator('[data-board=main]').boundingBox();
      if (holes !== 14 || !board || board.width < 200) throw new Error(`/ without JavaScript: ${holes} holes, board ${JSON.stringify(board)}`);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `nojs-play-${viewport.width}.png`) });
    } finally {
      await context.close();
    }
  }
});

test('hydration: no console error or warning on any page, and the board plays once live', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  const warnings = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(`${page.url()}: ${msg.text()}`);
  });
  try {
    for (const p of PAGES) {
      await page.goto(base + p.path, { waitUntil: 'load' });
      await expectHeading(page, p.heading);
    }
    // The first page of a visit: the pre-rendered opening board is the live one.
    await page.goto(base + '/', { waitUntil: 'load' });
    const before = await boardState(page);
    const none = (await page.locator('[data-testid=summary]').textContent()).trim();
    if (none !== '') throw new Error(`a summary before any move: "${none}"`);
    const legal = page.locator('[data-board=main] .hole.legal').first();
    await clickHole(page, await legal.getAttribute('data-side'), await legal.getAttribute('data-hole'));
    await page.waitForFunction(() => document.querySelector('[data-testid=summary]').textContent.trim().length > 0);
    const after = await boardState(page);
    if (JSON.stringify(after) === JSON.stringify(before)) throw new Error('the board did not change after a move');
    expectNoErrors([...errors, ...warnings]);
  } finally {
    await context.close();
  }
});

// How many functions a wasm module defines (its function section's count).
function definedFunctions(bytes) {
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    const end = at + size;
    if (id === 3) return leb();
    at = end;
  }
  return 0;
}

test('the worker that compiles a page\'s wasm has every function compiled first: the page\'s own thread compiles none of its bundle\'s core while it goes live, nor for a move', async ({ browser, base }) => {
  // (The pack pages and /about load no wasm: see the next test.) The parts
  // of a bundle (an island's code, fetched when a page first shows it) are
  // loaded by wasm-split's own loader on the page's thread: their functions
  // may be compiled there, no more than they hold.
  for (const path of ['/', '/compare', '/learn']) {
    const { context, page, errors } = await openPage(browser);
    const asked = requestedPaths(page);
    try {
      const cdp = await context.newCDPSession(page);
      const events = [];
      cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
      const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,v8.wasm,disabled-by-default-v8.wasm.detailed',
        transferMode: 'ReportEvents',
      });
      await page.goto(base + path);
      if (path === '/') await expectBoardPlays(page, 'the board did not change after a move');
      await cdp.send('Tracing.end');
      await done;
      // V8 traces each function it compiles on first call (wasm.CompileLazy),
      // on the thread that calls it: the page's is the one that parsed it.
      const parse = events.find((e) => e.name === 'ParseHTML');
      const lazy = events.filter((e) => e.name === 'wasm.CompileLazy');
      const here = lazy.filter((e) => e.pid === parse.pid && e.tid === parse.tid).length;
      if (lazy.length - here < 500) throw new Error(`${path}: only ${lazy.length - here} functions compiled off the page's thread`);
      const parts = asked.filter((p) => /^\/congklak-[a-z]+-[0-9a-f]{16}\/.*\.wasm$/.test(p));
      const inParts = parts.reduce((n, p) => n + definedFunctions(readFileSync(join(DIST, p))), 0);
      if (here > inParts) throw new Error(`${path}: the page's thread compiled ${here} wasm functions itself (its parts ${parts.join(', ') || 'none'} hold ${inParts})`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('the reading pages are the build\'s HTML: a pack page, /packs and /about load no code and are live at once; /compare loads only its island\'s bundle', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  const asked = requestedPaths(page);
  try {
    await page.goto(base + '/packs', { waitUntil: 'load' });
    await page.locator('.pack-list a[href="/packs/sungka"]').click();
    await expectHeading(page, packName('sungka'));
    expectPath(page, base, '/packs/sungka');
    await live(page);
    // Every figure is the build's.
    const played = await page.locator('details.divergence[data-status=played]').count();
    const done = await page.locator('[data-stats=done]').count();
    if (played === 0 || done !== played) throw new Error(`${done} figures for ${played} played divergences`);
    await page.goto(base + '/about', { waitUntil: 'load' });
    await expectHeading(page, 'About congklak');
    const code = asked.filter((p) => p.endsWith('.wasm') || /\/congklak-[a-z]+-[0-9a-f]{16}\.js$/.test(p) || p.endsWith('worker.js'));
    if (code.length) throw new Error(`the reading pages loaded ${code.join(' ')}`);
    if (asked.some((p) => p.includes('packs') && p.endsWith('.json'))) throw new Error(`the reading pages fetched ${asked.filter((p) => p.endsWith('.json')).join(' ')}`);
    // A folded divergence opens when a link leads to it.
    await page.goto(base + '/packs/sungka', { waitUntil: 'load' });
    const first = page.locator('[data-testid=pack-ranking] a').first();
    const id = (await first.getAttribute('href')).slice(1);
    if (await page.locator(`details#${id}`).evaluate((d) => d.open)) throw new Error('a divergence is open before its link is followed');
    await first.click();
    await page.waitForFunction((id) => document.getElementById(id).open, id);
    await page.goto(base + `/packs/sungka#${id}`, { waitUntil: 'load' });
    await page.waitForFunction((id) => document.getElementById(id).open, id);
    // /compare: the islands bundle's core, its island's part, and the packs it reads.
    asked.length = 0;
    await page.goto(base + '/compare', { waitUntil: 'load' });
    await live(page);
    const wasm = asked.filter((p) => p.endsWith('.wasm'));
    const core = wasm[0]?.match(/^\/(congklak-islands-[0-9a-f]{16})_bg\.wasm$/)?.[1];
    if (!core || wasm.slice(1).some((p) => !p.startsWith(`/${core}/`)) || wasm.length < 2) throw new Error(`/compare loaded ${wasm.join(' ')}`);
    if (await page.locator('leptos-island').count() !== 1) throw new Error('/compare should have one island');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('/ loads its own bundle and the packs\' rules only; a link to a reading page loads that page, without code, and Back returns', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  const asked = requestedPaths(page);
  try {
    await page.goto(base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    // The one browser bundle's core: the play page's code is in it, none of
    // its parts (the other pages' islands) before they are used.
    const wasm = asked.filter((p) => p.endsWith('.wasm'));
    if (wasm.length !== 1 || !/^\/congklak-islands-[0-9a-f]{16}_bg\.wasm$/.test(wasm[0])) throw new Error(`/ loaded ${wasm.join(' ')}`);
    if (!asked.includes('/packs-play.json') || asked.includes('/packs.json')) throw new Error(`/ read ${asked.filter((p) => p.includes('packs')).join(' ')}`);
    // The board plays with the play page's packs.
    await page.locator('[data-board=main] .hole.legal').first().waitFor();
    const current = () => page.locator('.site-nav > a[aria-current=page]').allInnerTexts();
    if ((await current()).join() !== 'Play') throw new Error(`current page in the header: ${await current()}`);
    asked.length = 0;
    await followOut(page, page.locator('.site-nav > a', { hasText: 'About' }));
    await expectHeading(page, 'About congklak');
    expectPath(page, base, '/about');
    if ((await current()).join() !== 'About') throw new Error(`current page in the header: ${await current()}`);
    if (asked.some((p) => p.endsWith('.wasm'))) throw new Error(`/about loaded ${asked.filter((p) => p.endsWith('.wasm')).join(' ')}`);
    await page.goBack();
    await expectHeading(page, 'Play congklak');
    expectPath(page, base, '/');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the packs page lists every pack, and links lead to them', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await followOut(page, page.locator('.site-nav > a', { hasText: 'Packs' }));
    await expectHeading(page, 'Rule packs');
    expectPath(page, base, '/packs');
    const items = page.locator('.pack-list li');
    const ids = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json'));
    if ((await items.count()) !== ids.length) throw new Error(`${await items.count()} packs listed, ${ids.length} in packs/`);
    await page.locator('.pack-list a', { hasText: packName('umum') }).click();
    await expectHeading(page, packName('umum'));
    expectPath(page, base, '/packs/umum');
    // A pack page is under Packs in the header.
    const current = await page.locator('.site-nav > a[aria-current=page]').allInnerTexts();
    if (current.join() !== 'Packs') throw new Error(`current page in the header: ${current}`);
    await page.goBack();
    await expectHeading(page, 'Rule packs');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('an unknown pack shows "Page not found" (status 404), and the page not found loads no code', async ({ browser, base }) => {
  // /packs/<unknown>/ has no folder in dist/: the README's server answers
  // with the build's 404.html, as a static host does.
  const server = await serve(DIST, { gzip: true });
  const { context, page, errors } = await openPage(browser);
  const asked = requestedPaths(page);
  try {
    const res = await page.goto(server.base + '/packs/no-such-pack', { waitUntil: 'load' });
    if (res.status() !== 404) throw new Error(`status ${res.status()}`);
    await expectHeading(page, 'Page not found');
    if (asked.some((p) => p.endsWith('.wasm'))) throw new Error(`the page not found loaded ${asked.filter((p) => p.endsWith('.wasm')).join(' ')}`);
    expectNoErrors(errors.filter((e) => !/404 \(Not Found\)|HTTP 404: .*\/packs\/no-such-pack$/.test(e)));
  } finally {
    await context.close();
    await server.close();
  }
});

for (const [width, height] of [[360, 740], [1280, 800]]) {
  test(`screenshot at ${width}x${height}, no sideways scrolling`, async ({ browser, base }) => {
    const { context, page, errors } = await openPage(browser, { width, height });
    try {
      await page.goto(base + '/', { waitUntil: 'load' });
      await expectHeading(page, 'Play congklak');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) throw new Error(`page is ${scrollWidth}px wide in a ${width}px viewport`);
      mkdirSync(SHOTS, { recursive: true });
      const file = join(SHOTS, `play-${width}x${height}.png`);
      await page.screenshot({ path: file });
      console.log(`    saved ${file}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });
}

// --- playing ---------------------------------------------------------------
// Settings for a hotseat game without animation, set before the app starts.
const HOTSEAT = { speed: 'Instant', mode: 'Hotseat', level: 'medium', human: 'A' };
async function playPage(browser, settings = HOTSEAT, viewport, options) {
  const opened = await openPage(browser, viewport, options);
  await opened.context.addInitScript((s) => {
    if (!sessionStorage.getItem('e2e-init')) {
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('congklak.settings', JSON.stringify(s));
    }
  }, settings);
  return opened;
}

// The address holds the game a task after a move: waits until its record
// has as many moves as the scrubber counts.
async function addressHoldsTheGame(page) {
  await page.waitForFunction(() => {
    const label = document.querySelector('.scrubber span')?.textContent || '';
    const total = Number((label.match(/(\d+)\D*$/) || [])[1]);
    const moves = (new URLSearchParams(location.search).get('g') || '').split('.')[3] || '';
    return total > 0 && moves.length >= total;
  });
}

// The engine's own account of a game, from the CLI, to compare the page with.
function engineReplay(pack, moves) {
  const out = execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', 'replay', '--pack', pack, '--moves', moves.join(',')], { cwd: ROOT, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}


function sameBoard(got, want, what) {
  const a = JSON.stringify({ holes: got.holes, stores: got.stores });
  const b = JSON.stringify({ holes: want.holes, stores: want.stores });
  if (a !== b) throw new Error(`${what}: the page shows ${a}, the engine says ${b}`);
}

test('hotseat: several turns by clicking; board and stores follow the engine; reload and link keep the game', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/?g=1.umum.11.', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    const moves = [];
    for (let i = 0; i < 6; i++) {
      const legal = await page.locator('[data-board=main] .hole.legal').first();
      const side = await legal.getAttribute('data-side');
      const hole = await legal.getAttribute('data-hole');
      await clickHole(page, side, hole);
      moves.push(hole);
      await page.waitForFunction((n) => (new URLSearchParams(location.search).get('g') || '').split('.')[3].length === n, moves.length);
    }
    const want = engineReplay('umum', moves);
    sameBoard(await boardState(page), want, 'after six clicks');
    const live = await page.locator('[data-testid=live]').textContent();
    if (!/Stores: A \d+, B \d+/.test(live)) throw new Error(`the live region says "${live}"`);
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-board=main] .hole').first().waitFor();
    sameBoard(await boardState(page), want, 'after a reload');
    // The copy-link button puts the address on the clipboard; a fresh browser opens the same game.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.locator('[data-testid=copy-link]').click();
    await page.locator('.copied', { hasText: 'Link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    if (link !== page.url()) throw new Error(`copied ${link}, the address is ${page.url()}`);
    const fresh = await openPage(browser);
    try {
      await fresh.page.goto(link, { waitUntil: 'load' });
      await fresh.page.locator('[data-board=main] .hole').first().waitFor();
      sameBoard(await boardState(fresh.page), want, 'the link in a fresh browser');
      // The scrubber steps back through the turns.
      await fresh.page.locator('[data-testid=scrubber]').fill('2');
      sameBoard(await boardState(fresh.page), engineReplay('umum', moves.slice(0, 2)), 'scrubbed to turn 2');
      expectNoErrors(fresh.errors);
    } finally {
      await fresh.context.close();
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('against the computer: it answers a move', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, { ...HOTSEAT, mode: 'Computer', speed: 'Fast', level: 'greedy' });
  try {
    await page.goto(base + '/?g=1.standard-mancala.3.', { waitUntil: 'load' });
    await clickHole(page, 'A', '1');
    // A's hole 1 (4 seeds) on Kalah does not reach the store: B, the computer, moves next.
    // The computer may move more than once (extra turns); then it is A's turn again.
    await page.locator('[data-testid=status]', { hasText: /Your move \(Player A\)|wins|won|draw/ }).waitFor({ timeout: 20000 });
    await addressHoldsTheGame(page);
    const moves = new URLSearchParams(new URL(page.url()).search).get('g').split('.')[3];
    if (moves.length < 2) throw new Error(`the computer did not move: ${moves}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// The seed the play page gives the computer for its move after `n` moves of a game of seed `seed` (src/jobs/search.rs).
const computerSeed = (seed, n) => (BigInt(seed) ^ ((BigInt(n) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn)).toString();

test('the computer thinks in a Web Worker of its own bundle, fetched at its first move: the page keeps painting, the answer is the engine\'s', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, { ...HOTSEAT, mode: 'Computer', speed: 'Fast', level: 'hardest' });
  try {
    const workers = [];
    page.on('worker', (w) => workers.push(w.url()));
    const asked = requestedPaths(context);
    await page.goto(base + '/?g=1.umum.5.', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    // The page's bundle has no engine search; the worker's is not fetched
    // before the computer is asked.
    const glue = await page.evaluate(() => document.querySelector('meta[name=congklak-worker]').content);
    if (!/^\/congklak-worker-[0-9a-f]{16}\.js$/.test(glue)) throw new Error(`the page names the worker's bundle ${glue}`);
    if (asked.some((p) => p.startsWith('/congklak-worker-'))) throw new Error(`the worker's bundle was fetched before any job: ${asked.join(' ')}`);
    const pageGlue = asked.find((p) => /^\/congklak-islands-[0-9a-f]{16}\.js$/.test(p));
    if (readFileSync(join(DIST, pageGlue), 'utf8').includes('worker_job')) throw new Error(`${pageGlue} holds the worker's entry point`);
    // Record the longest gap between animation frames from the click on.
    await page.evaluate(() => {
      window.__gap = 0;
      let last = performance.now();
      const tick = (now) => {
        window.__gap = Math.max(window.__gap, now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await clickHole(page, 'A', '3');
    // A's hole 3 ends in a hole B must now move from; wait for B's (the computer's) first move.
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').split('.')[3].length >= 2, null, { timeout: 30000 });
    if (!workers.some((u) => u.endsWith('/worker.js'))) throw new Error(`no worker started: ${workers}`);
    if (!asked.includes(glue.replace(/\.js$/, '_bg.wasm'))) throw new Error(`the worker did not load its bundle: ${asked.join(' ')}`);
    const gap = await page.evaluate(() => window.__gap);
    console.log(`    longest frame gap while the computer thought: ${gap.toFixed(0)} ms`);
    // The hardest level searches far longer than a frame; on the page's thread it would freeze the page meanwhile.
    if (gap > 200) throw new Error(`a frame took ${gap.toFixed(0)} ms: the page froze`);
    const moves = new URLSearchParams(new URL(page.url()).search).get('g').split('.')[3].split('');
    if (moves.length < 2) throw new Error(`the computer did not move: ${moves}`);
    // The computer's first move is the engine's choice for that position, level and seed.
    const out = execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', 'ai', '--pack', 'umum',
      '--moves', moves.slice(0, 1).join(','), '--level', 'hardest', '--seed', computerSeed(5, 1)], { cwd: ROOT, encoding: 'utf8' });
    const want = JSON.parse(out.trim().split('\n').pop()).move;
    if (String(want) !== moves[1]) throw new Error(`the page's computer played ${moves[1]}, the engine's CLI says ${want}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a worker that cannot start: the computer says so in words once, and the game is kept', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, { ...HOTSEAT, mode: 'Computer', speed: 'Fast', level: 'medium' });
  try {
    // The engine's bundle cannot be fetched (as on a host that lost it).
    await context.route(/\/congklak-worker-[0-9a-f]+(_bg\.wasm|\.js)$/, (route) => route.abort());
    await page.goto(base + '/?g=1.umum.5.', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await clickHole(page, 'A', '3');
    await page.locator('.notice[role=alert]', { hasText: 'The computer cannot play in this browser' }).waitFor({ timeout: 30000 });
    const moves = new URLSearchParams(new URL(page.url()).search).get('g').split('.')[3];
    if (moves !== '3') throw new Error(`the game is not kept as played: ${moves}`);
    // The errors are the aborted fetches, nothing of the app's.
    expectNoErrors(errors.filter((e) => !/congklak-worker|Failed to fetch|net::ERR_FAILED|dynamically imported module/.test(e)));
  } finally {
    await context.close();
  }
});

test('a simultaneous opening in hotseat, then rounds', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/?g=1.congkak-portal.5.', { waitUntil: 'load' });
    const status = () => page.locator('[data-testid=status]').textContent();
    if (!/Player A: choose your opening hole/.test(await status())) throw new Error(`status "${await status()}"`);
    // Only A's holes can be picked first; B's pick follows without seeing A's.
    if ((await page.locator('[data-board=main] .hole.legal[data-side=B]').count()) !== 0) throw new Error('B could pick first');
    await clickHole(page, 'A', '3');
    if (!/Now Player B chooses/.test(await status())) throw new Error(`status "${await status()}"`);
    if (new URLSearchParams(new URL(page.url()).search).get('g').split('.')[3] !== '') throw new Error('A\'s secret pick is in the link');
    await clickHole(page, 'B', '5');
    const summary = await page.locator('[data-testid=summary]').textContent();
    if (!/Both sow at once: A from hole 3, B from hole 5/.test(summary)) throw new Error(`summary "${summary}"`);
    const g = new URLSearchParams(new URL(page.url()).search).get('g');
    if (!g.endsWith('._35')) throw new Error(`record ${g}`);
    // Play on with whatever is legal until the first round ends.
    for (let i = 0; i < 400; i++) {
      if (await page.locator('.round-notice').count()) break;
      const legal = page.locator('[data-board=main] .hole.legal').first();
      if (!(await legal.count())) break;
      await clickHole(page, await legal.getAttribute('data-side'), await legal.getAttribute('data-hole'));
    }
    const notice = await page.locator('.round-notice').textContent();
    if (!/Round 1 is over/.test(notice)) throw new Error(`no round summary: "${notice}"`);
    await page.locator('.round-notice button').click();
    const round = await page.locator('.round-label').textContent();
    if (!/Round 2/.test(round)) throw new Error(`round label "${round}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a shared hotseat link opens as a hotseat game in a fresh browser', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  const fresh = await openPage(browser);
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    await clickHole(page, 'A', 3);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('vs') === 'hotseat');
    const link = page.url();
    // A browser with no settings (its default: against the computer).
    await fresh.page.goto(link, { waitUntil: 'load' });
    await openNewGame(fresh.page);
    const mode = await fresh.page.locator('[data-testid=mode]').inputValue();
    await closeNewGame(fresh.page);
    if (mode !== 'hotseat') throw new Error(`the link opened as "${mode}"`);
    const status = await fresh.page.locator('[data-testid=status]').textContent();
    if (/thinking/i.test(status)) throw new Error(`the computer plays in a hotseat link: ${status}`);
    expectNoErrors([...errors, ...fresh.errors]);
  } finally {
    await context.close();
    await fresh.context.close();
  }
});

test('on a phone, a new game brings the board and its prompt into view', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    await openNewGame(page);
    await page.locator('[data-testid=new-game]').click();
    await page.waitForFunction(() => {
      const r = document.querySelector('.status-row').getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });
    const board = await page.locator('[data-board=main]').boundingBox();
    if (!board || board.y < 0 || board.y > 740) throw new Error(`the board is at ${JSON.stringify(board)}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a broken link shows the message and a way back', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/?g=1.umum.7.1q', { waitUntil: 'load' });
    const alert = page.locator('[role=alert]');
    await alert.waitFor();
    const text = await alert.textContent();
    if (!/This game link cannot be opened: its text is damaged or cut short/.test(text)) throw new Error(`message "${text}"`);
    await alert.locator('button', { hasText: 'Start a new game' }).click();
    if (await page.locator('[role=alert]').count()) throw new Error('the message stays');
    // On the Indonesian page the whole message is in Indonesian, the move named.
    await page.goto(base + '/id/?g=1.umum.7.11', { waitUntil: 'load' });
    await page.locator('[role=alert]').waitFor();
    const id = (await page.locator('[role=alert] p').first().textContent()).trim();
    if (!/^Tautan permainan ini tidak bisa dibuka: langkah ke-[12] tidak diperbolehkan dalam permainannya$/.test(id)) throw new Error(`Indonesian message "${id}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('at 360 px the whole board is on screen, upright and readable', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  try {
    await page.goto(base + '/?g=1.umum.1.', { waitUntil: 'load' });
    const box = await page.locator('svg.board').boundingBox();
    if (!box || box.x < 0 || box.x + box.width > 360 || box.y + box.height > 740) throw new Error(`board box ${JSON.stringify(box)}`);
    if (box.width < 240 || box.height < box.width) throw new Error(`board not upright or too small: ${JSON.stringify(box)}`);
    const hole = await page.locator('[data-board=main] .hole .recess').first().boundingBox();
    if (hole.width < 24 || hole.height < 24) throw new Error(`touch target ${hole.width}x${hole.height}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a phone\'s first screen says what the game is and offers the example turn, above the whole board, in both languages', async ({ browser, base }) => {
  for (const [path, words] of [['/', /sowing game/], ['/id/', /permainan menabur/i]]) {
    // A first visit: nothing stored, the computer as the opponent.
    const { context, page, errors } = await openPage(browser, { width: 360, height: 740 });
    try {
      await page.goto(base + path, { waitUntil: 'load' });
      const line = page.locator('.game-header .intro-short');
      if (!(await line.isVisible()) || !words.test(await line.innerText())) throw new Error(`${path}: no line says what the game is`);
      for (const [what, sel] of [['the line', '.game-header .intro-short'], ['the example', '[data-testid=example-open]'], ['the board', 'svg.board']]) {
        const box = await page.locator(sel).boundingBox();
        if (!box || box.y < 0 || box.y + box.height > 740) throw new Error(`${path}: ${what} is not on the first screen: ${JSON.stringify(box)}`);
      }
      const board = await page.locator('svg.board').boundingBox();
      if (board.width < 240 || board.height < board.width) throw new Error(`${path}: the board is not upright or too small: ${JSON.stringify(board)}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('keyboard: Tab to a hole, arrows between holes, Enter plays; hover previews the move', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    await page.locator('[data-board=main] [data-side=A][data-hole="1"]').focus();
    const preview = await page.locator('.preview').textContent();
    if (!/If you play this hole: ends at the lumbung of Player A, banks 1, moves again/.test(preview)) throw new Error(`preview "${preview}"`);
    // After 2, 4, 5 in seed 1, A's hole 1 captures under umum but not under
    // congkak-melayu's lap condition (found by `congklak diverge --against`).
    await page.goto(base + '/?g=1.umum.1.245', { waitUntil: 'load' });
    await page.locator('[data-board=main] [data-side=A][data-hole="1"]').focus();
    const others = await page.locator('.preview').textContent();
    if (!/Played differently under: .*Malay congkak/.test(others)) throw new Error(`preview "${others}"`);
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    await page.locator('[data-board=main] [data-side=A][data-hole="1"]').focus();
    // Arrows move the way they point on screen: A's hole 1 is the rightmost
    // of A's row (umum draws A's store on the left), so ArrowRight stays and
    // ArrowLeft goes to hole 2; no wrapping round.
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.keyboard.press('ArrowRight');
    if ((await focusedLabel()) !== 'Player A, hole 1, 7 seeds') throw new Error(`ArrowRight from the rightmost hole moved to "${await focusedLabel()}"`);
    await page.keyboard.press('ArrowLeft');
    const focused = await focusedLabel();
    if (focused !== 'Player A, hole 2, 7 seeds') throw new Error(`focus on "${focused}"`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').endsWith('.2'));
    sameBoard(await boardState(page), engineReplay('umum', ['2']), 'after Enter on hole 2');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('after a hole is played by keyboard, the focus moves to a hole that can be played, and Enter plays it', async ({ browser, base }) => {
  for (const path of ['/', '/id/']) {
    const { context, page, errors } = await playPage(browser);
    try {
      await page.goto(base + path + '?g=1.umum.2.', { waitUntil: 'load' });
      await page.locator('html[data-app=live]').waitFor();
      // Focused by the keyboard: A's hole 1, then an arrow to hole 2.
      await page.locator('[data-board=main] [data-side=A][data-hole="1"]').focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').endsWith('.2'));
      // B is to move (hotseat): the focus is on one of B's holes that can be played.
      await page.waitForFunction(() => document.activeElement?.matches('[data-board=main] .hole.legal'), null, { timeout: 5000 })
        .catch(async () => {
          const on = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
          throw new Error(`${path}: after the move the focus is on ${on}, not a hole that can be played`);
        });
      const side = await page.evaluate(() => document.activeElement.getAttribute('data-side'));
      if (side !== 'B') throw new Error(`${path}: the focus is on ${side}'s side, B is to move`);
      const hole = await page.evaluate(() => document.activeElement.getAttribute('data-hole'));
      await page.keyboard.press('Enter');
      await page.waitForFunction((h) => (new URLSearchParams(location.search).get('g') || '').endsWith('.2' + h), hole);
      sameBoard(await boardState(page), engineReplay('umum', ['2', hole]), `${path}: after Enter on B's hole ${hole}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('the main board numbers its holes as the texts name them, on a phone and a desktop', async ({ browser, base }) => {
  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    for (const path of ['/', '/id/']) {
      const { context, page, errors } = await playPage(browser, HOTSEAT, viewport);
      try {
        await page.goto(base + path + '?g=1.umum.2.', { waitUntil: 'load' });
        const holes = page.locator('[data-board=main] .hole');
        const n = await holes.count();
        if (n !== 14) throw new Error(`${path}: ${n} holes`);
        for (let i = 0; i < n; i++) {
          const hole = holes.nth(i);
          const k = await hole.getAttribute('data-hole');
          const number = hole.locator('.hole-number');
          if ((await number.count()) !== 1 || !(await number.isVisible())) throw new Error(`${path} at ${viewport.width}px: hole ${k} of ${await hole.getAttribute('data-side')} shows no number`);
          const text = (await number.textContent()).trim();
          if (text !== k) throw new Error(`${path}: hole ${k} is numbered ${text}`);
        }
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, `numbers-${path === '/' ? 'en' : 'id'}-${viewport.width}.png`) });
        expectNoErrors(errors);
      } finally {
        await context.close();
      }
    }
  }
});

test('the end of a game speaks to the player: who won, why play stopped, and not before the last sowing is shown', async ({ browser, base }) => {
  // A hotseat game played to its end by the first hole that can be played,
  // with no animation; the address before its last move is kept.
  const movesOf = (url) => (new URL(url).searchParams.get('g') || '').split('.')[3] || '';
  let before, mover, hole, result;
  {
    const { context, page, errors } = await playPage(browser);
    try {
      await gotoLive(page, base + '/?g=1.umum.5.');
      for (let i = 0; i < 500; i++) {
        const legal = page.locator('[data-board=main] .hole.legal').first();
        if (!(await legal.count())) break;
        before = page.url();
        mover = await legal.getAttribute('data-side');
        hole = await legal.getAttribute('data-hole');
        await legal.click();
        await page.waitForFunction((n) => ((new URLSearchParams(location.search).get('g') || '').split('.')[3] || '').length > n, movesOf(before).length);
        await page.waitForFunction(() => document.querySelector('[data-board=main] .hole.legal') || /wins|draw/i.test(document.querySelector('[data-testid=status]').textContent));
      }
      result = (await page.locator('[data-testid=status]').textContent()).trim();
      if (!/^Player [AB] wins, \d+ to \d+\. Play stops when the player to move has no seeds on their side\.$|^It's a draw/.test(result)) throw new Error(`the end says "${result}"`);
      const score = await page.locator('[data-testid=score-lead]').textContent();
      if (/ahead by/.test(score) || (!/draw/i.test(result) && !/won by/.test(score))) throw new Error(`at the end the scoreboard says "${score}"`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
  // The same last move against the computer, sown slowly: the result waits
  // for the board, then speaks to the player.
  const winner = /^Player ([AB]) wins/.exec(result)?.[1];
  for (const [prefix, won, lost, sowing] of [['', 'You won', 'The computer won', 'Sowing'], ['/id', 'Kamu menang', 'Komputer menang', 'Menabur']]) {
    const { context, page, errors } = await playPage(browser, { speed: 'Slow', mode: 'Computer', level: 'random', human: mover });
    try {
      const url = new URL(before);
      // The game alone: the link's `vs` would make it a hotseat game again.
      url.searchParams.delete('vs');
      await gotoLive(page, base + prefix + '/' + url.search);
      await clickHole(page, mover, hole);
      const skip = page.locator('[data-testid=skip]');
      await skip.waitFor();
      const during = (await page.locator('[data-testid=status]').textContent()).trim();
      if (!during.startsWith(sowing) || /\d+ (to|lawan) \d+/.test(during)) throw new Error(`${prefix || '/'}: while the last move is sown the status says "${during}"`);
      await skip.click();
      const want = winner ? (winner === mover ? won : lost) : (prefix ? 'Seri' : "It's a draw");
      await page.waitForFunction((w) => document.querySelector('[data-testid=status]').textContent.trim().startsWith(w), want, { timeout: 5000 })
        .catch(async () => { throw new Error(`${prefix || '/'}: the end says "${await page.locator('[data-testid=status]').textContent()}", not "${want} …"`); });
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `game-end${prefix.replace('/', '-')}.png`) });
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('"Play this pack" starts a new game and keeps the game in progress one tap away, in both languages', async ({ browser, base }) => {
  for (const prefix of ['', '/id']) {
    const { context, page, errors } = await playPage(browser);
    try {
      await gotoLive(page, base + prefix + '/?g=1.umum.11.');
      const moves = [];
      for (let i = 0; i < 3; i++) {
        const legal = page.locator('[data-board=main] .hole.legal').first();
        const side = await legal.getAttribute('data-side');
        const hole = await legal.getAttribute('data-hole');
        await clickHole(page, side, hole);
        moves.push(hole);
        await page.waitForFunction((n) => (new URLSearchParams(location.search).get('g') || '').split('.')[3].length === n, moves.length);
      }
      await page.goto(base + prefix + '/packs/umum', { waitUntil: 'load' });
      await page.locator('[data-testid=play-pack]').click();
      await page.waitForURL(/[?&]g=/);
      await page.locator('html[data-app=live]').waitFor({ state: 'attached' });
      const kept = page.locator('[data-testid=previous-game]');
      await kept.waitFor({ timeout: 5000 }).catch(() => { throw new Error(`${prefix || '/'}: the new game says nothing of the game in progress`); });
      const text = await kept.innerText();
      if (!text.includes(prefix ? '3 langkah' : '3 moves')) throw new Error(`${prefix || '/'}: the notice says "${text}"`);
      if ((new URL(page.url()).searchParams.get('g') || '').split('.')[3] !== '') throw new Error(`${prefix || '/'}: the new game is ${page.url()}`);
      await page.locator('[data-testid=previous-back]').click();
      await page.waitForFunction((m) => (new URLSearchParams(location.search).get('g') || '').split('.')[3] === m, moves.join(''));
      // The page the link loads draws the opening; the game is the live page's.
      await page.waitForLoadState('load');
      await page.locator('html[data-app=live]').waitFor({ state: 'attached' });
      sameBoard(await boardState(page), engineReplay('umum', moves), `${prefix || '/'}: back to the game in progress`);
      if (await page.locator('[data-testid=previous-game]').count()) throw new Error(`${prefix || '/'}: the notice stays on the game it led back to`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('the new-game form speaks to a newcomer: the common reading first, who starts under the rules chosen, the game number explained', async ({ browser, base }) => {
  for (const [prefix, common, optional, starts] of [['', 'Congklak, common reading', 'Game number (optional)', /^As these rules say: Player A$/], ['/id', null, 'Nomor permainan (boleh kosong)', /^Menurut aturan ini: Pemain A$/]]) {
    const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
    try {
      await gotoLive(page, base + prefix + '/?g=1.umum.2.');
      await openNewGame(page);
      const dialog = page.locator('[data-testid=new-game-dialog]');
      const first = (await dialog.locator('[data-testid=pack] option').first().getAttribute('value'));
      if (first !== 'umum') throw new Error(`${prefix || '/'}: the list of rules starts with ${first}`);
      if (common && (await dialog.locator('[data-testid=pack] option').first().innerText()).trim() !== common) throw new Error('the first rules are not named as the common reading');
      const pack = (await dialog.locator('[data-testid=starts] option').first().innerText()).trim();
      if (!starts.test(pack)) throw new Error(`${prefix || '/'}: "who starts" offers "${pack}"`);
      const label = (await dialog.locator('label:has([data-testid=seed]) span').innerText()).trim();
      if (label !== optional) throw new Error(`${prefix || '/'}: the game number is labelled "${label}"`);
      const placeholder = await dialog.locator('[data-testid=seed]').getAttribute('placeholder');
      if (placeholder) throw new Error(`${prefix || '/'}: the game number shows "${placeholder}" before anything is typed`);
      if (!(await dialog.locator('[data-testid=seed-about]').isVisible())) throw new Error(`${prefix || '/'}: nothing says what the game number is`);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `new-game${prefix.replace('/', '-')}-360.png`), fullPage: false });
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('a slow turn can be skipped: the board shows the end of the move at once', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, { ...HOTSEAT, speed: 'Slow' });
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    await clickHole(page, 'A', 3);
    const skip = page.locator('[data-testid=skip]');
    await skip.waitFor();
    await skip.click();
    await skip.waitFor({ state: 'detached' });
    sameBoard(await boardState(page), engineReplay('umum', [3]), 'after skipping');
    // The board takes the next move at once.
    if ((await page.locator('[data-board=main] .hole.legal').count()) === 0) throw new Error('no legal hole after skipping');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the skip button names the Escape key only where there is a keyboard: not on a touch screen', async ({ browser, base }) => {
  for (const touch of [false, true]) {
    const { context, page, errors } = await playPage(browser, { ...HOTSEAT, speed: 'Slow' }, { width: 360, height: 740 }, { hasTouch: touch });
    try {
      await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
      if (touch !== (await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches))) throw new Error('the touch screen is not as asked');
      await clickHole(page, 'A', 3);
      const skip = page.locator('[data-testid=skip]');
      await skip.waitFor();
      const shown = await skip.locator('kbd').isVisible();
      if (shown === touch) throw new Error(`${touch ? 'a touch screen' : 'a mouse and keyboard'}: the Esc label is ${shown ? 'shown' : 'hidden'}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('reduced motion: no animation, a written summary of the turn', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, { ...HOTSEAT, speed: 'Slow' });
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    await clickHole(page, 'A', '3');
    // At slow speed an animation would take seconds; under reduced motion the board is final at once.
    sameBoard(await boardState(page), engineReplay('umum', ['3']), 'right after the click');
    const summary = await page.locator('[data-testid=summary]').textContent();
    if (!/^Player A sows hole 3/.test(summary)) throw new Error(`summary "${summary}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a corrupted saved game is discarded with a notice', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('congklak.lang', '"En"');
        localStorage.setItem('congklak.game', '{"v":1,"record":"1.umum.3.zzz","cursor":3}');
      }
    });
    await page.goto(base + '/', { waitUntil: 'load' });
    const text = await page.locator('[role=alert]').textContent();
    if (!/A saved game could not be read and was discarded/.test(text)) throw new Error(`notice "${text}"`);
    if ((await page.locator('[data-board=main] .hole').count()) !== 14) throw new Error('no board');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('Indonesian on a first visit from an Indonesian browser; the switch leads to the same page in the other language, keeps the game and is remembered', async ({ browser, base }) => {
  const context = await browser.newContext({ locale: 'id-ID' });
  await reportPolicyViolations(context);
  const page = await context.newPage();
  const asked = requestedPaths(page);
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    // Taken to the Indonesian page before anything is drawn, the game kept.
    await page.waitForURL((u) => u.pathname === '/id/' && u.search.startsWith('?g=1.umum.2.'));
    await live(page);
    if ((await page.locator('html').getAttribute('lang')) !== 'id') throw new Error('html lang is not id');
    await expectHeading(page, 'Main congklak');
    // The release build's wasm holds the English texts; the Indonesian ones
    // came from the file the page names: the play page's own, not every
    // page's (a text only another page shows is not there), fetched once.
    const file = await page.locator('meta[name=congklak-texts]').getAttribute('content');
    if (!/^\/texts-id-play-[0-9a-f]{16}\.json$/.test(file)) throw new Error(`the play page names the texts "${file}"`);
    const textsAsked = asked.filter((p) => p.includes('texts'));
    if (textsAsked.length !== 1 || textsAsked[0] !== file) throw new Error(`texts fetched: ${textsAsked.join(' ')}`);
    const carried = await page.evaluate(async (f) => (await (await fetch(f)).json()).texts, file);
    if (!carried.includes('Pelajaran')) throw new Error('the play page\'s texts have none of its texts');
    if (carried.some((t) => t.startsWith('Dua perangkat memainkan'))) throw new Error('the play page fetches every page\'s Indonesian texts');
    const label = await page.locator('[data-board=main] .hole').first().getAttribute('aria-label');
    if (label !== 'Pemain A, lubang 1, 7 biji') throw new Error(`label "${label}"`);
    await clickHole(page, 'A', '1');
    await page.locator('[data-testid=summary]').filter({ hasText: /Pemain [AB]/ }).waitFor();
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').split('.')[3]);
    const record = () => page.evaluate(() => new URLSearchParams(location.search).get('g'));
    const played = await record();
    // The switch: the English page, the same game.
    await page.locator('[data-testid=lang]').click();
    await page.waitForURL((u) => u.pathname === '/' && u.search.includes('g=1.umum.2.'));
    await live(page);
    if ((await page.locator('html').getAttribute('lang')) !== 'en') throw new Error('html lang is not en');
    const en = await page.locator('[data-board=main] .hole').first().getAttribute('aria-label');
    if (!/^Player A, hole 1, \d+ seeds?$/.test(en)) throw new Error(`after the switch: "${en}"`);
    if ((await record()) !== played) throw new Error(`the switch lost the game: ${played} became ${await record()}`);
    // Remembered: the Indonesian browser now opens English pages.
    await page.goto(base + '/packs', { waitUntil: 'load' });
    await live(page);
    await expectHeading(page, 'Rule packs');
    expectPath(page, base, '/packs');
    // And back: an English address now leads to the Indonesian page.
    await page.locator('[data-testid=lang]').click();
    await expectHeading(page, 'Paket aturan');
    await page.goto(base + '/about', { waitUntil: 'load' });
    await page.waitForURL((u) => u.pathname === '/id/about');
    await expectHeading(page, 'Tentang congklak');
  } finally {
    await context.close();
  }
});

test('an English page names no Indonesian texts; an Indonesian page with code names every page\'s, fetched once for the visit, and goes live in Indonesian; one without code names none', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  const asked = requestedPaths(page);
  const named = () => page.evaluate(() => document.querySelector('meta[name=congklak-texts]')?.content ?? null);
  const textsAsked = () => asked.filter((p) => p.includes('texts'));
  try {
    for (const path of ['/packs/umum', '/compare', '/learn']) {
      await gotoLive(page, base + path);
      if ((await named()) !== null) throw new Error(`${path} names Indonesian texts`);
    }
    if (textsAsked().length) throw new Error(`English pages fetched ${textsAsked().join(' ')}`);
    await page.locator('[data-testid=lang]').click();
    await page.waitForURL((u) => u.pathname === '/id/learn');
    // Live: its bundle read the texts (without them the page would stay as
    // the build drew it and never go live).
    await live(page);
    const file = await named();
    if (!/^\/texts-id-[0-9a-f]{16}\.json$/.test(file)) throw new Error(`/id/learn names the texts "${file}"`);
    const texts = await page.evaluate(async (f) => (await (await fetch(f)).json()).texts, file);
    if (!texts.includes('Belajar congklak') || !texts.some((t) => t.startsWith('Dua perangkat memainkan'))) throw new Error('/id/learn\'s texts are not every page\'s');
    // Another Indonesian page with code names the same file, kept by the browser.
    await gotoLive(page, base + '/id/puzzles');
    if ((await named()) !== file) throw new Error(`/id/puzzles names "${await named()}", /id/learn "${file}"`);
    await page.goto(base + '/id/about', { waitUntil: 'load' });
    if ((await named()) !== null) throw new Error('/id/about (no code) names Indonesian texts');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});


test('an unknown address gets the app\'s own "Page not found" (status 404) with a way home', async ({ browser, base }) => {
  // The README's server (tests/e2e/serve.mjs), which serves the build's
  // 404.html for an unknown address, as a static host does; the other tests
  // use a plain one.
  const server = await serve(DIST, { gzip: true });
  const { context, page, errors } = await openPage(browser, { width: 360, height: 740 });
  try {
    const res = await page.goto(server.base + '/no/such/page', { waitUntil: 'load' });
    if (res.status() !== 404) throw new Error(`status ${res.status()}`);
    await expectHeading(page, 'Page not found');
    await live(page);
    await page.locator('main a[href="/"]').first().click();
    await expectHeading(page, 'Play congklak');
    // The address itself answers 404, as it should; nothing else may fail.
    expectNoErrors(errors.filter((e) => !/404 \(Not Found\)|HTTP 404: .*\/no\/such\/page$/.test(e)));
  } finally {
    await context.close();
    await server.close();
  }
});

test('the build\'s FILE.br and FILE.gz (zopfli) are what the server sends: brotli where accepted, smaller than gzip -9, the same bytes unpacked; a stale one is never sent', async () => {
  const wasm = readdirSync(DIST).filter((f) => /^congklak-islands-[0-9a-f]+_bg\.wasm$/.test(f));
  if (wasm.length !== 1) throw new Error(`expected one browser bundle wasm in dist/, found ${wasm.join(', ') || 'none'}`);
  const pages = ['index.html', 'packs/umum/index.html', wasm[0], 'packs-play.json'];
  for (const f of pages) {
    const raw = readFileSync(join(DIST, f));
    const gz = readFileSync(join(DIST, f + '.gz'));
    if (!gunzipSync(gz).equals(raw)) throw new Error(`${f}.gz does not unpack to ${f}`);
    const level9 = gzipSync(raw, { level: 9 }).length;
    if (raw.length > 20_000 && gz.length >= level9) throw new Error(`${f}.gz is ${gz.length} B, gzip -9 makes ${level9} B`);
    const br = readFileSync(join(DIST, f + '.br'));
    if (!brotliDecompressSync(br).equals(raw)) throw new Error(`${f}.br does not unpack to ${f}`);
    if (raw.length > 20_000 && br.length >= gz.length) throw new Error(`${f}.br is ${br.length} B, its .gz ${gz.length} B`);
  }
  // A copy of the page and its wasm, to make one .gz stale.
  const dir = mkdtempSync(join(tmpdir(), 'congklak-gz-'));
  const server = await serve(dir, { gzip: true });
  try {
    for (const f of ['index.html', wasm[0]]) for (const g of [f, f + '.gz', f + '.br']) writeFileSync(join(dir, g), readFileSync(join(DIST, g)));
    const get = async (path, accept) => {
      const res = await fetch(server.base + path, { headers: { 'Accept-Encoding': accept } });
      await res.arrayBuffer();
      return { encoding: res.headers.get('content-encoding'), length: Number(res.headers.get('content-length')) };
    };
    for (const [accept, encoding, ext] of [['gzip', 'gzip', '.gz'], ['gzip, deflate, br, zstd', 'br', '.br']]) {
      const sent = await get('/' + wasm[0], accept);
      const want = readFileSync(join(dir, wasm[0] + ext)).length;
      if (sent.encoding !== encoding || sent.length !== want) throw new Error(`asked with "${accept}", the wasm went as ${sent.encoding} ${sent.length} B, its ${ext} is ${want} B`);
    }
    // The page changes after its .gz and .br were made: the server sends the page as it is now.
    writeFileSync(join(dir, 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8') + '<!-- build 2 -->');
    for (const accept of ['gzip', 'gzip, br']) {
      const res = await fetch(server.base + '/', { headers: { 'Accept-Encoding': accept } });
      const text = await res.text();
      if (!text.endsWith('<!-- build 2 -->')) throw new Error(`asked with "${accept}", the server sent a stale precompressed index.html (${res.headers.get('content-encoding')})`);
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('what a returning visitor\'s browser keeps: hashed files and the parts in a hashed folder for a year, pages and data asked again', async () => {
  const server = await serve(DIST, { gzip: true });
  try {
    const wasm = readdirSync(DIST).find((f) => /^congklak-islands-[0-9a-f]+_bg\.wasm$/.test(f));
    const folder = wasm.replace(/_bg\.wasm$/, '');
    const part = readdirSync(join(DIST, folder)).find((f) => f.endsWith('.wasm'));
    const want = {
      [`/${wasm}`]: 'immutable',
      [`/${folder}/${part}`]: 'immutable',
      [`/${folder}/__wasm_split.js`]: 'immutable',
      '/': 'no-cache',
      '/learn': 'no-cache',
      '/packs-play.json': 'no-cache',
      '/sw.js': 'no-cache',
    };
    for (const [path, kind] of Object.entries(want)) {
      const res = await fetch(server.base + path);
      await res.arrayBuffer();
      const cc = res.headers.get('cache-control') || '';
      if (res.status !== 200 || !cc.includes(kind)) throw new Error(`${path}: ${res.status}, Cache-Control "${cc}" (want ${kind})`);
    }
  } finally {
    await server.close();
  }
});

// The engine's own report for a pack against one clause changed, from the CLI.
function engineDivergeReport(pack, clause) {
  const out = execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', 'diverge', '--pack', pack, '--clause', clause, '--seeds', '1..1000'], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}
const engineDiverge = (pack, clause) => engineDivergeReport(pack, clause).stats;

test('a pack page finds where the readings part and opens that game in the compare page', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/packs/umum', { waitUntil: 'load' });
    // Every played divergence is computed as the page opens, in the worker.
    const played = await page.locator('details.divergence[data-status=played]').count();
    await page.waitForFunction((n) => document.querySelectorAll('.parting-report').length === n, played);
    // The first played divergence's game, its length and figures are the engine's (CLI).
    const umum = JSON.parse(readFileSync(join(ROOT, 'packs', 'umum.json'), 'utf8'));
    const d = umum.divergences.find((x) => x.status === 'played' && !x.also);
    const report = await engineDivergeReport('umum', `${d.clause}=${d.value}`);
    const article = page.locator(`details.divergence[id="${d.id}"]`);
    const length = await article.locator('[data-testid=parting-length]').textContent();
    await article.locator('summary').click();
    const wantLength = `That game (game number ${report.first.seed}) runs ${report.first.length_a} moves under this pack and ${report.first.length_b} under the other reading.`;
    if (length !== wantLength) throw new Error(`"${length}", the engine says "${wantLength}"`);
    const parted = await article.locator('[data-stat=parted]').textContent();
    if (!parted.startsWith(`${report.stats.parted} of 1000`)) throw new Error(`parted "${parted}", engine ${report.stats.parted}`);
    if ((await article.locator('[data-testid=outcomes] .outcome-row').count()) !== 2) throw new Error('no results chart');
    const link = article.locator('[data-testid=open-compare]').first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    const t = Number(new URL(href, base).searchParams.get('t'));
    await followOut(page, link);
    await expectHeading(page, 'Compare rules');
    await page.locator('[data-board=compare-a] .hole').first().waitFor();
    if ((await page.locator('[data-board=compare-a] .hole').count()) !== 14) throw new Error('board A');
    if ((await page.locator('[data-board=compare-b] .hole').count()) !== 14) throw new Error('board B');
    const value = Number(await page.locator('[data-testid=compare-scrubber]').inputValue());
    if (value !== t) throw new Error(`the scrubber is at ${value}, the parting turn is ${t}`);
    const label = async (b) => page.locator(`[data-board=${b}] .store`).first().getAttribute('aria-label');
    const before = [await label('compare-a'), await label('compare-b')];
    await page.locator('[data-testid=compare-scrubber]').fill('0');
    const start = [await label('compare-a'), await label('compare-b')];
    if (start[0] !== 'Player A store, 0 seeds' || start[1] !== 'Player A store, 0 seeds') throw new Error(`turn 0: ${start}`);
    if (!new URL(page.url()).search.includes('t=0')) throw new Error(`address ${page.url()}`);
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-board=compare-a] .hole').first().waitFor();
    if (Number(await page.locator('[data-testid=compare-scrubber]').inputValue()) !== 0) throw new Error('reload lost the turn');
    await page.locator('[data-testid=compare-jump]').click();
    const again = [await label('compare-a'), await label('compare-b')];
    if (JSON.stringify(again) !== JSON.stringify(before)) throw new Error(`jump: ${again} vs ${before}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('issue 29 item 9: /compare lands where the boards first differ, steps by turn and by event, and reaches the next game that parts', async ({ browser, base }) => {
  for (const [prefix, viewport, words] of [
    ['', { width: 1280, height: 800 }, { event: /^This move: .+\.$/, jump: 'Jump to where they part' }],
    ['/id', { width: 360, height: 740 }, { event: /^Langkah ini: .+\.$/, jump: 'Lompat ke tempat keduanya berpisah' }],
  ]) {
    const { context, page, errors } = await playPage(browser, HOTSEAT, viewport);
    const where = prefix || '/';
    try {
      // A rule that parts late in a game of several rounds: the pack page's link.
      await page.goto(base + prefix + '/packs/congkak-melayu', { waitUntil: 'load' });
      const article = page.locator('details.divergence[id="syarat-berhenti"]');
      await article.locator('summary').click();
      const link = article.locator('[data-testid=open-compare]').first();
      await link.waitFor();
      const t = Number(new URL(await link.getAttribute('href'), base).searchParams.get('t'));
      await followOut(page, link);
      const scrubber = page.locator('[data-testid=compare-scrubber]');
      await scrubber.waitFor();
      await page.locator('[data-board=compare-a] .hole').first().waitFor();
      const turn = async () => Number(await scrubber.inputValue());
      const marked = () => page.locator('[data-board=compare-a] .marked, [data-board=compare-b] .marked').count();
      const at = async (n) => {
        await page.waitForFunction((x) => new URL(location.href).searchParams.get('t') === String(x), n);
        if ((await turn()) !== n) throw new Error(`${where}: the scrubber is at ${await turn()}, not ${n}`);
      };
      if ((await turn()) !== t) throw new Error(`${where}: opened at turn ${await turn()}, the link says ${t}`);
      // The link's turn is the first where the boards differ: marked there, the same a turn before.
      if ((await marked()) === 0) throw new Error(`${where}: at the parting turn ${t} both boards are the same`);
      const jump = page.locator('[data-testid=compare-jump]');
      if ((await jump.innerText()).trim() !== words.jump) throw new Error(`${where}: the jump reads "${await jump.innerText()}"`);
      await page.locator('[data-testid=compare-turn-prev]').click();
      await at(t - 1);
      if ((await marked()) !== 0) throw new Error(`${where}: a turn before the parting, the boards already differ`);
      await page.locator('[data-testid=compare-turn-next]').click();
      await at(t);
      await page.locator('[data-testid=compare-turn-next]').click();
      await at(t + 1);
      await scrubber.fill('0');
      await at(0);
      await jump.click();
      await at(t);
      // By event: the next capture or round end, said in words on the board whose turn it is.
      await page.locator('[data-testid=compare-event-next]').click();
      await page.waitForFunction((x) => Number(new URL(location.href).searchParams.get('t')) > x, t);
      const e1 = await turn();
      const said = [await page.locator('[data-testid=compare-event-a]').innerText(), await page.locator('[data-testid=compare-event-b]').innerText()].map((s) => s.trim()).filter(Boolean);
      if (said.length === 0 || !said.every((s) => words.event.test(s))) throw new Error(`${where}: at event turn ${e1} the boards say ${JSON.stringify(said)}`);
      // And back: the event before it, then forward to it again (at the
      // last event, Next is off).
      await page.locator('[data-testid=compare-event-prev]').click();
      await page.waitForFunction((x) => Number(new URL(location.href).searchParams.get('t')) < x, e1);
      await page.locator('[data-testid=compare-event-next]').click();
      await at(e1);
      // The next sample game that parts: a higher game number, opened where its boards first differ.
      const seed = Number(new URL(page.url()).searchParams.get('seed'));
      await page.locator('[data-testid=compare-next-game]').click();
      await page.waitForFunction((s) => Number(new URL(location.href).searchParams.get('seed')) > s, seed);
      const t2 = Number(new URL(page.url()).searchParams.get('t'));
      await at(t2);
      if ((await marked()) === 0) throw new Error(`${where}: the next game opens at turn ${t2}, where the boards are the same`);
      if (t2 > 0) {
        await page.locator('[data-testid=compare-turn-prev]').click();
        await at(t2 - 1);
        if ((await marked()) !== 0) throw new Error(`${where}: the next game's boards differ before turn ${t2}`);
      }
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (wide > 0) throw new Error(`${where} at ${viewport.width} px: the page scrolls ${wide} px sideways`);
      // The turn steps on either side of the scrubber, in one row, and the slider as wide as the row allows.
      const [prev, next, slider] = await Promise.all(['compare-turn-prev', 'compare-turn-next', 'compare-scrubber'].map((id) => page.locator(`[data-testid=${id}]`).boundingBox()));
      if (Math.abs(prev.y + prev.height / 2 - (next.y + next.height / 2)) > 2) throw new Error(`${where}: the turn steps sit on two rows (${prev.y}, ${next.y})`);
      if (slider.width < (next.x - prev.x) * 0.5) throw new Error(`${where}: the slider is ${slider.width} px of a row of ${next.x - prev.x}`);
      mkdirSync(SHOTS, { recursive: true });
      await page.locator('[data-testid=compare-jump]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `compare-steps${prefix.replace('/', '-')}-${viewport.width}.png`) });
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});
test('issue 29 item 10: the pack pages and /compare say who plays their sample games, in both languages', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    for (const [path, words] of [
      ['/packs/umum', /^Both sides of every sample game play as a beginner might: each turn the hole that gains the most seeds at once/],
      ['/id/packs/umum', /^Kedua pihak di setiap permainan contoh bermain seperti pemula: tiap giliran memilih lubang yang paling banyak menambah biji/],
      ['/compare', /^Both sides of every sample game play as a beginner might/],
      ['/id/compare', /^Kedua pihak di setiap permainan contoh bermain seperti pemula/],
    ]) {
      await page.goto(base + path, { waitUntil: 'load' });
      await unfoldAll(page);
      const said = page.locator('[data-testid=stats-players]').first();
      await said.waitFor();
      const text = (await said.innerText()).trim();
      if (!words.test(text)) throw new Error(`${path}: the sample games' players are described as "${text}"`);
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('every pack page: every played divergence shows two boards with the right hole counts, and its figures', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    const ids = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
    const bundle = JSON.parse(readFileSync(join(DIST, 'packs.json'), 'utf8'));
    for (const id of ids) {
      // The board size the engine gives the pack (packs may inherit it): from
      // the bundle `congklak bundle` wrote into dist/ at build time.
      const holes = bundle.find((p) => p.id === id).rules.holes;
      const pack = JSON.parse(readFileSync(join(ROOT, 'packs', `${id}.json`), 'utf8'));
      await page.goto(`${base}/packs/${id}`, { waitUntil: 'load' });
      await expectHeading(page, pack.name.en);
      const played = pack.divergences.filter((d) => d.status === 'played');
      if ((await page.locator('[data-testid=parting]').count()) !== played.length) throw new Error(`${id}: ${played.length} played divergences`);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=parting]')].every((p) => p.dataset.first === 'done' && p.dataset.stats === 'done'), null, { timeout: 120000 });
      for (const d of played) {
        const article = page.locator(`details.divergence[id="${d.id}"]`);
        const other = d.clause === 'holes' ? d.value : holes;
        if ((await article.locator('.parting-never').count()) === 0) {
          const a = await article.locator('[data-reading=this] .hole').count();
          const b = await article.locator('[data-reading=other] .hole').count();
          if (a !== 2 * holes || b !== 2 * other) throw new Error(`${id}#${d.id}: boards of ${a} and ${b} holes, expected ${2 * holes} and ${2 * other}`);
        }
        const games = await article.locator('.parting-stats h4').textContent();
        if (!games.includes('1000')) throw new Error(`${id}#${d.id}: "${games}"`);
      }
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a broken compare link says what is wrong', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/compare?a=umum&b=nowhere&seed=1', { waitUntil: 'load' });
    const text = await page.locator('[role=alert]').textContent();
    if (!/This comparison cannot be opened: Second ruleset: it names rules this app does not have/.test(text)) throw new Error(`"${text}"`);
    // In Indonesian, every word of it.
    await page.goto(base + '/id/compare?a=umum&b=nowhere&seed=1', { waitUntil: 'load' });
    const id = await page.locator('[role=alert]').textContent();
    if (id.trim() !== 'Perbandingan ini tidak bisa dibuka: Aturan kedua: aturan yang disebutnya tidak ada di aplikasi ini') throw new Error(`"${id}"`);
    // The form shows what Compare would compare instead: the usual two
    // rulesets and game 1, not an empty game number.
    const a = await page.getByTestId('compare-a').inputValue();
    const b = await page.getByTestId('compare-b').inputValue();
    const seed = await page.getByTestId('compare-seed').getAttribute('placeholder');
    if (a !== 'umum' || b !== 'congkak-melayu' || seed !== '1') throw new Error(`form shows ${a}, ${b}, game "${seed}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});


// A phone with touch whose pages are not used unless the test uses them
// (not openPage, whose pages are used at once: see useIslands), with the
// paths it asks for.
async function touchPhone(browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  await reportPolicyViolations(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { context, page, errors, asked: requestedPaths(context) };
}

test('/ on a first visit runs no code until used (its bundle is fetched ahead once the page is idle); a hole tapped meanwhile is held, marked and played; a returning visitor\'s page is live unused', async ({ browser, base }) => {
  const { context, page, errors, asked } = await touchPhone(browser);
  const code = () => asked.filter((p) => p.endsWith('.wasm') || /\/congklak-islands-[0-9a-f]{16}\.js$/.test(p) || p.includes('packs'));
  try {
    await page.goto(base + '/', { waitUntil: 'networkidle' });
    await expectHeading(page, 'Play congklak');
    // Fetched and compiled ahead, but not run: nothing else (its packs, its
    // parts, the worker) is asked for before the page is used.
    const ahead = code().filter((p) => !/^\/congklak-islands-[0-9a-f]{16}(_bg\.wasm|\.js)$/.test(p));
    if (ahead.length) throw new Error(`/ loaded ${ahead.join(' ')} before it was used`);
    if (await page.evaluate(() => document.documentElement.dataset.app === 'live')) throw new Error('/ went live unused');
    if (!(await page.locator('[data-testid=example-open]').evaluate((b) => b.classList.contains('first-visit')))) throw new Error('a first visit is not offered the example');
    // The first tap wakes the page; it is held until the page is live, then played.
    const before = await boardState(page);
    const hole = page.locator('[data-board=main] [data-side=A][data-hole="1"]');
    // Whether the hole was marked held at any moment: the page may go live
    // (and unmark it) before the test looks, when its code was ready ahead.
    await hole.evaluate((h) => {
      window.__held = h.classList.contains('held');
      new MutationObserver(() => { window.__held ||= h.classList.contains('held'); })
        .observe(h, { attributes: true, attributeFilter: ['class'] });
    });
    await hole.locator('.recess').tap();
    if (!(await page.evaluate(() => window.__held))) throw new Error('the first tap was not held');
    await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
    const deadline = Date.now() + 10_000;
    while (JSON.stringify(await boardState(page)) === JSON.stringify(before)) {
      if (Date.now() > deadline) throw new Error('the held tap was not played once the page was live');
      await page.waitForTimeout(100);
    }
    const wasm = code().filter((p) => p.endsWith('.wasm'));
    if (!/^\/congklak-islands-[0-9a-f]{16}_bg\.wasm$/.test(wasm[0])) throw new Error(`/ loaded ${wasm.join(' ')}`);
    // Back again: the game is the visitor's own, shown at once.
    asked.length = 0;
    await page.goto(base + '/', { waitUntil: 'load' });
    await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
    if (JSON.stringify(await boardState(page)) === JSON.stringify(before)) throw new Error('the returning visitor sees the opening, not their game');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('/compare loads no code until its comparison is used; a choice and a tap made while the code comes are applied', async ({ browser, base }) => {
  const { context, page, errors, asked } = await touchPhone(browser);
  const code = () => asked.filter((p) => p.endsWith('.wasm') || /\/congklak-islands-[0-9a-f]{16}\.js$/.test(p) || p === '/packs-compare.json');
  try {
    await page.goto(base + '/compare', { waitUntil: 'networkidle' });
    // Read, not used: the build's comparison, and no code fetched.
    await expectHeading(page, 'Compare rules');
    if (code().length) throw new Error(`/compare loaded ${code().join(' ')} before it was used`);
    if (await page.evaluate(() => document.documentElement.dataset.app === 'live')) throw new Error('/compare went live unused');
    const shown = await page.locator('[data-testid=compare-parting]').innerText();
    if (!shown.trim()) throw new Error('no comparison drawn by the build');
    // Used: a ruleset chosen, then the button tapped, both before it is live.
    await page.locator('[data-testid=compare-b]').selectOption('sungka');
    await page.locator('[data-testid=compare-go]').tap();
    await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
    await page.waitForFunction(() => new URL(location.href).searchParams.get('b') === 'sungka');
    // Its own bundle first (the computer's worker and, once live, the
    // service worker's precache come after it).
    const wasm = code().filter((p) => p.endsWith('.wasm'));
    if (!/^\/congklak-islands-[0-9a-f]{16}_bg\.wasm$/.test(wasm[0])) throw new Error(`/compare loaded ${wasm.join(' ')}`);
    if (await page.locator('[data-testid=compare-b]').inputValue() !== 'sungka') throw new Error('the chosen ruleset was reset');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('/friend loads no code until it is used, unless a game with a friend is kept; a tap on Invite made while the code comes is applied', async ({ browser, base }) => {
  const { context, page, errors, asked } = await touchPhone(browser);
  const wasm = () => asked.filter((p) => p.endsWith('.wasm'));
  try {
    await page.goto(base + '/friend', { waitUntil: 'networkidle' });
    await expectHeading(page, 'Play a friend');
    if (wasm().length) throw new Error(`/friend loaded ${wasm().join(' ')} before it was used`);
    if (await page.evaluate(() => document.documentElement.dataset.app === 'live')) throw new Error('/friend went live unused');
    // Tapped before it is live: the invitation is made once it is.
    await page.locator('[data-testid=friend-invite]').tap();
    const offer = await page.locator('[data-testid=friend-offer]').inputValue();
    if (!offer.startsWith('K1.')) throw new Error(`invitation "${offer.slice(0, 20)}"`);
    // Its own bundle first (once live, the service worker precaches the rest).
    if (!/^\/congklak-islands-[0-9a-f]{16}_bg\.wasm$/.test(wasm()[0])) throw new Error(`/friend loaded ${wasm().join(' ')}`);
    // A kept game is the visitor's own to see: the page is live unused.
    await page.evaluate(() => localStorage.setItem('congklak.friend.v1', JSON.stringify({ game: '1.umum.7.', me: 'A' })));
    await page.goto(base + '/id/friend', { waitUntil: 'load' });
    await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
    await page.locator('[data-testid=friend-resume]').waitFor();
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('/compare keeps its folded clause editors as the build drew them; unfolded, an editor is live at once', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/compare', { waitUntil: 'load' });
    const editor = page.locator('[data-testid=clause-editor-a]');
    const rows = await editor.locator('tbody tr').count();
    if (rows < 20) throw new Error(`the folded editor holds ${rows} rows`);
    await editor.locator('.clause-editor-body').evaluate((b) => { b.firstElementChild.dataset.mark = 'build'; });
    await editor.locator('summary').click();
    // Drawn live (the build's copy replaced), the same rows, and its controls work.
    await editor.locator('[data-mark=build]').waitFor({ state: 'detached' });
    if ((await editor.locator('tbody tr').count()) !== rows) throw new Error('the live editor has other rows');
    await editor.locator('select[aria-label="Move again after ending in one\'s store (the first ruleset)"]').selectOption('false');
    await page.waitForFunction(() => (new URL(location.href).searchParams.get('a') || '').startsWith('~'));
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('every board finds its paints: one wood and one recess shading a page, outside any folded part', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    for (const path of ['/', '/packs/umum', '/compare', '/learn']) {
      await gotoLive(page, base + path);
      const found = await page.evaluate(() => ['wood', 'pit'].map((id) => {
        const all = document.querySelectorAll(`#${id}`);
        const el = all[0];
        return { id, count: all.length, hidden: !el || Boolean(el.closest('details, [hidden]')) || getComputedStyle(el.ownerSVGElement).display === 'none' };
      }));
      for (const f of found) {
        if (f.count !== 1 || f.hidden) throw new Error(`${path}: #${f.id} ${f.count} times, first hidden: ${f.hidden}`);
      }
      const boards = await page.locator('svg.board').count();
      if (boards === 0) throw new Error(`${path}: no board`);
      // A board further down (a pack page's later divergences) uses them too.
      if (path === '/packs/umum') {
        const d = page.locator('details.divergence:has(svg.board)').nth(3);
        await d.locator('summary').click();
        const fill = await d.locator('svg.board .body').first().evaluate((b) => b.getAttribute('fill'));
        if (fill !== 'url(#wood)') throw new Error(`a board's body is painted ${fill}`);
      }
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('/compare keeps its two boards as the build drew them until scrubbed; then they are live and follow the scrubber', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await gotoLive(page, base + '/compare');
    const label = (id) => page.locator(`[data-board=${id}] .hole`).evaluateAll((h) => h.map((e) => e.getAttribute('aria-label')).join(' | '));
    const start = [await label('compare-a'), await label('compare-b')];
    for (const id of ['compare-a', 'compare-b']) {
      await page.locator(`[data-board=${id}]`).evaluate((b) => { b.dataset.mark = 'build'; });
    }
    const scrubber = page.locator('[data-testid=compare-scrubber]');
    // Where the boards first differ (the jump's turn, a few turns in).
    await page.locator('[data-testid=compare-jump]').click();
    await page.waitForFunction(() => Number(new URL(location.href).searchParams.get('t')) > 0);
    const to = String(Number(new URL(page.url()).searchParams.get('t')) + 2);
    await scrubber.fill(to);
    await page.waitForFunction((x) => new URL(location.href).searchParams.get('t') === x, to);
    // Drawn live in place of the build's drawing, two turns after the
    // boards first differ.
    await page.locator('[data-mark=build]').first().waitFor({ state: 'detached' });
    const at6 = [await label('compare-a'), await label('compare-b')];
    if (at6[0] === start[0] || at6[1] === start[1]) throw new Error('the boards did not follow the scrubber');
    if (at6[0] === at6[1]) throw new Error('after the parting the two boards are the same');
    if ((await page.locator('[data-board=compare-a] .hole').count()) !== 14) throw new Error('board A');
    await scrubber.fill('0');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('t') === '0');
    const back = [await label('compare-a'), await label('compare-b')];
    if (back[0] !== start[0] || back[1] !== start[1]) throw new Error('back at turn 0, the boards are not the build\'s');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the clause editors change A and B and the comparison; both can be played; figures and charts over 1000 games', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/compare?a=umum&b=umum&seed=4', { waitUntil: 'load' });
    const parting = page.locator('[data-testid=compare-parting]');
    if (!/is the same under both readings/.test(await parting.textContent())) throw new Error(await parting.textContent());
    // The game number field shows the game compared until one is typed.
    await page.waitForFunction(() => document.querySelector('[data-testid=compare-seed]').placeholder === '4');
    await page.locator('[data-testid=clause-editor-b] summary').click();
    await page.locator('[data-testid=clause-editor-b] select[aria-label="A lap before a capture (the second ruleset)"]').selectOption('whole-turn');
    await parting.filter({ hasText: /part at move \d+/ }).waitFor();
    const b = new URL(page.url()).searchParams.get('b');
    if (!b.startsWith('~')) throw new Error(`B is ${b}`);
    // The editor stays open, and marks the clause where A and B now differ.
    if (!(await page.locator('[data-testid=clause-editor-b]').evaluate((d) => d.open))) throw new Error('the editor folded');
    const differs = await page.locator('[data-testid=clause-editor-b] tr.differs').evaluateAll((rows) => rows.map((r) => r.dataset.clause));
    if (JSON.stringify(differs) !== '["capture_lap"]') throw new Error(`rows marked: ${differs}`);
    // Figures over 1000 games, computed in the worker, equal the engine's (CLI).
    const want = engineDiverge('umum', 'capture_lap=whole-turn');
    const many = page.locator('[data-testid=many-games]');
    await many.locator('[data-testid=outcomes]').waitFor({ timeout: 60000 });
    for (const i of [0, 1]) {
      const [a, bw, d] = want.results[i];
      const text = await many.locator(`[data-stat=results-${i}]`).textContent();
      if (!text.includes(`Player A wins ${a}, Player B wins ${bw}, draws ${d}`)) throw new Error(`results ${i}: "${text}", engine ${want.results[i]}`);
      const first = (want.first_mover_wins[i] / 10).toFixed(1);
      if (!text.includes(`the first mover wins ${first}%`)) throw new Error(`first mover ${i}: "${text}", engine ${first}`);
    }
    const parted = await many.locator('[data-stat=parted]').textContent();
    if (!parted.startsWith(`${want.parted} of 1000`)) throw new Error(`parted "${parted}", engine ${want.parted}`);
    const bars = await many.locator('[data-testid=margins] rect.bar').count();
    if (bars !== want.margin_histogram[0].length * 2) throw new Error(`${bars} margin bars`);
    // Now change A as well: the comparison and the address follow.
    await page.locator('[data-testid=clause-editor-a] summary').click();
    await page.locator('[data-testid=clause-editor-a] select[aria-label="Move again after ending in one\'s store (the first ruleset)"]').selectOption('false');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('a').startsWith('~'));
    const a = new URL(page.url()).searchParams.get('a');
    const rowsA = await page.locator('[data-testid=clause-editor-a] tr.differs').evaluateAll((rows) => rows.map((r) => r.dataset.clause));
    if (JSON.stringify(rowsA.sort()) !== '["capture_lap","extra_turn"]') throw new Error(`rows marked after editing A: ${rowsA}`);
    await followOut(page, page.locator('[data-testid=play-a]'));
    await expectHeading(page, 'Play congklak');
    await page.locator('[data-board=main] .hole').first().waitFor();
    const g = new URLSearchParams(new URL(page.url()).search).get('g');
    if (!g.startsWith(`1.${a}.4.`)) throw new Error(`the game link does not carry custom ruleset A: ${g} (A is ${a})`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('"Play ruleset A" on /compare opens that game at once, not the saved one', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    // A saved game of another pack (6 holes a side) that the link must replace.
    await page.goto(base + '/?g=1.standard-mancala.3.', { waitUntil: 'load' });
    if ((await page.locator('[data-board=main] .hole').count()) !== 12) throw new Error('standard-mancala has 6 holes a side');
    await followOut(page, page.locator('.site-nav > a[href="/compare"]'));
    await expectHeading(page, 'Compare rules');
    await followOut(page, page.locator('[data-testid=play-a]'));
    await expectHeading(page, 'Play congklak');
    await page.waitForFunction(() => document.querySelectorAll('[data-board=main] .hole').length === 14);
    const g = new URL(page.url()).searchParams.get('g');
    if (!g || !g.startsWith('1.umum.1.')) throw new Error(`the address holds ${g}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the compare scrubber follows a tap and the keyboard on a phone', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  try {
    await gotoLive(page, base + '/compare?a=umum&b=congkak-melayu&seed=1&t=0');
    const scrubber = page.locator('[data-testid=compare-scrubber]');
    await scrubber.waitFor();
    const max = Number(await scrubber.getAttribute('max'));
    const stores = () => page.locator('[data-board=compare-a] .store').evaluateAll((s) => s.map((e) => e.getAttribute('aria-label')).join(' | '));
    const atStart = await stores();
    await scrubber.scrollIntoViewIfNeeded();
    const box = await scrubber.boundingBox();
    await page.touchscreen.tap(box.x + box.width - 2, box.y + box.height / 2);
    await page.waitForFunction(() => Number(new URL(location.href).searchParams.get('t')) > 0);
    const tapped = Number(await scrubber.inputValue());
    if (tapped < max * 0.9) throw new Error(`a tap at the right end set turn ${tapped} of ${max}`);
    if ((await stores()) === atStart) throw new Error('the boards did not follow the tap');
    await page.touchscreen.tap(box.x + 2, box.y + box.height / 2);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('t') === '0');
    if ((await stores()) !== atStart) throw new Error('back at turn 0, the boards differ from the start');
    await scrubber.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('t') === '2');
    await page.keyboard.press('End');
    await page.waitForFunction((m) => new URL(location.href).searchParams.get('t') === String(m), max);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// --- a player's app (issue 11) ----------------------------------------------

// Opens every <details> so that innerText holds what a player can unfold.
const unfoldAll = (page) => page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));

test('plain words: no page shows a source key, a source number or a clause identifier, in either language', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    const paths = ['/', '/learn', '/packs', ...PACK_IDS.map((id) => `/packs/${id}`), '/compare', '/about', '/puzzles'];
    for (const lang of ['En', 'Id']) {
      for (const path of paths.map((p) => (lang === 'Id' ? (p === '/' ? '/id/' : `/id${p}`) : p))) {
        await page.goto(base + path, { waitUntil: 'load' });
        await unfoldAll(page);
        const text = await page.evaluate(() => document.body.innerText);
        for (const [what, re] of [
          ['a source key', /\bseed-\d/],
          ['a source number', /\(0\d\d\b|\b00[0-4]\b/],
          ['a source abbreviation', /\((?:[A-Z][a-z]{2}(?:, |\)))+/],
          ['a clause identifier', /\b[a-z]+_[a-z_]+\b/],
          ['a note to ourselves', /keep the current one|tetap yang sekarang/],
          ['"Seed" for the game number', /\bSeed\b(?! a hole)|Benih acak/],
        ]) {
          const m = text.match(re);
          if (m) throw new Error(`${path} (${lang}) shows ${what}: "${text.slice(Math.max(0, m.index - 60), m.index + 40)}"`);
        }
      }
    }
    // Sources are cited by their public identity, with their language.
    await page.goto(base + '/packs/umum', { waitUntil: 'load' });
    const src = await page.locator('.source[data-key="seed-000"]').innerText();
    if (!/Instructions pour jouer au Congklak/.test(src) || !/in French/.test(src)) throw new Error(`source: "${src}"`);
    await page.goto(base + '/', { waitUntil: 'load' });
    await openNewGame(page);
    const form = await page.locator('.new-game').innerText();
    if (!/Game number/.test(form)) throw new Error(`the new-game form: "${form}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a pack page opens with a summary: what sets it apart, Play this pack, divergences ranked; details folded', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/packs/dakon-ngacang', { waitUntil: 'load' });
    const summary = page.locator('[data-testid=pack-summary]');
    const special = await summary.innerText();
    if (!/What sets it apart from the common reading/.test(special) || !/ngacang: up to three protected holes/.test(special)) throw new Error(`summary "${special}"`);
    // Ranked by what stands out from chance: those with a figure beyond
    // chance first, the strongest first; then the rest by the winners they
    // change.
    const rows = await page.locator('[data-testid=pack-ranking] li').evaluateAll((lis) => lis.map((li) => [li.dataset.chance === 'true' ? 1 : 0, -Number(li.dataset.strength), -Number(li.dataset.winnerChanged)]));
    const played = await page.locator('details.divergence[data-status=played]').count();
    if (rows.length !== played || rows.flat().some((n) => Number.isNaN(n))) throw new Error(`ranking ${JSON.stringify(rows)} for ${played} played divergences`);
    const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2])));
    if (rows.some((r, i) => i > 0 && !before(rows[i - 1], r))) throw new Error(`not ranked: ${JSON.stringify(rows)}`);
    if (!rows.some((r) => r[0] === 0)) throw new Error('nothing on dakon-ngacang stands out from chance');
    // Folded, each with a readable line; the ranking's link opens its section.
    if (await page.locator('details.divergence[open]').count()) throw new Error('a divergence is unfolded at first');
    const firstLine = await page.locator('details.divergence[data-status=played] .div-line').first().innerText();
    if (!/^Over 1000 sample games, against the same games with one random move changed instead, under the other reading .*\(± [\d.]+( points)?\)\.$|never changes the winner in 1000 sample games|changes nothing more than changing one random move does/.test(firstLine)) throw new Error(`line "${firstLine}"`);
    const top = page.locator('[data-testid=pack-ranking] li a').first();
    const id = (await top.getAttribute('href')).slice(1);
    await top.click();
    if (!(await page.locator(`details.divergence[id="${id}"]`).evaluate((d) => d.open))) throw new Error('the ranking link did not open its divergence');
    // Play this pack: a new game of it.
    await followOut(page, page.locator('[data-testid=play-pack]'));
    await expectHeading(page, 'Play congklak');
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').startsWith('1.dakon-ngacang.'));
    const rules = await page.locator('[data-testid=rules-line] a').getAttribute('href');
    if (rules !== '/packs/dakon-ngacang') throw new Error(`rules in force link to ${rules}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a pack page keeps its folded divergences as the build drew them, and its Indonesian page holds them too', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/packs/umum', { waitUntil: 'load' });
    const body = page.locator('details.divergence[data-status=played] .div-body').first();
    // The element the build drew is the one shown once the app is live (not drawn again).
    const drawn = await body.evaluate((b) => { b.firstElementChild.dataset.mark = 'build'; return b.querySelectorAll('*').length; });
    if (drawn < 50) throw new Error(`a divergence holds ${drawn} elements`);
    await page.locator('details.divergence[data-status=played] > summary').first().click();
    if ((await body.locator('dt').first().innerText()) !== 'This pack') throw new Error('not in English');
    if ((await body.locator('[data-mark=build]').count()) !== 1) throw new Error('the build\'s divergence was drawn again');
    // Switched to Indonesian: the same figures, in the other language.
    const figures = await body.locator('.parting-report').innerText();
    await page.getByTestId('lang').click();
    await page.waitForURL((u) => u.pathname === '/id/packs/umum');
    await page.locator('details.divergence[data-status=played] > summary').first().click();
    await body.locator('dt', { hasText: 'Paket ini' }).first().waitFor();
    if ((await body.locator('[data-testid=parting] .board').count()) !== 2) throw new Error('the Indonesian divergence has no boards');
    const after = await body.locator('.parting-report').innerText();
    const digits = (t) => JSON.stringify((t.match(/\d+/g) || []).sort());
    if (after === figures || digits(after) !== digits(figures)) throw new Error(`figures "${figures}" became "${after}"`);
    // And back to English.
    await page.getByTestId('lang').click();
    await page.waitForURL((u) => u.pathname === '/packs/umum');
    await page.locator('details.divergence[data-status=played] > summary').first().click();
    await body.locator('dt', { hasText: 'This pack' }).first().waitFor();
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('at 360 px the numbers on a pack page\'s boards are readable', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  try {
    await page.goto(base + '/packs/umum', { waitUntil: 'load' });
    await page.locator('details.divergence[data-status=played] > summary').first().click();
    const sizes = await page.locator('.parting [data-reading=this] .count').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().height));
    const smallest = Math.min(...sizes);
    if (!(smallest >= 12)) throw new Error(`board numbers ${smallest.toFixed(1)} px tall`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the play page says what is played: the rules in force, who plays whom, the score and the last turn step by step', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    const rules = await page.locator('[data-testid=rules-line]').innerText();
    if (!/Rules in force: Congklak, common reading: 7 holes a side, 7 seeds a hole/.test(rules)) throw new Error(`rules "${rules}"`);
    // The glossary's heading names its terms (it read as an empty heading).
    const glossary = await page.locator('.glossary summary').innerText();
    if (!/Glossary:\s*lumbung, biji, giliran, langkah, menembak, sambung, ngacang/.test(glossary)) throw new Error(`glossary "${glossary}"`);
    const moves = [];
    for (const k of [3, 1]) {
      const legal = page.locator('[data-board=main] .hole.legal').nth(k);
      const side = await legal.getAttribute('data-side');
      const hole = await legal.getAttribute('data-hole');
      await clickHole(page, side, hole);
      moves.push(hole);
    }
    const want = engineReplay('umum', moves);
    const before = engineReplay('umum', moves.slice(0, -1));
    const a = Number(await page.locator('[data-testid=score-a]').innerText());
    const b = Number(await page.locator('[data-testid=score-b]').innerText());
    if (a !== want.stores.A || b !== want.stores.B) throw new Error(`score ${a}:${b}, the engine says ${want.stores.A}:${want.stores.B}`);
    const lead = await page.locator('[data-testid=score-lead]').innerText();
    const wantLead = a === b ? 'tied' : `Player ${a > b ? 'A' : 'B'} ahead by ${Math.abs(a - b)}`;
    if (lead !== wantLead) throw new Error(`lead "${lead}", expected "${wantLead}"`);
    await page.locator('[data-testid=turn-log] summary').click();
    const steps = await page.locator('[data-testid=turn-log] li').allInnerTexts();
    const gained = [want.stores.A - before.stores.A, want.stores.B - before.stores.B];
    if (steps.at(-1) !== `Banked this turn: Player A ${gained[0]}, Player B ${gained[1]}.`) throw new Error(`log ends "${steps.at(-1)}", gains ${gained}`);
    if (!/takes the \d+ seeds of hole/.test(steps[0])) throw new Error(`log starts "${steps[0]}"`);
    // Against the computer the sides are named.
    await openNewGame(page);
    await page.locator('[data-testid=mode]').selectOption('computer');
    await closeNewGame(page);
    const score = await page.locator('[data-testid=scoreboard]').innerText();
    if (!/You \(Player A\)/.test(score) || !/Computer \(Player B, Medium\)/.test(score)) throw new Error(`scoreboard "${score}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the computer\'s turn is named, and Escape skips to its end', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, { ...HOTSEAT, mode: 'Computer', speed: 'Slow', level: 'greedy' });
  try {
    await page.goto(base + '/?g=1.umum.5.', { waitUntil: 'load' });
    await clickHole(page, 'A', '3');
    const status = page.locator('[data-testid=status]');
    await status.filter({ hasText: /The computer is playing: move \d+ of its turn/ }).waitFor({ timeout: 20000 });
    const skip = await page.locator('[data-testid=skip]').innerText();
    if (!/Skip to the end of this turn/.test(skip)) throw new Error(`skip button "${skip}"`);
    const t0 = Date.now();
    await page.keyboard.press('Escape');
    await status.filter({ hasText: /Your move \(Player A\)|wins|won|draw/ }).waitFor({ timeout: 15000 });
    const ms = Date.now() - t0;
    await addressHoldsTheGame(page);
    const moves = new URLSearchParams(new URL(page.url()).search).get('g').split('.')[3].split('');
    sameBoard(await boardState(page), engineReplay('umum', moves), `after skipping the computer's turn (${moves.join(',')})`);
    console.log(`    the computer's turn (${moves.length - 1} moves) ended ${ms} ms after Escape`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a round\'s notice shows that round\'s end; the refill comes with "Next round", and the summary moves on', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/?g=1.dakon-ngacang.3.', { waitUntil: 'load' });
    for (let i = 0; i < 600; i++) {
      if (await page.locator('.round-notice').count()) break;
      const legal = page.locator('[data-board=main] .hole.legal').first();
      if (!(await legal.count())) break;
      await clickHole(page, await legal.getAttribute('data-side'), await legal.getAttribute('data-hole'));
    }
    const notice = await page.locator('.round-notice').innerText();
    const m = notice.match(/Player A has (\d+) seeds?, Player B has (\d+) seeds?/);
    if (!m) throw new Error(`notice "${notice}"`);
    await addressHoldsTheGame(page);
    const shown = await boardState(page);
    if (shown.stores.A !== Number(m[1]) || shown.stores.B !== Number(m[2])) throw new Error(`under the notice the stores are ${JSON.stringify(shown.stores)}, the notice says ${m[1]}, ${m[2]}`);
    const moves = new URLSearchParams(new URL(page.url()).search).get('g').split('.')[3].split('');
    const refilled = engineReplay('dakon-ngacang', moves);
    if (JSON.stringify(shown.holes) === JSON.stringify(refilled.holes)) throw new Error('the next round\'s refill shows before "Next round"');
    await page.locator('.round-notice button').click();
    sameBoard(await boardState(page), refilled, 'after "Next round"');
    const summary = (await page.locator('[data-testid=summary]').innerText()).trim();
    if (/round 1 ends/.test(summary)) throw new Error(`the summary still says "${summary}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
  test(`/learn at ${viewport.width} px: every lesson, a wrong hole shows what it does, the right one and the other reading`, async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser, HOTSEAT, viewport);
    try {
      await page.goto(base + '/learn', { waitUntil: 'load' });
      const count = await page.locator('.lesson-nav li').count();
      if (count !== 7) throw new Error(`${count} lessons`);
      // Every lesson is reachable at a glance: one row, inside the screen.
      const chips = await page.locator('.lesson-nav a').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON()));
      for (const c of chips) {
        if (c.left < 0 || c.right > viewport.width + 1 || c.height < 43) throw new Error(`a lesson's link at ${JSON.stringify(c)}`);
      }
      if (viewport.width <= 640 && new Set(chips.map((c) => Math.round(c.top))).size !== 1) throw new Error(`the lessons take several rows: ${JSON.stringify(chips)}`);
      // Being shown the answer does not finish a lesson.
      await page.waitForFunction(() => document.querySelector('[data-testid=lesson-show]') && !document.querySelector('[data-testid=lesson-show]').disabled);
      await page.locator('[data-testid=lesson-show]').click();
      await page.locator('[data-testid=lesson-right]').waitFor({ timeout: 15000 });
      if (await page.locator('.lesson-nav li.finished').count()) throw new Error('"Show me" finished the lesson');
      await page.locator('[data-testid=lesson-again]').click();
      for (let i = 0; i < count; i++) {
        const lesson = page.locator('[data-testid=lesson]');
        const id = await lesson.getAttribute('data-lesson');
        await page.locator('[data-testid=lesson-hint]').click();
        const marked = lesson.locator('.hole.marked').first();
        const right = await marked.getAttribute('data-hole');
        const wrong = lesson.locator(`.hole.legal:not([data-hole="${right}"])`).first();
        if (await wrong.count()) {
          await wrong.locator('.recess').click();
          await page.locator('[data-testid=lesson-wrong]').waitFor({ timeout: 10000 });
          const text = await page.locator('[data-testid=lesson-wrong]').innerText();
          if (!/^Not this one\. Hole \d: .+ Try another hole\.$/.test(text)) throw new Error(`${id}: "${text}"`);
        }
        await lesson.locator(`.hole[data-side=A][data-hole="${right}"] .recess`).click();
        await page.locator('[data-testid=lesson-right]').waitFor({ timeout: 15000 });
        // The learner's own right pick finishes it: ticked in the list, counted.
        await page.locator(`.lesson-nav li.finished[data-lesson="${id}"] .lesson-tick`).waitFor({ timeout: 5000 });
        const counted = (await page.locator('[data-testid=lessons-finished]').innerText()).trim();
        if (counted !== `${i + 1} of ${count} finished`) throw new Error(`${id}: "${counted}"`);
        const name = (await page.locator(`.lesson-nav li[data-lesson="${id}"] a`).innerText()).replace(/\s+/g, ' ');
        if (!/\(finished\)/.test(name)) throw new Error(`${id}: the link reads "${name}"`);
        const done = await page.locator('[data-testid=lesson-right]').innerText();
        if (!/^That's it\. .+\.$/.test(done)) throw new Error(`${id}: "${done}"`);
        if (id !== 'sowing') {
          const other = await page.locator('[data-testid=lesson-other-claim]').innerText();
          if (!other || other === done.replace("That's it. ", '')) throw new Error(`${id}: the other reading says "${other}"`);
        }
        const box = await lesson.locator('svg.board').first().boundingBox();
        if (!box || box.x < 0 || box.x + box.width > viewport.width + 1) throw new Error(`${id}: board at ${JSON.stringify(box)}`);
        if (i + 1 < count) await page.locator('[data-testid=lesson-next]').click();
      }
      if (new URL(page.url()).hash !== '#rounds') throw new Error(`address ${page.url()}`);
      await page.reload({ waitUntil: 'load' });
      if ((await page.locator('[data-testid=lesson]').getAttribute('data-lesson')) !== 'rounds') throw new Error('the address does not keep the lesson');
      // The finished lessons are kept on the device.
      await page.waitForFunction((n) => document.querySelectorAll('.lesson-nav li.finished').length === n, count);
      if (viewport.width <= 640) await page.screenshot({ path: join(SHOTS, `learn-finished-${viewport.width}.png`) });
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });
}

test('a first visit offers a worked example turn; it opens, closes and is remembered', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(base + '/', { waitUntil: 'load' });
    const offer = page.locator('[data-testid=example-open]');
    await page.waitForFunction(() => document.querySelector('[data-testid=example-open]').classList.contains('first-visit'));
    await offer.click();
    const dialog = page.locator('[data-testid=example]');
    await dialog.locator('[data-testid=example-turn]').waitFor();
    await page.locator('[data-testid=example-close]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'load' });
    if (await offer.evaluate((b) => b.classList.contains('first-visit'))) throw new Error('offered again after being seen');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

for (const [prefix, viewport, words] of [
  ['', { width: 1280, height: 800 }, { first: /^Player A plays hole 5\.$/, relay: /sambung/, capture: /menembak/, lessons: 'Learn the rules in seven short lessons', pause: 'Pause', play: 'Play' }],
  ['/id', { width: 360, height: 740 }, { first: /^Pemain A memainkan lubang 5\.$/, relay: /sambung/, capture: /menembak/, lessons: 'Pelajari aturannya dalam tujuh pelajaran singkat', pause: 'Jeda', play: 'Putar' }],
]) {
  test(`issue 29 item 2 at ${viewport.width} px${prefix ? ' in Bahasa Indonesia' : ''}: the example turn plays itself step by step (sowing, relay, capture), pauses, steps on, then offers the lessons`, async ({ browser, base }) => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await gotoLive(page, base + prefix + '/');
      // The example's timers run on a clock of the test's: time passes only when the test says.
      await page.clock.install();
      await page.locator('[data-testid=example-open]').click();
      const turn = page.locator('[data-testid=example] [data-testid=example-turn]');
      await turn.waitFor();
      const what = turn.locator('[data-testid=example-what]');
      const step = () => turn.getAttribute('data-step').then(Number);
      const holes = () => turn.locator('svg.board .hole').evaluateAll((h) => h.map((e) => e.getAttribute('aria-label')).join(' | '));
      if (!words.first.test((await what.innerText()).trim())) throw new Error(`the example opens with "${await what.innerText()}"`);
      const start = await holes();
      // Nothing is clicked: time alone moves it on, through every step.
      const seen = [];
      // In steps shorter than any step's showing (a long relay's later
      // steps are quick), so that none passes unseen.
      for (let guard = 0; guard < 1000 && !(await turn.locator('[data-testid=example-done]').count()); guard++) {
        await page.clock.runFor(100);
        const text = (await what.innerText()).trim();
        if (seen[seen.length - 1] !== text) seen.push(text);
      }
      if (!(await turn.locator('[data-testid=example-done]').count())) throw new Error(`the example did not reach its end by itself: ${JSON.stringify(seen)}`);
      // The last step's words stay on screen beside the end.
      const last = (await what.innerText()).trim();
      if (seen[seen.length - 1] !== last) seen.push(last);
      const relay = seen.findIndex((x) => words.relay.test(x));
      const capture = seen.findIndex((x) => words.capture.test(x));
      if (!(relay > 0 && capture > relay)) throw new Error(`the steps were ${JSON.stringify(seen)}: not sowing, then a relay, then a capture`);
      if ((await holes()) === start) throw new Error('the board did not move');
      const lessons = turn.locator('[data-testid=example-lessons]');
      if ((await lessons.innerText()).trim() !== words.lessons) throw new Error(`the end offers "${await lessons.innerText()}"`);
      if (new URL(await lessons.getAttribute('href'), base).pathname !== (prefix + '/learn')) throw new Error(`the lessons link goes to ${await lessons.getAttribute('href')}`);
      if (viewport.width <= 640) await page.screenshot({ path: join(SHOTS, `example-end${prefix.replace('/', '-')}-${viewport.width}.png`) });
      // Again, then Pause: time passes and nothing moves; Next shows one step whole.
      const play = turn.locator('[data-testid=example-play]');
      await play.click();
      await page.waitForFunction(() => document.querySelector('[data-testid=example-turn]').dataset.step === '0');
      if ((await holes()) !== start) throw new Error('Watch again does not start from the board before the move');
      if ((await play.innerText()).trim() !== words.pause) throw new Error(`while it plays the button reads "${await play.innerText()}"`);
      await play.click();
      if ((await play.innerText()).trim() !== words.play) throw new Error(`paused, the button reads "${await play.innerText()}"`);
      const paused = [await step(), await holes()];
      await page.clock.runFor(60000);
      if ((await step()) !== paused[0] || (await holes()) !== paused[1]) throw new Error('paused, the example still moved on');
      const next = turn.locator('[data-testid=example-next]');
      for (let n = 1; n <= 2; n++) {
        await next.click();
        await page.waitForFunction((k) => document.querySelector('[data-testid=example-turn]').dataset.step === String(k), n);
      }
      if (!words.relay.test((await what.innerText()).trim())) throw new Error(`step 2 says "${await what.innerText()}"`);
      await page.clock.runFor(60000);
      if ((await step()) !== 2) throw new Error('after Next, paused, the example moved on');
      // The keyboard stays in the dialog; Escape closes it.
      // (past its last control the focus may rest on the page itself, never on what is behind).
      for (const key of ['Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
        await page.keyboard.press(key);
        const inside = await page.evaluate(() => !!document.activeElement?.closest('[data-testid=example]') || document.activeElement === document.body);
        if (!inside) throw new Error(`after ${key} the focus left the example for ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
      }
      if (viewport.width <= 640) {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (wide > 0) throw new Error(`the example scrolls ${wide} px sideways`);
      }
      await page.screenshot({ path: join(SHOTS, `example-step${prefix.replace('/', '-')}-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=example]').waitFor({ state: 'detached' });
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });
}

test('a part closed before its code comes: nothing breaks, and it opens later', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route(/\/split_example\.wasm$/, async (route) => { await held; await route.continue(); });
    await gotoLive(page, base + '/');
    await page.locator('[data-testid=example-open]').click();
    await page.locator('[data-testid=example-close]').click();
    await page.locator('[data-testid=example]').waitFor({ state: 'detached' });
    const arrived = page.waitForEvent('requestfinished', (r) => /\/split_example\.wasm$/.test(r.url()));
    release();
    await arrived;
    await expectBoardPlays(page, 'the board did not play after the part came late');
    await page.locator('[data-testid=example-open]').click();
    await page.locator('[data-testid=example] [data-testid=example-turn]').waitFor();
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the missing-text watcher of these tests reports a text the build does not hold', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    await gotoLive(page, base + '/');
    if (errors.length) throw new Error(`errors before: ${errors.join('; ')}`);
    const told = page.waitForEvent('console', { predicate: (m) => m.text().includes('a text is missing on /'), timeout: 5000 }).catch(() => null);
    await page.evaluate(() => document.querySelector('main').setAttribute('aria-label', '⟨missing text⟩'));
    if (!(await told)) throw new Error(`not reported: ${errors.join('; ') || 'no errors'}`);
  } finally {
    await context.close();
  }
});

test('the play page fetches the code of its worked example and of its analysis only when they are first shown (src/ui/parts.rs)', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    const asked = requestedPaths(page);
    await gotoLive(page, base + '/');
    await page.waitForLoadState('networkidle');
    const parts = () => asked.filter((p) => /\/congklak-islands-[0-9a-f]+\/.+\.wasm$/.test(p));
    if (parts().length) throw new Error(`the page fetched parts as it loaded: ${parts().join(', ')}`);
    if (!asked.some((p) => /\/congklak-islands-[0-9a-f]+\/__wasm_split\.js$/.test(p))) throw new Error('the loader of the parts was not fetched with the glue');
    await page.locator('[data-testid=example-open]').click();
    await page.locator('[data-testid=example] [data-testid=example-turn]').waitFor();
    const got = parts().map((p) => p.split('/').pop());
    if (!got.includes('split_example.wasm') || got.includes('split_analysis.wasm')) throw new Error(`opening the example fetched ${got.join(', ')}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a part whose code cannot be fetched says so and can be tried again; the board still plays', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    let blocked = true;
    await page.route(/\/split_example\.wasm$/, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
    await gotoLive(page, base + '/');
    await page.locator('[data-testid=example-open]').click();
    const alert = page.locator('[data-testid=example] .part-missing');
    await alert.waitFor();
    if (!/could not be loaded/.test(await alert.innerText())) throw new Error(`the message says "${await alert.innerText()}"`);
    blocked = false;
    await page.locator('[data-testid=example] [data-testid=part-retry]').click();
    await page.locator('[data-testid=example] [data-testid=example-turn]').waitFor();
    if (await page.locator('[data-testid=example] .part-missing').count()) throw new Error('the message stayed after the part came');
    await page.locator('[data-testid=example-close]').click();
    await expectBoardPlays(page, 'the board did not play after a part failed');
    // The failed fetch itself, as the browser and the loader report it.
    expectNoErrors(errors.filter((e) => !/split_example\.wasm|internetdisconnected|ERR_INTERNET_DISCONNECTED|Failed to fetch|TypeError/.test(e)));
  } finally {
    await context.close();
  }
});

test('a skip link leads to the content; at 360 px the header fits, its first pages in the row and the others under More, and the language button names the language', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  try {
    await page.goto(base + '/packs', { waitUntil: 'load' });
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({ cls: document.activeElement.className, top: document.activeElement.getBoundingClientRect().top }));
    if (first.cls !== 'skip-link' || first.top < 0) throw new Error(`first Tab: ${JSON.stringify(first)}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#main');
    const lang = page.locator('[data-testid=lang]');
    if ((await lang.innerText()) !== 'Bahasa Indonesia') throw new Error(`language button "${await lang.innerText()}"`);
    const header = await page.locator('.site-header').boundingBox();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 360 || header.height > 120) throw new Error(`header ${JSON.stringify(header)}, page ${wide} px wide`);
    // The first pages' links and "More" are in the row, in sight; the menu holds the others.
    const inSight = (selector) => page.locator(selector).evaluateAll((els) => els.length > 0 && els.every((a) => {
      const r = a.getBoundingClientRect();
      // clientWidth: the page's width without a scroll bar's gutter, where nothing shows.
      return r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth && r.height >= 34;
    }));
    const rowInSight = () => inSight('.site-nav > a:not(.nav-extra), .nav-more summary');
    if (!(await rowInSight())) throw new Error('a link of the header\'s row is out of sight at 360 px');
    if (await page.locator('.site-nav > a.nav-extra').first().isVisible()) throw new Error('the menu\'s pages also show in the row');
    const more = page.locator('.nav-more summary');
    if ((await more.innerText()).trim() !== 'More') throw new Error(`menu "${await more.innerText()}"`);
    await more.click();
    const menu = await page.locator('.nav-more-list a').allInnerTexts();
    if (menu.join() !== 'Compare,About,Statistics,Puzzles') throw new Error(`menu: ${menu}`);
    if (!(await inSight('.nav-more-list a'))) throw new Error('a link of the menu is out of sight at 360 px');
    await page.locator('.nav-more-list a', { hasText: 'About' }).click();
    await expectHeading(page, 'About congklak');
    if (await page.locator('.nav-more-list').isVisible()) throw new Error('the menu stays open after choosing a page');
    if (!(await page.locator('.nav-more').evaluate((d) => d.classList.contains('holds-current')))) throw new Error('"More" does not show it holds the current page');
    await lang.click();
    await page.locator('[data-testid=lang]', { hasText: 'English' }).waitFor();
    if (!(await rowInSight())) throw new Error('a link of the header\'s row is out of sight at 360 px, in Indonesian');
    if ((await more.innerText()).trim() !== 'Lainnya') throw new Error(`menu "${await more.innerText()}" in Indonesian`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the new-game form shows the whole name of the rules chosen', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/', { waitUntil: 'load' });
    await openNewGame(page);
    const fit = await page.locator('[data-testid=pack]').evaluate((sel) => {
      const style = getComputedStyle(sel);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = sel.options[sel.selectedIndex].text;
      return { text, need: ctx.measureText(text).width + parseFloat(style.paddingLeft) + 24, have: sel.clientWidth };
    });
    if (fit.need > fit.have) throw new Error(`"${fit.text}" needs ${fit.need.toFixed(0)} px, the select has ${fit.have}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});
test('the new-game dialog: the focus moves in and back, the page behind it is inert, Escape closes it, and it starts the game chosen', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT);
  try {
    await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
    if (await page.locator('[data-testid=new-game-dialog]').count()) throw new Error('the dialog is open on arrival');
    await openNewGame(page);
    const focused = await page.evaluate(() => document.activeElement?.dataset.testid);
    if (focused !== 'pack') throw new Error(`the focus is on ${focused}, not the first control`);
    // The page behind the dialog is inert: the keyboard stays in the dialog
    // (Shift+Tab and Tab, past either end).
    const board = await boardState(page);
    for (const key of ['Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => !!document.activeElement?.closest('[data-testid=new-game-dialog]') || document.activeElement === document.body);
      if (!inside) throw new Error(`after ${key} the focus left the dialog for ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
    }
    // A click on the board behind it plays nothing either.
    await page.locator('[data-board=main] .hole.legal').first().click({ force: true }).catch(() => {});
    if (JSON.stringify(await boardState(page)) !== JSON.stringify(board)) throw new Error('a move was played behind the open dialog');
    await page.locator('[data-testid=new-game-dialog]').waitFor();
    await page.locator('[data-testid=pack]').focus();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=new-game-dialog]').waitFor({ state: 'detached' });
    const back = await page.evaluate(() => document.activeElement?.dataset.testid);
    if (back !== 'new-game-open') throw new Error(`after Escape the focus is on ${back}`);
    // Nothing changed by opening and closing it.
    if (new URL(page.url()).searchParams.get('g') !== '1.umum.2.') throw new Error(`the game changed: ${page.url()}`);
    // A game of another pack, size and seed.
    await openNewGame(page);
    await page.locator('[data-testid=pack]').selectOption('jawa-sleman');
    const sizes = await page.locator('[data-testid=size] option').allTextContents();
    const size = sizes.at(-1).trim();
    await page.locator('[data-testid=size]').selectOption(size);
    await page.locator('[data-testid=seed]').fill('5');
    await page.locator('[data-testid=new-game]').click();
    await page.locator('[data-testid=new-game-dialog]').waitFor({ state: 'detached' });
    // The record: its ruleset (custom when the size is not the pack's own), seed 5, no moves.
    await page.waitForFunction(() => /^1\.[^.]+\.5\.$/.test(new URL(location.href).searchParams.get('g') ?? ''));
    const holes = await page.locator('[data-board=main] .hole[data-side=A]').count();
    if (String(holes) !== size) throw new Error(`${holes} holes a side, ${size} chosen`);
    const rules = await page.locator('[data-testid=rules-line]').innerText();
    if (!/Sleman/.test(rules)) throw new Error(`rules line "${rules}"`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// /stats and the sound switch (tests/e2e/stats-sound.mjs).
test('a pack page shows the solver\'s perfect-play values and how each disputed rule changes them', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(base + '/packs/umum', { waitUntil: 'load' });
    const section = page.locator('[data-testid=perfect-play]');
    await section.waitFor();
    const table = JSON.parse(readFileSync(join(ROOT, 'engine/data/perfect-play.json'), 'utf8'));
    const umum = table.packs.find((p) => p.pack === 'umum');
    const b = umum.boards.find((x) => x.holes === 4 && x.seeds === 3);
    const cell = await section.locator('td[data-holes="4"][data-seeds="3"]').innerText();
    const n = Math.abs(b.value);
    const want = b.value === 0 ? 'a draw' : `${b.value > 0 ? 'A' : 'B'} ends ${n} seed${n === 1 ? '' : 's'} ahead`;
    if (!cell.startsWith(want)) throw new Error(`4 holes x 3 seeds: "${cell}", the solver's table says ${b.value}`);
    const divs = await section.locator('.perfect-divergences li').count();
    if (divs !== umum.divergences.length) throw new Error(`${divs} divergences listed, ${umum.divergences.length} in the table`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// Issue 29 item 11: figures say what they are. Perfect-play margins read
// as seeds ahead (an average "about" where the opening is simultaneous),
// a reading that changes no winner says "never", and /compare names its
// rulesets (first, second) unlike its players (Player A, Player B).
const pagePath = (lang, path) => (lang === 'en' ? path : path === '/' ? '/id/' : `/id${path}`);
test('issue 29 item 11: margins, rankings and /compare say what their figures are; rulesets named unlike players', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    const cell = {
      en: /^(a draw|not solved|[AB] ends (1 seed|\d+ seeds|about \d+\.\d+ seeds) ahead( on average)?)( · |$)/,
      id: /^(seri|belum terpecahkan|[AB] unggul (\d+ biji|rata-rata sekitar \d+,\d+ biji) di akhir)( · |$)/,
    };
    let means = 0;
    let nevers = 0;
    let chances = 0;
    for (const lang of ['en', 'id']) {
      for (const id of PACK_IDS) {
        const path = pagePath(lang, `/packs/${id}`);
        await page.goto(base + path, { waitUntil: 'load' });
        for (const text of await page.locator('[data-testid=perfect-play] td').allInnerTexts()) {
          if (!cell[lang].test(text.trim())) throw new Error(`${path}: perfect-play cell "${text}"`);
          if (/about|rata-rata/.test(text)) means += 1;
        }
        if (/about|rata-rata/.test(await page.locator('[data-testid=perfect-play]').innerText().catch(() => ''))) {
          await page.locator('[data-testid=perfect-mean]').waitFor({ state: 'attached' });
        }
        for (const li of await page.locator('[data-testid=pack-ranking] li').all()) {
          const [n, text] = [await li.getAttribute('data-winner-changed'), await li.innerText()];
          if (/\b0[.,]0 ?%/.test(text)) throw new Error(`${path}: ranking "${text}"`);
          // A disagreement where nothing stands out from chance says so;
          // one where something does gives it with its uncertainty.
          const chance = await li.getAttribute('data-chance');
          if (chance === 'true') {
            chances += 1;
            if (!/nothing stands out from chance|tidak ada yang menonjol dari kebetulan|never changes the winner|tidak pernah mengubah pemenang/.test(text)) throw new Error(`${path}: ranking "${text}"`);
          } else if (!/\(± \d+([.,]\d)?( points| poin)?\)/.test(text)) throw new Error(`${path}: ranking "${text}"`);
          if (n === '0' && chance === 'true') {
            nevers += 1;
            if (!/never changes the winner|tidak pernah mengubah pemenang/.test(text)) throw new Error(`${path}: ranking "${text}"`);
          }
        }
        for (const line of await page.locator('details.divergence .div-line').allInnerTexts()) {
          if (/\b0[.,]0 ?%/.test(line)) throw new Error(`${path}: line "${line}"`);
        }
      }
    }
    if (means === 0) throw new Error('no pack page shows an average margin (simultaneous openings)');
    if (chances === 0) throw new Error('no ranking says its figure is no more than chance');
    console.log(`      (${means} average margins, ${nevers} rankings that never change the winner)`);
    for (const [lang, first, second, player] of [
      ['en', 'First ruleset', 'Second ruleset', /Player A wins \d+, Player B wins \d+/],
      ['id', 'Aturan pertama', 'Aturan kedua', /Pemain A menang \d+, Pemain B menang \d+/],
    ]) {
      const path = pagePath(lang, '/compare');
      await page.goto(base + path, { waitUntil: 'load' });
      await page.locator('[data-testid=outcomes]').waitFor({ timeout: 60000 });
      const text = await page.locator('main').innerText();
      for (const want of [first, second]) if (!text.includes(want)) throw new Error(`${path}: no "${want}"`);
      if (!player.test(text)) throw new Error(`${path}: the results do not name the players`);
      const bare = text.match(/\b(ruleset|Ruleset|aturan|Aturan) [AB]\b|(?<!(Player|Pemain) )\b[AB] (wins|menang|ahead|unggul)\b|\([AB]\)|(?<!(Player|Pemain) )\b[AB]'s\b/);
      if (bare) throw new Error(`${path}: "${text.slice(Math.max(0, bare.index - 40), bare.index + 30)}"`);
      // Each board's caption names its ruleset, and the editors' controls too.
      const captions = await page.locator('.parting-boards figcaption').allInnerTexts();
      if (!captions[0]?.startsWith(first) || !captions[1]?.startsWith(second)) throw new Error(`${path}: captions ${JSON.stringify(captions)}`);
      const labels = await page.locator('[data-testid^=clause-editor] select').evaluateAll((s) => s.map((x) => x.getAttribute('aria-label')));
      const letter = labels.find((l) => /\([AB]\)$/.test(l));
      if (letter) throw new Error(`${path}: a clause control is labelled "${letter}"`);
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// Issue 52 item 4: a pack page compares each disagreement with the same
// games with one random move changed (a baseline of chance) and says only
// what stands out; a reading whose games are short, or mostly stopped at a
// limit, says so.
test('issue 52 item 4: pack pages say what stands out from chance, and which sample games are short or stopped at a limit', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    for (const [lang, standsOut, none, short, capped] of [
      ['en', /^Against chance \(the same games with one random move changed where the readings part\), under the other reading .*\(± [\d.]+( points)?\)\.$/, /^Nothing here stands out from chance/, /^Under this pack the games are short \(moves a game, on average: \d+\.\d\)/, /stop at the limit of moves or rounds/],
      ['id', /^Dibanding kebetulan \(.*\), dengan bacaan lain .*\(± [\d,]+( poin)?\)\.$/, /^Tidak ada yang menonjol dari kebetulan/, /^Dengan paket ini permainannya pendek \(rata-rata \d+,\d langkah\)/, /berhenti karena batas langkah atau babak/],
    ]) {
      // umum: each opened disagreement starts its figures with what stands
      // out, or says nothing does; some of each.
      const seen = { out: 0, none: 0 };
      await page.goto(base + pagePath(lang, '/packs/umum'), { waitUntil: 'load' });
      const played = page.locator('details.divergence[data-status=played]');
      for (let i = 0; i < (await played.count()); i += 1) {
        const d = played.nth(i);
        await d.locator('summary').click();
        const p = d.locator('[data-testid=stats-standout]');
        const text = (await p.innerText()).trim();
        const n = Number(await p.getAttribute('data-standing-out'));
        if (n > 0 ? !standsOut.test(text) : !none.test(text)) throw new Error(`${lang} umum #${i}: "${text}"`);
        seen[n > 0 ? 'out' : 'none'] += 1;
        // The baseline's figure beside the winner's.
        await d.locator('[data-stat=winner-chance]').waitFor();
        // The common reading's games are not short (another reading's may be).
        for (const t of await d.locator('[data-testid=stats-short]').allInnerTexts()) {
          if (short.test(t.trim())) throw new Error(`${lang} umum #${i}: "${t}"`);
        }
      }
      if (!seen.out || !seen.none) throw new Error(`${lang} umum: ${JSON.stringify(seen)}`);
      // jawa-sleman: play stops once three holes of a side are empty, so
      // its games are short, and its pages say so.
      await page.goto(base + pagePath(lang, '/packs/jawa-sleman'), { waitUntil: 'load' });
      const first = page.locator('details.divergence[data-status=played]').first();
      await first.locator('summary').click();
      const note = (await first.locator('[data-testid=stats-short]').first().innerText()).trim();
      if (!short.test(note)) throw new Error(`${lang} jawa-sleman: "${note}"`);
      // sungka: its sample games run to the limit of rounds; the page says
      // so once, above its ranking, and each disagreement's figures too.
      await page.goto(base + pagePath(lang, '/packs/sungka'), { waitUntil: 'load' });
      const once = await page.locator('[data-testid=pack-capped]').innerText();
      if (!capped.test(once)) throw new Error(`${lang} sungka: "${once}"`);
      const opened = page.locator('details.divergence[data-status=played]').first();
      await opened.locator('summary').click();
      const said = await opened.locator('[data-testid=stats-capped]').innerText();
      if (!capped.test(said)) throw new Error(`${lang} sungka figures: "${said}"`);
      // umum's own games end by its rules: no such note.
      await page.goto(base + pagePath(lang, '/packs/umum'), { waitUntil: 'load' });
      if (await page.locator('[data-testid=pack-capped]').count()) throw new Error(`${lang} umum: called capped`);
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// Issue 29 item 12: Bahasa Indonesia in one voice. Numbers with a decimal
// comma and a real minus, "kamu" (never "Anda"), Urungkan for Undo and
// Ulangi for Redo only (starting again is "Mulai lagi"), sources described
// in Indonesian, the glossary label with its space, the option for other
// networks in plain words (no "STUN") in both languages.
test('issue 29 item 12: Indonesian pages write numbers one way, say kamu, Urungkan and Mulai lagi, and describe sources and the network option in words', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    const decimalPoint = (t) => t.match(/.{0,40}\d\.\d.{0,10}/)?.[0];
    const hyphenMinus = (t) => t.match(/.{0,40}(^|[\s(:])-\d.{0,10}/m)?.[0];
    // /compare: every figure over the sample games, and the charts' ticks.
    await page.goto(base + '/id/compare', { waitUntil: 'load' });
    await page.locator('[data-testid=outcomes]').waitFor({ timeout: 60000 });
    const many = await page.locator('[data-testid=many-games]').innerText();
    const ticks = (await page.locator('[data-testid=many-games] svg text').allTextContents()).join(' ');
    for (const t of [many, ticks]) {
      if (decimalPoint(t)) throw new Error(`/id/compare: a decimal point in "${decimalPoint(t)}"`);
      if (hyphenMinus(t)) throw new Error(`/id/compare: a hyphen for a minus in "${hyphenMinus(t)}"`);
    }
    if (!/\d,\d/.test(many)) throw new Error('/id/compare shows no decimal comma');
    // A pack page: the ranking, the folded lines, the figures, the margins.
    for (const id of ['umum', 'sungka']) {
      await page.goto(base + `/id/packs/${id}`, { waitUntil: 'load' });
      const parts = await page.locator('[data-testid=pack-ranking], .div-line, .parting-stats, [data-testid=perfect-play] td').allInnerTexts();
      const t = parts.join('\n');
      if (decimalPoint(t)) throw new Error(`/id/packs/${id}: a decimal point in "${decimalPoint(t)}"`);
      if (hyphenMinus(t)) throw new Error(`/id/packs/${id}: a hyphen for a minus in "${hyphenMinus(t)}"`);
      const sources = (await page.locator('.source-meta').allInnerTexts()).join('\n');
      const english = sources.match(/.{0,30}(not named|our copy|read through|Publisher|Author|English Wikipedia|general game system).{0,20}/);
      if (english) throw new Error(`/id/packs/${id}: a source described in English: "${english[0]}"`);
    }
    // Kamu everywhere, never Anda.
    for (const path of ['/id/', '/id/stats', '/id/puzzles', '/id/learn', '/id/about', '/id/friend']) {
      await page.goto(base + path, { waitUntil: 'load' });
      const body = await page.locator('body').innerText();
      const anda = body.match(/.{0,30}\bAnda\b.{0,30}/);
      if (anda) throw new Error(`${path}: "${anda[0]}"`);
    }
    await page.goto(base + '/id/stats', { waitUntil: 'load' });
    await expectHeading(page, 'Statistikmu');
    // Undo and redo on the play page; starting again in lessons and puzzles.
    await page.goto(base + '/id/', { waitUntil: 'load' });
    const controls = (await page.locator('.controls button').allInnerTexts()).map((b) => b.trim());
    if (!controls.includes('Urungkan') || !controls.includes('Ulangi') || controls.includes('Batal')) throw new Error(`play controls ${JSON.stringify(controls)}`);
    await page.goto(base + '/id/learn', { waitUntil: 'load' });
    const again = (await page.locator('[data-testid=lesson-again]').first().innerText()).trim();
    if (again !== 'Mulai lagi') throw new Error(`the lesson's button "${again}"`);
    await page.goto(base + '/id/puzzles', { waitUntil: 'load' });
    const puzzleAgain = (await page.locator('[data-testid=puzzle-again]').first().innerText()).trim();
    if (puzzleAgain !== 'Mulai lagi') throw new Error(`the puzzle's button "${puzzleAgain}"`);
    // The glossary's label keeps its space.
    await page.goto(base + '/id/about', { waitUntil: 'load' });
    const glossary = (await page.locator('details.glossary summary').innerText()).trim();
    if (!glossary.startsWith('Glosarium: lumbung')) throw new Error(`glossary "${glossary}"`);
    // The option for other networks, in plain words in both languages.
    for (const lang of ['en', 'id']) {
      await page.goto(base + pagePath(lang, '/friend'), { waitUntil: 'load' });
      const option = await page.locator('label.check', { has: page.locator('input[type=checkbox]') }).first().innerText();
      if (/STUN/.test(option) || !/Google/.test(option)) throw new Error(`/friend (${lang}): "${option}"`);
    }
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

registerStatsSound(test, { ROOT, SHOTS, openPage, playPage, HOTSEAT });
// /puzzles (tests/e2e/puzzles.mjs).
registerPuzzles(test, { ROOT, SHOTS, openPage, playPage });
// The level perfect and the analysis of a finished game (tests/e2e/perfect.mjs).
registerPerfect(test, { ROOT, playPage, HOTSEAT });

// --- runner ----------------------------------------------------------------
runFile('e2e', tests, DIST, CHROMIUM);
