// Headless Chromium check of a built dist: node test/islands.mjs http://127.0.0.1:PORT [lazy]
const { chromium } = await import(process.env.PW_CORE || new URL('../../../tests/e2e/node_modules/playwright-core/index.mjs', import.meta.url).href);

const base = process.argv[2];
const lazy = process.argv[3] === 'lazy';
const results = [];
let failed = 0;
const check = (name, ok, detail = '') => {
  results.push(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
  if (!ok) failed++;
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

async function newPage(delayWasmMs = 0) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const log = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log.push(`${m.type()}: ${m.text()} (${m.location().url})`); });
  page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  if (delayWasmMs) {
    await page.route('**/*.wasm', async (route) => {
      await new Promise((r) => setTimeout(r, delayWasmMs));
      await route.continue();
    });
  }
  return { ctx, page, log, requests };
}
const text = (page, sel) => page.locator(sel).first().textContent();
const hydrated = (page) => page.waitForFunction(() => window.__islandsHydrated === true, null, { timeout: 20000 });

// 1. The island page: interactive, props, children, shared state, no console errors.
{
  const { ctx, page, log, requests } = await newPage();
  await page.goto(base + '/', { waitUntil: 'load' });
  await hydrated(page);
  const counter = 'leptos-island[data-component^="Counter_"]';
  check('props arrive (lang)', (await text(page, `${counter} #lang`)) === 'id');
  check('props arrive (start)', (await text(page, `${counter} #inc`)) === '5');
  await page.locator(`${counter} #inc`).first().click();
  await page.locator(`${counter} #inc`).first().click();
  check('counter interactive', (await text(page, `${counter} #inc`)) === '7', await text(page, `${counter} #inc`));
  check('static text stays', (await text(page, '#static-text')).startsWith('This paragraph'));
  check('children stay', (await text(page, '#child-content')) === 'Server-rendered child content');
  await page.click('#toggle');
  const shown = await page.locator('#details-body').evaluate((e) => getComputedStyle(e).display);
  check('children island interactive (toggle hides)', shown === 'none' && (await text(page, '#toggle')) === 'show', shown);
  await page.click('#toggle');
  check('children still there after toggles', (await page.locator('#child-content').count()) === 1);
  const nested = '#details-body leptos-island[data-component^="Counter_"] #inc';
  check('island nested in children: props', (await text(page, nested)) === '100');
  await page.click(nested);
  check('island nested in children: interactive', (await text(page, nested)) === '101');
  await page.click('#shared-inc');
  await page.click('#shared-inc');
  check('context shared by nested islands', (await text(page, '#shared-show')) === '2', await text(page, '#shared-show'));
  await page.click('#global-inc');
  check('sibling islands sharing a global signal', (await text(page, '#global-show')) === '1', await text(page, '#global-show'));
  check('no console errors/warnings', log.length === 0, log.join(' | '));
  results.push(`     requests on /: ${requests.join(' ')}`);
  await ctx.close();
}

// 2. Taps made before hydration are replayed once the islands are up.
{
  const { ctx, page, log } = await newPage(2500);
  await page.goto(base + '/', { waitUntil: 'domcontentloaded' });
  const counter = 'leptos-island[data-component^="Counter_"] #inc';
  await page.locator(counter).first().click();
  await page.click('#shared-inc');
  const before = await page.evaluate(() => window.__islandsHydrated === true);
  const textBefore = await text(page, counter);
  await hydrated(page);
  await page.waitForTimeout(50);
  check('tapped before hydration', before === false && textBefore === '5', `hydrated=${before} text=${textBefore}`);
  check('early tap replayed on counter', (await text(page, counter)) === '6', await text(page, counter));
  check('early tap replayed on nested island', (await text(page, '#shared-show')) === '1', await text(page, '#shared-show'));
  check('no console errors/warnings (delayed wasm)', log.length === 0, log.join(' | '));
  await ctx.close();
}

// 3. A page with no island.
{
  const { ctx, page, log, requests } = await newPage();
  await page.goto(base + '/static/', { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const wasm = requests.filter((r) => r.endsWith('.wasm'));
  const glue = requests.filter((r) => r.endsWith('.js') && r !== '/islands.js');
  check('static page renders', (await text(page, '#static-only')) === 'Plain HTML.');
  results.push(`     requests on /static/: ${requests.join(' ')}`);
  if (lazy) check('no-island page fetches no wasm and no glue', wasm.length === 0 && glue.length === 0, requests.join(' '));
  else results.push(`     (default loader) no-island page fetched wasm: ${wasm.length > 0}, glue: ${glue.length > 0}`);
  check('no console errors/warnings (static page)', log.length === 0, log.join(' | '));
  await ctx.close();
}

await browser.close();
console.log(results.join('\n'));
console.log(failed ? `${failed} FAILED` : 'all passed');
process.exit(failed ? 1 : 0);
