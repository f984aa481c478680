// Screenshots of the built app for a person to look at (not a test):
// `node tests/e2e/shots.mjs dist /tmp/shots /path1 /path2 ...` writes
// desktop (1280 px) and phone (360 px) full-page images of each path.
import { chromium } from 'playwright-core';
import { launchOptions, startServer } from './common.mjs';

const [dist = 'dist', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const server = await startServer(dist);
const browser = await chromium.launch(launchOptions(process.env.CHROMIUM || '/usr/bin/chromium'));
try {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 360, height: 740 }]]) {
    const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    for (const p of paths.length ? paths : ['/']) {
      await page.goto(server.base + p);
      await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
      await page.waitForTimeout(800);
      const file = `${out}/${name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
      await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
      console.log(file);
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  server.proc.kill();
}
