// Figures, not a test: how long a person waits for the computer's first
// reply of a game, at normal animation speed, on the built app in
// headless Chromium. For each level, GAMES games of the common rules (each
// its own seed): the person plays the first hole they may until the
// computer is to move, then the clock runs until the person may pick a hole
// again. Each wait is split into the time until the board last changed
// (the animation of the person's move and of the computer's whole turn)
// and the time after it (the wait once the board is still).
//
//   node tests/e2e/reply.mjs            (after `trunk build --release`)
//
// Env: DIST, CHROMIUM, LEVELS (default beginner,medium,hardest), GAMES
// (default 10), CPU (CPU slowdown, default 1).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchOptions } from './common.mjs';
import { serve } from './serve.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LEVELS = (process.env.LEVELS || 'beginner,medium,hardest').split(',');
const GAMES = Number(process.env.GAMES || 10);
const CPU = Number(process.env.CPU || 1);

// Waits, in the page, from a click on the person's first legal hole to the
// next moment a hole of theirs is legal; returns the wait and when the
// board's seeds last changed before it (ms after the click), and how many
// moves the computer played.
async function firstReply(page) {
  await page.evaluate(() => {
    window.__reply = new Promise((done) => {
        const board = document.querySelector('[data-board=main]');
        const seeds = () => [...board.querySelectorAll('.hole, .store')].map((h) => h.getAttribute('aria-label')).join('|');
        const moves = () => ((new URLSearchParams(location.search).get('g') || '').split('.')[3] || '').length;
        let shown = seeds();
        let changed = 0;
        // The longest the board stood still while the person waited.
        let still = 0;
        const t0 = performance.now();
        const before = moves();
        const watch = new MutationObserver(() => {
          const now = seeds();
          if (now !== shown) {
            shown = now;
            const at = performance.now() - t0;
            still = Math.max(still, at - changed);
            changed = at;
          }
          const legal = board.querySelector('.hole.legal[data-side=A]');
          const over = /won|wins|draw/.test(document.querySelector('[data-testid=status]').textContent);
          if ((legal && moves() > before) || over) {
            watch.disconnect();
            const end = performance.now() - t0;
            done({ wait: end, changed, still: Math.max(still, end - changed), computer: moves() - before - 1 });
          }
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
  await page.locator('[data-board=main] .hole.legal[data-side=A] .recess').first().click();
  return page.evaluate(() => window.__reply);
}

const quantiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (f) => s[Math.round((s.length - 1) * f)];
  return [s[0], at(0.25), at(0.5), at(0.75), s[s.length - 1]].map((x) => (x / 1000).toFixed(1)).join(' / ');
};

const server = await serve(DIST);
const browser = await chromium.launch(launchOptions(CHROMIUM));
console.log(`The computer's first reply at normal speed, ${GAMES} games a level, CPU x${CPU}, ${browser.version()}`);
console.log('| level | wait from the person\'s move to their next (s: min / quartiles / max) | of which after the board last changed (s) | longest the board stood still (s) | computer\'s moves in that reply (median / max) |');
console.log('| --- | --- | --- | --- | --- |');
try {
  for (const level of LEVELS) {
    const waits = [];
    const after = [];
    const still = [];
    const moves = [];
    for (let g = 0; g < GAMES; g++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      await context.addInitScript((lv) => {
        localStorage.setItem('congklak.settings', JSON.stringify({ speed: 'Normal', mode: 'Computer', level: lv, human: 'A', rounds: 3 }));
        localStorage.setItem('congklak.example-seen.v1', 'true');
      }, level);
      const page = await context.newPage();
      if (CPU > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      }
      await page.goto(`${server.base}/?g=1.umum.${1000 + g}.&vs=computer.${level}.A`, { waitUntil: 'load' });
      await page.locator('[data-board=main] .hole.legal[data-side=A]').first().waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => document.documentElement.dataset.app === 'live', null, { timeout: 60_000 }).catch(() => {});
      // The person's moves until the computer is to move (extra turns keep A moving).
      for (;;) {
        const r = await firstReply(page);
        if (r.computer > 0 || /won|wins|draw/.test(await page.locator('[data-testid=status]').textContent())) {
          waits.push(r.wait);
          after.push(Math.max(0, r.wait - r.changed));
          still.push(r.still);
          moves.push(r.computer);
          break;
        }
      }
      await context.close();
    }
    moves.sort((a, b) => a - b);
    console.log(`| ${level} | ${quantiles(waits)} | ${quantiles(after)} | ${quantiles(still)} | ${moves[moves.length >> 1]} / ${moves[moves.length - 1]} |`);
  }
} finally {
  await browser.close();
  await server.close();
}
