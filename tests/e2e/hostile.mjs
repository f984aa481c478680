// Hostile loads of the built app (issue 54, item 3): pages loaded with
// hostile values under every key the app and its loaders read (the shell's
// scripts in index.html, public/islands.js, the pages), and a tap held
// before the page is live followed at once by navigation. Each load must end
// with the page live (or, for a page without code, as it was drawn), no
// script error, no page that never comes alive, and the saved game kept.
//
//   node tests/e2e/hostile.mjs        (after `trunk build --release`)
//
// Env: DIST, CHROMIUM, ONLY (as the other files), HOSTILE_LOADS (how many
// hostile loads, default 60; the issue's figure is 1,000).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportPolicyViolations, runFile } from './common.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LOADS = Math.max(1, Number(process.env.HOSTILE_LOADS || 60));
const TIMEOUT = 20_000;

// Every key the app keeps (src/app/stored_keys.rs).
const KEYS = ['congklak.game', 'congklak.settings', 'congklak.lang', 'congklak.sound', 'congklak.stats.v1', 'congklak.analysis.v1',
  'congklak.friend.v1', 'congklak.example-seen.v1', 'congklak.puzzles.v1', 'congklak.lessons.v1'];
// A saved game that must never be lost (a real game of umum, 2 moves).
const SAVED_RECORD = '1.umum.5.37';
const SAVED = JSON.stringify({ v: 1, record: SAVED_RECORD, cursor: 2 });
const HOSTILE = [
  '', 'x', '{', '[', 'null', 'true', '0', '-1', '1e309', 'NaN', '"En"x', '"Id"', '"id"', '__proto__',
  '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  '{"v":1,"record":"1.umum.5.37","cursor":99999999999999999999}', '{"v":2}', '"\u0000"', '\ud800', '<script>alert(1)</script>',
  'A'.repeat(200_000), JSON.stringify({ v: 1, record: '1.sungka.3.' + '1'.repeat(50_000), cursor: 1 }),
];
// Every page with code in both languages, with the queries they read (a
// puzzle, a comparison, a game, a lesson), good and broken.
const PAGES = ['/', '/id/', '/?g=1.umum.5.37', '/id/?g=1.sungka.3.1&vs=computer.medium.A', '/?g=broken',
  '/learn', '/id/learn', '/puzzles', '/id/puzzles', '/puzzles?p=ohvalhu-6-4-7', '/id/puzzles?p=ohvalhu-6-4-7', '/puzzles?p=no-such',
  '/stats', '/id/stats', '/friend', '/id/friend', '/friend?g=1.umum.5.37', '/compare?b=sungka', '/id/compare?a=umum&b=jawa-sleman&s=3',
  '/compare?a=zz&b=', '/id/packs/umum', '/packs/sungka', '/about'];

// A small seeded generator, so that a failing load can be replayed.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

// Loads `path` with `stored` in local storage (set before any script runs),
// and waits until the page is live, failed, or has no code; the errors seen.
async function hostileLoad(browser, base, path, stored) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await reportPolicyViolations(context);
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    for (const [k, v] of entries) {
      try {
        localStorage.setItem(k, v);
      } catch (_) {
        // Over the quota: that key keeps nothing.
      }
    }
  }, Object.entries(stored));
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /panicked|unreachable|could not come alive/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  try {
    await page.goto(base + path, { waitUntil: 'load' });
    // A page that waits for its first use is used, as a person would.
    const waits = await page.evaluate(() => document.documentElement.dataset.app !== 'live' && !!document.querySelector('meta[name="congklak-wake"][content="used"]'));
    if (waits) {
      const target = page.locator('leptos-island :is(select, input, button), main [data-board]').first();
      if (await target.count()) await target.hover();
    }
    const state = await page.waitForFunction(() => {
      const app = document.documentElement.dataset.app;
      return app === 'live' || app === 'failed' ? app : null;
    }, null, { timeout: TIMEOUT }).then((h) => h.jsonValue(), () => 'never');
    const game = await page.evaluate(() => localStorage.getItem('congklak.game'));
    const address = page.url();
    return { state, errors, game, address };
  } finally {
    await context.close();
  }
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test(`${LOADS} hostile loads: hostile values under every stored key, on every kind of page; every page comes alive, no panic, the saved game kept`, async ({ browser, base }) => {
  const draw = rng(Number(process.env.HOSTILE_SEED || 54));
  const problems = [];
  const kinds = new Map();
  for (let i = 0; i < LOADS; i++) {
    const path = PAGES[draw(PAGES.length)];
    // Some keys hostile, the saved game real unless its own key is drawn.
    const stored = { 'congklak.game': SAVED };
    const hostileKeys = KEYS.filter(() => draw(3) === 0);
    if (!hostileKeys.length) hostileKeys.push(KEYS[1 + draw(KEYS.length - 1)]);
    for (const k of hostileKeys) stored[k] = HOSTILE[draw(HOSTILE.length)];
    const r = await hostileLoad(browser, base, path, stored);
    kinds.set(path, (kinds.get(path) || 0) + 1);
    const what = `load ${i} (${path}, ${hostileKeys.join(' ')})`;
    if (r.state !== 'live') problems.push(`${what}: the page is ${r.state}`);
    if (r.errors.length) problems.push(`${what}: ${r.errors.join('; ')}`);
    // A play page opened on a link plays the link's game (the saved one is
    // offered back: see run.mjs); elsewhere the saved game stays.
    const link = /^\/(id\/)?\?g=1\.(?!umum\.5\.37)/.test(path);
    if (!hostileKeys.includes('congklak.game') && !link) {
      // The saved game stays; the play page opens it.
      if (!r.game || !r.game.includes(SAVED_RECORD)) problems.push(`${what}: the saved game became ${String(r.game).slice(0, 80)}`);
      // (The computer may already have played on from it.)
      if ((path === '/' || path === '/id/') && !(new URL(r.address).searchParams.get('g') || '').startsWith(SAVED_RECORD)) problems.push(`${what}: the play page opened ${r.address}`);
    }
    if (problems.length > 5) break;
  }
  console.log(`    hostile loads by page: ${[...kinds].map(([p, n]) => `${p} ${n}`).join(', ')}`);
  if (problems.length) throw new Error(problems.join('\n      '));
});

test('a hole tapped before the play page is live, then at once another page: no error there, and the play page back works', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  await reportPolicyViolations(context);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  try {
    for (const next of ['/learn', '/packs/umum', '/id/stats']) {
      await page.goto(base + '/', { waitUntil: 'domcontentloaded' });
      await page.locator('[data-board=main] [data-side=A][data-hole="3"] .recess').tap();
      await page.goto(base + next, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    }
    // A new game (the taps above may have been played, or not, as the
    // page came alive before the navigation or after): hole 3 as drawn.
    await page.evaluate(() => localStorage.removeItem('congklak.game'));
    await page.goto(base + '/', { waitUntil: 'load' });
    await page.locator('[data-board=main] [data-side=A][data-hole="3"] .recess').tap();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await page.waitForFunction(() => (new URLSearchParams(location.search).get('g') || '').split('.')[3]?.length >= 1);
    if (errors.length) throw new Error(errors.join('; '));
  } finally {
    await context.close();
  }
});

runFile('e2e hostile', tests, DIST, CHROMIUM);
