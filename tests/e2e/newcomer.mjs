// A newcomer's first game (issue "A first game a newcomer can follow"), on
// the built app in Chromium: the level a first visit plays, words that wait
// for the board, the end of a game said one way with a new game one tap
// away, a hint, and the new-game form readable on a phone.
//
//   node tests/e2e/newcomer.mjs        (after `trunk build --release`)
//
// Env: DIST, CHROMIUM, ONLY (as the other files).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoErrors, live, openNewGame, reportPolicyViolations, runFile } from './common.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// A page in a new context, with `settings` stored before the app starts
// (none: a first visit), errors and missing texts collected.
async function open(browser, base, path, { settings = null, viewport = DESKTOP } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  await reportPolicyViolations(context);
  await context.addInitScript((s) => {
    if (sessionStorage.getItem('e2e-init')) return;
    sessionStorage.setItem('e2e-init', '1');
    if (s) localStorage.setItem('congklak.settings', JSON.stringify(s));
  }, settings);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(base + path, { waitUntil: 'load' });
  await live(page);
  return { context, page, errors };
}

const text = async (page, id) => ((await page.locator(`[data-testid=${id}]`).textContent()) || '').trim();
const firstLegal = (page) => page.locator('[data-board=main] .hole.legal[data-side=A] .recess').first();

// Plays the first hole the person may until the game is over.
async function playToTheEnd(page) {
  for (let i = 0; i < 400; i++) {
    if (await page.locator('[data-testid=game-end]').count()) return;
    const hole = firstLegal(page);
    if (await hole.count()) await hole.click().catch(() => {});
    await page.waitForFunction(() => document.querySelector('[data-testid=game-end]') || document.querySelector('[data-board=main] .hole.legal[data-side=A]'));
  }
  throw new Error('the game did not end');
}

test('a first visit plays the computer at Beginner and says that a turn can chain', async ({ browser, base }) => {
  for (const [path, tip] of [['/', /another move/], ['/id/', /langkah lagi/]]) {
    const { context, page, errors } = await open(browser, base, path, { viewport: PHONE });
    try {
      const score = await text(page, 'scoreboard');
      if (!/Beginner|Pemula/.test(score)) throw new Error(`${path}: the scoreboard says "${score}"`);
      const said = await text(page, 'chain-tip');
      if (!tip.test(said)) throw new Error(`${path}: the tip says "${said}"`);
      // The phone's first line says what a lumbung is.
      const tagline = await page.locator('.intro-short').textContent();
      if (!/lumbung(mu)? \(/.test(tagline)) throw new Error(`${path}: tagline "${tagline}"`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('the status names the next player only once the seeds have come to rest, and the summary waits for the board', async ({ browser, base }) => {
  const settings = { speed: 'Slow', mode: 'Computer', level: 'greedy', human: 'A', rounds: 3 };
  const { context, page, errors } = await open(browser, base, '/', { settings });
  try {
    // Every status and summary shown while a move of the person's is
    // sown (the skip button is up), in the order shown.
    await page.evaluate(() => {
      window.__seen = [];
      const look = () => {
        if (!document.querySelector('[data-testid=skip]')) return;
        const status = document.querySelector('[data-testid=status]').textContent;
        window.__seen.push({
          status,
          summary: document.querySelector('[data-testid=summary]').textContent,
          computer: /computer/i.test(status),
        });
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await firstLegal(page).click();
    // The computer's reply comes, then the person may move again.
    await page.locator('[data-board=main] .hole.legal[data-side=A]').first().waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => window.__seen);
    const during = seen.filter((s) => !s.computer);
    if (during.length < 3) throw new Error(`only ${during.length} moments of the person's sowing seen`);
    for (const s of during) {
      if (/to move|Your move/.test(s.status)) throw new Error(`while the seeds move the status says "${s.status}"`);
      if (s.summary.trim()) throw new Error(`while the seeds move the summary says "${s.summary}"`);
    }
    if (!during.some((s) => /Sowing/.test(s.status))) throw new Error(`statuses while sowing: ${[...new Set(during.map((s) => s.status))]}`);
    if (!(await text(page, 'summary'))) throw new Error('no summary once the board is still');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a game lost to the computer ends one way in words, says which turn decided it, and a new game at an easier level is one tap', async ({ browser, base }) => {
  for (const [path, w] of [
    ['/', { lost: /^The computer won, (\d+) to (\d+)\./, by: 'The computer won by', ends: 'the game ends', round: 'round 1 ends', why: /^The computer's biggest turn came after your move from hole \d+: it chained \d+ moves and put \d+ seeds in its lumbung\.$/, easier: 'Easier: Greedy', level: 'Greedy' }],
    ['/id/', { lost: /^Komputer menang, (\d+) lawan (\d+)\./, by: 'Komputer menang dengan selisih', ends: 'permainan selesai', round: 'babak 1 selesai', why: /^Giliran terbesar komputer datang sesudah langkahmu dari lubang \d+/, easier: 'Lebih mudah: Rakus', level: 'Rakus' }],
  ]) {
    const settings = { speed: 'Instant', mode: 'Computer', level: 'medium', human: 'A', rounds: 3 };
    const { context, page, errors } = await open(browser, base, path, { settings, viewport: PHONE });
    try {
      await playToTheEnd(page);
      const status = await text(page, 'status');
      const m = status.match(w.lost);
      if (!m) throw new Error(`${path}: the status says "${status}"`);
      const lead = await text(page, 'score-lead');
      if (lead !== `${w.by} ${Number(m[1]) - Number(m[2])}`) throw new Error(`${path}: the scoreboard says "${lead}" beside "${status}"`);
      const summary = await text(page, 'summary');
      if (!summary.includes(w.ends) || summary.includes(w.round)) throw new Error(`${path}: the summary says "${summary}"`);
      if (/\b1 seeds\b/.test(await page.locator('main').innerText())) throw new Error(`${path}: "1 seeds" on the page`);
      const why = await text(page, 'game-end-why');
      if (!w.why.test(why)) throw new Error(`${path}: "${why}"`);
      // The end's box is on screen, and no hint is offered.
      const box = await page.locator('[data-testid=game-end]').boundingBox();
      if (!box || box.y + box.height > PHONE.height + 1 || box.y < 0) throw new Error(`${path}: the end's box is at ${JSON.stringify(box)}`);
      if (await page.locator('[data-testid=hint-row]').isVisible()) throw new Error(`${path}: a hint at the end`);
      // "Show the board before that move" goes back to the person's move.
      const g = new URL(page.url()).searchParams.get('g');
      await page.locator('[data-testid=game-end-show]').click();
      await page.waitForFunction(() => new URLSearchParams(location.search).has('t'));
      if (new URL(page.url()).searchParams.get('g') !== g) throw new Error(`${path}: the game changed`);
      // Back at the end: an easier level in one tap.
      await page.goto(`${base}${path}?g=${g}`, { waitUntil: 'load' });
      await live(page);
      await page.locator('[data-testid=level-easier]').waitFor();
      if ((await text(page, 'level-easier')) !== w.easier) throw new Error(`${path}: "${await text(page, 'level-easier')}"`);
      await page.locator('[data-testid=level-easier]').click();
      await page.waitForFunction(() => ((new URLSearchParams(location.search).get('g') || '').split('.')[3] ?? 'x') === '');
      const score = await text(page, 'scoreboard');
      if (!score.includes(w.level)) throw new Error(`${path}: after "easier" the scoreboard says "${score}"`);
      if (await page.locator('[data-testid=game-end]').count()) throw new Error(`${path}: the end's box stayed`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

test('a hint says the hole a level would play and marks it', async ({ browser, base }) => {
  const settings = { speed: 'Instant', mode: 'Computer', level: 'beginner', human: 'A', rounds: 3 };
  const { context, page, errors } = await open(browser, base, '/', { settings });
  try {
    await page.locator('[data-testid=hint-level]').selectOption('hardest');
    await page.locator('[data-testid=hint]').click();
    await page.locator('[data-testid=hint-text]', { hasText: /^Hardest would play hole \d$/ }).waitFor();
    const hole = (await text(page, 'hint-text')).match(/(\d)$/)[1];
    await page.locator(`[data-board=main] .hole.marked[data-side=A][data-hole="${hole}"]`).waitFor();
    // Once a move is played the hint is gone.
    await firstLegal(page).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=hint-text]').textContent.trim());
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('the new-game form is not cut on a phone, in both languages', async ({ browser, base }) => {
  for (const path of ['/', '/id/']) {
    const { context, page, errors } = await open(browser, base, path, { viewport: PHONE });
    try {
      await openNewGame(page);
      // Every control's text fits in it: a select's chosen option (the
      // font the select draws it in, its padding and arrow aside) and
      // every label.
      const cut = await page.evaluate(() => {
        const out = [];
        const canvas = document.createElement('canvas').getContext('2d');
        for (const el of document.querySelectorAll('[data-testid=new-game-dialog] select')) {
          if (!el.offsetParent) continue;
          const cs = getComputedStyle(el);
          canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const words = el.selectedOptions[0]?.textContent || '';
          const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          if (canvas.measureText(words).width > room) out.push(`"${words}" in ${Math.round(room)} px`);
        }
        for (const el of document.querySelectorAll('[data-testid=new-game-dialog] label > span, [data-testid=new-game-dialog] button')) {
          if (el.offsetParent && el.scrollWidth > el.clientWidth + 1) out.push(`"${el.textContent}"`);
        }
        const dialog = document.querySelector('[data-testid=new-game-dialog]');
        if (dialog.scrollWidth > dialog.clientWidth + 1) out.push('the dialog scrolls sideways');
        return out;
      });
      if (cut.length) throw new Error(`${path}: cut: ${cut.join(', ')}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  }
});

runFile('newcomer', tests, DIST, CHROMIUM);
