// End-to-end tests of the installable, offline app: the web app manifest and
// its icons, and the service worker (public/sw.js, written into dist/ by
// scripts/precache.sh) keeping what the visitor has used for offline use
// (the play page up front, every page visited since) and replacing it when a
// new build is deployed. Like run.mjs: the release build in dist/,
// served by a plain static server (python3 -m http.server), in Debian's
// Chromium driven by playwright-core.
//
//   node tests/e2e/offline.mjs        (after `trunk build --release`)
//
// Each test serves its own copy of dist/ from a temporary folder (on its own
// port, so its own origin and service worker): the update test changes files
// in its copy. Env: DIST (default <repo>/dist), CHROMIUM (default
// /usr/bin/chromium), ONLY (a part of test names). Prints one line per test
// and a last line `N passed, M failed`; exits 1 on any failure.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { boardState, clickHole, expectHeading, expectNoErrors, launchOptions, reportPolicyViolations, startServer, waitForLiveOnLoad } from './common.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = 30_000;
const LAUNCH = launchOptions(CHROMIUM);

const packName = (id) => JSON.parse(readFileSync(join(ROOT, 'packs', `${id}.json`), 'utf8')).name.en;

// --- a copy of dist/ on its own static server --------------------------------
// The server's access log is kept, to tell which requests reached it.
async function serveCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'congklak-offline-'));
  cpSync(DIST, dir, { recursive: true });
  const { proc, base, log } = await startServer(dir);
  return {
    dir,
    base,
    log,
    close() {
      proc.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The version scripts/precache.sh wrote into a copy's sw.js, and its file count.
function swBuild(dir) {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const version = sw.match(/^const VERSION = "([0-9a-f]+)";/m)?.[1];
  if (!version) throw new Error('sw.js has no version: was it written by scripts/precache.sh?');
  const files = [...sw.matchAll(/^ {2}\["(\/[^"]*)", "[0-9a-f]{64}"\],$/gm)].map((m) => m[1]);
  return { version, files };
}

// --- a page that records every error (as in run.mjs) ---------------------------
const HOTSEAT = { speed: 'Instant', mode: 'Hotseat', level: 'medium', human: 'A' };

// `profile`: a browser of its own with an ordinary profile on disk, not one
// of `browser`'s incognito-like contexts (Chromium never offers to install an
// app from those). Close it with the returned close().
async function openPage(browser, settings = HOTSEAT, { profile = false } = {}) {
  const viewport = { width: 1280, height: 800 };
  const dir = profile ? mkdtempSync(join(tmpdir(), 'congklak-profile-')) : null;
  const context = profile ? await chromium.launchPersistentContext(dir, { ...LAUNCH, viewport }) : await browser.newContext({ viewport });
  await reportPolicyViolations(context);
  await context.addInitScript((s) => {
    if (!localStorage.getItem('e2e-init')) {
      localStorage.setItem('e2e-init', '1');
      localStorage.setItem('congklak.settings', JSON.stringify(s));
    }
  }, settings);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  // Addresses a test expects a 404 from (an unknown page).
  const expected404 = new Set();
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !(expected404.has(msg.location().url) && /status of (404|503)/.test(msg.text()))) errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText || '';
    if (!why.includes('ERR_ABORTED')) errors.push(`request failed: ${req.url()} ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !((res.status() === 404 || res.status() === 503) && expected404.has(res.url()))) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  waitForLiveOnLoad(page);
  const close = async () => {
    await context.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  return { context, page, errors, expected404, close };
}

// Polls `fn` (in Node) until it returns a truthy value.
async function until(fn, what, timeout = TIMEOUT) {
  const end = Date.now() + timeout;
  for (;;) {
    const got = await fn();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

// Waits until the page's service worker is active, done activating, with no
// newer one on the way, and controls the page.
const swReady = (page) =>
  until(
    () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !!reg && reg.active?.state === 'activated' && !reg.installing && !reg.waiting && !!navigator.serviceWorker.controller;
      }),
    'the service worker to control the page',
  );

// Cuts the network and empties the browser's HTTP cache, so that whatever
// still loads comes from the service worker's cache.
// What reached the server since `asked` requests, but the browser's own
// update checks of the service worker: the browser makes one a moment after
// a navigation and at each register(), always from the network (never from
// a cache, by the spec), and Chromium's offline emulation does not hold them
// back; on a device really offline such a check fails and changes nothing.
const servedSince = (server, asked) => server.log.slice(asked).filter((p) => p !== '/sw.js');

async function goOffline(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setOffline(true);
}

const cacheKeys = (page) => page.evaluate(() => caches.keys());
const cachedPaths = (page, name) =>
  page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname).sort(), name);

// What sw.js says a page loads (NEEDS, written by scripts/precache.mjs).
function needsOf(dir, pageFile) {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const { files } = swBuild(dir);
  const line = sw.match(new RegExp(`^ {2}"${pageFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": \\[([0-9, ]*)\\],$`, 'm'));
  if (!line) throw new Error(`sw.js has no needs for ${pageFile}`);
  return line[1].split(',').filter((x) => x.trim()).map((i) => files[Number(i)]);
}

// Waits until the service worker's cache holds every path of `paths` (the
// worker stores a visited page's files once they have reached the page).
const untilCached = (page, version, paths) =>
  until(async () => {
    const cached = new Set(await cachedPaths(page, `congklak-${version}`));
    return paths.every((p) => cached.has(p));
  }, `the cache to hold ${paths.join(', ')}`);

const movesInAddress = (page) => new URLSearchParams(new URL(page.url()).search).get('g')?.split('.')[3] ?? '';

// Width and height from a PNG's IHDR chunk (null if it is not a PNG).
function pngSize(buf) {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(sig) || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

// A deployment: precache.sh writes the new sw.js. Every file's time is set
// a few seconds ahead: python's server answers a conditional request with
// 304 when the file's time (whole seconds) is not after the browser's copy,
// and a test deploys within the second of its first visit.
function redeploy(dir) {
  execFileSync('bash', [join(ROOT, 'scripts/precache.sh'), dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  const later = Date.now() / 1000 + 5;
  const touch = (d) => {
    for (const f of readdirSync(d)) {
      const path = join(d, f);
      if (statSync(path).isDirectory()) touch(path);
      else utimesSync(path, later, later);
    }
  };
  touch(dir);
}

// --- tests -----------------------------------------------------------------
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('dist has sw.js listing every file of the build, the manifest and the icons, and what each page loads', async () => {
  const { files } = swBuild(DIST);
  const walk = (d) => readdirSync(d).flatMap((f) => {
    // FILE.gz and FILE.br are FILE as a host sends it (scripts/precompress.sh), not a file of its own.
    if (f.startsWith('.') || f.endsWith('.gz') || f.endsWith('.br')) return [];
    const p = join(d, f);
    return statSync(p).isDirectory() ? walk(p) : ['/' + relative(DIST, p).split('\\').join('/')];
  });
  const want = walk(DIST).filter((f) => f !== '/sw.js').sort();
  const got = [...files].sort();
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    const missing = want.filter((f) => !got.includes(f));
    const extra = got.filter((f) => !want.includes(f));
    throw new Error(`sw.js is not the list of dist/: missing ${missing.join(', ') || 'none'}; not in dist/ ${extra.join(', ') || 'none'} (run scripts/precache.sh last)`);
  }
  const need = ['/index.html', '/404.html', '/packs.json', '/worker.js', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png',
    '/icons/icon-512.png', '/icons/icon-maskable-512.png', '/icons/apple-touch-icon.png'];
  const lacking = need.filter((f) => !files.includes(f));
  if (lacking.length) throw new Error(`not in the build: ${lacking.join(', ')}`);
  if (!files.some((f) => /\.wasm$/.test(f)) || !files.some((f) => /^\/[^/]+-[0-9a-f]+\.js$/.test(f))) throw new Error(`no wasm or JS glue in ${files.join(', ')}`);
  // The play page needs, to be played in full offline: its loader, bundle
  // (glue, wasm and parts), packs, the computer's worker, the manifest and icons.
  const play = needsOf(DIST, '/index.html');
  const bundle = readFileSync(join(DIST, 'index.html'), 'utf8').match(/<meta name="congklak-bundle" content="(\/congklak-islands-[0-9a-f]+)"/)?.[1];
  const worker = readFileSync(join(DIST, 'index.html'), 'utf8').match(/<meta name="congklak-worker" content="(\/congklak-worker-[0-9a-f]+)\.js"/)?.[1];
  if (!bundle || !worker) throw new Error('the play page names no bundle or no worker');
  // Of the one bundle's parts, the play page's own (the new-game form, the
  // worked example, the analysis, and their loader), not another page's
  // island (Leptos names a lazy island's module `..._loader_<n>`).
  const parts = ['__wasm_split.js', 'split_newgame.wasm', 'split_example.wasm', 'split_analysis.wasm'].map((f) => `${bundle}/${f}`);
  const playNeeds = ['/index.html', '/islands.js', '/compile.js', '/worker.js', '/packs-play.json', '/manifest.webmanifest', '/icons/icon-192.png',
    `${bundle}.js`, `${bundle}_bg.wasm`, `${worker}.js`, `${worker}_bg.wasm`, ...parts];
  const notNeeded = playNeeds.filter((f) => !play.includes(f));
  if (notNeeded.length) throw new Error(`sw.js does not have the play page need ${notNeeded.join(', ')}`);
  const islands = play.filter((f) => /_loader_[0-9]+\.wasm$/.test(f));
  if (islands.length) throw new Error(`sw.js has the play page need other pages' islands: ${islands.join(', ')}`);
  // ... and nothing of another page.
  const others = play.filter((f) => f.endsWith('.html') && f !== '/index.html');
  const packs = play.filter((f) => f === '/packs.json' || f === '/packs-compare.json');
  if (others.length || packs.length) throw new Error(`sw.js has the play page need ${[...others, ...packs].join(', ')}`);
});

test('the manifest is valid and installable: fields, icons are PNGs of their declared sizes, the apple-touch-icon', async ({ browser }) => {
  const server = await serveCopy();
  const { context, page, errors, close } = await openPage(browser, HOTSEAT, { profile: true });
  try {
    await page.goto(server.base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifestUrl = new URL(href, server.base).href;
    const res = await fetch(manifestUrl);
    if (!res.ok) throw new Error(`${manifestUrl}: HTTP ${res.status}`);
    const m = JSON.parse(await res.text());
    const background = await page.evaluate(() => {
      const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number);
      return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
    });
    const want = { name: 'Congklak', start_url: '/', scope: '/', display: 'standalone', theme_color: '#7a4a21', background_color: background };
    for (const [k, v] of Object.entries(want)) {
      if ((k.endsWith('_color') ? String(m[k]).toLowerCase() : m[k]) !== v) throw new Error(`manifest ${k} is ${JSON.stringify(m[k])}, expected ${JSON.stringify(v)}`);
    }
    if (!m.short_name || m.short_name.length > 12) throw new Error(`short_name ${JSON.stringify(m.short_name)}`);
    if (!m.description) throw new Error('no description');
    const themeMeta = await page.locator('meta[name=theme-color]').getAttribute('content');
    if (themeMeta !== m.theme_color) throw new Error(`<meta name=theme-color> ${themeMeta}, manifest ${m.theme_color}`);
    const seen = new Set();
    for (const icon of m.icons) {
      const r = await fetch(new URL(icon.src, manifestUrl));
      if (!r.ok) throw new Error(`icon ${icon.src}: HTTP ${r.status}`);
      const buf = Buffer.from(await r.arrayBuffer());
      if (icon.type === 'image/png') {
        const size = pngSize(buf);
        if (size !== icon.sizes) throw new Error(`icon ${icon.src} is ${size ?? 'not a PNG'}, declared ${icon.sizes}`);
      } else if (icon.type === 'image/svg+xml') {
        if (!/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/.test(buf.toString('utf8'))) throw new Error(`icon ${icon.src} is not an SVG`);
      } else {
        throw new Error(`icon ${icon.src} of type ${icon.type}`);
      }
      for (const p of (icon.purpose || 'any').split(' ')) seen.add(`${p} ${icon.sizes}`);
    }
    for (const need of ['any 192x192', 'any 512x512', 'maskable 512x512']) {
      if (!seen.has(need)) throw new Error(`no ${need} icon among ${[...seen].join(', ')}`);
    }
    const apple = await page.locator('link[rel=apple-touch-icon]').getAttribute('href');
    const appleRes = await fetch(new URL(apple, server.base));
    if (pngSize(Buffer.from(await appleRes.arrayBuffer())) !== '180x180') throw new Error(`apple-touch-icon ${apple} is not a 180x180 PNG`);
    // Chromium's own reading of the manifest, and whether it would install the app.
    await swReady(page);
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    if (parsed.errors.length) throw new Error(`Chromium reads the manifest with errors: ${JSON.stringify(parsed.errors)}`);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    if (installabilityErrors.length) throw new Error(`Chromium would not install the app: ${JSON.stringify(installabilityErrors)}`);
    expectNoErrors(errors);
  } finally {
    await close();
    server.close();
  }
});

test('offline after a visit: the pages visited load from the cache, one never visited says so, the board plays, the worked example and the new-game form open, the computer answers', async ({ browser }) => {
  const server = await serveCopy();
  const { context, page, errors, expected404, close } = await openPage(browser);
  try {
    await page.goto(server.base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await swReady(page);
    // The cache holds, under the build's version, the play page in the
    // visitor's language with what it loads, and not the rest of the site.
    const { version, files } = swBuild(server.dir);
    const keys = await cacheKeys(page);
    if (JSON.stringify(keys) !== JSON.stringify([`congklak-${version}`])) throw new Error(`caches ${JSON.stringify(keys)}, expected congklak-${version}`);
    await untilCached(page, version, needsOf(server.dir, '/index.html'));
    const cached = await cachedPaths(page, keys[0]);
    const foreign = cached.filter((f) => !files.includes(f));
    if (foreign.length) throw new Error(`cached files that are not the build's: ${foreign.join(', ')}`);
    for (const f of ['/id/index.html', '/about/index.html', '/packs/umum/index.html', '/packs.json', '/packs-compare.json']) {
      if (cached.includes(f)) throw new Error(`${f} was cached on a first visit to / (${cached.length} of ${files.length} files)`);
    }
    // Online, pages come from the network through the worker, and are kept.
    const visited = [
      ['/packs/umum', packName('umum'), '/packs/umum/index.html'],
      ['/compare', 'Compare rules', '/compare/index.html'],
      ['/about', 'About congklak', '/about/index.html'],
      ['/puzzles', 'Congklak puzzles', '/puzzles/index.html'],
      ['/id/', 'Main congklak', '/id/index.html'],
      ['/id/packs/umum', JSON.parse(readFileSync(join(ROOT, 'packs', 'umum.json'), 'utf8')).name.id, '/id/packs/umum/index.html'],
      ['/id/about', 'Tentang congklak', '/id/about/index.html'],
    ];
    for (const [path, heading] of visited) {
      const online = await page.goto(server.base + path, { waitUntil: 'load' });
      if (!online.fromServiceWorker() || online.status() !== 200) throw new Error(`${path} online: status ${online.status()}, from the worker: ${online.fromServiceWorker()}`);
      await expectHeading(page, heading);
    }
    // /puzzles went live: its bundle, its island's part and its list are
    // kept too (not the parts of other pages' islands).
    const puzzles = needsOf(server.dir, '/puzzles/index.html');
    const parts = puzzles.filter((f) => /^\/congklak-[a-z]+-[0-9a-f]+\//.test(f));
    const own = parts.filter((f) => /split_puzzles_loader/.test(f));
    if (own.length !== 1) throw new Error(`/puzzles needs the parts ${parts.join(', ')}`);
    await untilCached(page, version, [...visited.map((v) => v[2]), ...puzzles.filter((f) => !parts.includes(f)), ...own]);
    const kept = await cachedPaths(page, `congklak-${version}`);
    const others = kept.filter((f) => /split_(friend_play|my_stats|lessons)_loader/.test(f));
    if (others.length) throw new Error(`parts of pages never used were kept: ${others.join(', ')}`);

    await goOffline(context, page);
    const asked = server.log.length;
    for (const [path, heading] of [
      ['/', 'Play congklak'],
      ['/packs/umum/', packName('umum')],
      ['/packs/umum?x=1', packName('umum')],
      ...visited,
    ]) {
      const res = await page.goto(server.base + path, { waitUntil: 'load' });
      if (!res.fromServiceWorker()) throw new Error(`${path} did not come from the service worker`);
      await expectHeading(page, heading);
      await page.reload({ waitUntil: 'load' });
      await expectHeading(page, heading);
    }
    // A puzzle opens offline, its list and board from the cache.
    const puzzleId = JSON.parse(readFileSync(join(ROOT, 'engine/data/puzzles.json'), 'utf8')).puzzles[0].id;
    await page.goto(`${server.base}/puzzles?p=${puzzleId}`, { waitUntil: 'load' });
    await page.locator(`[data-testid=puzzle][data-puzzle="${puzzleId}"] [data-board=puzzle] .hole.legal`).first().waitFor();
    // An unknown path: 404.html from the cache, status 404, the app's "not found".
    // A page of the build never opened here: a page that says so, in its language.
    // (A tab of its own: that page has no app to wait for.)
    const plain = await context.newPage();
    for (const [path, words, home] of [['/stats', 'has not been opened on it before', '/'], ['/id/stats', 'belum pernah dibuka', '/id/']]) {
      const res = await plain.goto(server.base + path, { waitUntil: 'load' });
      if (!res.fromServiceWorker() || res.status() !== 503) throw new Error(`${path} offline: status ${res.status()}`);
      const text = await plain.locator('[data-testid=not-saved]').textContent();
      if (!text.includes(words)) throw new Error(`${path} offline says ${JSON.stringify(text)}`);
      if ((await plain.locator(`a[href="${home}"]`).count()) !== 1) throw new Error(`${path} offline has no link to ${home}`);
    }
    await plain.close();
    expected404.add(server.base + '/packs/no-such-pack');
    const missing = await page.goto(server.base + '/packs/no-such-pack', { waitUntil: 'load' });
    if (missing.status() !== 404) throw new Error(`/packs/no-such-pack: status ${missing.status()}`);
    await expectHeading(page, 'Page not found');

    // The board plays offline (hotseat).
    await page.goto(server.base + '/?g=1.umum.11.', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    const before = await boardState(page);
    const legal = page.locator('[data-board=main] .hole.legal').first();
    const side = await legal.getAttribute('data-side');
    const hole = await legal.getAttribute('data-hole');
    await clickHole(page, side, hole);
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').split('.')[3]?.length === 1);
    const after = await boardState(page);
    if (JSON.stringify(after) === JSON.stringify(before)) throw new Error(`the board did not change after a click on ${side}${hole}`);

    // The worked example opens offline: its part of the bundle is cached too.
    await page.locator('[data-testid=example-open]').click();
    await page.locator('[data-testid=example] [data-testid=example-turn]').waitFor();
    await page.locator('[data-testid=example-close]').click();
    // So does the new-game form.
    await page.locator('[data-testid=new-game-open]').click();
    await page.locator('[data-testid=new-game-dialog] [data-testid=pack]').waitFor();
    await page.locator('[data-testid=new-game-close]').click();

    // The computer answers offline, thinking in its worker, which loads the
    // engine's own bundle (named in the page's meta) from the cache.
    const workers = [];
    page.on('worker', (w) => workers.push(w));
    await page.evaluate(() => localStorage.setItem('congklak.settings', JSON.stringify({ speed: 'Fast', mode: 'Computer', level: 'greedy', human: 'A' })));
    await page.goto(server.base + '/?g=1.standard-mancala.3.', { waitUntil: 'load' });
    await clickHole(page, 'A', '1');
    // A's hole 1 (4 seeds) on Kalah does not reach the store: B, the computer, moves next.
    await page.locator('[data-testid=status]', { hasText: /Your move \(Player A\)|Player A to move|wins|won|draw/ }).waitFor({ timeout: 20000 });
    if (movesInAddress(page).length < 2) throw new Error(`the computer did not move: ${movesInAddress(page)}`);
    const worker = workers.find((w) => w.url().endsWith('/worker.js'));
    if (!worker) throw new Error(`no worker started: ${workers.map((w) => w.url())}`);
    const glue = await page.evaluate(() => new URL(document.querySelector('meta[name=congklak-worker]').content, location.href).href);
    const kind = await worker.evaluate(async (u) => typeof (await import(u)).worker_job, glue);
    if (kind !== 'function') throw new Error(`the worker imported ${glue} offline and found worker_job: ${kind}`);

    if (servedSince(server, asked).length) throw new Error(`requests reached the server while offline: ${servedSince(server, asked).join(', ')}`);
    expectNoErrors(errors);
  } finally {
    await close();
    server.close();
  }
});

// `html` with its Content-Security-Policy naming the sha256 of each inline
// script it runs (as src/bin/prerender.rs writes it).
function withScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    const type = attrs.match(/type=["']?([^"' >]+)/)?.[1];
    if (/\ssrc=/.test(attrs) || (type && type !== 'module' && type !== 'text/javascript')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
  }
  return html.replace(/(<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'wasm-unsafe-eval')((?: 'sha256-[^']*')*)/, (_, head) => `${head} ${hashes.join(' ')}`);
}

test('a new build replaces the cached one: new version active, old cache gone, the changed files served, offline too', async ({ browser }) => {
  const server = await serveCopy();
  const { context, page, errors, close } = await openPage(browser);
  try {
    await page.goto(server.base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await swReady(page);
    const old = swBuild(server.dir);
    const oldKeys = await cacheKeys(page);
    if (JSON.stringify(oldKeys) !== JSON.stringify([`congklak-${old.version}`])) throw new Error(`caches ${JSON.stringify(oldKeys)}, expected congklak-${old.version}`);
    // A page visited under the old build is kept under the new one.
    await page.goto(server.base + '/packs/umum', { waitUntil: 'load' });
    await untilCached(page, old.version, ['/packs/umum/index.html']);
    await page.goto(server.base + '/', { waitUntil: 'load' });

    // A new build, as Trunk would write it: the JS glue changed, so the
    // bundle has a new hashed name (its glue, its wasm and its parts' folder
    // share it) in every page; worker.js changed in place. (The style sheet
    // is inlined in each page, so the bundle is the hashed file a page names.)
    const glueOf = async () => new URL(await page.locator('link[rel=modulepreload]').first().getAttribute('href'), server.base).pathname;
    const oldGlue = await glueOf();
    const glue = readFileSync(join(server.dir, oldGlue), 'utf8') + '\n// build 2\n';
    const newGlue = oldGlue.replace(/-[0-9a-f]+\.js$/, `-${createHash('sha256').update(glue).digest('hex').slice(0, 16)}.js`);
    if (newGlue === oldGlue) throw new Error(`cannot rename ${oldGlue}`);
    const [oldName, newName] = [oldGlue, newGlue].map((g) => g.split('/').pop().replace(/\.js$/, ''));
    for (const f of readdirSync(server.dir)) {
      if (f.startsWith(oldName)) renameSync(join(server.dir, f), join(server.dir, newName + f.slice(oldName.length)));
    }
    writeFileSync(join(server.dir, newGlue), glue);
    // Every page names it, and so do the glue, the loader of the bundle's
    // parts (src/ui/parts.rs) and the wasm itself (the parts' imports; the new
    // name is as long as the old, so the wasm stays valid).
    const named = (d) => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? named(join(d, f)) : /\.(html|js|wasm)$/.test(f) ? [join(d, f)] : []));
    for (const f of named(server.dir)) {
      const encoding = f.endsWith('.wasm') ? 'latin1' : 'utf8';
      const before = readFileSync(f, encoding);
      if (encoding === 'latin1') {
        if (before.includes(oldName)) writeFileSync(f, before.split(oldName).join(newName), encoding);
        continue;
      }
      const text = before.split(oldName).join(newName);
      // The build hashes each page's inline scripts into its policy: a page
      // whose loader names the new glue gets their new hashes, as a build would.
      writeFileSync(f, f.endsWith('.html') ? withScriptHashes(text) : text);
    }
    writeFileSync(join(server.dir, 'worker.js'), readFileSync(join(server.dir, 'worker.js'), 'utf8') + '// build 2\n');
    redeploy(server.dir);
    const fresh = swBuild(server.dir);
    if (fresh.version === old.version) throw new Error('precache.sh wrote the same version for a changed build');

    // A load after the deployment makes the browser check sw.js (it does so
    // a moment after a navigation) and install the new worker, which takes
    // over at once. Reload again if the check has not come within 10 s.
    const onlyNew = async () => JSON.stringify(await cacheKeys(page)) === JSON.stringify([`congklak-${fresh.version}`]);
    for (let reloads = 1; ; reloads++) {
      await page.reload({ waitUntil: 'load' });
      await expectHeading(page, 'Play congklak');
      if (reloads === 1) {
        // Whichever worker answers now, a page of the new build gets the new
        // build's files, those that keep their name included.
        const linkedNow = await glueOf();
        if (linkedNow !== newGlue) throw new Error(`the first load after the deployment links ${linkedNow}, not ${newGlue}`);
        const workerNow = await page.evaluate(async () => (await fetch('/worker.js')).text());
        if (!workerNow.endsWith('// build 2\n')) throw new Error('a page of the new build got the old worker.js');
      }
      try {
        await until(onlyNew, 'the new build', 10_000);
        break;
      } catch (err) {
        if (reloads === 3) throw new Error(`after ${reloads} reloads the caches are ${JSON.stringify(await cacheKeys(page))}, not congklak-${fresh.version} alone`);
      }
    }
    await swReady(page);
    await page.reload({ waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    const keys = await cacheKeys(page);
    if (JSON.stringify(keys) !== JSON.stringify([`congklak-${fresh.version}`])) throw new Error(`caches ${JSON.stringify(keys)}`);
    const cached = await cachedPaths(page, keys[0]);
    if (!cached.includes(newGlue) || cached.includes(oldGlue)) throw new Error(`the cache holds ${cached.filter((f) => f.endsWith('.js'))}`);
    const linked = await glueOf();
    if (linked !== newGlue) throw new Error(`the page links ${linked}, the new build's CSS is ${newGlue}`);

    // Offline, the whole new build comes from the cache: the changed files too.
    await goOffline(context, page);
    const asked = server.log.length;
    await page.reload({ waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    const served = await page.evaluate(async (u) => (await fetch(u)).text(), newGlue);
    if (!served.endsWith('// build 2\n')) throw new Error(`${newGlue} served offline is not the new one`);
    const live = await page.evaluate(() => document.documentElement.dataset.app === 'live');
    if (!live) throw new Error(`the app did not start offline from the new glue ${newGlue}`);
    const workerJs = await page.evaluate(async () => (await fetch('/worker.js')).text());
    if (!workerJs.endsWith('// build 2\n')) throw new Error('worker.js served offline is the old one');
    await page.goto(server.base + '/packs/umum', { waitUntil: 'load' });
    await expectHeading(page, packName('umum'));
    if (servedSince(server, asked).length) throw new Error(`requests reached the server while offline: ${servedSince(server, asked).join(', ')}`);
    expectNoErrors(errors);
  } finally {
    await close();
    server.close();
  }
});

test('a half-deployed build does not replace the cached one; the old build goes on working offline', async ({ browser }) => {
  const server = await serveCopy();
  const { context, page, errors, close } = await openPage(browser);
  try {
    await page.goto(server.base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await swReady(page);
    const old = swBuild(server.dir);
    await page.goto(server.base + '/compare', { waitUntil: 'load' });
    await untilCached(page, old.version, ['/compare/index.html']);
    await page.goto(server.base + '/', { waitUntil: 'load' });
    const oldWorker = readFileSync(join(server.dir, 'worker.js'), 'utf8');
    // A new sw.js is up, but one of its files is not (yet) the one it lists.
    writeFileSync(join(server.dir, 'worker.js'), oldWorker + '// build 2\n');
    redeploy(server.dir);
    const fresh = swBuild(server.dir);
    writeFileSync(join(server.dir, 'worker.js'), oldWorker + '// build 3\n');
    const asked = server.log.length;
    // Reload until the browser has tried the new worker: it fetched the new
    // sw.js and the files it lists, and nothing is installing any more.
    const tried = async () => {
      const since = server.log.slice(asked);
      const settled = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !reg.installing && !reg.waiting;
      });
      return since.includes('/sw.js') && since.filter((p) => p === '/worker.js').length >= 1 && settled;
    };
    for (let reloads = 1; ; reloads++) {
      await page.reload({ waitUntil: 'load' });
      try {
        await until(tried, 'the browser to try the new service worker', 10_000);
        break;
      } catch (err) {
        if (reloads === 3) throw err;
      }
    }
    const keys = await cacheKeys(page);
    if (JSON.stringify(keys) !== JSON.stringify([`congklak-${old.version}`])) {
      throw new Error(`caches ${JSON.stringify(keys)}: the build ${fresh.version} whose worker.js did not match replaced ${old.version}`);
    }
    await goOffline(context, page);
    await page.reload({ waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    const workerJs = await page.evaluate(async () => (await fetch('/worker.js')).text());
    if (workerJs !== oldWorker) throw new Error('offline, worker.js is not the cached build\'s');
    await page.goto(server.base + '/compare', { waitUntil: 'load' });
    await expectHeading(page, 'Compare rules');
    expectNoErrors(errors);
  } finally {
    await close();
    server.close();
  }
});

test('a damaged copy in the service worker\'s cache: online it is fetched again and the page comes alive; offline the page says it cannot start, and comes alive once online', async ({ browser }) => {
  const server = await serveCopy();
  const { context, page, errors, close } = await openPage(browser);
  try {
    await page.goto(server.base + '/', { waitUntil: 'load' });
    await swReady(page);
    const { version } = swBuild(server.dir);
    await untilCached(page, version, needsOf(server.dir, '/index.html'));
    const wasm = await page.evaluate(() => document.querySelector('meta[name=congklak-bundle]').content + '_bg.wasm');
    // The bundle's wasm in the cache replaced by garbage, its headers kept.
    const damage = (p) => p.evaluate(async ([name, path]) => {
      const cache = await caches.open(name);
      const old = await cache.match(path);
      await cache.put(path, new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 7, 7, 7]), { headers: old.headers }));
    }, [`congklak-${version}`, wasm]);
    const cachedSha = (p) => p.evaluate(async ([name, path]) => {
      const res = await (await caches.open(name)).match(path);
      if (!res) return null;
      const d = new Uint8Array(await crypto.subtle.digest('SHA-256', await res.arrayBuffer()));
      return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
    }, [`congklak-${version}`, wasm]);
    const want = readFileSync(join(server.dir, 'sw.js'), 'utf8').match(new RegExp(`"${wasm}", "([0-9a-f]{64})"`))[1];
    await damage(page);
    // Online: the damaged copy is dropped and fetched again; the page comes
    // alive and plays (the reload waits for it to be live).
    await goOffline(context, page);
    await context.setOffline(false);
    await page.reload({ waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await clickHole(page, 'A', '1');
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').split('.')[3]?.length >= 1);
    await until(async () => (await cachedSha(page)) === want, 'a sound copy of the wasm in the cache again');
    expectNoErrors(errors);
    // Offline with a damaged copy: the page is readable and says it cannot
    // start (a tab of its own: its errors are expected).
    await damage(page);
    const plain = await context.newPage();
    await goOffline(context, plain);
    await plain.goto(server.base + '/', { waitUntil: 'load' });
    await plain.locator('[data-testid=load-failed]').waitFor({ timeout: TIMEOUT });
    const said = await plain.locator('[data-testid=load-failed]').textContent();
    if (!/cannot start offline/.test(said)) throw new Error(`offline with a damaged cache the page says "${said}"`);
    if ((await plain.locator('[data-board=main] .hole').count()) !== 14) throw new Error('the page is not readable as drawn');
    // Online again: a reload brings it back.
    await context.setOffline(false);
    await plain.reload({ waitUntil: 'load' });
    await plain.waitForFunction(() => document.documentElement.dataset.app === 'live', null, { timeout: TIMEOUT });
    await plain.close();
  } finally {
    await close();
    server.close();
  }
});

// --- runner ----------------------------------------------------------------
async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`no ${DIST}/index.html: run \`trunk build --release\` first`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const browser = await chromium.launch(LAUNCH);
  console.log(`e2e offline: ${browser.version()} against ${DIST}`);
  let passed = 0;
  let failed = 0;
  try {
    for (const { name, fn } of tests.filter((t) => !process.env.ONLY || t.name.includes(process.env.ONLY))) {
      const t0 = Date.now();
      try {
        await fn({ browser });
        passed++;
        console.log(`ok   ${name} (${Date.now() - t0} ms)`);
      } catch (err) {
        failed++;
        console.log(`FAIL ${name}\n    ${err.message}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
