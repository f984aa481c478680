// End-to-end tests of /puzzles. run.mjs registers them (`register(test, ...)`).
//
// The puzzles are the engine's (engine/data/puzzles.json, each checked by
// `congklak puzzles check` and the engine's tests); the expected answers,
// goals and perfect-play values below are read from that file, and the
// figures in the explanations from the engine's CLI (`congklak replay`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectHeading, expectNoErrors } from './common.mjs';

const PROGRESS_KEY = 'congklak.puzzles.v1';

export function register(test, { ROOT, SHOTS, openPage, playPage }) {
  const file = JSON.parse(readFileSync(join(ROOT, 'engine/data/puzzles.json'), 'utf8'));
  const PUZZLES = file.puzzles;
  const find = (pred, what) => {
    const p = PUZZLES.find(pred);
    if (!p) throw new Error(`no puzzle ${what} in engine/data/puzzles.json`);
    return p;
  };
  // The engine's own replay of one move of a puzzle: what it banked, from the CLI.
  const engineMove = (p, hole) => {
    const pos = join(tmpdir(), `puzzle-${p.id}.json`);
    writeFileSync(pos, JSON.stringify(p.position));
    const out = execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', 'replay', '--pack', p.pack, '--size', String(p.size), '--position', pos, '--moves', String(hole)], { cwd: ROOT, encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n')[0]);
  };
  const holeOf = (page, k) => page.locator(`[data-board=puzzle] [data-side=A][data-hole="${k}"]`);
  const boardLabels = (page) => page.evaluate(() => [...document.querySelectorAll('[data-board=puzzle] [aria-label]')].map((e) => e.getAttribute('aria-label')).join('|'));
  const legalHoles = (page) => page.evaluate(() => [...document.querySelectorAll('[data-board=puzzle] .hole.legal[data-side=A]')].map((e) => Number(e.dataset.hole)));

  test('/puzzles: the list by difficulty, the puzzle of the day, a puzzle link opens its puzzle', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser);
    try {
      await page.goto(base + '/puzzles', { waitUntil: 'load' });
      await expectHeading(page, 'Congklak puzzles');
      const items = page.locator('[data-testid=puzzle-list] li[data-puzzle]');
      if ((await items.count()) !== PUZZLES.length) throw new Error(`${await items.count()} puzzles listed, ${PUZZLES.length} in the file`);
      const grades = await page.locator('[data-testid=puzzle-list] h3').allTextContents();
      if (grades.length !== 3 || !/^Easy/.test(grades[0]) || !/^Medium/.test(grades[1]) || !/^Hard/.test(grades[2])) throw new Error(`groups: ${grades}`);
      const order = await items.evaluateAll((els) => els.map((e) => e.dataset.puzzle));
      const diff = order.map((id) => PUZZLES.find((p) => p.id === id).difficulty);
      if (diff.some((d, i) => i && d < diff[i - 1])) throw new Error(`the list is not by difficulty: ${diff}`);
      // The day's puzzle: the visitor's date, each puzzle in turn; for a
      // newcomer (nothing solved), each easy one on the rules the lessons
      // teach (umum, 7 holes) in turn.
      const day = await page.evaluate(() => Math.floor((Date.now() - new Date().getTimezoneOffset() * 60000) / 86400000));
      const nth = (list) => list[((((day % list.length) + list.length) % list.length) * 7919) % list.length];
      const easy = PUZZLES.filter((p) => p.pack === 'umum' && p.size === 7 && p.difficulty === 1);
      if (easy.length < 3) throw new Error(`${easy.length} easy umum puzzles in the file`);
      const dayIs = async (want, who) => {
        await page.locator(`[data-testid=puzzle-day][data-puzzle="${want.id}"]`).waitFor({ timeout: 10000 }).catch(() => {});
        const dayId = await page.locator('[data-testid=puzzle-day]').getAttribute('data-puzzle');
        if (dayId !== want.id) throw new Error(`${who}: puzzle of the day ${dayId}, expected ${want.id}`);
        const open = await page.locator('[data-testid=puzzle]').getAttribute('data-puzzle');
        if (open !== want.id) throw new Error(`${who}: the open puzzle is ${open}, not the day's ${want.id}`);
      };
      await dayIs(nth(easy), 'a newcomer');
      const board = await page.locator('[data-testid=puzzle] .puzzle-board-name').innerText();
      if (!board.includes('7')) throw new Error(`a newcomer's first puzzle is on "${board}"`);
      // Once a puzzle is solved, the day's puzzle is drawn from all of them.
      await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ solved: ['x'], tried: ['x'] })), PROGRESS_KEY);
      await page.reload({ waitUntil: 'load' });
      const want = nth(PUZZLES);
      await dayIs(want, 'a player who solved one');
      // The list by pack: one pack's puzzles only.
      const pick = PUZZLES[PUZZLES.length - 1].pack;
      await page.locator('[data-testid=puzzle-pack]').selectOption(pick);
      const shown = await items.evaluateAll((els) => els.filter((e) => !e.hidden).map((e) => e.dataset.puzzle));
      const want2 = PUZZLES.filter((p) => p.pack === pick).map((p) => p.id).sort();
      if (JSON.stringify([...shown].sort()) !== JSON.stringify(want2)) throw new Error(`${pick}: shown ${shown}, expected ${want2}`);
      await page.locator('[data-testid=puzzle-pack]').selectOption('');
      // A puzzle's link opens it, and reloads to it.
      const other = PUZZLES.find((p) => p.id !== want.id && p.pack !== want.pack);
      await page.locator(`[data-testid=puzzle-list] li[data-puzzle="${other.id}"] a`).click();
      await page.locator(`[data-testid=puzzle][data-puzzle="${other.id}"]`).waitFor();
      if (new URL(page.url()).search !== `?p=${other.id}`) throw new Error(`address ${page.url()}`);
      await page.reload({ waitUntil: 'load' });
      await page.locator(`[data-testid=puzzle][data-puzzle="${other.id}"]`).waitFor();
      const holes = await page.locator('[data-board=puzzle] .hole[data-side=A]').count();
      if (holes !== other.size) throw new Error(`${holes} holes a side, the puzzle has ${other.size}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('/puzzles: a wrong hole shows what it did, the right one (by keyboard) solves it; progress kept after reload', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser);
    try {
      const p = find((q) => q.goal.kind === 'bank', 'with a bank goal');
      await page.goto(`${base}/puzzles?p=${p.id}`, { waitUntil: 'load' });
      await page.locator(`[data-testid=puzzle][data-puzzle="${p.id}"]`).waitFor();
      const goal = await page.locator('[data-testid=puzzle-goal]').innerText();
      if (!goal.includes(`at least ${p.goal.at_least} seeds`)) throw new Error(`goal "${goal}"`);
      const before = await boardLabels(page);
      const wrong = (await legalHoles(page)).find((k) => k !== p.answer);
      await holeOf(page, wrong).locator('.recess').click();
      // The verdict comes at once, while the sowing still plays.
      await page.waitForFunction(() => document.querySelector('[data-testid=puzzle-wrong]') && document.querySelector('[data-testid=puzzle]').dataset.moving === 'true', null, { timeout: 5000 })
        .catch(() => { throw new Error('"Not this one" waited for the sowing to end'); });
      await page.locator('[data-testid=puzzle]:not([data-moving])').waitFor();
      const miss = await page.locator('[data-testid=puzzle-wrong]').innerText();
      const wrongBank = engineMove(p, wrong);
      if (!miss.startsWith(`Not this one. Hole ${wrong}:`) || !miss.includes('short of')) throw new Error(`after hole ${wrong}: "${miss}"`);
      if ((await boardLabels(page)) === before) throw new Error('the wrong move did not change the board');
      if (!wrongBank.stores) throw new Error(`the engine's replay: ${JSON.stringify(wrongBank)}`);
      // The answer, by keyboard.
      await holeOf(page, p.answer).focus();
      await page.keyboard.press('Enter');
      const right = await page.locator('[data-testid=puzzle-right]').innerText();
      const why = await page.locator('[data-testid=puzzle-why]').innerText();
      if (!right.startsWith('Solved!')) throw new Error(`after the answer: "${right}"`);
      if (!why.startsWith(`It puts ${p.goal.at_least} seeds into your lumbung`)) throw new Error(`why: "${why}"`);
      // The engine's replay of the answer: the store gains what the page says.
      const after = engineMove(p, p.answer);
      const gained = after.stores.A - p.position.stores.A;
      if (gained < p.goal.at_least) throw new Error(`the engine's store went from ${p.position.stores.A} to ${after.stores.A}`);
      const kept = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), PROGRESS_KEY);
      if (!kept.solved.includes(p.id) || !kept.tried.includes(p.id)) throw new Error(`kept: ${JSON.stringify(kept)}`);
      // Solved: the next puzzle in the list's order (by difficulty, pack,
      // place in the file) is one tap away, and opens.
      const order = PUZZLES.map((q, i) => [i + 1, q]).sort((a, b) => a[1].difficulty - b[1].difficulty || (a[1].pack < b[1].pack ? -1 : a[1].pack > b[1].pack ? 1 : 0) || a[0] - b[0]);
      const at = order.findIndex(([, q]) => q.id === p.id);
      const [nextN, nextP] = order[(at + 1) % order.length];
      const next = page.locator('[data-testid=puzzle-next]');
      if ((await next.innerText()) !== `Next puzzle: Puzzle ${nextN}`) throw new Error(`next: "${await next.innerText()}"`);
      await next.click();
      await page.locator(`[data-testid=puzzle][data-puzzle="${nextP.id}"]`).waitFor();
      if (new URL(page.url()).search !== `?p=${nextP.id}`) throw new Error(`next: address ${page.url()}`);
      await page.reload({ waitUntil: 'load' });
      await page.locator(`li[data-puzzle="${p.id}"][data-status=solved]`).waitFor();
      const progress = await page.locator('[data-testid=puzzles-progress]').innerText();
      if (progress !== `You have solved 1 of ${PUZZLES.length} puzzles on this device.`) throw new Error(`progress "${progress}"`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('/puzzles: the hint marks two holes, then the answer is replayed as an animation with its explanation', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser);
    try {
      const p = find((q) => q.goal.kind === 'win', 'with a win goal');
      await page.goto(`${base}/puzzles?p=${p.id}`, { waitUntil: 'load' });
      await page.locator(`[data-testid=puzzle][data-puzzle="${p.id}"]`).waitFor();
      await page.locator('[data-testid=puzzle-hint]').click();
      const hint = await page.locator('[data-testid=puzzle-hint-text]').innerText();
      const marked = await page.evaluate(() => [...document.querySelectorAll('[data-board=puzzle] .hole.marked')].map((e) => Number(e.dataset.hole)));
      if (marked.length !== 2 || !marked.includes(p.answer)) throw new Error(`marked holes ${marked}, answer ${p.answer}`);
      if (!hint.startsWith(`The answer is hole ${marked[0]} or ${marked[1]}`)) throw new Error(`hint "${hint}"`);
      // The answer, animated: the board passes through several states.
      const start = await boardLabels(page);
      await page.locator('[data-testid=puzzle-show]').click();
      const seen = new Set();
      for (let i = 0; i < 40; i++) {
        seen.add(await boardLabels(page));
        if (await page.locator('[data-testid=puzzle-answer]').count()) break;
        await page.waitForTimeout(40);
      }
      await page.locator('[data-testid=puzzle-answer]').waitFor();
      seen.delete(start);
      const end = await boardLabels(page);
      seen.add(end);
      if (seen.size < 2) throw new Error(`the answer was not animated (${seen.size} board states seen)`);
      const answer = await page.locator('[data-testid=puzzle-answer]').innerText();
      if (!answer.startsWith(`The answer is hole ${p.answer}.`)) throw new Error(`answer "${answer}"`);
      const v = p.values.find((x) => x.hole === p.answer).value;
      const why = await page.locator('[data-testid=puzzle-why]').innerText();
      if (!why.includes(`you win by ${v}`)) throw new Error(`why "${why}", the solver's value ${v}`);
      // The final board is the engine's.
      const engine = engineMove(p, p.answer);
      const store = await page.locator('[data-board=puzzle] .store[data-store=A]').getAttribute('aria-label');
      if (!store.endsWith(`${engine.stores.A} seeds`) && !store.endsWith(`${engine.stores.A} seed`)) throw new Error(`A's store "${store}", the engine ${engine.stores.A}`);
      // Shown, not solved: the list says tried only if a hole was played.
      const kept = await page.evaluate((k) => localStorage.getItem(k), PROGRESS_KEY);
      if (kept && JSON.parse(kept).solved.includes(p.id)) throw new Error('showing the answer counted as solving it');
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('/puzzles: a broken puzzle link and unreadable progress each get a clear message, and nothing breaks', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser);
    try {
      await page.goto(`${base}/puzzles?p=no-such-puzzle`, { waitUntil: 'load' });
      const msg = await page.locator('[data-testid=puzzle-missing]').innerText();
      if (!/no puzzle at this link/.test(msg)) throw new Error(`message "${msg}"`);
      if ((await page.locator('[data-testid=puzzle-list] li').count()) !== PUZZLES.length) throw new Error('the list is gone');
      // Unreadable progress: a message; kept as it is until reset.
      await page.evaluate((k) => localStorage.setItem(k, '{"solved": 3, broken'), PROGRESS_KEY);
      const p = PUZZLES[0];
      await page.goto(`${base}/puzzles?p=${p.id}`, { waitUntil: 'load' });
      await page.locator('[data-testid=puzzles-corrupt]').waitFor();
      const hole = (await legalHoles(page))[0];
      await holeOf(page, hole).locator('.recess').click();
      await page.locator('[data-testid=puzzle-wrong], [data-testid=puzzle-right]').first().waitFor();
      const still = await page.evaluate((k) => localStorage.getItem(k), PROGRESS_KEY);
      if (still !== '{"solved": 3, broken') throw new Error(`the stored progress was changed: ${still}`);
      await page.locator('[data-testid=puzzles-reset]').click();
      await page.locator('[data-testid=puzzles-corrupt]').waitFor({ state: 'detached' });
      await page.locator('[data-testid=puzzles-progress]', { hasText: 'solved 0 of' }).waitFor();
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    test(`/puzzles at ${viewport.width} px in Indonesian: nothing wider than the screen; screenshot`, async ({ browser, base }) => {
      const context = await browser.newContext({ viewport, locale: 'id-ID' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
      page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
      try {
        const p = find((q) => q.goal.kind === 'capture-most' && q.size >= 7, 'capturing on a board of 7 or more');
        await page.goto(`${base}/puzzles?p=${p.id}`, { waitUntil: 'load' });
        await page.waitForSelector('html[data-app="live"]', { state: 'attached' });
        await page.locator('main h1', { hasText: 'Teka-teki congklak' }).waitFor();
        const goal = await page.locator('[data-testid=puzzle-goal]').innerText();
        if (goal !== 'Temukan langkah yang menembak biji paling banyak.') throw new Error(`goal "${goal}"`);
        await page.locator('[data-testid=puzzle-hint]').click();
        const hint = await page.locator('[data-testid=puzzle-hint-text]').innerText();
        if (!hint.startsWith('Jawabannya lubang')) throw new Error(`hint "${hint}"`);
        // Solved: why in plain words (never "more than 0"), and the next puzzle.
        await holeOf(page, p.answer).locator('.recess').click();
        const why = await page.locator('[data-testid=puzzle-why]').innerText();
        if (!/^Langkah ini menembak \d+ biji; tidak ada lubang lain yang (mendapat lebih dari [1-9]\d*|menembak apa pun)\.$/.test(why)) throw new Error(`why "${why}"`);
        const next = await page.locator('[data-testid=puzzle-next]').innerText();
        if (!/^Teka-teki berikutnya: Teka-teki \d+$/.test(next)) throw new Error(`next "${next}"`);
        await page.locator('[data-testid=puzzle]:not([data-moving])').waitFor();
        const wide = await page.evaluate((w) => {
          // What lies inside a box that scrolls or clips sideways (the phone's
          // navigation row scrolls by design) does not widen the page.
          const clipped = (e) => {
            for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
              if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= w + 0.5) return true;
            }
            return false;
          };
          const over = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 0.5 && e.getClientRects().length && !clipped(e));
          return { scroll: document.documentElement.scrollWidth, over: over.slice(0, 3).map((e) => `${e.tagName}.${e.className?.baseVal ?? e.className}`) };
        }, viewport.width);
        if (wide.scroll > viewport.width || wide.over.length) throw new Error(`wider than ${viewport.width} px: ${JSON.stringify(wide)}`);
        const board = await page.locator('[data-board=puzzle]').boundingBox();
        if (board.x < 0 || board.x + board.width > viewport.width) throw new Error(`board ${JSON.stringify(board)}`);
        mkdirSync(SHOTS, { recursive: true });
        const shot = join(SHOTS, `puzzles-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        console.log(`    saved ${shot}`);
        expectNoErrors(errors);
      } finally {
        await context.close();
      }
    });
  }
}
