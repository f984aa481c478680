// Congklak's service worker: the app installs and keeps working offline.
//
// This is a TEMPLATE. scripts/precache.sh, the last step of Trunk's post_build
// hook, writes dist/sw.js from it with the two lines below filled in: every
// file of the build (path and sha256 of its content) and the build's version,
// a hash of that whole list. Served as it is here (FILES empty) it does
// nothing: it caches nothing, answers no request, and on activation deletes
// the caches of an earlier build.
const VERSION = 'unbuilt'; // filled in by scripts/precache.sh
const FILES = []; // filled in by scripts/precache.sh: [path, sha256 hex] for every file in dist/

// How a build is kept whole, and how the next one replaces it
// ---------------------------------------------------------------------
// One cache per build, named by VERSION, holding exactly the files of that
// build and nothing else (nothing is ever added at run time).
//
// - install: every file is fetched past the HTTP cache and its sha256 checked
//   against FILES before anything is stored. If the server already holds
//   another build (a deployment half-way, or a newer one), a hash differs, the
//   install fails, the partial cache is deleted, and the worker in charge (if
//   any) goes on with its own complete build; the browser tries again on a
//   later visit. So a cache never mixes two builds.
// - then skipWaiting, and on activate: delete every other cache of ours
//   (name starting with "congklak-") and claim the open pages. A new
//   deployment therefore takes over on the next load: the first load after
//   the deployment fetches the new sw.js (the browser checks it on every
//   navigation) and installs it; the next load runs entirely on it. Without
//   skipWaiting the new build would wait until every tab of the app was
//   closed, since a reload overlaps the old page and the new one.
//   The price: a tab of the old build left open loses its cache. Everything
//   it needs is loaded when it starts, except a worker started later, whose
//   import of the old build's glue then fails; the page runs that job on its
//   own thread instead (src/worker.rs), so the tab goes on working.
//
// Which copy a request gets:
// - Pages (navigations): network first, so a visitor online always gets the
//   deployed build; offline (or on a 5xx) the cached page for that path:
//   /packs/umum, /packs/umum/ and /packs/umum?x all map to
//   packs/umum/index.html, an unknown path to 404.html (status 404).
// - Files whose name carries their content hash (Trunk's
//   congklak-app-<hash>.js, congklak-app-<hash>_bg.wasm, main-<hash>.css):
//   cache first, else the network. The name fixes the content, so the cached
//   copy is the right one for whichever page asks, old or new; a page newer
//   than the cache asks for names the cache lacks and gets them from the
//   network.
// - Every other file of the build keeps its name from build to build:
//   packs.json, worker.js, the manifest, the icons, favicon.svg. Cache first
//   would hand a page fetched from the network (a newer build) the cached
//   packs.json and worker.js of the older one: a new wasm reading old packs,
//   a new worker protocol loading the old script. So these are network first
//   too, revalidated (a conditional request: 304 when unchanged), with the
//   cache as the offline copy. Online, a page and its files all come from the
//   server; offline, all from one cached build. The only remaining mix needs
//   the network to fail for the page and come back for its files (or the
//   reverse) in the middle of a deployment.
// - The worker (public/worker.js) is a module worker started by a controlled
//   page: its script, and the glue it imports by URL (the hashed
//   congklak-app-<hash>.js), go through this worker like the page's own
//   requests, so the computer player and the divergence finder work offline.
//   The wasm module itself is handed over by the page, not fetched.
// - Anything else (not in FILES, another origin, not GET) is not touched.

const PREFIX = 'congklak-';
const CACHE = PREFIX + VERSION;
// Trunk's hashed names: <name>-<13..16 hex digits>[_bg].<ext> (the hash is
// printed unpadded), and wasm-bindgen snippets under a hashed folder.
const HASHED = /-[0-9a-f]{13,16}(?:_bg)?\.[A-Za-z0-9]+$|\/[^/]*-[0-9a-f]{13,16}\//;

// Paths as the browser writes them in a URL (percent-encoded).
const pathOf = (p) => new URL(p, self.location.origin).pathname;
const PATHS = new Map(FILES.map(([p, sha]) => [pathOf(p), sha]));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      if (!FILES.length) return self.skipWaiting();
      const cache = await caches.open(CACHE);
      try {
        await Promise.all([...PATHS].map(([path, sha]) => store(cache, path, sha)));
      } catch (err) {
        await caches.delete(CACHE);
        throw err;
      }
      return self.skipWaiting();
    })(),
  );
});

async function store(cache, path, sha) {
  const res = await fetch(path, { cache: 'reload' });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const body = await res.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  if (hex !== sha) throw new Error(`${path}: the server has another build than ${VERSION}`);
  // A fresh Response: no `redirected` flag (a redirected response cannot
  // answer a navigation), no encoding headers (the body is decoded).
  const headers = new Headers(res.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  await cache.put(path, new Response(body, { status: 200, headers }));
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
    event.respondWith(page(req, url.pathname));
    return;
  }
  const path = url.pathname;
  if (!PATHS.has(path)) return;
  event.respondWith(HASHED.test(path) ? cacheFirst(req, path) : networkFirst(req, path));
});

// The cached file for a page's path: the path itself if it is an .html file
// of the build, else its folder's index.html, else 404.html.
function pageFile(pathname) {
  const p = pathname.replace(/\/+$/, '');
  if (p.endsWith('.html') && PATHS.has(p)) return p;
  if (PATHS.has(`${p}/index.html`)) return `${p}/index.html`;
  return '/404.html';
}

async function page(req, pathname) {
  try {
    // Revalidated, never a stale HTTP-cache copy: the page names the hashed
    // files it needs, so an old page could ask for files no longer served.
    const res = await fetch(req, { cache: 'no-cache' });
    if (res.status < 500) return res;
    return (await cachedPage(pathname)) || res;
  } catch (err) {
    const cached = await cachedPage(pathname);
    if (cached) return cached;
    throw err;
  }
}

async function cachedPage(pathname) {
  const file = pageFile(pathname);
  const res = await caches.match(file, { cacheName: CACHE });
  if (!res || file !== '/404.html') return res;
  return new Response(res.body, { status: 404, statusText: 'Not Found', headers: res.headers });
}

async function cacheFirst(req, path) {
  return (await caches.match(path, { cacheName: CACHE })) || fetch(req);
}

async function networkFirst(req, path) {
  try {
    const res = await fetch(req, { cache: 'no-cache' });
    if (res.status < 500) return res;
    return (await caches.match(path, { cacheName: CACHE })) || res;
  } catch (err) {
    const cached = await caches.match(path, { cacheName: CACHE });
    if (cached) return cached;
    throw err;
  }
}
