// A small static file server for the built app (dist/), in plain Node.js with
// no dependencies: what a static host does, so that measurements see the same
// bytes and headers a visitor would.
//
//   node tests/e2e/serve.mjs DIR [PORT] [--no-gzip] [--no-br]   (127.0.0.1, PORT 8080; 0 = any free port)
//
//   import { serve } from './serve.mjs';
//   const { base, close } = await serve(dir, { gzip: true });  // base = 'http://127.0.0.1:<port>'
//
// - Content-Type by extension (wasm as application/wasm, webmanifest as
//   application/manifest+json, ...).
// - Compressed when the request accepts it, for every type but
//   already-compressed images and fonts; `Vary: Accept-Encoding` on those.
//   Brotli when the request accepts it and the build wrote FILE.br
//   (scripts/precompress.sh) that holds FILE as it is now; else gzip: FILE.gz
//   when the build wrote one (by zopfli: smaller than zlib's level 9) and it
//   holds FILE as it is now, else level 9 made here. Each checked once per
//   version of the files and kept in memory. `--no-br` (`br: false`) sends
//   gzip only, as a host without brotli; `--no-gzip` (`gzip: false`) sends
//   nothing compressed.
// - `/x` and `/x/` serve `x/index.html` when x is a folder (no redirect).
// - Unknown paths: DIR/404.html with status 404 (plain text if there is none).
// - Cache-Control: `no-cache` for HTML, sw.js and other unhashed files;
//   `public, max-age=31536000, immutable` for hashed names (name-<hex>.ext as
//   Trunk writes them: 13-16 hex digits since Trunk prints the hash unpadded,
//   `_bg` allowed after it for the wasm) and for files in a folder so named
//   (a bundle's parts and their loader, `congklak-islands-<hex>/`, named by
//   the hash of the wasm they were cut from).
// - ETag / If-None-Match (304), GET and HEAD (other methods: 405).
// - Never serves a file outside DIR (`..`, encoded slashes, NUL, symlinks out).
import { createServer } from 'node:http';
import { promises as fs } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompress as unbrCb, gzip as gzipCb, gunzip as gunzipCb, constants as zc } from 'node:zlib';
import { promisify } from 'node:util';

const gzipAsync = promisify(gzipCb);
const gunzipAsync = promisify(gunzipCb);
const unbrAsync = promisify(unbrCb);

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
// Already compressed: gzip gains nothing.
const INCOMPRESSIBLE = new Set(['.png', '.jpg', '.jpeg', '.webp', '.avif', '.woff', '.woff2']);
const HASHED = /-[0-9a-f]{13,16}(?:_bg)?\.[a-z0-9]+$/i;
const HASHED_FOLDER = /-[0-9a-f]{13,16}$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function contentType(file) {
  return TYPES[extname(file).toLowerCase()] || 'application/octet-stream';
}

/** `file`: its path under the folder served (`a/b.wasm`). */
export function cacheControl(file) {
  const parts = file.split(/[\\/]/).filter(Boolean);
  const name = parts.pop();
  const ext = extname(name).toLowerCase();
  if (ext === '.html' || ext === '.htm' || name === 'sw.js') return 'no-cache';
  return HASHED.test(name) || parts.some((p) => HASHED_FOLDER.test(p)) ? IMMUTABLE : 'no-cache';
}

function accepts(header, name) {
  if (!header) return false;
  for (const part of String(header).split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== name && coding.trim() !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Serves `dir` on 127.0.0.1.
 * @param {string} dir
 * @param {{gzip?: boolean, br?: boolean, port?: number, host?: string, log?: boolean, onSent?: (path: string, bytes: number, status: number) => void}} [opts]
 *   `onSent`: told of every answer, with the bytes it put on the wire (status
 *   line, headers and body; a 304 is its headers alone), for reports of what
 *   a visit costs (tests/e2e/visit.mjs).
 * @returns {Promise<{base: string, port: number, close: () => Promise<void>, server: import('node:http').Server}>}
 */
export async function serve(dir, { gzip = true, br = true, port = 0, host = '127.0.0.1', log = false, onSent = null } = {}) {
  const root = await fs.realpath(resolve(dir));
  const packed = new Map(); // `${encoding}:${path}` -> { key, body }

  // The file under root that a URL path names, or null.
  async function locate(urlPath) {
    let decoded;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return null;
    const parts = decoded.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.includes('..')) return null;
    let file = join(root, ...parts);
    let st = await fs.stat(file).catch(() => null);
    if (st && st.isDirectory()) {
      file = join(file, 'index.html');
      st = await fs.stat(file).catch(() => null);
    }
    if (!st || !st.isFile()) return null;
    // Symlinks must not lead out of root.
    const real = await fs.realpath(file).catch(() => null);
    if (!real || (real !== root && !real.startsWith(root + sep))) return null;
    return { file: real, st };
  }

  // The build's FILE.gz or FILE.br (`ext`) if it holds `raw` (a stale or
  // damaged one is ignored), else null.
  async function precompressed(file, raw, ext) {
    const packedFile = await fs.readFile(file + ext).catch(() => null);
    if (!packedFile) return null;
    const back = await (ext === '.br' ? unbrAsync : gunzipAsync)(packedFile).catch(() => null);
    return back && back.equals(raw) ? packedFile : null;
  }

  // The body to send and its encoding: brotli only from the build's
  // FILE.br, gzip from its FILE.gz or made here.
  async function body(file, st, { wantBr, wantGzip }) {
    const raw = await fs.readFile(file);
    for (const [encoding, ext, wanted] of [['br', '.br', wantBr], ['gzip', '.gz', wantGzip]]) {
      if (!wanted) continue;
      const pSt = await fs.stat(file + ext).catch(() => null);
      if (!pSt && encoding === 'br') continue;
      const key = `${st.size}:${st.mtimeMs}:${pSt ? `${pSt.size}:${pSt.mtimeMs}` : '-'}`;
      const hit = packed.get(`${encoding}:${file}`);
      if (hit && hit.key === key) {
        if (hit.body) return { data: hit.body, encoding };
        continue;
      }
      let data = await precompressed(file, raw, ext);
      if (!data && encoding === 'gzip') data = await gzipAsync(raw, { level: zc.Z_BEST_COMPRESSION });
      packed.set(`${encoding}:${file}`, { key, body: data });
      if (data) return { data, encoding };
    }
    return { data: raw, encoding: null };
  }

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    const path = (req.url || '/').split(/[?#]/)[0];
    let status = 200;
    let found = path.startsWith('/') ? await locate(path) : null;
    if (!found) {
      status = 404;
      found = await locate('/404.html');
      if (!found) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : 'Not found\n');
        return;
      }
    }
    const { file, st } = found;
    const ext = extname(file).toLowerCase();
    const compressible = !INCOMPRESSIBLE.has(ext);
    const wantGzip = gzip && compressible && accepts(req.headers['accept-encoding'], 'gzip');
    const wantBr = gzip && br && compressible && accepts(req.headers['accept-encoding'], 'br');
    const { data, encoding } = await body(file, st, { wantBr, wantGzip });
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      'Content-Type': contentType(file),
      'Cache-Control': status === 404 ? 'no-cache' : cacheControl(file.slice(root.length)),
      'Last-Modified': st.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    };
    if (status === 200) headers.ETag = etag;
    if (gzip && compressible) headers.Vary = 'Accept-Encoding';
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      sent(path, 304, headers, 0);
      return;
    }
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = data.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : data);
    sent(path, status, headers, req.method === 'HEAD' ? 0 : data.length);
  }

  // The bytes of an answer on the wire: its status line, headers and body.
  function sent(path, status, headers, bodyBytes) {
    if (!onSent) return;
    const head = `HTTP/1.1 ${status} X\r\n` + Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('') + '\r\n';
    onSent(path, Buffer.byteLength(head) + bodyBytes, status);
  }

  const server = createServer((req, res) => {
    handle(req, res)
      .catch((err) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal error\n');
        console.error(`serve: ${req.url}: ${err?.stack || err}`);
      })
      .finally(() => {
        if (log) console.log(`${res.statusCode} ${req.method} ${req.url}`);
      });
  });
  // Keep-alive sockets would hold close() open.
  server.keepAliveTimeout = 1000;
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
  const actual = server.address().port;
  return {
    base: `http://${host}:${actual}`,
    port: actual,
    server,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok());
        server.closeAllConnections?.();
      }),
  };
}

// --- command line ------------------------------------------------------------
const isMain = (() => {
  try {
    return process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
})();

if (isMain) {
  const args = process.argv.slice(2);
  const noGzip = args.includes('--no-gzip');
  const noBr = args.includes('--no-br');
  const [dir, portArg] = args.filter((a) => !a.startsWith('--'));
  if (!dir) {
    console.error('usage: node tests/e2e/serve.mjs DIR [PORT] [--no-gzip] [--no-br]');
    process.exit(2);
  }
  const port = portArg === undefined ? 8080 : Number(portArg);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: bad port ${portArg}`);
    process.exit(2);
  }
  try {
    const { base, close } = await serve(dir, { gzip: !noGzip, br: !noBr, port, log: true });
    const how = noGzip ? 'uncompressed' : noBr ? 'gzip' : 'brotli or gzip';
    console.log(`Serving ${resolve(dir)} on ${base}/ (${how}); Ctrl-C to stop`);
    const stop = () => close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    console.error(`serve: ${err.message}`);
    process.exit(1);
  }
}
