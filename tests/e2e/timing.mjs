// Figures, not a test: how fast each pack page is ready after an in-app
// navigation from /packs, and when the divergence finder's reports (1,000
// games each, computed at build and read from the page's HTML) are drawn. Run against a release build:
//
//   node tests/e2e/timing.mjs          (after `trunk build --release`)
//
// Prints one line per pack, in ms from the click: ready (heading, sources and
// divergences on the page), the boards of every divergence's first parting,
// the first and the last divergence's figures over 1,000 games.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const server = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', DIST, '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
const base = await new Promise((ok) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/port (\d+)/);
    if (m) ok(`http://127.0.0.1:${m[1]}`);
  });
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
try {
  const ids = readdirSync(join(ROOT, 'packs')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  for (const id of ids) {
    const page = await browser.newPage();
    await page.goto(base + '/packs', { waitUntil: 'load' });
    // The page is pre-rendered: wait until the app is live, so the click is an in-app move.
    await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
    await page.locator(`a[href="/packs/${id}"]`).first().waitFor();
    // Times taken inside the page, from the click, so the driver's latency does not count.
    await page.evaluate((id) => {
      window.__t = {};
      const t0 = performance.now();
      const seen = () => {
        const now = performance.now() - t0;
        if (!window.__t.ready && document.querySelector('article.divergence') && document.querySelector('.sources')) window.__t.ready = now;
        const all = document.querySelectorAll('[data-testid=parting]').length;
        const boards = document.querySelectorAll('[data-testid=parting][data-first=done]').length;
        const figures = document.querySelectorAll('[data-testid=parting][data-stats=done]').length;
        if (all > 0 && boards === all && !window.__t.boards) window.__t.boards = now;
        if (figures > 0 && !window.__t.first) window.__t.first = now;
        if (all > 0 && figures === all && !window.__t.all) window.__t.all = now;
        if (!window.__t.all) requestAnimationFrame(seen);
      };
      document.querySelector(`a[href="/packs/${id}"]`).click();
      requestAnimationFrame(seen);
    }, id);
    await page.waitForFunction(() => window.__t.all, null, { timeout: 300000 });
    const t = await page.evaluate(() => window.__t);
    const n = await page.locator('[data-testid=parting]').count();
    console.log(`${id.padEnd(20)} ready ${t.ready.toFixed(0).padStart(4)} ms · first partings of all ${String(n).padStart(2)} divergences ${t.boards.toFixed(0).padStart(5)} ms · figures (1,000 games): first ${t.first.toFixed(0).padStart(5)} ms, all ${t.all.toFixed(0).padStart(6)} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
