// End-to-end tests of the release build in dist/, served by a plain static
// server (python3 -m http.server) exactly as scripts/run-app.sh serves it,
// in Debian's Chromium driven by playwright-core (no browser download).
//
//   node tests/e2e/run.mjs            (after `trunk build --release`)
//
// Env: DIST (default <repo>/dist), CHROMIUM (default /usr/bin/chromium),
// SCREENSHOTS (default <repo>/target/screenshots).
// Prints one line per test and a last line `N passed, M failed`; exits 1 on
// any failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOTS || join(ROOT, 'target/screenshots');
const TIMEOUT = 30_000;

// Each route, by direct URL, and the (first) heading it must show, in English
// (the browser's language here). Keep in step with src/i18n.rs.
const packName = (id) => JSON.parse(readFileSync(join(ROOT, 'packs', `${id}.json`), 'utf8')).name.en;
const ROUTES = [
  { path: '/', heading: 'Play congklak' },
  { path: '/packs', heading: 'Rule packs' },
  { path: '/packs/umum', heading: packName('umum') },
  { path: '/compare', heading: 'Compare rules' },
  { path: '/about', heading: 'About congklak' },
];

// --- static server ---------------------------------------------------------
function startServer() {
  return new Promise((ok, fail) => {
    const proc = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', DIST, '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`static server did not start: ${out}`)), 10_000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        ok({ proc, base: `http://127.0.0.1:${m[1]}` });
      }
    });
    proc.stderr.on('data', () => {}); // the access log
    proc.on('exit', (code) => fail(new Error(`static server exited (${code}): ${out}`)));
  });
}

// --- a page that records every error ---------------------------------------
async function openPage(browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { context, page, errors };
}

async function expectHeading(page, text) {
  // `attached`, not `visible`: the play page's h1 is visually hidden.
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'attached' });
  const got = (await h1.textContent())?.trim();
  if (got !== text) throw new Error(`heading is "${got}", expected "${text}"`);
}

function expectPath(page, base, path) {
  const got = new URL(page.url()).pathname;
  if (got !== path) throw new Error(`address is ${got}, expected ${path}`);
}

function expectNoErrors(errors) {
  if (errors.length) throw new Error(`errors in the page:\n      ${errors.join('\n      ')}`);
}

// --- tests -----------------------------------------------------------------
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('dist has a page for every route and a 404.html', async () => {
  const ids = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const need = ['index.html', '404.html', 'packs/index.html', 'compare/index.html', 'about/index.html', ...ids.map((id) => `packs/${id}/index.html`)];
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

test('the packs page lists every pack, and links lead to them in the app', async ({ browser, base }) => {
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(base + '/', { waitUntil: 'load' });
    await expectHeading(page, 'Play congklak');
    await page.locator('.site-nav a', { hasText: 'Packs' }).click();
    await expectHeading(page, 'Rule packs');
    expectPath(page, base, '/packs');
    const items = page.locator('.pack-list li');
    const ids = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json'));
    if ((await items.count()) !== ids.length) throw new Error(`${await items.count()} packs listed, ${ids.length} in packs/`);
    await page.locator('.pack-list a', { hasText: packName('umum') }).click();
    await expectHeading(page, packName('umum'));
    expectPath(page, base, '/packs/umum');
    await page.goBack();
    await expectHeading(page, 'Rule packs');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('an unknown pack shows "Page not found"', async ({ browser, base }) => {
  // /packs/<unknown>/ has no folder in dist/: open the app, then navigate in it.
  const { context, page, errors } = await openPage(browser);
  try {
    await page.goto(base + '/packs', { waitUntil: 'load' });
    await expectHeading(page, 'Rule packs');
    await page.evaluate(() => {
      history.pushState(null, '', '/packs/no-such-pack');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectHeading(page, 'Page not found');
    expectNoErrors(errors);
  } finally {
    await context.close();
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

// --- runner ----------------------------------------------------------------
async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`no ${DIST}/index.html: run \`trunk build --release\` first`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const { proc, base } = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(`e2e: ${browser.version()} against ${DIST} served at ${base}`);
  let passed = 0;
  let failed = 0;
  try {
    for (const { name, fn } of tests) {
      const t0 = Date.now();
      try {
        await fn({ browser, base });
        passed++;
        console.log(`ok   ${name} (${Date.now() - t0} ms)`);
      } catch (err) {
        failed++;
        console.log(`FAIL ${name}\n    ${err.message}`);
      }
    }
  } finally {
    await browser.close();
    proc.kill();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
