// Congklak's service worker: the app installs, and what a visitor has used
// keeps working offline.
//
// This is a TEMPLATE. scripts/precache.mjs, the last step of Trunk's
// post_build hook, writes dist/sw.js from it with the three lines below
// filled in: every file of the build (path and sha256 of its content), what
// each page loads, and the build's version, a hash of that whole list.
// Served as it is here (FILES empty) it does nothing: it caches nothing,
// answers no request, and on activation deletes the caches of an earlier
// build.
const VERSION = 'unbuilt'; // filled in by scripts/precache.sh
const FILES = []; // filled in by scripts/precache.sh: [path, sha256 hex] for every file in dist/
const NEEDS = {}; // filled in by scripts/precache.sh: page file -> indices in FILES of what it loads

// What is kept, and when
// ---------------------------------------------------------------------
// One cache per build, named by VERSION. Every copy in it is a file of that
// build: its sha256 is checked against FILES before it is stored, and kept
// beside it (the header below), so a cache never mixes two builds.
//
// - install: the cache starts with what the visitor needs to play offline
//   in their language and what they have used: the play page in the
//   language of the open pages (/ or /id/) with everything it loads (its
//   bundle and parts, the packs, the computer's worker, the manifest and
//   icons), the not-found page, every page open now with what it loads,
//   and every file an earlier build's cache held (the visitor used it),
//   taken from that cache where it has not changed, else fetched. Fetched
//   through the HTTP cache: what the page has just loaded is not loaded
//   again. Of a bundle's parts (the files in its hashed folder: the play
//   page's less used parts, each island of the other pages), the play
//   page's are all kept, so that a game can be played in full offline;
//   another page's only if the browser already has them (the part of the
//   island the page showed), never fetched for it. A file that does not
//   match FILES is fetched once more past the
//   HTTP cache; if the server still holds another build (a deployment
//   half-way, or a newer one), the install fails, the partial cache is
//   deleted, and the worker in charge (if any) goes on with its own cache;
//   the browser tries again on a later visit. Other pages are not fetched:
//   a visitor who reads one page does not pay for the site.
// - then skipWaiting, and on activate: delete every other cache of ours
//   (name starting with "congklak-") and claim the open pages. A new
//   deployment therefore takes over on the next load. Without skipWaiting
//   the new build would wait until every tab of the app was closed. The
//   price: a tab of the old build left open loses its cache; a worker it
//   starts later then runs its job on the page's own thread (src/jobs).
// - at run time: every file of the build that passes through (a page
//   visited, the parts and files it loads when first needed) is stored
//   once it is checked against FILES. So everything visited works offline.
//
// Which copy a request gets:
// - Pages (navigations): network first, so a visitor online always gets the
//   deployed build; offline (or on a 5xx) the cached page for that path
//   (/packs/umum, /packs/umum/ and /packs/umum?x all map to
//   packs/umum/index.html), else, for a page of the build never visited,
//   a short page that says so in the visitor's language, else 404.html
//   (status 404).
// - Files whose name carries their content hash (congklak-app-<hash>.js,
//   ..._bg.wasm, the parts' folder): cache first, else the network. The
//   name fixes the content.
// - Every other file keeps its name from build to build (packs.json,
//   worker.js, the manifest, the icons): network first, revalidated (a 304
//   when unchanged), with the cache as the offline copy, so a page fetched
//   from a newer build never gets an older build's packs or worker.
// - Anything else (not in FILES, another origin, not GET) is not touched.
// - A cached copy is checked against its hash each time it is served: a
//   copy damaged on the device is dropped and fetched again (online), or
//   the request fails (offline) and the page says it cannot start, rather
//   than running damaged code.

const PREFIX = 'congklak-';
const CACHE = PREFIX + VERSION;
// The sha256 of a stored copy, kept beside it.
const SHA = 'x-congklak-sha256';
// Trunk's hashed names: <name>-<13..16 hex digits>[_bg].<ext> (the hash is
// printed unpadded), and files under a hashed folder (the parts, snippets).
const HASHED = /-[0-9a-f]{13,16}(?:_bg)?\.[A-Za-z0-9]+$|\/[^/]*-[0-9a-f]{13,16}\//;
// A bundle's part: a file in its hashed folder (congklak-islands-<hash>/...).
const PART = /^\/congklak-[a-z]+-[0-9a-f]{13,16}\//;

// Paths as the browser writes them in a URL (percent-encoded).
const pathOf = (p) => new URL(p, self.location.origin).pathname;
const PATHS = new Map(FILES.map(([p, sha]) => [pathOf(p), sha]));
const NEEDED = new Map(Object.entries(NEEDS).map(([page, ix]) => [pathOf(page), ix.map((i) => pathOf(FILES[i][0]))]));

// The page file for a path: the path itself if it is an .html file of the
// build, else its folder's index.html, else null.
function pageFile(pathname) {
  const p = pathname.replace(/\/+$/, '');
  if (p.endsWith('.html') && PATHS.has(p)) return p;
  if (PATHS.has(`${p}/index.html`)) return `${p}/index.html`;
  return null;
}
const indonesian = (pathname) => pathname === '/id' || pathname.startsWith('/id/');
const needsOf = (page) => NEEDED.get(page) || (PATHS.has(page) ? [page] : []);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      if (!FILES.length) return self.skipWaiting();
      const cache = await caches.open(CACHE);
      try {
        const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
        const wanted = new Set();
        // Parts of a bundle wanted only if the browser has them already.
        const ifHad = new Set();
        const want = (page, all = false) =>
          needsOf(page).forEach((p) => (all || !PART.test(p) ? wanted : ifHad).add(p));
        const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const paths = open.map((c) => new URL(c.url).pathname);
        const langs = new Set(paths.map((p) => (indonesian(p) ? '/id/index.html' : '/index.html')));
        if (!langs.size) langs.add('/index.html');
        langs.forEach((page) => want(page, true));
        want('/404.html');
        paths.map(pageFile).filter(Boolean).forEach(want);
        // What the visitor used under an earlier build, and what it loads.
        for (const key of older) {
          for (const req of await (await caches.open(key)).keys()) {
            const path = new URL(req.url).pathname;
            if (PATHS.has(path)) (path.endsWith('.html') ? want(path) : wanted.add(path));
          }
        }
        wanted.forEach((p) => ifHad.delete(p));
        await Promise.all([
          ...[...wanted].map((path) => keep(cache, path, older)),
          ...[...ifHad].map((path) => keepIfHad(cache, path, older)),
        ]);
      } catch (err) {
        await caches.delete(CACHE);
        throw err;
      }
      return self.skipWaiting();
    })(),
  );
});

// Whether `cache` holds this build's copy of `path`, once taken from an
// older cache of ours if that one holds it.
async function kept(cache, path, older) {
  const sha = PATHS.get(path);
  if ((await cache.match(path))?.headers.get(SHA) === sha) return true;
  for (const key of older) {
    const res = await caches.match(path, { cacheName: key });
    if (res && res.headers.get(SHA) === sha) {
      await cache.put(path, res);
      return true;
    }
  }
  return false;
}

// Stores `path` in `cache`: from an older cache if it holds this build's
// copy, else fetched (through the HTTP cache, then past it if that copy is
// not this build's). Throws if the server has another build's.
async function keep(cache, path, older) {
  if (await kept(cache, path, older)) return;
  for (const mode of ['default', 'reload']) {
    const res = await fetch(path, { cache: mode });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    if (await store(cache, path, res)) return;
  }
  throw new Error(`${path}: the server has another build than ${VERSION}`);
}

// Stores `path` in `cache` if an older cache or the HTTP cache has this
// build's copy; never asks the network.
async function keepIfHad(cache, path, older) {
  if (await kept(cache, path, older)) return;
  try {
    const res = await fetch(path, { cache: 'only-if-cached', mode: 'same-origin' });
    if (res.ok) await store(cache, path, res);
  } catch (_) {
    // Not in the HTTP cache: fetched when the page first needs it.
  }
}

// Stores `res`, the answer for `path`, if its body is this build's copy;
// says whether it did.
async function store(cache, path, res) {
  const body = await res.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  if (hex !== PATHS.get(path)) return false;
  // A fresh Response: no `redirected` flag (a redirected response cannot
  // answer a navigation), no encoding headers (the body is decoded).
  const headers = new Headers(res.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(SHA, hex);
  await cache.put(path, new Response(body, { status: 200, headers }));
  return true;
}

// Keeps a copy of an answer that passed through, once checked (after the
// answer has gone to the page).
function keepCopy(event, path, res) {
  if (res.status !== 200 || res.type !== 'basic') return;
  const copy = res.clone();
  event.waitUntil(caches.open(CACHE).then((cache) => store(cache, path, copy)).catch(() => {}));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.filter((k) => k.startsWith(PREFIX) && (k !== CACHE || !FILES.length)).map((k) => caches.delete(k)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (!FILES.length || req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(page(event, url.pathname));
    return;
  }
  const path = url.pathname;
  if (!PATHS.has(path)) return;
  event.respondWith(HASHED.test(path) ? cacheFirst(event, path) : networkFirst(event, path));
});

async function page(event, pathname) {
  const file = pageFile(pathname);
  try {
    // Revalidated, never a stale HTTP-cache copy: the page names the hashed
    // files it needs, so an old page could ask for files no longer served.
    const res = await fetch(event.request, { cache: 'no-cache' });
    if (res.status < 500) {
      if (file) keepCopy(event, file, res);
      return res;
    }
    return (await cachedPage(pathname, file)) || res;
  } catch (err) {
    const cached = await cachedPage(pathname, file);
    if (cached) return cached;
    throw err;
  }
}

async function cachedPage(pathname, file) {
  if (file) {
    const res = await sound(file);
    if (res) return res;
    return notSaved(pathname);
  }
  const res = await caches.match('/404.html', { cacheName: CACHE });
  return res && new Response(res.body, { status: 404, statusText: 'Not Found', headers: res.headers });
}

// A page of the build that this device has not opened yet, asked for offline.
function notSaved(pathname) {
  const id = indonesian(pathname);
  const [lang, title, text, home] = id
    ? ['id', 'Halaman ini belum tersimpan', 'Perangkat ini sedang tidak tersambung ke internet, dan halaman ini belum pernah dibuka di sini, jadi belum tersimpan untuk dibuka tanpa internet. Halaman yang sudah pernah dibuka tetap bisa dibuka, dan permainan congklak tetap bisa dimainkan.', ['/id/', 'Main congklak']]
    : ['en', 'This page is not saved yet', 'This device is offline, and this page has not been opened on it before, so it has not been saved for use offline. The pages already opened here still open, and a game of congklak can still be played.', ['/', 'Play congklak']];
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5"><main><h1>${title}</h1><p data-testid="not-saved">${text}</p><p><a href="${home[0]}">${home[1]}</a></p></main></body></html>`;
  return new Response(html, { status: 503, statusText: 'Offline', headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

async function cacheFirst(event, path) {
  const cached = await sound(path);
  if (cached) return cached;
  const res = await fetch(event.request);
  keepCopy(event, path, res);
  return res;
}

// The cached copy of `path` if its body is still this build's (a copy
// damaged on the device is dropped, and the network asked instead).
async function sound(path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  if (!cached) return null;
  const body = await cached.clone().arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  if (hex === PATHS.get(path)) return cached;
  await (await caches.open(CACHE)).delete(path);
  return null;
}

async function networkFirst(event, path) {
  try {
    const res = await fetch(event.request, { cache: 'no-cache' });
    if (res.status < 500) {
      keepCopy(event, path, res);
      return res;
    }
    return (await sound(path)) || res;
  } catch (err) {
    const cached = await sound(path);
    if (cached) return cached;
    throw err;
  }
}
