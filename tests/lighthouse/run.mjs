// Lighthouse measurement of the release build (dist/): a measurement, not a
// test. Serves DIST (the build's brotli or gzip copies) with tests/e2e/serve.mjs (as a static host
// would), runs Lighthouse (performance, accessibility, best practices, SEO) on
// each page with the mobile and the desktop preset in Debian's Chromium, RUNS
// times each, keeps the median run by performance score and prints a Markdown
// table, then per page the failing accessibility / best-practices / SEO audits
// (with the elements they name) and the top performance opportunities.
//
//   node tests/lighthouse/run.mjs       (after `trunk build --release`)
//
// Installs its own dependencies (npm ci in this folder) when node_modules is
// missing. Env:
//   DIST      the built site (default <repo>/dist)
//   CHROMIUM  the browser (default /usr/bin/chromium)
//   RUNS      runs per page and preset (default 3; the median by performance score is kept)
//   PAGES     comma list of paths (default /,/packs/umum,/packs/sungka,/compare,/about)
//   PRESETS   comma list of mobile, desktop (default mobile,desktop)
//   OUT       where the reports go (default <repo>/target/lighthouse)
// Writes every run's JSON report, the median runs' HTML reports, summary.md
// and summary.json to OUT. Exits 0 unless it could not run at all.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../e2e/serve.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const DIST = resolve(process.env.DIST || join(ROOT, 'dist'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const RUNS = Math.max(1, parseInt(process.env.RUNS || '3', 10) || 3);
const PAGES = list(process.env.PAGES, '/,/packs/umum,/packs/sungka,/compare,/about').map((p) =>
  p.startsWith('/') ? p : `/${p}`,
);
const PRESETS = list(process.env.PRESETS, 'mobile,desktop');
const OUT = resolve(process.env.OUT || join(ROOT, 'target/lighthouse'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHECKED = ['accessibility', 'best-practices', 'seo'];
const MAX_ITEMS = 12; // elements listed per failing audit

function list(value, fallback) {
  return (value || fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
const log = (...a) => console.error('lighthouse:', ...a);
function fail(msg) {
  console.error(`lighthouse: could not run: ${msg}`);
  process.exit(1);
}

// --- preconditions --------------------------------------------------------
for (const p of PRESETS) if (p !== 'mobile' && p !== 'desktop') fail(`unknown preset "${p}" (mobile, desktop)`);
if (!existsSync(DIST) || !statSync(DIST).isDirectory()) fail(`no built site at ${DIST} (run trunk build --release, or set DIST)`);
if (!existsSync(join(DIST, 'index.html'))) fail(`${DIST} has no index.html`);
if (!existsSync(CHROMIUM)) fail(`no browser at ${CHROMIUM} (bash scripts/setup.sh installs Debian's chromium; or set CHROMIUM)`);

if (!existsSync(join(HERE, 'node_modules', 'lighthouse'))) {
  log('installing dependencies (npm ci) in', HERE);
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: HERE, stdio: ['ignore', 2, 2] });
  } catch (e) {
    fail(`npm ci failed in ${HERE}: ${e.message}`);
  }
}
// Imported only now: they may just have been installed.
const { default: lighthouse, desktopConfig } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');

// --- helpers ----------------------------------------------------------------
const slug = (page) => (page === '/' ? 'home' : page.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9._-]+/gi, '_'));
const score = (lhr, cat) => {
  const s = lhr.categories[cat]?.score;
  return s == null ? null : Math.round(s * 100);
};
const num = (lhr, id) => lhr.audits[id]?.numericValue;
const fmt = (v, digits = 0) => (v == null || Number.isNaN(v) ? 'n/a' : v.toFixed(digits));
const oneLine = (s, max = 160) => {
  const t = String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
const shortUrl = (u) => String(u).replace(/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?/, '');
const code = (s) => '`' + oneLine(s).replace(/`/g, "'") + '`';
const cell = (s) => String(s).replace(/\|/g, '\\|');

// The median run by performance score (the lower middle for an even count).
function median(runs) {
  const sorted = [...runs].sort((a, b) => (score(a.lhr, 'performance') ?? -1) - (score(b.lhr, 'performance') ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

// One line per element or item an audit names.
function describeItem(item) {
  if (!item || typeof item !== 'object') return oneLine(item);
  const node = item.node?.type === 'node' ? item.node : item.type === 'node' ? item : null;
  const parts = [];
  if (node) {
    if (node.selector) parts.push(code(node.selector));
    if (node.snippet) parts.push(code(node.snippet));
    if (node.nodeLabel && node.nodeLabel !== node.selector && !String(node.snippet || '').includes(node.nodeLabel))
      parts.push(`"${oneLine(node.nodeLabel, 80)}"`);
    const why = node.explanation || item.explanation;
    if (why) parts.push(`: ${oneLine(String(why).replace(/^Fix (any|all) of the following:\s*/i, ''), 400)}`);
  }
  if (item.relatedNode?.type === 'node') parts.push(`next to ${code(item.relatedNode.selector || item.relatedNode.snippet)}`);
  for (const key of ['scriptUrl', 'description', 'source', 'issueType', 'url', 'href', 'text', 'directive', 'failureReason', 'reason', 'value', 'error', 'warning']) {
    const v = item[key];
    if (v == null || typeof v === 'object' || v === '') continue;
    parts.push(`${key}: ${oneLine(/url|href/i.test(key) ? shortUrl(v) : v, 200)}`);
  }
  if (item.sourceLocation?.url) parts.push(`at ${oneLine(shortUrl(item.sourceLocation.url), 120)}:${item.sourceLocation.line ?? ''}`);
  if (!parts.length) parts.push(oneLine(JSON.stringify(item), 200));
  const sub = item.subItems?.items;
  if (Array.isArray(sub) && sub.length) parts.push(`(${sub.slice(0, 4).map(describeItem).join('; ')}${sub.length > 4 ? '; …' : ''})`);
  return parts.join(' ');
}

// Failing audits (score < 1) of the accessibility, best-practices and SEO categories.
function failingAudits(lhr) {
  const out = [];
  for (const cat of CHECKED) {
    for (const ref of lhr.categories[cat]?.auditRefs || []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score == null || a.score >= 1) continue;
      if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual' || a.scoreDisplayMode === 'informative') continue;
      const items = Array.isArray(a.details?.items) ? a.details.items : [];
      out.push({
        category: cat,
        id: a.id,
        title: a.title,
        score: a.score,
        weight: ref.weight,
        displayValue: a.displayValue,
        explanation: a.explanation,
        errorMessage: a.errorMessage,
        items: items.map(describeItem),
      });
    }
  }
  return out;
}

// Performance opportunities (estimated savings) and failing diagnostics.
function perfAdvice(lhr) {
  const refs = lhr.categories.performance?.auditRefs || [];
  const opportunities = [];
  const diagnostics = [];
  for (const ref of refs) {
    const a = lhr.audits[ref.id];
    if (!a || a.score == null || a.score >= 1 || ref.group === 'metrics') continue;
    if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
    const d = a.details || {};
    const ms = d.overallSavingsMs ?? 0;
    const bytes = d.overallSavingsBytes ?? 0;
    const metricSavings = Object.entries(a.metricSavings || {})
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k} ${k === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`}`)
      .join(', ');
    const where = (Array.isArray(d.items) ? d.items : [])
      .slice(0, 3)
      .map((it) => {
        if (it.groupLabel) return `${it.groupLabel} ${Math.round(it.duration)} ms`;
        if (it.node?.type === 'node') {
          const sel = code(it.node.selector || it.node.snippet);
          return it.score != null && a.id === 'layout-shifts' ? `${sel} shift ${it.score.toFixed(3)}` : sel;
        }
        if (typeof it.url !== 'string') return null;
        const what = it.wastedMs ? `${Math.round(it.wastedMs)} ms` : it.wastedBytes ? `${Math.round(it.wastedBytes / 1024)} KB` : it.total ? `${Math.round(it.total)} ms` : '';
        return `${shortUrl(it.url)}${what ? ` ${what}` : ''}`;
      })
      .filter(Boolean)
      .join(', ');
    const entry = { id: a.id, title: a.title, score: a.score, where, displayValue: a.displayValue, savingsMs: ms, savingsBytes: bytes, metricSavings };
    if (d.type === 'opportunity') opportunities.push(entry);
    else if (ref.group === 'diagnostics' && a.id !== 'largest-contentful-paint-element') diagnostics.push(entry);
  }
  opportunities.sort((x, y) => y.savingsMs - x.savingsMs || y.savingsBytes - x.savingsBytes);
  diagnostics.sort((x, y) => (x.score ?? 0) - (y.score ?? 0));
  return { opportunities: opportunities.slice(0, 6), diagnostics: diagnostics.slice(0, 8) };
}

// The LCP element and the LCP phases.
function lcpInfo(lhr) {
  const lists = lhr.audits['largest-contentful-paint-element']?.details?.items || [];
  const node = lists[0]?.items?.[0]?.node;
  const phases = (lists[1]?.items || [])
    .filter((p) => p.timing > 0)
    .map((p) => `${p.phase} ${Math.round(p.timing)} ms`)
    .join(', ');
  if (!node) return null;
  return `${code(node.selector || node.snippet)}${node.nodeLabel && node.nodeLabel !== node.selector ? ` "${oneLine(node.nodeLabel, 60)}"` : ''}${phases ? ` (${phases})` : ''}`;
}

// --- running ----------------------------------------------------------------
async function runOnce(url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    logLevel: 'silent',
  });
  try {
    const flags = {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    const [json, html] = result.report;
    return { lhr: result.lhr, json, html };
  } finally {
    await chrome.kill();
  }
}

mkdirSync(OUT, { recursive: true });
const server = await serve(DIST, { gzip: true });
log(`serving ${DIST} on ${server.base} (brotli or gzip); Chromium ${CHROMIUM}; ${RUNS} run(s) each of ${PAGES.join(' ')} x ${PRESETS.join(', ')}`);

const results = []; // { page, preset, runs: [{lhr}], median }
let errors = 0;
try {
  for (const page of PAGES) {
    for (const preset of PRESETS) {
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        const t0 = Date.now();
        try {
          const r = await runOnce(server.base + page, preset);
          const file = join(OUT, `${slug(page)}.${preset}.run${i}.json`);
          writeFileSync(file, r.json);
          if (r.lhr.runtimeError) log(`${page} ${preset} run ${i}: runtime error ${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`);
          for (const w of r.lhr.runWarnings || []) log(`${page} ${preset} run ${i}: warning: ${oneLine(w, 300)}`);
          log(
            `${page} ${preset} run ${i}/${RUNS}: performance ${score(r.lhr, 'performance') ?? 'n/a'} ` +
              `(${((Date.now() - t0) / 1000).toFixed(0)} s) -> ${file}`,
          );
          runs.push({ ...r, index: i });
        } catch (e) {
          errors++;
          log(`${page} ${preset} run ${i}: failed: ${e?.stack || e}`);
        }
      }
      if (!runs.length) {
        results.push({ page, preset, runs: [], median: null });
        continue;
      }
      const med = median(runs);
      writeFileSync(join(OUT, `${slug(page)}.${preset}.median.html`), med.html);
      results.push({ page, preset, runs: runs.map(({ lhr, index }) => ({ lhr, index })), median: med });
    }
  }
} finally {
  await server.close();
}

if (!results.some((r) => r.median)) fail('no Lighthouse run succeeded');

// --- report -------------------------------------------------------------------
const md = [];
const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const anyLhr = results.find((r) => r.median).median.lhr;
md.push(
  `Lighthouse ${anyLhr.lighthouseVersion}, ${anyLhr.environment?.hostUserAgent?.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] || 'Chromium'}, ` +
    `${when}; ${RUNS} run(s) per row, median by performance score${RUNS > 1 ? ' (min-max of the runs in brackets)' : ''}; ` +
    `simulated throttling (mobile: 4x CPU, slow 4G; desktop: none); DIST ${DIST} served with its brotli or gzip copies.`,
  '',
  '| page | preset | performance | accessibility | best practices | SEO | LCP (s) | TBT (ms) | CLS | FCP (s) | total byte weight (KB) |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const r of results) {
  if (!r.median) {
    md.push(`| ${r.page} | ${r.preset} | failed | | | | | | | | |`);
    continue;
  }
  const l = r.median.lhr;
  let perf = `${score(l, 'performance') ?? 'n/a'}`;
  if (r.runs.length > 1) {
    const ps = r.runs.map((x) => score(x.lhr, 'performance') ?? 0);
    perf += ` (${Math.min(...ps)}-${Math.max(...ps)})`;
  }
  md.push(
    `| ${r.page} | ${r.preset} | ${perf} | ${score(l, 'accessibility') ?? 'n/a'} | ${score(l, 'best-practices') ?? 'n/a'} | ` +
      `${score(l, 'seo') ?? 'n/a'} | ${fmt(num(l, 'largest-contentful-paint') / 1000, 1)} | ${fmt(num(l, 'total-blocking-time'))} | ` +
      `${fmt(num(l, 'cumulative-layout-shift'), 3)} | ${fmt(num(l, 'first-contentful-paint') / 1000, 1)} | ` +
      `${fmt(num(l, 'total-byte-weight') / 1024)} |`,
  );
}

const summary = [];
for (const page of PAGES) {
  const rows = results.filter((r) => r.page === page && r.median);
  if (!rows.length) continue;
  md.push('', `### ${page}`, '');
  // Failing audits, merged over the presets (most are the same on both) and
  // over the categories (image-alt, for one, is in accessibility and SEO).
  const byId = new Map();
  for (const r of rows) {
    for (const f of failingAudits(r.median.lhr)) {
      const seen = byId.get(f.id);
      if (seen) {
        if (!seen.presets.includes(r.preset)) seen.presets.push(r.preset);
        if (!seen.categories.includes(f.category)) seen.categories.push(f.category);
        seen.weight = Math.max(seen.weight, f.weight);
        for (const it of f.items) if (!seen.items.includes(it)) seen.items.push(it);
      } else byId.set(f.id, { ...f, categories: [f.category], presets: [r.preset] });
    }
  }
  const failing = [...byId.values()].sort((a, b) => CHECKED.indexOf(a.category) - CHECKED.indexOf(b.category) || b.weight - a.weight);
  if (!failing.length) md.push('No failing accessibility, best-practices or SEO audit.');
  else md.push('Failing accessibility / best-practices / SEO audits:', '');
  for (const f of failing) {
    const presets = f.presets.length === rows.length ? '' : ` [${f.presets.join(', ')} only]`;
    const extra = [f.displayValue, f.explanation, f.errorMessage].filter(Boolean).map((s) => oneLine(s, 300)).join('; ');
    md.push(`- ${f.categories.join(' + ')}: \`${f.id}\`: ${cell(f.title)} (score ${f.score}, weight ${f.weight})${presets}${extra ? ` - ${extra}` : ''}`);
    for (const it of f.items.slice(0, MAX_ITEMS)) md.push(`  - ${it}`);
    if (f.items.length > MAX_ITEMS) md.push(`  - ... and ${f.items.length - MAX_ITEMS} more (see the JSON report)`);
  }
  const perPreset = {};
  for (const r of rows) {
    const { opportunities, diagnostics } = perfAdvice(r.median.lhr);
    perPreset[r.preset] = { opportunities, diagnostics };
    const lcp = lcpInfo(r.median.lhr);
    md.push('', `LCP element (${r.preset}): ${lcp || 'n/a'}`);
    md.push(`Top opportunities (${r.preset}):`);
    if (!opportunities.length) md.push('- none');
    for (const o of opportunities) {
      const sav = [o.savingsMs ? `~${Math.round(o.savingsMs)} ms` : '', o.savingsBytes ? `~${Math.round(o.savingsBytes / 1024)} KB` : '', o.metricSavings]
        .filter(Boolean)
        .join(', ');
      md.push(`- \`${o.id}\`: ${o.title}${sav ? ` - savings ${sav}` : ''}${o.where ? ` - ${o.where}` : ''}`);
    }
    if (diagnostics.length) {
      md.push(`Diagnostics (${r.preset}):`);
      for (const d of diagnostics)
        md.push(`- \`${d.id}\`${d.displayValue ? ` ${oneLine(d.displayValue, 60)}` : ''}${d.where ? ` - ${d.where}` : ''}`);
    }
  }
  summary.push({
    page,
    failing,
    perf: perPreset,
    rows: rows.map((r) => ({
      preset: r.preset,
      medianRun: r.median.index,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(r.median.lhr, c)])),
      performanceRuns: r.runs.map((x) => score(x.lhr, 'performance')),
      lcpMs: num(r.median.lhr, 'largest-contentful-paint'),
      tbtMs: num(r.median.lhr, 'total-blocking-time'),
      cls: num(r.median.lhr, 'cumulative-layout-shift'),
      fcpMs: num(r.median.lhr, 'first-contentful-paint'),
      totalBytes: num(r.median.lhr, 'total-byte-weight'),
    })),
  });
}
md.push('', `Full reports: ${OUT} (<page>.<preset>.run<N>.json for every run, <page>.<preset>.median.html for the median).`);
if (errors) md.push('', `${errors} run(s) failed; see the log above.`);

const text = md.join('\n') + '\n';
writeFileSync(join(OUT, 'summary.md'), text);
writeFileSync(join(OUT, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
process.stdout.write(text);
process.exit(0);
