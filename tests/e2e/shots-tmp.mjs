import { chromium } from 'playwright-core';
import { launchOptions, startServer } from './common.mjs';
const dist = process.env.DIST || 'dist';
const { proc, base } = await startServer(dist);
const browser = await chromium.launch(launchOptions(process.env.CHROMIUM || '/usr/bin/chromium'));
try {
  for (const [name, path, w, h, open] of [
    ['umum-desktop', '/packs/umum', 1280, 900, 'giliran-lagi'],
    ['sleman-phone-id', '/id/packs/jawa-sleman', 360, 740, null],
    ['sungka-phone', '/packs/sungka', 360, 740, null],
    ['sleman-open-id', '/id/packs/jawa-sleman', 360, 740, 'first'],
  ]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await page.goto(base + path, { waitUntil: 'load' });
    if (open) {
      const d = open === 'first' ? page.locator('details.divergence[data-status=played]').first() : page.locator(`details#${open}`);
      await d.locator('summary').click();
      await d.locator('[data-testid=stats-standout]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/${name}.png` });
      console.log(name, await d.locator('.div-line').innerText());
      console.log(name, await d.locator('[data-testid=stats-standout]').innerText());
      for (const t of await d.locator('[data-testid=stats-short], [data-testid=stats-capped]').allInnerTexts()) console.log(name, t);
    } else {
      await page.locator('[data-testid=pack-ranking]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/${name}.png` });
      console.log(name, (await page.locator('[data-testid=pack-ranking]').innerText()).slice(0, 1500));
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  proc.kill();
}
