// Writes DIST/sw.js, the service worker, from the template public/sw.js:
//
// - FILES: every file of the build, each with the sha256 of its content
//   (the service worker stores only what matches, so its cache never mixes
//   two builds);
// - NEEDS: for every page (an .html file), the files it loads: itself and
//   every file it names, and what those name in turn (its loader, its
//   bundle's glue and wasm, the parts and packs the wasm fetches, the
//   manifest and its icons, the worker's bundle), found by looking for each
//   file's name in the page and in the files it reaches; for the play page,
//   of the bundle's parts only its own (not the other pages' islands); of
//   the build's data files (.json), only those the page's head lists as
//   read by its code (the bundle names every page's).
//   Links to other pages are not followed. The service worker keeps a page's needs when
//   the page is visited, and the play page's up front (public/sw.js);
// - VERSION: a hash of FILES, so of every file's name and content.
//
//   node scripts/precache.mjs DIST     (scripts/precache.sh runs it)
//
// Listed: every file but sw.js itself, anything under a folder or file whose
// name starts with a dot, and the precompressed copies (FILE.gz and FILE.br, see
// scripts/precompress.sh: a host sends them for FILE).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = join(ROOT, 'public', 'sw.js');
const VERSION_LINE = /^const VERSION = .*; \/\/ filled in by scripts\/precache\.sh$/m;
const FILES_LINE = /^const FILES = \[\]; \/\/ filled in by scripts\/precache\.sh.*$/m;
const NEEDS_LINE = /^const NEEDS = \{\}; \/\/ filled in by scripts\/precache\.sh.*$/m;

function fail(msg) {
  console.error(`precache: ${msg}`);
  process.exit(1);
}

const dist = process.argv[2];
if (!dist) fail('usage: node scripts/precache.mjs DIST');
if (!existsSync(dist) || !statSync(dist).isDirectory()) fail(`no folder ${dist}`);
if (!existsSync(join(dist, 'index.html'))) fail(`no ${dist}/index.html`);
const template = readFileSync(TEMPLATE, 'utf8');
for (const [re, what] of [[VERSION_LINE, 'VERSION'], [FILES_LINE, 'FILES'], [NEEDS_LINE, 'NEEDS']]) {
  if ((template.match(new RegExp(re.source, 'gm')) || []).length !== 1) fail(`${TEMPLATE} lacks the ${what} line this script fills in`);
}

// Every file, as "/path", in byte order.
const walk = (dir, rel = '') =>
  readdirSync(join(dir, rel)).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const path = rel ? `${rel}/${name}` : name;
    if (statSync(join(dir, path)).isDirectory()) return walk(dir, path);
    if (name.endsWith('.gz') || name.endsWith('.br') || path === 'sw.js') return [];
    return [path];
  });
const files = walk(dist).sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : Buffer.from(a) > Buffer.from(b) ? 1 : 0));
if (!files.length) fail(`nothing to precache in ${dist}`);
for (const f of files) {
  // Names go into the script as JS strings: refuse what would need escaping.
  if (/["'\\\u0000-\u001f\u007f]/.test(f)) fail(`a file name the service worker cannot list: ${f}`);
}
const content = new Map(files.map((f) => [f, readFileSync(join(dist, f))]));
const sha = new Map(files.map((f) => [f, createHash('sha256').update(content.get(f)).digest('hex')]));

// What a file names: files whose path (from the root, with or without the
// leading slash) it contains, or, for files in its own folder, whose name;
// and a bundle named by its stem (`congklak-islands-<hash>`, as a page's meta
// and the glue name it) is its glue, its wasm and its parts' folder.
const isPage = (f) => f.endsWith('.html');
const assets = files.filter((f) => !isPage(f));
const stemOf = (f) => f.match(/^(.*-[0-9a-f]{13,16})(?:_bg\.[A-Za-z0-9]+$|\.[A-Za-z0-9]+$|\/)/)?.[1];
const named = new Map();
function names(f) {
  if (named.has(f)) return named.get(f);
  const text = content.get(f).toString('latin1');
  const folder = f.includes('/') ? f.slice(0, f.lastIndexOf('/') + 1) : null;
  const stemNamed = (a) => {
    const stem = stemOf(a);
    return !!stem && text.includes(stem);
  };
  const found = assets.filter((a) => a !== f && (text.includes(a) || stemNamed(a) || (folder && a.startsWith(folder) && !a.slice(folder.length).includes('/') && text.includes(a.slice(folder.length)))));
  named.set(f, found);
  return found;
}
// The parts a page hydrated whole (the play page: no
// <meta name="congklak-islands">) uses: of its bundle's parts folder, the
// loader and the modules that are not an island's (Leptos names a lazy
// island's module `..._loader_<n>`), with the chunks each fetches, read from
// the loader (`fetch(new URL("./<file>", ...)) ... },[<chunks>]`, each
// chunk a variable bound to its own fetch). The islands are other pages'.
function ownParts(loader) {
  const text = content.get(loader).toString('utf8');
  const folder = loader.slice(0, loader.lastIndexOf('/') + 1);
  const fetches = /(?:([\w$]+)=[\w$]+|export const [\w$]+=[\w$]+\([\w$]+)\(\(\)=>\{const [\w$]+=fetch\(new URL\("\.\/([^"]+)",import\.meta\.url\)\).*?\},\[([^\]]*)\]/g;
  const fileOf = new Map();
  const deps = new Map();
  for (const [, name, file, list] of text.matchAll(fetches)) {
    if (name) fileOf.set(name, file);
    deps.set(file, list.split(',').filter(Boolean));
  }
  const own = [...deps.keys()].filter((f) => !f.startsWith('chunk_') && !/_loader_[0-9]+\.wasm$/.test(f));
  if (!own.length) fail(`${loader}: no part of the play page found (has the split loader's form changed?)`);
  const parts = new Set([loader]);
  for (const f of own) {
    parts.add(folder + f);
    for (const v of deps.get(f)) {
      if (!fileOf.has(v)) fail(`${loader}: ${f} fetches ${v}, which it does not name`);
      parts.add(folder + fileOf.get(v));
    }
  }
  return parts;
}
const needs = {};
for (const page of files.filter(isPage)) {
  const seen = new Set([page]);
  const todo = [page];
  while (todo.length) {
    for (const n of names(todo.pop())) {
      if (!seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  // The data files its code reads (<meta name="congklak-reads">, from the
  // route table): the bundle names every page's, this page reads only these.
  const html = content.get(page).toString('latin1');
  const reads = html.match(/<meta name="congklak-reads" content="([^"]*)"/)?.[1];
  if (reads !== undefined) {
    const listed = reads.split(' ').filter(Boolean).map((p) => p.replace(/^\//, ''));
    for (const f of [...seen]) if (!f.includes('/') && f.endsWith('.json') && !listed.includes(f)) seen.delete(f);
  }
  if (!html.includes('<meta name="congklak-islands"')) {
    for (const loader of [...seen].filter((f) => f.endsWith('/__wasm_split.js'))) {
      const own = ownParts(loader);
      const folder = loader.slice(0, loader.lastIndexOf('/') + 1);
      for (const f of [...seen]) if (f.startsWith(folder) && !own.has(f)) seen.delete(f);
    }
  }
  needs['/' + page] = [...seen].map((f) => files.indexOf(f)).sort((a, b) => a - b);
}

const list = files.map((f) => `${sha.get(f)}  ${f}\n`).join('');
const version = createHash('sha256').update(list).digest('hex').slice(0, 16);
const entries = files.map((f) => `  ["/${f}", "${sha.get(f)}"],`).join('\n');
const needLines = Object.entries(needs).map(([p, ix]) => `  "${p}": [${ix.join(', ')}],`).join('\n');
const out =
  '// Written by scripts/precache.mjs from public/sw.js: edit that, not this.\n' +
  template
    .replace(VERSION_LINE, `const VERSION = "${version}"; // written by scripts/precache.mjs`)
    .replace(FILES_LINE, `// Written by scripts/precache.mjs: [path, sha256 hex] for every file of the build.\nconst FILES = [\n${entries}\n];`)
    .replace(NEEDS_LINE, `// Written by scripts/precache.mjs: for every page, the indices in FILES of what it loads.\nconst NEEDS = {\n${needLines}\n};`);
const tmp = join(dist, `sw.js.tmp.${process.pid}`);
writeFileSync(tmp, out);
renameSync(tmp, join(dist, 'sw.js'));

const kb = (fs) => Math.round(fs.reduce((s, f) => s + content.get(f).length, 0) / 1024);
const play = (needs['/index.html'] || []).map((i) => files[i]);
console.error(`precache: sw.js lists ${files.length} files (${kb(files)} KB), version ${version}; the play page needs ${play.length} files (${kb(play)} KB)`);
