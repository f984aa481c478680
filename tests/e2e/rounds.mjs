// End-to-end tests of the play page's games of several rounds and of
// resigning (issue 53, items 2 and 3): the standing between rounds by the
// board, resigning (menyerah) with its confirmation, the resignation in the
// address (`.rA`/`.rB`), after a reload, in a shared link and in the
// statistics, and the number of rounds agreed in the new-game form; on a
// phone (360 px) in Indonesian, a round's end, a game of agreed rounds
// played to its end, and resigning; the table of every round so far.
//
//   node tests/e2e/rounds.mjs     (after `trunk build --release`)
//
// Env: DIST (default <repo>/dist), CHROMIUM (default /usr/bin/chromium),
// ONLY (a part of test names).
//
// The game below is sungka with 3 rounds agreed (seed 11), one move (B's
// hole 2) before the end of its first round; the engine's standing of that
// round (from `PlaySession`, src/game/session.rs): B wins 53 to 45, A's hole 1
// burns, A fills 6 holes with 3 seeds left in the lumbung, B fills 7 with 4
// left, B starts round 2. Should the engine's rules change these figures,
// print them again from a session playing the link's moves.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoErrors, reportPolicyViolations, runFile, waitForLiveOnLoad } from './common.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = 15000;

// sungka, `max_rounds` 3 (the ruleset part), seed 11, the moves before the
// first round's last one.
const RULESET = '~eyJiYXNlIjoic3VuZ2thIiwic2V0Ijp7Im1heF9yb3VuZHMiOjN9fQ';
const BEFORE = `1.${RULESET}.11._444645445446532444654727335714`;
const LAST = { side: 'B', hole: 2 };
const AFTER = `${BEFORE}${LAST.hole}`;

const HOTSEAT = { speed: 'Instant', mode: 'Hotseat', level: 'medium', human: 'A', rounds: 3 };
const COMPUTER = { ...HOTSEAT, mode: 'Computer' };
const STATS_KEY = 'congklak.stats.v1';

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// A page with `settings` kept (once a context), its errors collected and a
// missing text reported as one.
async function playPage(browser, settings = HOTSEAT, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  await reportPolicyViolations(context);
  await context.addInitScript((s) => {
    if (!sessionStorage.getItem('e2e-init')) {
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('congklak.settings', JSON.stringify(s));
    }
    new MutationObserver(() => {
      const root = document.documentElement;
      if (root && !window.__told && root.textContent.includes('⟨missing text⟩')) {
        window.__told = true;
        console.error(`a text is missing on ${location.pathname}${location.search}`);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, settings);
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  waitForLiveOnLoad(page);
  return { context, page, errors };
}

const text = (page, id) => page.locator(`[data-testid=${id}]`).innerText();
const gOf = (page) => new URL(page.url()).searchParams.get('g');
const clickHole = (page, side, hole) => page.locator(`[data-board=main] [data-side=${side}][data-hole="${hole}"] .recess`).click();

function expectIn(got, want, what) {
  const ok = want instanceof RegExp ? want.test(got) : got.includes(want);
  if (!ok) throw new Error(`${what}: "${got}" does not have ${want}`);
}

async function waitForText(page, id, want, what) {
  for (let i = 0; i < 100; i++) {
    const got = await text(page, id).catch(() => '');
    if (want instanceof RegExp ? want.test(got) : got.includes(want)) return got;
    await page.waitForTimeout(50);
  }
  expectIn(await text(page, id).catch(() => ''), want, what);
}

test('a round\'s end: the standing by the board, the button to go on, the round of 3 and the rounds won', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(`${base}/?g=${BEFORE}&vs=hotseat`, { waitUntil: 'load' });
    expectIn(await text(page, 'round-label'), 'Round 1 of 3', 'before the round ends');
    await clickHole(page, LAST.side, LAST.hole);
    const notice = page.locator('[data-testid=round-notice]');
    await notice.waitFor();
    const said = await notice.innerText();
    for (const want of [
      'Round 1 of 3 is over',
      'Player B wins the round by 8 seeds: Player A has 45 seeds, Player B has 53 seeds.',
      'Player A fills 6 holes for the next round; hole 1 burns (terbakar); 3 seeds stay in the lumbung.',
      'Player B fills 7 holes for the next round; 4 seeds stay in the lumbung.',
      'Player B starts round 2.',
    ]) expectIn(said, want, 'the standing');
    if (/\{\d\}|max_rounds|RoundEnd/.test(said)) throw new Error(`the standing shows a key: ${said}`);
    expectIn(await text(page, 'status'), 'Round 1 is over', 'the status');
    expectIn(await text(page, 'status'), 'Next round', 'the status says what to do');
    expectIn(await text(page, 'round-label'), 'Rounds won: Player A 0, Player B 1', 'the overall standing');
    // By the board: its top within 160 px of the board's bottom, the button in it.
    const board = await page.locator('[data-board=main]').boundingBox();
    const box = await notice.boundingBox();
    if (box.y - (board.y + board.height) > 160) throw new Error(`the standing is ${box.y - (board.y + board.height)} px below the board`);
    if (!(await notice.locator('[data-testid=round-next]').isVisible())) throw new Error('no button to go on by the standing');
    // Nothing can be played under it.
    if (await page.locator('[data-board=main] .hole.legal').count()) throw new Error('holes playable under the standing');
    await notice.locator('[data-testid=round-next]').click();
    await notice.waitFor({ state: 'detached' });
    expectIn(await text(page, 'round-label'), 'Round 2 of 3', 'after going on');
    expectIn(await text(page, 'round-label'), 'Rounds won: Player A 0, Player B 1', 'the overall standing stays');
    // Every round so far, in a table folded by the board: opened, round 1's row.
    const table = page.locator('[data-testid=rounds-table]');
    if (await table.evaluate((d) => d.open)) throw new Error('the table of rounds is open before it is asked for');
    await table.locator('summary').click();
    const head = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
    if (JSON.stringify(head) !== JSON.stringify(['Round', 'Won by', 'Seeds of Player A', 'Seeds of Player B', 'Holes Player A fills next', 'Holes Player B fills next'])) throw new Error(`the table's columns: ${head}`);
    const row = (await table.locator('tbody tr').first().locator('th, td').allInnerTexts()).map((t) => t.trim());
    if (JSON.stringify(row) !== JSON.stringify(['1', 'Player B', '45', '53', '6', '7'])) throw new Error(`round 1's row: ${row}`);
    expectIn(await text(page, 'status'), 'Player B', 'B starts round 2');
    if (gOf(page) !== AFTER) throw new Error(`address ${gOf(page)}, expected ${AFTER}`);
    // The same in Indonesian.
    await page.goto(`${base}/id/?g=${BEFORE}&vs=hotseat`, { waitUntil: 'load' });
    await clickHole(page, LAST.side, LAST.hole);
    await notice.waitFor();
    const id = await notice.innerText();
    expectIn(id, 'Babak 1 dari 3 selesai', 'the standing in Indonesian');
    expectIn(id, 'lubang 1 terbakar', 'the standing in Indonesian');
    expectIn(id, 'Pemain B memulai babak 2', 'the standing in Indonesian');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('resign between two people: a confirmation, the result in words, .rB in the address, a reload, undo, the statistics', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(`${base}/?g=${BEFORE}&vs=hotseat`, { waitUntil: 'load' });
    await clickHole(page, LAST.side, LAST.hole);
    await page.locator('[data-testid=round-next]').click();
    await page.locator('[data-testid=round-notice]').waitFor({ state: 'detached' });
    // Player B is to move in round 2: B resigns. Cancel first: nothing changes.
    const resign = page.locator('[data-testid=resign]');
    if (await resign.isDisabled()) throw new Error('resign is disabled in a game in progress');
    await resign.click();
    expectIn(await text(page, 'resign-ask'), 'Player B: resign this game?', 'the question');
    // The question has the keyboard's focus on the safe answer; Escape puts it away.
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'resign-cancel');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=resign-ask]').waitFor({ state: 'detached' });
    await resign.click();
    await page.locator('[data-testid=resign-cancel]').click();
    await page.locator('[data-testid=resign-ask]').waitFor({ state: 'detached' });
    if (gOf(page) !== AFTER) throw new Error(`cancel changed the address: ${gOf(page)}`);
    // Two taps: resign, confirm.
    await resign.click();
    await page.locator('[data-testid=resign-confirm]').click();
    const result = 'Player B resigned (menyerah): Player A wins.';
    await waitForText(page, 'status', result, 'the result');
    expectIn(await text(page, 'status'), 'Seeds when play stopped', 'the seeds at the end');
    expectIn(await text(page, 'score-lead'), 'Player A won', 'the scoreboard');
    expectIn(await page.locator('[data-testid=live]').textContent(), result, 'said aloud');
    const g = gOf(page);
    if (g !== `${AFTER}.rB`) throw new Error(`address ${g}, expected ${AFTER}.rB`);
    if (!(await resign.isDisabled())) throw new Error('resign is enabled in a finished game');
    if (await page.locator('[data-board=main] .hole.legal').count()) throw new Error('holes playable in a resigned game');
    // Counted in the statistics like any finished game.
    await page.waitForFunction(([k, r]) => JSON.parse(localStorage.getItem(k) || '{"games":[]}').games.some((e) => e.record === r),
      [STATS_KEY, g], { timeout: 10000 }).catch(() => {
      throw new Error(`${g} was not counted`);
    });
    // A reload replays it: finished, the same words.
    await page.reload({ waitUntil: 'load' });
    await waitForText(page, 'status', result, 'after a reload');
    if (gOf(page) !== g) throw new Error(`after a reload the address is ${gOf(page)}`);
    // Undo takes the resignation back: B to move again, the address without it.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForText(page, 'status', /^(?![\s\S]*resigned)[\s\S]*Player B/, 'after undo');
    if (gOf(page) !== AFTER) throw new Error(`after undo the address is ${gOf(page)}`);
    if (!(await page.locator('[data-board=main] .hole.legal').count())) throw new Error('nothing playable after undo');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('resign against the computer: the person resigns, "You resigned", a shared link opens finished', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, COMPUTER);
  let g;
  try {
    await page.goto(`${base}/?g=1.umum.5.&vs=computer.medium.A`, { waitUntil: 'load' });
    await page.locator('[data-testid=resign]').click();
    expectIn(await text(page, 'resign-ask'), 'Player A: resign this game?', 'the question');
    await page.locator('[data-testid=resign-confirm]').click();
    await waitForText(page, 'status', 'You resigned (menyerah): the computer wins.', 'the result');
    g = gOf(page);
    // (The computer may have moved meanwhile: the moves are then before it.)
    if (!g.startsWith('1.umum.5.') || !g.endsWith('.rA')) throw new Error(`address ${g}`);
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
  // The link shared with someone else, between two people there.
  const other = await playPage(browser, HOTSEAT);
  try {
    await other.page.goto(`${base}/?g=${g}&vs=hotseat`, { waitUntil: 'load' });
    await waitForText(other.page, 'status', 'Player A resigned (menyerah): Player B wins.', 'the shared link');
    if (!(await other.page.locator('[data-testid=resign]').isDisabled())) throw new Error('a finished game can be resigned');
    expectNoErrors(other.errors);
  } finally {
    await other.context.close();
  }
});

test('the new-game form: rounds agreed for a pack of several rounds, kept in the settings and in the link', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser);
  try {
    await page.goto(`${base}/?g=1.umum.5.&vs=hotseat`, { waitUntil: 'load' });
    await page.locator('[data-testid=new-game-open]').click();
    const form = page.locator('[data-testid=new-game-dialog]');
    await form.locator('[data-testid=pack]').waitFor();
    // A one-round pack offers no rounds.
    if (await form.locator('[data-testid=rounds]').count()) throw new Error('rounds offered for umum');
    await form.locator('[data-testid=pack]').selectOption('sungka');
    const rounds = form.locator('[data-testid=rounds]');
    const options = await rounds.locator('option').allInnerTexts();
    if (JSON.stringify(options.map((o) => o.trim())) !== JSON.stringify(['1', '3', '5', 'Until someone cannot fill a hole'])) throw new Error(`choices ${options}`);
    if ((await rounds.inputValue()) !== '3') throw new Error(`default ${await rounds.inputValue()}`);
    await rounds.selectOption('5');
    // A pack with its own number says it.
    await form.locator('[data-testid=pack]').selectOption('dakon-ngacang');
    expectIn(await form.locator('[data-testid=rounds-own]').innerText(), "7 (this pack's own number)", 'dakon-ngacang');
    await form.locator('[data-testid=pack]').selectOption('sungka');
    if ((await form.locator('[data-testid=rounds]').inputValue()) !== '5') throw new Error('the choice was not kept');
    await form.locator('[data-testid=new-game]').click();
    await form.waitFor({ state: 'detached' });
    await waitForText(page, 'round-label', 'Round 1 of 5', 'the new game');
    const g = gOf(page);
    if (!g.startsWith('1.~')) throw new Error(`the link does not carry the rounds: ${g}`);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('congklak.settings')).rounds);
    if (kept !== 5) throw new Error(`settings keep rounds ${kept}`);
    // The link opens with its own number, whatever the settings.
    await page.evaluate(() => localStorage.setItem('congklak.settings', JSON.stringify({ speed: 'Instant', mode: 'Hotseat', level: 'medium', human: 'A', rounds: 1 })));
    await page.reload({ waitUntil: 'load' });
    await waitForText(page, 'round-label', 'Round 1 of 5', 'after a reload');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

// The same game agreed to 2 rounds (the ruleset's `max_rounds` 2; round 1
// plays as above).
const TWO_ROUNDS = '~eyJiYXNlIjoic3VuZ2thIiwic2V0Ijp7Im1heF9yb3VuZHMiOjJ9fQ';

test('a phone (360 px) in Indonesian: the standing and its button on screen at a round\'s end, then a game of 2 agreed rounds played to its end', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  try {
    const before = BEFORE.replace(RULESET, TWO_ROUNDS);
    await page.goto(`${base}/id/?g=${before}&vs=hotseat`, { waitUntil: 'load' });
    expectIn(await text(page, 'round-label'), 'Babak 1 dari 2', 'before the round ends');
    await clickHole(page, LAST.side, LAST.hole);
    const notice = page.locator('[data-testid=round-notice]');
    await notice.waitFor();
    const said = await notice.innerText();
    for (const want of ['Babak 1 dari 2 selesai', 'lubang 1 terbakar', 'Pemain B memulai babak 2']) expectIn(said, want, 'the standing');
    expectIn(await text(page, 'status'), 'Babak 1 selesai', 'the status');
    // The button to go on is on the phone's screen once the round is over.
    const next = notice.locator('[data-testid=round-next]');
    await page.waitForFunction(() => {
      const b = document.querySelector('[data-testid=round-next]')?.getBoundingClientRect();
      return b && b.top >= 0 && b.bottom <= innerHeight;
    }, null, { timeout: 5000 }).catch(async () => {
      throw new Error(`the button to go on is off the screen: ${JSON.stringify(await next.boundingBox())}`);
    });
    await next.click();
    await notice.waitFor({ state: 'detached' });
    expectIn(await text(page, 'round-label'), 'Babak 2 dari 2', 'round 2');
    const table = page.locator('[data-testid=rounds-table]');
    await table.locator('summary').click();
    expectIn(await table.innerText(), 'Biji Pemain A', 'the table of rounds in Indonesian');
    const row = (await table.locator('tbody tr').first().locator('th, td').allInnerTexts()).map((t) => t.trim());
    if (JSON.stringify(row) !== JSON.stringify(['1', 'Pemain B', '45', '53', '6', '7'])) throw new Error(`round 1's row: ${row}`);
    const wide = await table.evaluate((d) => d.getBoundingClientRect().right);
    if (wide > 360) throw new Error(`the table of rounds is ${wide} px wide on a 360 px phone`);
    // Round 2, both sides played by the first hole they may play, to the end.
    const legal = page.locator('[data-board=main] .hole.legal .recess');
    for (let moves = 0; ; moves++) {
      if (moves > 600) throw new Error('round 2 did not end in 600 moves');
      if (/Semua 2 babak|tidak punya cukup biji/.test(await text(page, 'status'))) break;
      if (!(await legal.count())) {
        await page.waitForFunction(() => /Semua 2 babak|tidak punya cukup biji/.test(document.querySelector('[data-testid=status]')?.innerText || '')
          || document.querySelector('[data-board=main] .hole.legal'), null, { timeout: 5000 });
        continue;
      }
      const g = gOf(page);
      await legal.first().click();
      await page.waitForFunction((prev) => new URL(location.href).searchParams.get('g') !== prev, g, { timeout: 5000 });
    }
    const end = await text(page, 'status');
    expectIn(end, /Pemain (A|B) menang|seri/i, 'the result in words');
    if (await page.locator('[data-board=main] .hole.legal').count()) throw new Error('holes playable after the end');
    if (await page.locator('[data-testid=round-notice] [data-testid=round-next]').count()) throw new Error('a next round offered after the last');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

test('a phone (360 px) in Indonesian: resigning (menyerah) a game of rounds in two taps, the result in words, counted and replayed by its link', async ({ browser, base }) => {
  const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
  try {
    await page.goto(`${base}/id/?g=${BEFORE}&vs=hotseat`, { waitUntil: 'load' });
    const resign = page.locator('[data-testid=resign]');
    await resign.click();
    expectIn(await text(page, 'resign-ask'), 'Pemain B', 'the question names who resigns');
    const confirm = page.locator('[data-testid=resign-confirm]');
    const box = await confirm.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > 360) throw new Error(`the confirmation is off the phone's screen: ${JSON.stringify(box)}`);
    await confirm.click();
    const result = 'Pemain B menyerah: Pemain A menang';
    await waitForText(page, 'status', result, 'the result');
    const g = gOf(page);
    if (g !== `${BEFORE}.rB`) throw new Error(`address ${g}, expected ${BEFORE}.rB`);
    await page.waitForFunction(([k, r]) => JSON.parse(localStorage.getItem(k) || '{"games":[]}').games.some((e) => e.record === r),
      [STATS_KEY, g], { timeout: 10000 }).catch(() => {
      throw new Error(`${g} was not counted`);
    });
    await page.goto(`${base}/id/?g=${g}&vs=hotseat`, { waitUntil: 'load' });
    await waitForText(page, 'status', result, 'the link replays it');
    expectNoErrors(errors);
  } finally {
    await context.close();
  }
});

runFile('rounds', tests, DIST, CHROMIUM);
