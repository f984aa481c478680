// End-to-end tests of /friend against a dishonest friend (issue 54): two
// Chromium pages connected as in friend.mjs, the guest's page sending its
// own text on the data channel (friend.mjs's `wire` keeps the app's
// channel and what it received; `__inject` sends as the app would). Each
// cheat must be refused in words on both devices, and the host's game
// must not change.
//
//   node tests/e2e/friend-cheats.mjs     (after `trunk build --release`)
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoErrors, runTests } from './common.mjs';
import { connect, heard, record, side } from './friend.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const inject = (page, msg) => page.evaluate((t) => window.__inject(t), JSON.stringify(msg));

// The messages of type `t` the guest's page received, parsed.
const got = (page, t) => page.evaluate((t) => window.__got.map((m) => JSON.parse(m)).filter((m) => m.t === t), t);

// Waits for a message of type `t` on the guest's page.
async function waitFor(page, t) {
  for (let i = 0; i < 100; i++) {
    const ms = await got(page, t);
    if (ms.length) return ms;
    await page.waitForTimeout(50);
  }
  throw new Error(`no "${t}" message reached the guest`);
}

// The guest's greeting as its app sent it (for the protocol version).
const ownHello = async (page) => (await page.evaluate(() => window.__sent.map((m) => JSON.parse(m)))).find((m) => m.t === 'hello');

// Clicks a hole of the host's once it may be played; if it never may, says
// what both pages showed instead.
async function click({ host, guest }, side, hole) {
  try {
    await host.page.locator(`[data-board=friend] .hole.legal[data-side=${side}][data-hole="${hole}"] .recess`).click({ timeout: 15_000 });
  } catch (err) {
    throw new Error(`hole ${side}${hole} never became playable\n    host: ${await heard(host.page)}\n    guest: ${await heard(guest.page)}`);
  }
}

// Keeps every text the page's problem notice showed (a refusal is cleared
// again once the host's moves resume play).
const said = () => {
  window.__said = [];
  new MutationObserver(() => {
    const p = document.querySelector('[data-testid=friend-problem]');
    if (p && window.__said.at(-1) !== p.innerText) window.__said.push(p.innerText);
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

// The host's moves stay as they were, and both pages said what was refused.
async function refused(host, guest, { rec, hostSays, guestSays }) {
  // Both pages say what was refused; then the host's game is as it was.
  for (const [s, want] of [[host, hostSays], [guest, guestSays]]) {
    await s.page.waitForFunction((w) => window.__said.some((t) => new RegExp(w.source, w.flags).test(t)), { source: want.source, flags: want.flags }, { timeout: 10_000 }).catch(() => {});
  }
  const now = await record(host.page);
  if (now !== rec) throw new Error(`the host's game changed: ${rec} became ${now}`);
  for (const [s, want, who] of [[host, hostSays, 'host'], [guest, guestSays, 'guest']]) {
    const texts = await s.page.evaluate(() => window.__said);
    if (!texts.some((t) => want.test(t))) throw new Error(`the ${who} said ${JSON.stringify(texts)}`);
  }
  const note = await host.page.locator('[data-testid=friend-note]').innerText();
  if (/now hold the host's moves/.test(note)) throw new Error(`host's note "${note}"`);
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
async function pair(browser) {
  const [host, guest] = [await side(browser), await side(browser)];
  await host.context.addInitScript(said);
  await guest.context.addInitScript(said);
  return { host, guest };
}
const close = async ({ host, guest }) => {
  await host.context.close();
  await guest.context.close();
};

test('cheat 1: a second commitment after the host\'s reveal is refused; the host\'s opening stays unplayed', async ({ browser, base }) => {
  const { host, guest } = await pair(browser);
  try {
    await connect(host, guest, base, { pack: 'congkak-portal' });
    const start = await record(host.page);
    // The host seals hole 3.
    await click({ host, guest }, 'A', 3);
    const [sealed] = await waitFor(guest.page, 'commit');
    // The guest seals a digest nobody can open, and the host reveals.
    await inject(guest.page, { t: 'commit', n: 0, digest: '0'.repeat(64) });
    const [shown] = await waitFor(guest.page, 'reveal');
    if (shown.hole !== 3) throw new Error(`the host revealed ${shown.hole}`);
    // The guest's commitment as the host's app makes them (whichever way
    // it does: with the player named, or without).
    const hash = (s) => createHash('sha256').update(s).digest('hex');
    const named = hash(`congklak/0/a/3/${shown.salt}`) === sealed.digest;
    const seal = (hole, salt) => hash(named ? `congklak/0/b/${hole}/${salt}` : `congklak/0/${hole}/${salt}`);
    // Knowing the host's 3, it seals and reveals 7.
    await inject(guest.page, { t: 'commit', n: 0, digest: seal(7, 'beef') });
    await inject(guest.page, { t: 'reveal', n: 0, hole: 7, salt: 'beef' });
    await refused(host, guest, {
      rec: start,
      hostSays: /refused: a second sealed pick for move 1|revealed pick does not match the one they sealed/,
      guestSays: /Your friend's device refused a message from this one/,
    });
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await close({ host, guest });
  }
});

test('cheat 2: a sync from the guest does not rewrite the host\'s moves', async ({ browser, base }) => {
  const { host, guest } = await pair(browser);
  try {
    await connect(host, guest, base, { pack: 'umum' });
    await click({ host, guest }, 'A', 1);
    let rec = await record(host.page);
    for (let i = 0; i < 50 && !rec.endsWith('.1'); i++) {
      await host.page.waitForTimeout(50);
      rec = await record(host.page);
    }
    if (!/^1\.umum\.\d+\.1$/.test(rec)) throw new Error(`after the host's move: ${rec}`);
    await inject(guest.page, { t: 'sync', game: rec.replace(/\.1$/, '.7') });
    await refused(host, guest, {
      rec,
      hostSays: /only the host's moves settle a disagreement/,
      guestSays: /Your friend's device refused a message from this one/,
    });
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await close({ host, guest });
  }
});

test('cheat 3: a greeting in the middle of the game does not play the host\'s move for it', async ({ browser, base }) => {
  const { host, guest } = await pair(browser);
  try {
    await connect(host, guest, base, { pack: 'umum' });
    // The host is greeted and to move.
    await host.page.locator('[data-board=friend] .hole.legal').first().waitFor();
    const rec = await record(host.page);
    const { v } = await ownHello(guest.page);
    await inject(guest.page, { t: 'hello', v, game: `${rec}3` });
    await refused(host, guest, {
      rec,
      hostSays: /a greeting in the middle of a game/,
      guestSays: /Your friend's device refused a message from this one/,
    });
    // The host still picks its own move.
    if (!(await host.page.locator('[data-board=friend] .hole.legal').count())) throw new Error('the host cannot move');
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await close({ host, guest });
  }
});

runTests('friend-cheats', tests, DIST, CHROMIUM).catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
