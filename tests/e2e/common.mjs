// What the end-to-end test files share: how Chromium is launched, the plain
// static server (python3 -m http.server, as scripts' users may run), waiting
// for the live app after a page load, the usual checks, and reading and
// clicking the play page's board.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

// Debian's Chromium, headless, making no outside connections.
export const launchOptions = (executablePath) => ({
  executablePath,
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

// Serves `dir` on 127.0.0.1 (any free port). `log` gets each requested path.
export function startServer(dir) {
  const proc = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  proc.stderr.on('data', (d) => {
    for (const m of String(d).matchAll(/"(?:GET|HEAD) (\S+) HTTP/g)) log.push(m[1]);
  });
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`static server did not start: ${out}`)), 10_000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        ok({ proc, base: `http://127.0.0.1:${m[1]}`, log });
      }
    });
    proc.on('exit', (code) => fail(new Error(`static server exited (${code}): ${out}`)));
  });
}

// Pages are pre-rendered and show their content before the app is live
// (hydrated): after this, a page load waits for the app's mark,
// <html data-app="live">.
// Every page of a context runs under the build's Content-Security-Policy
// (src/bin/prerender.rs): what it refuses is logged as a console error,
// which the tests count as a failure.
export async function reportPolicyViolations(context) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} on ${location.pathname}`);
    });
  });
}

export function waitForLiveOnLoad(page) {
  for (const name of ['goto', 'reload']) {
    const original = page[name].bind(page);
    page[name] = async (...args) => {
      const res = await original(...args);
      await live(page);
      return res;
    };
  }
}

// A page that wakes when used (<meta name="congklak-wake" content="used">,
// Wake::Used in src/app/routes.rs: the play page, /compare, /friend) loads
// its code once the visitor points at its islands or, on the play page, its
// board: this does so, as a visitor would, if the page waits for it.
export async function useIslands(page) {
  const waiting = await page.evaluate(() => !location.search && !location.hash
    && document.documentElement.dataset.app !== 'live'
    && !!document.querySelector('meta[name="congklak-wake"][content="used"]'));
  if (!waiting) return;
  const islands = await page.evaluate(() => !!document.querySelector('meta[name="congklak-islands"]'));
  if (!islands) await page.locator('main [data-board]').first().hover();
  else if (await page.locator('leptos-island').count()) await page.locator('leptos-island :is(select, input, button)').first().hover();
}

// Waits until the page is live, used first if it waits for it.
export async function live(page) {
  await useIslands(page);
  await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
}

// Clicks a link that leaves the play page's bundle (see ROUTES in
// src/app/routes.rs): the page at the link loads as a page of its own; this waits
// for it to load and to go live.
export async function followOut(page, link) {
  await Promise.all([page.waitForEvent('load'), link.click()]);
  await live(page);
}

export async function expectHeading(page, text) {
  // `attached`, not `visible`: the play page's h1 is visually hidden.
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'attached' });
  const got = (await h1.textContent())?.trim();
  if (got !== text) throw new Error(`heading is "${got}", expected "${text}"`);
}

export function expectNoErrors(errors) {
  if (errors.length) throw new Error(`errors in the page:\n      ${errors.join('\n      ')}`);
}

// What the play page's board shows, read from its accessible names.
export async function boardState(page) {
  return page.evaluate(() => {
    const holes = { A: [], B: [] };
    for (const g of document.querySelectorAll('[data-board=main] .hole')) {
      const m = g.getAttribute('aria-label').match(/(\d+) (seeds?|biji)$/);
      holes[g.dataset.side][Number(g.dataset.hole) - 1] = Number(m[1]);
    }
    const stores = {};
    for (const g of document.querySelectorAll('[data-board=main] .store')) {
      stores[g.dataset.store] = Number(g.getAttribute('aria-label').match(/(\d+) (seeds?|biji)$/)[1]);
    }
    return { holes, stores };
  });
}

// Opens the new-game dialog (its form is fetched when it first opens) and
// waits for the form; closes it.
export async function openNewGame(page) {
  await page.locator('[data-testid=new-game-open]').click();
  await page.locator('[data-testid=new-game-dialog] [data-testid=pack]').waitFor();
}
export async function closeNewGame(page) {
  await page.locator('[data-testid=new-game-close]').click();
  await page.locator('[data-testid=new-game-dialog]').waitFor({ state: 'detached' });
}

export const clickHole = (page, side, hole) => page.locator(`[data-board=main] [data-side=${side}][data-hole="${hole}"] .recess`).click();

// Runs `tests` ({ name, fn }) against `dist` served by the plain static
// server in one Chromium, a line per test and a last line `N passed, M
// failed`; exits 1 on any failure. ONLY=<text> runs just the tests whose
// names contain it.
export async function runTests(label, tests, dist, executablePath) {
  const { proc, base } = await startServer(dist);
  const browser = await chromium.launch(launchOptions(executablePath));
  console.log(`${label}: ${browser.version()} against ${dist} served at ${base}`);
  let passed = 0;
  let failed = 0;
  try {
    for (const { name, fn } of tests.filter((t) => !process.env.ONLY || t.name.includes(process.env.ONLY))) {
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

// A test file's entry: `runTests` once the build is there (else says so),
// a failure to run at all counted as a failed test.
export function runFile(label, tests, dist, executablePath) {
  const run = async () => {
    if (!existsSync(`${dist}/index.html`)) {
      console.error(`no ${dist}/index.html: run \`trunk build --release\` first`);
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
    await runTests(label, tests, dist, executablePath);
  };
  run().catch((err) => {
    console.error(err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
}
