// End-to-end tests of /stats (local statistics of finished games) and of the
// play page's sound switch. run.mjs registers them (`register(test, ...)`).
//
// Finished games come from the helper `examples/stats_figures.rs` (a game
// played to its end by the engine, and the figures its turns' events give);
// the results and game lengths are checked against the engine's CLI
// (`congklak record`), the per-turn figures against the helper.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clickHole, expectHeading, expectNoErrors, followOut } from './common.mjs';

const STATS_KEY = 'congklak.stats.v1';

export function register(test, { ROOT, SHOTS, openPage, playPage, HOTSEAT }) {
  const helper = (...args) =>
    execFileSync('cargo', ['run', '-q', '-p', 'congklak-app', '--example', 'stats_figures', '--', ...args], { cwd: ROOT, encoding: 'utf8' }).trim();
  // The engine CLI's replay of a record: one JSON line a turn.
  const engineRecord = (record) =>
    execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', 'record', record], { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));

  // Three finished games on a small board: against the computer as A, two
  // people, against the computer as B.
  let games;
  const finishedGames = () => {
    if (games) return games;
    const plan = [
      { seed: 1, vs: 'computer.medium.A', human: 'A' },
      { seed: 2, vs: 'hotseat' },
      { seed: 5, vs: 'computer.hard.B', human: 'B' },
    ];
    games = plan.map((g) => {
      const record = helper('play', 'congkak-melayu', '5', String(g.seed));
      const turns = engineRecord(record);
      const last = turns[turns.length - 1];
      if (!last.over) throw new Error(`the engine says ${record} is not over`);
      return { ...g, record, moves: turns.length, winner: last.winner, figures: JSON.parse(helper('figures', record)) };
    });
    return games;
  };

  // Plays a game's last move on the play page (opened one turn before its end).
  async function finishOnPage(page, base, g) {
    const moves = g.record.split('.')[3];
    await page.goto(`${base}/?g=${g.record}&t=${g.moves - 1}&vs=${g.vs}`, { waitUntil: 'load' });
    const hole = moves[moves.length - 1];
    const side = await page.locator('[data-board=main] .hole.legal').first().getAttribute('data-side');
    await clickHole(page, side, hole);
    await expectOver(page, `after playing hole ${hole} of ${side} in ${g.record}`);
    // The game is counted by code the page fetches when a game ends (with
    // the analysis): wait until it is kept before leaving the page.
    await page.waitForFunction(([k, r]) => JSON.parse(localStorage.getItem(k) || '{"games":[]}').games.some((e) => e.record === r),
      [STATS_KEY, g.record], { timeout: 10000 }).catch(() => {
      throw new Error(`${g.record} was not counted`);
    });
  }

  // Waits for the status to say the game is over; if it does not, says what
  // the page shows instead.
  async function expectOver(page, when) {
    try {
      await page.locator('[data-testid=status]', { hasText: /wins|won|draw/ }).waitFor();
    } catch (err) {
      const status = await page.locator('[data-testid=status]').textContent().catch(() => '(none)');
      const legal = await page.locator('[data-board=main] .hole.legal').count();
      throw new Error(`${when}: the status still reads "${status?.trim()}" (${legal} playable holes) at ${page.url()}: ${err.message.split('\n')[0]}`);
    }
  }

  const storedGames = (page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '{"games":[]}').games.length, STATS_KEY);

  async function expectFigures(page, gs) {
    const total = (await page.locator('[data-testid=stats-total]').textContent()).trim();
    const want = `${gs.length} game${gs.length === 1 ? '' : 's'} finished`;
    if (total !== want) throw new Error(`total "${total}", expected "${want}"`);
    // Against the computer: won, drawn, lost from the person's side, one row per level and side.
    for (const g of gs.filter((g) => g.human)) {
      const [, level] = g.vs.split('.');
      const Level = level[0].toUpperCase() + level.slice(1);
      const row = page.locator('[data-testid=stats-computer] tbody tr', { hasText: Level });
      const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
      const head = (await row.locator('th').textContent()).trim();
      if (!head.endsWith(`${Level}, you play Player ${g.human}`)) throw new Error(`computer row "${head}"`);
      const result = g.winner === 'draw' ? [0, 1, 0] : g.winner === g.human ? [1, 0, 0] : [0, 0, 1];
      const wantCells = ['1', ...result.map(String)];
      if (JSON.stringify(cells) !== JSON.stringify(wantCells)) throw new Error(`computer row ${cells}, expected ${wantCells} (${g.record})`);
    }
    for (const g of gs.filter((g) => !g.human)) {
      const cells = (await page.locator('[data-testid=stats-hotseat] tbody tr td').allTextContents()).map((t) => t.trim());
      const result = g.winner === 'draw' ? [0, 1, 0] : g.winner === 'A' ? [1, 0, 0] : [0, 0, 1];
      const wantCells = ['1', ...result.map(String)];
      if (JSON.stringify(cells) !== JSON.stringify(wantCells)) throw new Error(`hotseat row ${cells}, expected ${wantCells}`);
    }
    // Records: the largest over every game and player.
    const max = (f) => Math.max(...gs.flatMap(f));
    const checks = [
      ['record-bank', max((g) => g.figures.bank), 'seed'],
      ['record-relays', max((g) => g.figures.relays), 'relay'],
      ['record-longest', max((g) => [g.moves]), 'move'],
    ];
    for (const [id, n, unit] of checks) {
      const got = (await page.locator(`[data-testid=${id}] .record-value`).textContent()).trim();
      if (!got.startsWith(`${n} ${unit}${n === 1 ? '' : 's'}`)) throw new Error(`${id}: "${got}", expected ${n} ${unit}s`);
    }
    if (max((g) => [g.moves]) !== max((g) => [g.figures.moves])) throw new Error('the helper and the CLI disagree on game lengths');
    const bars = await page.locator('[data-testid=stats-chart] g[data-pack]').count();
    if (bars !== 1) throw new Error(`${bars} bars in the chart, expected 1 (one pack)`);
  }

  test('/stats: finished games are counted once, with the engine\'s results and figures', async ({ browser, base }) => {
    const gs = finishedGames();
    const { context, page, errors } = await playPage(browser);
    try {
      for (const g of gs) await finishOnPage(page, base, g);
      if ((await storedGames(page)) !== 3) throw new Error(`${await storedGames(page)} games stored`);
      // A reload of the finished saved game, and undo then the same last move, count nothing new.
      // The address follows the game a task after the move: reload once it has.
      const last = gs[gs.length - 1];
      await page.waitForFunction((t) => new URLSearchParams(location.search).get('t') !== t, String(last.moves - 1));
      await page.reload({ waitUntil: 'load' });
      await expectOver(page, 'after a reload of the finished game');
      await finishOnPage(page, base, gs[0]);
      if ((await storedGames(page)) !== 3) throw new Error(`${await storedGames(page)} games stored after replays`);
      await followOut(page, page.locator('.site-nav > a', { hasText: 'Statistics' }));
      await expectHeading(page, 'Your statistics');
      await expectFigures(page, gs);
      // The record's link opens its game on the play page.
      const href = await page.locator('[data-testid=record-longest] a').getAttribute('href');
      if (!href.startsWith('/?g=1.')) throw new Error(`record link ${href}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('/stats: export, reset with confirmation, import the export; a bad file changes nothing', async ({ browser, base }) => {
    const gs = finishedGames();
    const { context, page, errors } = await playPage(browser);
    try {
      for (const g of gs) await finishOnPage(page, base, g);
      await page.goto(base + '/stats', { waitUntil: 'load' });
      await expectFigures(page, gs);
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=stats-export]').click()]);
      if (download.suggestedFilename() !== 'congklak-statistics.json') throw new Error(`file name ${download.suggestedFilename()}`);
      const exported = readFileSync(await download.path(), 'utf8');
      const parsed = JSON.parse(exported);
      if (parsed.v !== 1 || parsed.games.length !== 3) throw new Error(`export ${exported.slice(0, 200)}`);
      if (parsed.games.map((g) => g.record).join() !== gs.map((g) => g.record).join()) throw new Error('the export holds other games');
      // Reset asks first; cancel keeps everything.
      await page.locator('[data-testid=stats-reset]').click();
      await page.locator('.stats-confirm', { hasText: 'Delete the 3 games counted here?' }).waitFor();
      await page.locator('.stats-confirm button', { hasText: 'Cancel' }).click();
      if ((await storedGames(page)) !== 3) throw new Error('cancel deleted games');
      await page.locator('[data-testid=stats-reset]').click();
      await page.locator('[data-testid=stats-reset-yes]').click();
      await page.locator('[data-testid=stats-empty]').waitFor();
      if (await page.evaluate((k) => localStorage.getItem(k), STATS_KEY)) throw new Error('reset left the stored statistics');
      // Import the export: everything is back.
      await page.locator('[data-testid=stats-import]').setInputFiles({ name: 'stats.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
      await page.locator('[data-testid=stats-message]', { hasText: 'Imported 3 games from the file (0 were already here).' }).waitFor();
      await expectFigures(page, gs);
      // Importing it again adds nothing.
      await page.locator('[data-testid=stats-import]').setInputFiles({ name: 'stats.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
      await page.locator('[data-testid=stats-message]', { hasText: 'Imported 0 games from the file (3 were already here).' }).waitFor();
      // Bad files: not JSON, a forged figure, a game not finished. Nothing changes.
      const forged = JSON.parse(exported);
      forged.games[1].relays = [99, 99];
      const unfinished = JSON.parse(exported);
      unfinished.games[0].record = unfinished.games[0].record.slice(0, -1);
      for (const [text, why] of [
        ['this is not json', 'it is not a JSON file'],
        [JSON.stringify(forged), 'game 2: its figures are not the ones its moves give'],
        [JSON.stringify(unfinished), 'game 1 is not finished'],
      ]) {
        await page.locator('[data-testid=stats-import]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(text) });
        const msg = page.locator('[data-testid=stats-message][role=alert]');
        await msg.waitFor();
        const got = await msg.textContent();
        if (!got.startsWith('This file was not imported and nothing was changed:') || !got.includes(why)) throw new Error(`message "${got}"`);
        await expectFigures(page, gs);
      }
      if ((await storedGames(page)) !== 3) throw new Error('a bad file changed the stored games');
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('/stats: corrupted stored statistics get a clear message, are kept, and reset clears them', async ({ browser, base }) => {
    const { context, page, errors } = await openPage(browser);
    try {
      await context.addInitScript((k) => {
        if (!sessionStorage.getItem('e2e-init')) {
          sessionStorage.setItem('e2e-init', '1');
          localStorage.setItem('congklak.lang', '"En"');
          localStorage.setItem(k, '{"v":1,"games":[{"record":12}]');
        }
      }, STATS_KEY);
      await page.goto(base + '/stats', { waitUntil: 'load' });
      const text = await page.locator('[data-testid=stats-corrupt]').textContent();
      if (!/The statistics kept on this device cannot be read/.test(text)) throw new Error(`message "${text}"`);
      if (await page.locator('[data-testid=stats-import]').isEnabled()) throw new Error('import is offered over unreadable statistics');
      // Finishing a game does not overwrite them.
      const g = finishedGames()[1];
      await page.goto(`${base}/?g=${g.record}&t=${g.moves - 1}&vs=hotseat`, { waitUntil: 'load' });
      const moves = g.record.split('.')[3];
      const side = await page.locator('[data-board=main] .hole.legal').first().getAttribute('data-side');
      await clickHole(page, side, moves[moves.length - 1]);
      await page.locator('[data-testid=status]', { hasText: /wins|won|draw/ }).waitFor();
      const kept = await page.evaluate((k) => localStorage.getItem(k), STATS_KEY);
      if (kept !== '{"v":1,"games":[{"record":12}]') throw new Error(`stored statistics changed: ${kept}`);
      await page.goto(base + '/stats', { waitUntil: 'load' });
      await page.locator('[data-testid=stats-reset]').click();
      await page.locator('.stats-confirm', { hasText: 'cannot be read' }).waitFor();
      await page.locator('[data-testid=stats-reset-yes]').click();
      await page.locator('[data-testid=stats-empty]').waitFor();
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('/stats in Bahasa Indonesia at 360 px: readable, nothing wider than the screen', async ({ browser, base }) => {
    const gs = finishedGames();
    const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
    try {
      for (const g of gs) await finishOnPage(page, base, g);
      await page.goto(base + '/id/stats', { waitUntil: 'load' });
      await expectHeading(page, 'Statistikmu');
      const total = (await page.locator('[data-testid=stats-total]').textContent()).trim();
      if (total !== '3 permainan selesai') throw new Error(`total "${total}"`);
      await page.locator('[data-testid=stats-computer] th', { hasText: 'Menang' }).first().waitFor();
      const title = await page.title();
      if (title !== 'Statistikmu · Congklak') throw new Error(`title "${title}"`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > 360) throw new Error(`the page is ${wide} px wide`);
      // The results tables fit the screen (no scrolling sideways inside them).
      for (const t of await page.locator('.stats-table table').all()) {
        const box = await t.boundingBox();
        if (box.x + box.width > 360) throw new Error(`a results table reaches ${box.x + box.width} px`);
      }
      const chart = await page.locator('[data-testid=stats-chart]').boundingBox();
      if (!chart || chart.width < 200 || chart.x + chart.width > 360) throw new Error(`chart at ${JSON.stringify(chart)}`);
      // A bad file, said in Indonesian.
      await page.locator('[data-testid=stats-import]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('[1,2]') });
      const bad = (await page.locator('[data-testid=stats-message][role=alert]').textContent()).trim();
      if (bad !== 'Berkas ini tidak diimpor dan tidak ada yang berubah: ini bukan berkas statistik aplikasi ini') throw new Error(`message "${bad}"`);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'stats-id-360.png'), fullPage: true });
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  // Counts the AudioContexts made and the oscillators started.
  const spyAudio = (context) =>
    context.addInitScript(() => {
      window.__audio = { contexts: 0, notes: 0 };
      const Real = window.AudioContext;
      window.AudioContext = class extends Real {
        constructor(...a) {
          super(...a);
          window.__audio.contexts++;
        }
      };
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...a) {
        window.__audio.notes++;
        return start.apply(this, a);
      };
    });
  const audio = (page) => page.evaluate(() => window.__audio);

  test('sound: off by default; switched on it is remembered; the audio starts only after a gesture and plays with the frames', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser, { ...HOTSEAT, speed: 'Fast' });
    try {
      await spyAudio(context);
      await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
      const sound = page.locator('[data-testid=sound]');
      if (await sound.isChecked()) throw new Error('sound is on by default');
      await clickHole(page, 'A', 3);
      await page.locator('[data-testid=skip]').waitFor({ state: 'detached' });
      let a = await audio(page);
      if (a.contexts !== 0 || a.notes !== 0) throw new Error(`sound off, yet ${JSON.stringify(a)}`);
      await sound.check();
      a = await audio(page);
      if (a.contexts !== 1) throw new Error(`switching on made ${a.contexts} audio contexts`);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('congklak.sound')));
      if (!stored.on || !stored.quiet_when_reduced_motion) throw new Error(`stored ${JSON.stringify(stored)}`);
      // A turn sounds in step with its frames: several notes while it moves.
      const before = a.notes;
      const legal = page.locator('[data-board=main] .hole.legal').first();
      await clickHole(page, await legal.getAttribute('data-side'), await legal.getAttribute('data-hole'));
      await page.locator('[data-testid=skip]').waitFor({ state: 'detached' });
      a = await audio(page);
      if (a.notes - before < 3) throw new Error(`${a.notes - before} notes for an animated turn`);
      // Remembered; no audio before a gesture on the new page.
      await page.reload({ waitUntil: 'load' });
      if (!(await page.locator('[data-testid=sound]').isChecked())) throw new Error('sound not remembered');
      a = await audio(page);
      if (a.contexts !== 0) throw new Error(`an audio context before any gesture: ${JSON.stringify(a)}`);
      const l2 = page.locator('[data-board=main] .hole.legal').first();
      await clickHole(page, await l2.getAttribute('data-side'), await l2.getAttribute('data-hole'));
      await page.locator('[data-testid=skip]').waitFor({ state: 'detached' });
      a = await audio(page);
      if (a.contexts !== 1 || a.notes === 0) throw new Error(`after a click: ${JSON.stringify(a)}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });

  test('sound: silent under reduced motion while that option is on; both languages', async ({ browser, base }) => {
    const { context, page, errors } = await playPage(browser, HOTSEAT, { width: 360, height: 740 });
    try {
      await spyAudio(context);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(base + '/?g=1.umum.2.', { waitUntil: 'load' });
      await page.locator('[data-testid=sound]').check();
      const quiet = page.locator('[data-testid=sound-quiet]');
      if (!(await quiet.isChecked())) throw new Error('"silent under reduced motion" is not on by default');
      const label = (await page.locator('label', { has: quiet }).textContent()).trim();
      if (label !== 'Silent when reduced motion is on') throw new Error(`label "${label}"`);
      let before = (await audio(page)).notes;
      await clickHole(page, 'A', 3);
      let a = await audio(page);
      if (a.notes !== before) throw new Error(`${a.notes - before} notes under reduced motion`);
      await quiet.uncheck();
      before = a.notes;
      const legal = page.locator('[data-board=main] .hole.legal').first();
      await clickHole(page, await legal.getAttribute('data-side'), await legal.getAttribute('data-hole'));
      a = await audio(page);
      if (a.notes === before) throw new Error('no sound once the option is off');
      await page.locator('[data-testid=lang]').click();
      // The first switch fetches the Indonesian texts.
      await page.locator('[data-testid=lang]', { hasText: 'English' }).waitFor();
      const id = (await page.locator('label', { has: page.locator('[data-testid=sound]') }).textContent()).trim();
      if (id !== 'Suara') throw new Error(`Indonesian label "${id}"`);
      const box = await page.locator('[data-testid=sound]').boundingBox();
      if (!box || box.x < 0 || box.x + box.width > 360) throw new Error(`the switch at 360 px: ${JSON.stringify(box)}`);
      expectNoErrors(errors);
    } finally {
      await context.close();
    }
  });
}
