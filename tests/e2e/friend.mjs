// End-to-end tests of /friend: two browsers (two Chromium contexts on this
// machine, no STUN server, their loopback candidates) connect by pasting
// both codes and play whole games; after every move both boards are
// compared with each other and with the engine (the CLI replaying the game
// link's record). Also: a greeting held back (the host says it waits, then
// that the connection is lost, and plays once it comes),
// a lost connection resumed with new codes, a
// tampered move refused, a resignation, the guest at 360 px in
// Indonesian, by keyboard.
//
//   node tests/e2e/friend.mjs            (after `trunk build --release`)
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expectNoErrors, reportPolicyViolations, waitForLiveOnLoad, runTests } from './common.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.DIST || join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Keeps every peer connection and can spoil the next move's hash: the test's
// hands on the wire, installed before the app loads. It also keeps the
// app's data channel once the app first sends on it (its greeting), what
// the app sent (`__sent`) and received on it after that (`__got`), and
// `__inject(text)`: text sent as if the app had (a dishonest friend's
// device, see friend-cheats.mjs).
export const wire = () => {
  const Original = window.RTCPeerConnection;
  window.__pcs = [];
  window.__heard = [];
  window.RTCPeerConnection = function (...args) {
    const pc = new Original(...args);
    window.__pcs.push(pc);
    // Every channel's events, from its making (for a failure's report).
    const log = (ch) => {
      for (const t of ['open', 'close', 'error']) ch.addEventListener(t, () => window.__heard.push(`${t} ${ch.readyState}`));
      ch.addEventListener('message', (e) => window.__heard.push(`got ${String(e.data).slice(0, 60)}`));
    };
    const make = pc.createDataChannel;
    pc.createDataChannel = function (...a) {
      const ch = make.apply(this, a);
      window.__heard.push(`made ${ch.readyState}`);
      log(ch);
      return ch;
    };
    pc.addEventListener('datachannel', (e) => {
      window.__heard.push(`announced ${e.channel.readyState}`);
      log(e.channel);
    });
    pc.addEventListener('connectionstatechange', () => window.__heard.push(`connection ${pc.connectionState}`));
    return pc;
  };
  window.RTCPeerConnection.prototype = Original.prototype;
  const send = RTCDataChannel.prototype.send;
  window.__sent = [];
  window.__got = [];
  RTCDataChannel.prototype.send = function (text) {
    if (!window.__channel) {
      window.__channel = this;
      this.addEventListener('message', (e) => window.__got.push(e.data));
      window.__inject = (t) => send.call(window.__channel, t);
    }
    window.__sent.push(text);
    // A greeting held back (`__holdHello`), kept to be sent later.
    if (window.__holdHello && typeof text === 'string' && text.includes('"t":"hello"')) {
      window.__held = text;
      return undefined;
    }
    if (window.__tamper && typeof text === 'string' && text.includes('"t":"move"')) {
      window.__tamper = false;
      text = text.replace(/"hash":"[0-9a-f]+"/, '"hash":"0000000000000000"');
    }
    return send.call(this, text);
  };
};

export async function side(browser, { lang = 'En', viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ viewport });
  await reportPolicyViolations(context);
  await context.addInitScript(wire);
  await context.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-init')) {
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('congklak.lang', JSON.stringify(l));
    }
  }, lang);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  waitForLiveOnLoad(page);
  // The side's page at an (English) address, in its language (the pages
  // are in Bahasa Indonesia under /id).
  const at = (path) => (lang === 'Id' ? `/id${path}` : path);
  return { context, page, errors, at };
}

// What a side's page shows and what went over its channel (for a failure).
export async function heard(page) {
  return page.evaluate(() => {
    const texts = ['friend-status', 'friend-problem', 'friend-note']
      .map((id) => `${id}: ${document.querySelector(`[data-testid=${id}]`)?.innerText ?? '(none)'}`).join('; ');
    const pc = window.__pcs?.at(-1);
    const link = pc ? `connection ${pc.connectionState}, channel ${window.__channel?.readyState ?? '(none sent on)'}` : 'no connection';
    return `${texts}; ${link}; sent ${JSON.stringify(window.__sent)}, received ${JSON.stringify(window.__got)}; heard ${JSON.stringify(window.__heard)}`;
  });
}

export const record = async (page) => new URL(await page.locator('[data-testid=friend-link]').getAttribute('href'), 'http://x').searchParams.get('g');

async function board(page) {
  return page.evaluate(() => {
    const holes = { A: [], B: [] };
    for (const g of document.querySelectorAll('[data-board=friend] .hole')) {
      holes[g.dataset.side][Number(g.dataset.hole) - 1] = Number(g.getAttribute('aria-label').match(/(\d+) (seeds?|biji)/)[1]);
    }
    const stores = {};
    for (const g of document.querySelectorAll('[data-board=friend] .store')) {
      stores[g.dataset.store] = Number(g.getAttribute('aria-label').match(/(\d+) (seeds?|biji)$/)[1]);
    }
    return JSON.stringify({ holes, stores });
  });
}

// The engine's position at the end of a game link's record (none before the first move).
function engine(rec) {
  const text = execFileSync('cargo', ['run', '-q', '-p', 'congklak-engine', '--bin', 'congklak', '--', 'record', rec], { cwd: ROOT, encoding: 'utf8' }).trim();
  if (!text) return null;
  const out = JSON.parse(text.split('\n').pop());
  return { json: JSON.stringify({ holes: out.holes, stores: out.stores }), over: out.over };
}

// The host invites (pack, size), the guest joins by the link, the host pastes the answer.
export async function connect(host, guest, base, { pack, size, path = '/friend', join = 'Join', resume = false, paste = false, holdHello = false }) {
  if (resume) {
    await host.page.locator('[data-testid=friend-resume]').click();
  } else {
    await host.page.goto(base + host.at(path), { waitUntil: 'load' });
    if (pack) {
      await host.page.locator('[data-testid=friend-pack]').selectOption(pack);
      if (size) await host.page.locator('[data-testid=friend-size]').selectOption(String(size));
    }
    await host.page.locator('[data-testid=friend-invite]').click();
  }
  const offer = await host.page.locator('[data-testid=friend-offer]').inputValue();
  if (!offer.startsWith('K1.')) throw new Error(`invitation "${offer.slice(0, 20)}"`);
  if (paste) {
    // The code pasted from a chat, with its line breaks.
    await guest.page.goto(`${base}${guest.at('/friend')}`, { waitUntil: 'load' });
    await guest.page.locator('[data-testid=friend-paste-invite]').fill(offer.replace(/(.{60})/g, '$1\n'));
    await guest.page.locator('[data-testid=friend-read]').click();
  } else {
    await guest.page.goto(`${base}${guest.at('/friend')}#${offer}`, { waitUntil: 'load' });
  }
  if (holdHello) await guest.page.evaluate(() => { window.__holdHello = true; });
  const rules = await guest.page.locator('[data-testid=friend-rules]').innerText();
  await guest.page.locator('[data-testid=friend-join]', { hasText: join }).click();
  const answer = await guest.page.locator('[data-testid=friend-answer]').inputValue();
  await host.page.locator('[data-testid=friend-paste-answer]').fill(answer);
  await host.page.locator('[data-testid=friend-connect]').click();
  // Both sides connected and greeted: the status no longer waits for the
  // other device's greeting.
  for (const [s, who] of holdHello ? [[guest, 'guest']] : [[host, 'host'], [guest, 'guest']]) {
    await s.page.locator('[data-testid=friend-status]').waitFor();
    await s.page.waitForFunction(() => {
      const t = document.querySelector('[data-testid=friend-status]')?.innerText;
      return t && !/Waiting for your friend's device|Menunggu jawaban/.test(t);
    }, null, { timeout: 15_000 }).catch(async () => {
      throw new Error(`the ${who} was never greeted\n    host: ${await heard(host.page)}\n    guest: ${await heard(guest.page)}`);
    });
  }
  return { rules, offer, answer };
}

// Waits until both sides hold the same game; checks both boards against the engine.
export async function agree(host, guest, what) {
  let a;
  let b;
  let h;
  let g;
  let want;
  // A move still on its way (a pick being revealed, a sowing being shown)
  // can change a board after its record was read: the boards are compared
  // once both records are the same and stay so while the boards are read,
  // and the boards have come to the record's position (5 s at most).
  for (let i = 0; i < 100; i++) {
    [a, b] = [await record(host.page), await record(guest.page)];
    if (a === b) {
      want = engine(a);
      [h, g] = [await board(host.page), await board(guest.page)];
      const still = (await record(host.page)) === a && (await record(guest.page)) === b;
      if (still && h === g && (!want || h === want.json)) return { rec: a, over: Boolean(want?.over) };
    }
    await host.page.waitForTimeout(50);
  }
  if (a !== b) throw new Error(`${what}: the host holds ${a}, the guest ${b}`);
  throw new Error(`${what}: host ${h}, guest ${g}, engine ${want?.json}`);
}

// Plays until the game ends (or `stopAfter` moves): whoever may pick, picks.
export async function play(host, guest, { stopAfter = Infinity, keyboard = false } = {}) {
  let moves = 0;
  let state = await agree(host, guest, 'at the start');
  for (let i = 0; i < 3000 && !state.over && moves < stopAfter; i++) {
    let picked = false;
    for (const s of [host, guest]) {
      const legal = s.page.locator('[data-board=friend] .hole.legal');
      const n = await legal.count();
      if (!n) continue;
      const hole = legal.nth((i * 7) % n);
      if (keyboard && s === guest) {
        await hole.focus();
        await s.page.keyboard.press('Enter');
      } else {
        await hole.locator('.recess').click();
      }
      picked = true;
    }
    if (!picked) {
      await host.page.waitForTimeout(50);
      continue;
    }
    const before = state.rec;
    state = await agree(host, guest, `after move ${moves + 1}`);
    if (state.rec !== before) moves++;
  }
  return { moves, ...state };
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('two browsers connect by pasting both codes and play a whole game of umum, boards equal to the engine after every move', async ({ browser, base }) => {
  const host = await side(browser);
  const guest = await side(browser);
  try {
    const { rules, offer, answer } = await connect(host, guest, base, { pack: 'umum' });
    if (!/Congklak, common reading, 7 holes a side, 7 seeds a hole/.test(rules)) throw new Error(`rules shown "${rules}"`);
    console.log(`    codes: invitation ${offer.length} characters, answer ${answer.length}`);
    const status = await host.page.locator('[data-testid=friend-status]').innerText();
    if (!/Your move \(Player A\)/.test(status)) throw new Error(`host status "${status}"`);
    const end = await play(host, guest);
    if (!end.over) throw new Error('the game did not end');
    const result = await guest.page.locator('[data-testid=friend-status]').innerText();
    if (!/wins|draw/.test(result)) throw new Error(`guest status "${result}"`);
    console.log(`    ${end.moves} moves, both boards equal to the engine after each`);
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

// Sungka's rounds go on for hundreds of moves; its simultaneous opening on
// one round of a 5-hole board (a custom ruleset, as /compare makes them)
// ends in a few dozen.
const b64url = (s) => Buffer.from(s).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const SUNGKA_ONE_ROUND = '~' + b64url(JSON.stringify({ base: 'sungka', set: { holes: 5, rounds: 'single', seeds_per_hole: 5 } }));

test('a simultaneous opening with sealed picks, a whole game of sungka on a phone in Indonesian by keyboard', async ({ browser, base }) => {
  const host = await side(browser);
  const guest = await side(browser, { lang: 'Id', viewport: { width: 360, height: 740 } });
  try {
    const { rules } = await connect(host, guest, base, { path: `/friend?r=${SUNGKA_ONE_ROUND}`, join: 'Gabung', paste: true });
    if (!/Sungka, 5 lubang per sisi, 5 biji per lubang/.test(rules)) throw new Error(`rules shown "${rules}"`);
    const status = await guest.page.locator('[data-testid=friend-status]').innerText();
    if (!/Keduanya memilih bersamaan/.test(status)) throw new Error(`guest status "${status}"`);
    // The host's pick is sealed: the guest learns nothing until it picks too.
    await host.page.locator('[data-board=friend] .hole.legal .recess').first().click();
    await host.page.locator('[data-testid=friend-status]', { hasText: /sealed/ }).waitFor();
    if ((await record(guest.page)).split('.')[3] !== '') throw new Error('the guest knows a move before picking');
    const wide = await guest.page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 360) throw new Error(`the guest's page is ${wide} px wide`);
    const end = await play(host, guest, { keyboard: true });
    if (!end.over) throw new Error('the game did not end');
    if (!/\._\d\d/.test(end.rec)) throw new Error(`no simultaneous move in ${end.rec}`);
    console.log(`    ${end.moves} moves`);
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test('until the friend\'s device greets, the host says it waits and cannot move, then that the connection is lost; a late greeting starts play', async ({ browser, base }) => {
  const host = await side(browser);
  const guest = await side(browser);
  try {
    await connect(host, guest, base, { pack: 'umum', holdHello: true });
    await host.page.locator('[data-testid=friend-status]', { hasText: "Connected. Waiting for your friend's device to answer" }).waitFor();
    if (await host.page.locator('[data-board=friend] .hole.legal').count()) throw new Error('the host may move before the greeting');
    const said = await guest.page.locator('[data-testid=friend-status]').innerText();
    if (said !== "Your friend's move (Player A)") throw new Error(`guest status "${said}"`);
    // No greeting for a while: the host says the connection is lost.
    await host.page.locator('[data-testid=friend-lost]').waitFor({ timeout: 20_000 });
    // The greeting comes after all: the host may play.
    await guest.page.evaluate(() => window.__inject(window.__held));
    await host.page.locator('[data-testid=friend-status]', { hasText: 'Your move (Player A)' }).waitFor();
    await host.page.locator('[data-testid=friend-lost]').waitFor({ state: 'detached' });
    await host.page.locator('[data-board=friend] .hole.legal').first().waitFor();
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test('a dropped connection is shown at once, and new codes resume the game from its moves', async ({ browser, base }) => {
  const host = await side(browser);
  const guest = await side(browser);
  try {
    await connect(host, guest, base, { pack: 'umum' });
    const mid = await play(host, guest, { stopAfter: 6 });
    await guest.page.evaluate(() => window.__pcs.forEach((pc) => pc.close()));
    await host.page.locator('[data-testid=friend-lost]').waitFor({ timeout: 15000 });
    await host.page.locator('[data-testid=friend-lost] button').click();
    await connect(host, guest, base, { resume: true });
    const again = await agree(host, guest, 'after reconnecting');
    if (again.rec !== mid.rec) throw new Error(`resumed at ${again.rec}, was ${mid.rec}`);
    const more = await play(host, guest, { stopAfter: 4 });
    if (more.moves < 1) throw new Error('no move after reconnecting');
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test('a tampered move is refused: the hash mismatch stops play and the host\'s moves are restored', async ({ browser, base }) => {
  const host = await side(browser);
  const guest = await side(browser);
  try {
    await connect(host, guest, base, { pack: 'umum' });
    await play(host, guest, { stopAfter: 2 });
    // The next move the guest sends carries a wrong hash.
    await guest.page.evaluate(() => { window.__tamper = true; });
    // Until the guest has sent its (tampered) move: a tap that sent
    // nothing (the hole no longer playable when the tap came) is tried again.
    const sent = () => guest.page.evaluate(() => window.__tamper === false);
    for (let i = 0; i < 50 && !(await sent()); i++) {
      const legal = guest.page.locator('[data-board=friend] .hole.legal');
      if (await legal.count()) {
        await legal.first().locator('.recess').click();
        await guest.page.waitForFunction(() => window.__tamper === false, null, { timeout: 2000 }).catch(() => {});
        continue;
      }
      const hostLegal = host.page.locator('[data-board=friend] .hole.legal');
      if (await hostLegal.count()) await hostLegal.first().locator('.recess').click();
      const state = await agree(host, guest, 'before the tampered move');
      if (state.over) throw new Error(`the game ended (${state.rec}) before the guest could move`);
    }
    if (!(await sent())) {
      const [h, g] = [await record(host.page), await record(guest.page)];
      throw new Error(`the guest sent no move: host ${h}, guest ${g}`);
    }
    const shown = await host.page.locator('[data-testid=friend-problem]').waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (!shown) {
      const got = await host.page.evaluate(() => window.__got.slice(-3));
      const sent = await guest.page.evaluate(() => window.__sent.slice(-3));
      throw new Error(`the host shows no problem; the guest sent ${JSON.stringify(sent)}, the host got ${JSON.stringify(got)}`);
    }
    const problem = await host.page.locator('[data-testid=friend-problem]').innerText();
    if (!/gave a different board on the other device/.test(problem)) throw new Error(`host says "${problem}"`);
    await agree(host, guest, 'after the host restored its moves');
    const more = await play(host, guest, { stopAfter: 2 });
    if (more.moves < 1) throw new Error('play did not go on');
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test('a side resigns (menyerah) after confirming: both devices say who won, and both records carry the resignation', async ({ browser, base }) => {
  const host = await side(browser);
  const guest = await side(browser);
  try {
    await connect(host, guest, base, { pack: 'umum' });
    const mid = await play(host, guest, { stopAfter: 4 });
    const resign = guest.page.locator('[data-testid=friend-resign]');
    // A first tap only asks; "Keep playing" leaves the game as it was.
    await resign.click();
    await guest.page.locator('[data-testid=friend-resign-cancel]').click();
    if (await guest.page.locator('[data-testid=friend-resign-confirm]').count()) throw new Error('still asking after "Keep playing"');
    if ((await agree(host, guest, 'after keeping on')).rec !== mid.rec) throw new Error('the game changed without a resignation');
    await resign.click();
    await guest.page.locator('[data-testid=friend-resign-confirm]').click();
    await host.page.locator('[data-testid=friend-resigned]', { hasText: 'Your friend resigned (menyerah): you win.' }).waitFor();
    await guest.page.locator('[data-testid=friend-resigned]', { hasText: 'You resigned (menyerah): your friend wins.' }).waitFor();
    for (const s of [host, guest]) {
      const status = await s.page.locator('[data-testid=friend-status]').innerText();
      if (!/Player B resigned \(menyerah\): Player A wins/.test(status)) throw new Error(`status "${status}"`);
      if (!(await s.page.locator('[data-testid=friend-resign]').isDisabled())) throw new Error('Resign still offered after the end');
      if (await s.page.locator('[data-board=friend] .hole.legal').count()) throw new Error('a hole still playable after the end');
    }
    // The boards stay as the moves left them (the engine's replay of
    // the moves); the resignation ends the game, in both records.
    const end = await agree(host, guest, 'after resigning');
    if (end.rec !== `${mid.rec}.rB`) throw new Error(`the record ${end.rec} after ${mid.rec}`);
    expectNoErrors([...host.errors, ...guest.errors]);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test('a damaged code says what is wrong and loses nothing', async ({ browser, base }) => {
  const guest = await side(browser);
  try {
    await guest.page.goto(base + '/friend', { waitUntil: 'load' });
    await guest.page.locator('[data-testid=friend-paste-invite]').fill('K1.abc$%');
    await guest.page.locator('[data-testid=friend-read]').click();
    const text = await guest.page.locator('[data-testid=friend-problem]').innerText();
    if (!/This code cannot be read: the code is damaged/.test(text)) throw new Error(`"${text}"`);
    await guest.page.locator('[data-testid=friend-invite]').waitFor();
    expectNoErrors(guest.errors);
  } finally {
    await guest.context.close();
  }
});

async function main() {
  await runTests('friend', tests, DIST, CHROMIUM);
}

// Run as a script (friend-cheats.mjs imports the helpers above).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
}
