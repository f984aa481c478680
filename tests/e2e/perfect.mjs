// End-to-end tests of the level `perfect` and of the play page's analysis
// of a finished game. run.mjs registers them (`register(test, ...)`).
//
// Games are played on a small custom board (umum, 4 holes of 3 seeds: the
// solver finishes at once), and every answer is checked against the engine
// CLI's solver (`congklak solve --pack umum --size 4 --seeds 3 --moves ...`).
import { execFileSync } from 'node:child_process';
import { clickHole, closeNewGame, expectNoErrors, openNewGame } from './common.mjs';

// umum on 4 holes of 3 seeds, as the app writes a custom ruleset in a link.
const SMALL = '~' + Buffer.from(JSON.stringify({ base: 'umum', set: { holes: 4, seeds_per_hole: 3 } })).toString('base64url');

export function register(test, { ROOT, playPage, HOTSEAT }) {
  const cli = (...args) =>
    execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', ...args], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  // The solver's value and best holes after `moves` (hole numbers), or null once the game is over.
  const solveAt = (moves) => {
    try {
      return JSON.parse(cli('solve', '--pack', 'umum', '--size', '4', '--seeds', '3', '--moves', moves.join(',')));
    } catch (err) {
      if (String(err.stderr).includes('over')) return null;
      throw err;
    }
  };
  // The engine's replay of a record: one JSON object a turn.
  const turnsOf = (record) => cli('record', record).split('\n').map((l) => JSON.parse(l));
  // A's seeds minus B's at the end of a finished game (umum: the seeds left
  // on a side are its owner's), from the engine's replay.
  const finalMargin = (record) => {
    const turns = turnsOf(record);
    const last = turns[turns.length - 1];
    if (!last.over) throw new Error(`the engine says ${record} is not over`);
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    return last.stores.A + sum(last.holes.A) - last.stores.B - sum(last.holes.B);
  };
  const recordOf = (page) => new URLSearchParams(new URL(page.url()).search).get('g');
  const movesOf = (page) => recordOf(page).split('.')[3].split('');
  // Plays a hotseat game out, at most `most` moves: A always its last legal
  // hole, B its first (some of them mistakes), each move waited for in the link.
  const playOut = async (page, most) => {
    for (let n = 0; n < most; n++) {
      const status = await page.locator('[data-testid=status]').innerText();
      if (/wins|won|draw/.test(status)) return;
      const legal = page.locator('[data-board=main] .hole.legal');
      const side = await legal.first().getAttribute('data-side');
      const mine = page.locator(`[data-board=main] .hole.legal[data-side=${side}]`);
      const pick = side === 'A' ? mine.last() : mine.first();
      const before = movesOf(page).length;
      await clickHole(page, side, await pick.getAttribute('data-hole'));
      await page.waitForFunction((k) => (new URLSearchParams(location.search).get('g') || '').split('.')[3].length > k, before);
    }
  };

  test('perfect: offered with words, opens from a shared link, and plays the solver\'s move', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser, { ...HOTSEAT, mode: 'Computer', level: 'medium' });
    try {
      await page.goto(`${base}/?g=1.${SMALL}.3.&vs=computer.perfect.A`, { waitUntil: 'load' });
      // The link's level is the form's and the scoreboard's.
      await openNewGame(page);
      await page.locator('[data-testid=level]').evaluate((s) => s.value).then((v) => {
        if (v !== 'perfect') throw new Error(`the level select reads ${v}`);
      });
      const seat = await page.locator('.score-side[data-side=B] .score-name').innerText();
      if (!seat.includes('Perfect')) throw new Error(`B's seat reads "${seat}"`);
      const about = await page.locator('[data-testid=level-about]').innerText();
      if (!/exactly/.test(about)) throw new Error(`the level's words: "${about}"`);
      await closeNewGame(page);
      // The computer answers each of A's moves with one of the solver's best holes.
      let checked = 0;
      for (let turn = 0; turn < 4; turn++) {
        const status = await page.locator('[data-testid=status]').innerText();
        if (/wins|won|draw/.test(status)) break;
        const before = movesOf(page).length;
        const hole = await page.locator('[data-board=main] .hole.legal[data-side=A]').first().getAttribute('data-hole');
        await clickHole(page, 'A', hole);
        // Wait until it is A's turn again (or the game is over), the computer having moved.
        await page.waitForFunction(
          (n) => {
            const g = new URLSearchParams(location.search).get('g') || '';
            const st = document.querySelector('[data-testid=status]')?.textContent || '';
            return g.split('.')[3].length > n && (/wins|won|draw/.test(st) || document.querySelector('[data-board=main] .hole.legal[data-side=A]'));
          },
          before,
          { timeout: 30000 },
        );
        const moves = movesOf(page);
        // Every move after A's own (and A's extra turns) up to now: the computer's are B's.
        const replay = turnsOf(recordOf(page));
        for (let i = before; i < moves.length; i++) {
          const mover = replay[i].player;
          if (mover !== 'B') continue;
          const sol = solveAt(moves.slice(0, i));
          if (!sol.best.map(String).includes(moves[i])) {
            throw new Error(`after ${moves.slice(0, i).join(',')} the computer played ${moves[i]}, the solver's best: ${sol.best}`);
          }
          checked++;
        }
      }
      if (checked === 0) throw new Error('the computer never moved');
      console.log(`    ${checked} moves of perfect checked against the solver`);
      // The new-game form offers the level, in words.
      await openNewGame(page);
      await page.locator('[data-testid=level]').selectOption('perfect');
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('analysis: a finished game\'s moves are marked as the solver says, and a mistake shows the better move', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser);
    try {
      await page.goto(`${base}/?g=1.${SMALL}.4.&vs=hotseat`, { waitUntil: 'load' });
      await playOut(page, 80);
      const record = recordOf(page);
      const moves = movesOf(page);
      const final = finalMargin(record);
      await page.locator('[data-testid=analyse]').click();
      await page.locator('[data-testid=analysis-progress]', { hasText: 'All' }).waitFor({ timeout: 60000 });
      const method = await page.locator('[data-testid=analysis-method]').innerText();
      if (!/exact/.test(method)) throw new Error(`on 4 x 3 every mark is the solver's, the page says "${method}"`);
      const rows = await page.locator('[data-testid=analysis-list] li').evaluateAll((lis) =>
        lis.map((li) => ({ ply: Number(li.dataset.ply), loss: Number(li.dataset.loss), inPlay: Number(li.dataset.inPlay), exact: li.dataset.exact, worst: li.classList.contains('worst'), text: li.innerText })),
      );
      if (rows.length !== moves.length) throw new Error(`${rows.length} moves listed, the game has ${moves.length}`);
      // Each mark against the CLI's solver: the value before the move and after it.
      const replay = turnsOf(record);
      let mistakes = 0;
      for (const r of rows) {
        const before = solveAt(moves.slice(0, r.ply));
        const afterSol = solveAt(moves.slice(0, r.ply + 1));
        const after = afterSol ? afterSol.value : final;
        const mover = replay[r.ply].player;
        // Seeds given away: half the margin lost (a seed to the other side moves it by two).
        const margin = mover === 'A' ? before.value - after : after - before.value;
        const want = Math.ceil(Math.max(0, margin) / 2);
        if (r.loss !== want) throw new Error(`move ${r.ply + 1} (${mover} ${moves[r.ply]}): the page says ${r.loss} seeds given away, the solver's margin fell by ${margin}`);
        if (r.loss > r.inPlay) throw new Error(`move ${r.ply + 1}: ${r.loss} seeds given away, ${r.inPlay} were in the holes`);
        if ((r.loss === 0) !== before.best.map(String).includes(moves[r.ply])) throw new Error(`move ${r.ply + 1}: best ${before.best}, loss ${r.loss}`);
        if (r.loss > 0) mistakes++;
      }
      if (mistakes === 0) throw new Error('no mistakes in the game: the test needs one');
      const worst = rows.filter((r) => r.worst);
      const top = Math.max(...rows.map((r) => r.loss));
      if (!worst.some((w) => w.loss === top) || worst.some((w) => w.loss === 0)) throw new Error(`worst moves ${JSON.stringify(worst)}, the largest loss is ${top}`);
      // Choosing the worst move: the board before it, the better move marked.
      const pick = worst.find((w) => w.loss === top);
      await page.locator(`[data-testid=analysis-list] li[data-ply="${pick.ply}"] button`).click();
      await page.locator('[data-testid=analysis-shown]', { hasText: `move ${pick.ply + 1}` }).waitFor();
      const cursor = await page.locator('[data-testid=scrubber]').evaluate((s) => Number(s.value));
      if (cursor !== pick.ply) throw new Error(`the board shows turn ${cursor}, not ${pick.ply}`);
      const marked = await page.locator('[data-board=main] .hole.marked').evaluateAll((gs) => gs.map((g) => g.dataset.hole));
      const best = solveAt(moves.slice(0, pick.ply)).best.map(String);
      if (marked.length !== 1 || !best.includes(marked[0])) throw new Error(`marked holes ${marked}, the solver's best ${best}`);
      if (marked[0] === moves[pick.ply]) throw new Error('the move played is marked as the better one');
      console.log(`    ${rows.length} marks checked, ${mistakes} mistakes; move ${pick.ply + 1} gave away ${pick.loss}, hole ${marked[0]} shown`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  // Issue 28 item 5: estimates bounded and said to be estimates, exact marks
  // said to be exact, the analysis kept over a reload, and a move chosen
  // on a phone brings the board into view. umum on 6 holes of 6 seeds: 72
  // seeds, so the first marks are the search's estimates and the last the
  // solver's.
  test('issue 28 item 5: an analysis a player can trust, at 360 px', async ({ browser, base }) => {
    const MID = '~' + Buffer.from(JSON.stringify({ base: 'umum', set: { holes: 6, seeds_per_hole: 6 } })).toString('base64url');
    const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
    try {
      await page.goto(`${base}/?g=1.${MID}.6.&vs=hotseat`, { waitUntil: 'load' });
      await playOut(page, 300);
      await page.locator('[data-testid=analyse]').click();
      await page.locator('[data-testid=analysis-progress]', { hasText: 'All' }).waitFor({ timeout: 240000 });
      const read = () => page.locator('[data-testid=analysis-list] li').evaluateAll((lis) =>
        lis.map((li) => ({ ply: Number(li.dataset.ply), loss: Number(li.dataset.loss), inPlay: Number(li.dataset.inPlay), exact: li.dataset.exact, text: li.innerText })),
      );
      const rows = await read();
      const estimates = rows.filter((r) => r.exact === 'false');
      const exact = rows.filter((r) => r.exact === 'true');
      if (estimates.length === 0 || exact.length === 0) throw new Error(`${estimates.length} estimates and ${exact.length} exact marks: the test needs both`);
      for (const r of rows) {
        if (!(r.loss <= r.inPlay)) throw new Error(`move ${r.ply + 1}: ${r.loss} seeds given away with ${r.inPlay} in the holes ("${r.text}")`);
        if (r.exact === 'true' && !/\(exact\)/.test(r.text)) throw new Error(`an exact mark does not say so: "${r.text}"`);
        if (r.exact === 'false' && !/\(estimate\)/.test(r.text)) throw new Error(`an estimate does not say so: "${r.text}"`);
        if (r.exact === 'false' && r.loss > 0 && !/about \d+ seed/.test(r.text)) throw new Error(`an estimated loss is not "about": "${r.text}"`);
        if (r.exact === 'true' && /about/.test(r.text)) throw new Error(`an exact mark says "about": "${r.text}"`);
      }
      const given = await page.locator('[data-testid=analysis-given]').innerText();
      if (estimates.some((r) => r.loss > 0) && !/about \d+ in the estimates/.test(given)) throw new Error(`the sums do not keep the estimates apart: "${given}"`);
      // On a phone the list is below the board: choosing a move brings the board back into view.
      const row = rows[Math.floor(rows.length / 2)];
      const button = page.locator(`[data-testid=analysis-list] li[data-ply="${row.ply}"] button`);
      await button.scrollIntoViewIfNeeded();
      const boardOut = await page.locator('[data-board=main]').evaluate((b) => b.getBoundingClientRect().bottom <= 0);
      if (!boardOut) throw new Error('the board was still in view with the list scrolled to: the test shows nothing');
      await button.click();
      await page.locator('[data-testid=analysis-shown]', { hasText: `move ${row.ply + 1}` }).waitFor();
      await page.waitForFunction(() => {
        const r = document.querySelector('[data-board=main]').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight && r.bottom > 0;
      });
      // Reloaded: the marks are back without asking again, the same.
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid=analysis-progress]', { hasText: 'All' }).waitFor({ timeout: 30000 });
      if (await page.locator('[data-testid=analyse]').count()) throw new Error('after a reload the page asks to analyse again');
      const again = await read();
      if (JSON.stringify(again) !== JSON.stringify(rows)) throw new Error(`after a reload the marks differ:\n${JSON.stringify(again)}\n${JSON.stringify(rows)}`);
      // A kept analysis that cannot be read is dropped: the game is offered an analysis again.
      await page.evaluate(() => localStorage.setItem('congklak.analysis.v1', '{"v":1,"record":'));
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid=analyse]').waitFor();
      console.log(`    ${rows.length} marks: ${estimates.length} estimates, ${exact.length} exact; the most given away by an estimate ${Math.max(...estimates.map((r) => r.loss))} seeds`);
      expectNoErrors(errors.filter((e) => !/kept analysis could not be read/.test(e)));
    } finally {
      await context.close();
    }
  });
}
