// npm run lighthouse (decisions 031, 092, 096): builds (NO_BUILD=1 skips it), starts the production server on
// its own temporary database (seeded with the demo world on first start), and runs Lighthouse with its
// default mobile settings (simulated throttling, CPU slowdown 4x, or LIGHTHOUSE_CPU=<multiplier>) on Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH) against home, job search, an offer, a salary page, the free course and
// sign-in. The targets are judged on those runs. Two more figures per page, at the CPU slowdown calibrated to
// the machine (Lighthouse's reference phone, decision 092): the page as served ('phone'), and the same page
// with every script taken out ('no JS', the ceiling that only a shorter document could raise). Each page is
// measured as a first-time visitor (the origin's storage, local storage and cookies included, is cleared
// before each run: the consent banner shows) after one plain request has warmed the page cache, as it is for
// real visitors. Prints the four scores and LCP/TBT/CLS beside the targets, then the audits that did not
// pass, per page. Nothing reaches an outside host (every name but 127.0.0.1 resolves to nothing), and no
// report is written: the temporary folder is removed.
// Not a test: it asserts nothing (exit code 0 whatever the scores). LIGHTHOUSE_PORT picks the port (the
// no-JS proxy takes the next one); LIGHTHOUSE_PHONE=0 skips the calibrated runs.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { cpuSlowdownFor } from './cpu-slowdown.mjs';
import { withoutScripts } from './without-scripts.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9530);
const base = `http://127.0.0.1:${PORT}`;
const noJsBase = `http://127.0.0.1:${PORT + 1}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LCP_TARGET_S = 1.2;
// LIGHTHOUSE_REPORTS=<folder outside the repository> also keeps each page's full JSON report there.
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
// Runs per page and setting; the median one is reported (Lighthouse's own pick: FCP and TTI closest to the
// medians).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
// LIGHTHOUSE_PAGES=home,offer measures only those pages (by the table's names).
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
// The CPU slowdown of the judged runs: Lighthouse's own default, 4x, unless LIGHTHOUSE_CPU says otherwise.
const CPU = Number(process.env.LIGHTHOUSE_CPU ?? 4);
if (!(CPU >= 1 && CPU <= 20)) throw new Error(`LIGHTHOUSE_CPU is a multiplier from 1 to 20, not ${process.env.LIGHTHOUSE_CPU}`);
const PHONE = process.env.LIGHTHOUSE_PHONE !== '0';

const tmp = mkdtempSync(join(tmpdir(), 'tandem-lighthouse-'));
const serverLog = join(tmp, 'server.log');
let server;
let serverExited;
let chrome;
let proxy;
let stopping = false;
/** Stops Chromium and the server (its whole process group), waits for the server to exit (it writes to the
 * database until then), then removes the temporary folder. */
async function shutDown() {
  stopping = true;
  try {
    await chrome?.kill();
  } catch {}
  proxy?.close();
  if (server && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    await Promise.race([serverExited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  rmSync(tmp, { recursive: true, force: true });
}
// Last resort (the server died under the run, or an exit before shutDown): nothing is left running.
process.on('exit', () => {
  try {
    chrome?.process?.kill('SIGKILL');
  } catch {}
  try {
    if (server) process.kill(-server.pid, 'SIGKILL');
  } catch {}
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => void shutDown().finally(() => process.exit(code)));

if (process.env.NO_BUILD !== '1') {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
const log = openSync(serverLog, 'a');
server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    WORKERS: '1',
    NO_BUILD: '1', // built above (or on purpose not): the server must not rebuild under the run
    DATABASE_URL: `file:${join(tmp, 'lh.db')}`,
    SITE_URL: base,
  },
  stdio: ['ignore', log, log],
  detached: true,
});
serverExited = new Promise((r) => server.once('exit', r));
server.on('exit', (code) => {
  if (!stopping && code !== null && code !== 0) {
    console.error(`the server exited with code ${code}:\n${readFileSync(serverLog, 'utf8').slice(-4000)}`);
    process.exit(1);
  }
});

async function waitUp(url) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}\n${readFileSync(serverLog, 'utf8').slice(-4000)}`);
}
const get = (path) => fetch(base + path, { headers: { 'accept-language': 'es-PE,es' } });

/** The first offer the search lists. Every demo offer is noindex (demo data stays out of search engines),
 * so this one is marked real in the run's own database, to measure what an indexable offer page scores. */
async function pickOffer() {
  const searchHtml = await (await get('/trabajos')).text();
  const path = /href="(\/oferta\/[^"?#]+)"/.exec(searchHtml)?.[1];
  if (!path) throw new Error('no offer linked from /trabajos');
  const db = new DatabaseSync(join(tmp, 'lh.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE offers SET is_demo = 0 WHERE slug = ?').run(path.slice('/oferta/'.length));
  } finally {
    db.close();
  }
  return path;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CLEARED = defaultSettings.clearStorageTypes;

/** The bytes of every script request of a run, as transferred. */
const scriptBytes = (lhr) =>
  (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);

/** Lighthouse's runs of one page at one CPU slowdown (a run that fails to record its trace, NO_NAVSTART now
 * and then with newer Chromium, is tried again a few times). */
async function runs(url, count, cpuSlowdownMultiplier) {
  const done = [];
  for (let attempt = 0; done.length < count && attempt < count + 3; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      throttling: { cpuSlowdownMultiplier },
      // Every run a first-time visitor: Lighthouse's own reset leaves local storage and cookies, so from the
      // second run on the page would see what the first one stored (the web font's key, decision 093).
      clearStorageTypes: [...CLEARED, 'local_storage', 'cookies', 'indexeddb'],
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (error) console.error(`${url}: ${error.code} ${error.message} (run again)`);
    else done.push(result.lhr);
  }
  if (done.length === 0) throw new Error(`${url}: no run of Lighthouse succeeded`);
  return computeMedianRun(done);
}

/** Serves the app's pages with their scripts taken out (everything else as it is), compressed as the app
 * compresses them, for the no-JS runs. */
function startNoJsProxy() {
  const serve = async (req, res) => {
    try {
      const upstream = await fetch(base + req.url, {
        headers: { 'accept-language': req.headers['accept-language'] ?? 'es', 'accept-encoding': 'identity' },
        redirect: 'manual',
      });
      const type = upstream.headers.get('content-type') ?? '';
      let body = Buffer.from(await upstream.arrayBuffer());
      if (type.startsWith('text/html')) body = Buffer.from(withoutScripts(body.toString('utf8')));
      const headers = { 'content-type': type };
      for (const name of ['cache-control', 'location', 'content-security-policy'])
        if (upstream.headers.has(name)) headers[name] = upstream.headers.get(name);
      if (/^(text\/|application\/(json|javascript)|image\/svg)/.test(type)) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
      }
      res.writeHead(upstream.status, headers);
      res.end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  };
  const server = createServer((req, res) => void serve(req, res));
  return new Promise((resolve) => server.listen(PORT + 1, '127.0.0.1', () => resolve(server)));
}

/** The page's row: the judged runs (the median of RUNS at CPU), then, calibrated, the page and its no-JS
 * ceiling; plus the audits of the judged run that did not pass. */
async function measure({ page, path, indexable }) {
  await (await get(path)).arrayBuffer(); // warm the page cache, as a real visitor finds it
  const lhr = await runs(base + path, RUNS, CPU);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${page.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
  }
  const perf = (run) => Math.round(run.categories.performance.score * 100);
  const tbt = (run) => Math.round(run.audits['total-blocking-time'].numericValue);
  // The machine's benchmark index (from the judged runs) gives the slowdown of the reference phone.
  let phone = ['', '', '', '', ''];
  if (PHONE) {
    const slowdown = cpuSlowdownFor(lhr.environment.benchmarkIndex);
    const asServed = await runs(base + path, RUNS, slowdown);
    const noJs = await runs(noJsBase + path, RUNS, slowdown);
    phone = [`${slowdown}x`, perf(asServed), tbt(asServed), perf(noJs), tbt(noJs)];
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const lcp = numeric('largest-contentful-paint') / 1000;
  const scores = CATEGORIES.map(score);
  const met = scores.every((s, i) => s === 100 || (!indexable && CATEGORIES[i] === 'seo')) && lcp <= LCP_TARGET_S;
  const row = [
    page,
    path,
    ...scores,
    lcp.toFixed(2),
    tbt(lhr),
    numeric('cumulative-layout-shift').toFixed(3),
    Math.round(lhr.environment.benchmarkIndex),
    ...phone,
    // Every script the page fetched, chunks loaded after hydration included, with no consent given (as sent:
    // compressed). The bench's JS budget row counts the page's own scripts; this is the whole of it.
    (scriptBytes(lhr) / 1000).toFixed(1),
  ];
  row.push(indexable ? '100 x4, LCP <= 1.2' : '100 x3 (noindex), LCP <= 1.2', met ? 'yes' : 'no');
  // The audits the four categories count that did not pass (informative, manual and not applicable left out).
  const ids = new Set(CATEGORIES.flatMap((c) => lhr.categories[c].auditRefs.map((r) => r.id)));
  const failed = [...ids]
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
    .map((a) => `${a.id} (${Math.round(a.score * 100)}): ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  // Audits Lighthouse could not run (12.2's trace parser does not know every event of newer Chromium builds).
  const errored = [...ids].filter((id) => lhr.audits[id]?.scoreDisplayMode === 'error');
  if (errored.length) failed.push(`could not run (not counted): ${errored.join(', ')}`);
  console.error(`measured ${path}`);
  return { row, failed };
}

function printTable(header, rows) {
  const cells = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

async function main() {
  await waitUp(`${base}/readyz`); // the first start migrates, seeds the demo world and builds its salary figures
  const pages = [
    { page: 'home', path: '/', indexable: true },
    { page: 'job search', path: '/trabajos', indexable: true },
    { page: 'offer', path: await pickOffer(), indexable: true },
    { page: 'salary page', path: '/herramientas/peru/backend', indexable: true },
    { page: 'course', path: '/freecourse', indexable: true },
    { page: 'sign-in', path: '/ingresar', indexable: false },
  ].filter((p) => !ONLY || ONLY.includes(p.page));
  if (pages.length === 0)
    throw new Error(`LIGHTHOUSE_PAGES names no page; the names are: home, job search, offer, salary page, course, sign-in`);
  mkdirSync(join(tmp, 'chromium'));
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir: join(tmp, 'chromium'),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      // chrome-launcher already turns background networking, component updates and sync off; this makes
      // sure nothing else leaves the machine either.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      // A Spanish-speaking first visit (the site is Spanish-first; en-US would be sent to /en from home).
      '--accept-lang=es-PE,es',
      '--lang=es-PE',
    ],
  });
  proxy = PHONE ? await startNoJsProxy() : null;
  const results = [];
  for (const p of pages) results.push({ ...p, ...(await measure(p)) });

  console.log(
    `\nLighthouse 12.2.3, mobile (simulated throttling, CPU ${CPU}x), first-time Spanish-speaking visitor, ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`}:\n`,
  );
  const header = [
    'page',
    'path',
    'perf',
    'a11y',
    'best-pr.',
    'SEO',
    'LCP s',
    'TBT ms',
    'CLS',
    'CPU idx',
    'phone x',
    'phone perf',
    'phone TBT',
    'no JS perf',
    'no JS TBT',
    'JS kB all',
    'target',
    'met',
  ];
  printTable(
    header,
    results.map((r) => r.row),
  );
  console.log('\nSign-in is noindex on purpose: its SEO score is expected below 100 (is-crawlable fails by design).');
  console.log("The offer is a demo offer marked real in this run's database (demo offers are noindex).");
  console.log(
    "CPU idx: Lighthouse's benchmark of the machine during the judged median run; perf, LCP, TBT and CLS are that\n" +
      `run's, at ${CPU}x (Lighthouse's default is 4x, the setting its targets and public figures are stated in).\n` +
      "phone: the same page at the slowdown that makes this machine Lighthouse's reference phone (calibrated from\n" +
      'the index, decision 092); no JS: the same page with every script taken out, at that slowdown: what the\n' +
      'document alone costs, the ceiling no script strategy can rise above. Medians of the same number of runs.\n',
  );
  for (const { page, path, failed } of results) {
    console.log(`${page} ${path}: ${failed.length ? 'not passed:' : 'every counted audit passes'}`);
    for (const f of failed) console.log(`  - ${f}`);
  }
}

try {
  await main();
} finally {
  await shutDown();
}
