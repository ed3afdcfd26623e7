// npm run bench (BENCH_DATABASE_URL=postgres://... adds the API on PostgreSQL): builds, starts the production server, and loads the
// anonymous home page (served from the page cache), a dynamic page rendered on every request (a session cookie without the signed-in
// hint bypasses the cache) and the same HTML from a minimal static Node server, with autocannon at 10 and 50 connections for 10 s
// each. Salary tools (decision 012): two salary pages anonymous and signed in (both from the page cache, decision 002; the uncached cost
// has its own row), and the calculator result signed in, with the reports loaded. Prints requests/s, p50/p99, the ratio to the static
// server, HTML bytes, gzip bytes of the JS a page loads, render-blocking requests, and the server processes' memory after the load.
// Summed up at the end (decisions 002, 032): signed-in against anonymous (cached) public pages, a cache hit against the static
// server, the salary role page rendered uncached (a second server with the page cache off) and the RSS of every process (primary and
// workers), the signed-in session call (the bell), and the daily digests of 10,000 people through a local SMTP server
// (bench/digests.ts). Not a test: it asserts nothing, it reports figures beside targets.
// `--soak` runs bench/soak.mjs instead (npm run soak: two instances on one PostgreSQL under mixed traffic).
// `--scale [--factor N]` runs bench/scale.mjs instead (the pages that grow with the data, on a demo world grown N-fold).
// "cache churn" (bench/churn.mjs): public pages with a 1 s page-cache TTL and an offer purge every second, p99 against
// the cached p99 (decision 065); `--churn` runs that row alone.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { configuredContentJs, inlineCodeGzip, pageScripts, SDK_CHUNK } from './configured-js.mjs';
import { issueTargets, processMemoryThenIdle } from './figures.mjs';
import { apiBench } from './api.mjs';
import { buildOnce, root, startServer, waitUp } from './bench-server.mjs';
import { churnBench } from './churn.mjs'; // with --churn it runs alone and ends the process
if (process.argv.includes('--soak')) await import('./soak.mjs'); // ends the process itself
if (process.argv.includes('--scale')) await import('./scale.mjs'); // ends the process itself

const PORT = Number(process.env.BENCH_PORT ?? 8411);
const STATIC_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const DYNAMIC = process.env.BENCH_DYNAMIC ?? '/hire/pricing';
const HEAVY = '/herramientas/peru/backend'; // the largest page today: tools layout with ~90 links
const SALARY_PAGES = ['/herramientas/peru/backend', '/herramientas/mexico/salario'];
const CALCULATOR_RESULT =
  '/herramientas/salario/calculadora/resultado?country=peru&role=backend&seniority=mid&english=advanced&modality=remote-global&skills=docker,aws';
const SALARY_TARGET = '>= 300 req/s (salary pages)';
const UNCACHED_TARGET = '>= 340 req/s at 10 connections';
const RSS_TARGET_MB = 250;
const UNCACHED_ROW = `salary ${HEAVY} (uncached: page cache off)`;
const MARKET_TARGET = '>= 300 req/s (search, offer page)';
const CONTENT = '/hire/pricing';

buildOnce();
const { proc: server, stop } = startServer(PORT);
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

await waitUp(`${base}/readyz`);

const get = (path, headers = {}) => fetch(base + path, { headers: { 'accept-language': 'es', ...headers } });
const homeHtml = await (await get('/')).text();
const dynamicHtml = await (await get(DYNAMIC)).text();
const heavyHtml = await (await get(HEAVY)).text();

// The static baseline serves the same bytes with gzip, as a CDN or nginx would.
const staticBodies = {
  '/': [homeHtml, gzipSync(homeHtml)],
  [DYNAMIC]: [dynamicHtml, gzipSync(dynamicHtml)],
  [HEAVY]: [heavyHtml, gzipSync(heavyHtml)],
};
const staticServer = http.createServer((req, res) => {
  const [plain, gz] = staticBodies[req.url] ?? staticBodies['/'];
  const useGzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(useGzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(useGzip ? gz : plain);
});
await new Promise((r) => staticServer.listen(STATIC_PORT, '127.0.0.1', r));

function load(url, connections, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: DURATION, headers: { 'accept-language': 'es', 'accept-encoding': 'br, gzip', ...headers } },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

const results = [];
/** Load one page at 10 and 50 connections; `compare: false` skips the static baseline (saves a run). */
async function run(label, path, headers, target, { compare = true, targetAll = false } = {}) {
  for (const c of [10, 50]) {
    await load(`${base}${path}`, c, headers); // warm-up with the same shape (short runs would under-report)
    const r = await load(`${base}${path}`, c, headers);
    const s = compare ? await load(`http://127.0.0.1:${STATIC_PORT}${path}`, c) : null;
    const row = {
      page: label,
      conns: c,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'static req/s': s ? Math.round(s.requests.average) : '',
      ratio: s ? (r.requests.average / s.requests.average).toFixed(2) : '',
      errors: r.errors + r.non2xx,
      target: c === 10 || targetAll ? target : '',
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
}

await run('home (anonymous, cached)', '/', {}, '>= 2000 req/s, p99 < 25 ms');
await run(`dynamic ${DYNAMIC} (uncached)`, DYNAMIC, { cookie: 'tandem_token=bench' }, '>= 150 req/s');

// Salary tools with the demo data loaded. The signed-in rows are the uncached cost: a session bypasses
// the page cache, and the calculator result needs one. The demo candidate signs in once through the API.
const reportsLoaded = await countRows('salary_reports');
const login = await fetch(`${base}/api/v3/match/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'candidata@demo.tandem.example', password: 'tandem-demo-2026' }),
});
if (!login.ok) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`);
// What a signed-in browser sends: the HttpOnly session cookies and the readable hint set with them (decision
// 002): public pages then come from the page cache; account pages are rendered for the visitor.
const demoCookie = `tandem_token=${(await login.json()).result.access_token}; tandem_type=match; tandem_signed_in=match`;
for (const [path, headers] of [[CALCULATOR_RESULT, { cookie: demoCookie }], ...SALARY_PAGES.map((p) => [p, { cookie: demoCookie }])]) {
  const r = await get(path, headers);
  if (r.status !== 200) throw new Error(`${path} answered ${r.status} when signed in`);
  await r.arrayBuffer();
}
// What every public page adds for a signed-in visitor: the session island's one call (who is signed in and
// the bell's unread count, one indexed count). Public pages stay cached HTML; this is the per-visitor part.
await run('GET /api/session (signed in: session + bell)', '/api/session', { cookie: demoCookie }, '(information)', { compare: false });
for (const [i, path] of SALARY_PAGES.entries()) {
  await run(`salary ${path} (anonymous, cached)`, path, {}, SALARY_TARGET, { compare: i === 0, targetAll: true });
  await run(`salary ${path} (signed in)`, path, { cookie: demoCookie }, SALARY_TARGET, { compare: false, targetAll: true });
}
// The heavy salary role page rendered on every request whoever asks: a second server with the page cache
// off (a session may no longer bypass the cache), loaded while the first one is idle.
{
  const NOCACHE_PORT = PORT + 4;
  const noCache = startServer(NOCACHE_PORT, { NO_BUILD: '1', PAGE_CACHE_TTL_MS: '0' });
  try {
    await waitUp(`http://127.0.0.1:${NOCACHE_PORT}/readyz`);
    const url = `http://127.0.0.1:${NOCACHE_PORT}${HEAVY}`;
    await load(url, 10);
    const r = await load(url, 10);
    const row = {
      page: UNCACHED_ROW,
      conns: 10,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'static req/s': '',
      ratio: '',
      errors: r.errors + r.non2xx,
      target: UNCACHED_TARGET,
    };
    results.push(row);
    console.log(JSON.stringify(row));
  } finally {
    noCache.stop();
  }
}
await run('calculator result (signed in)', CALCULATOR_RESULT, { cookie: demoCookie }, '(information)', { compare: false });

// The marketplace with the demo offers loaded: a filtered search and an offer page, anonymous (page cache)
// and signed in (rendered on every request).
const offersLoaded = await countRows('offers');
const JOBS = '/peru/trabajos/backend';
const jobsHtml = await (await get(JOBS)).text();
const offerSlug = /href="\/oferta\/([a-z0-9-]+)"/.exec(jobsHtml)?.[1];
if (!offerSlug) throw new Error(`no offer linked from ${JOBS}`);
const OFFER = `/oferta/${offerSlug}`;
for (const path of [JOBS, OFFER]) {
  await run(`marketplace ${path} (anonymous, cached)`, path, {}, MARKET_TARGET, { compare: false, targetAll: true });
  await run(`marketplace ${path} (signed in)`, path, { cookie: demoCookie }, MARKET_TARGET, { compare: false, targetAll: true });
}

// Cache churn (decision 065): the public pages above under short TTLs and purges, against the cached figures.
await churnBench({ root, base, port: PORT + 5, duration: DURATION, results });

// Learning (decision 021): a certificate's public page, anonymous (page cache) and uncached (a cookie that is
// not a session), and a course page for the signed-in demo candidate (progress read on every request).
const LEARNING_TARGET = '>= 300 req/s (learning pages)';
const certSlug = await firstCertificateSlug();
const CERT = `/certification/${certSlug}`;
await run(`learning ${CERT} (anonymous, cached)`, CERT, {}, LEARNING_TARGET, { compare: false, targetAll: true });
await run(`learning ${CERT} (uncached)`, CERT, { cookie: 'tandem_token=bench' }, '(information)', { compare: false });
const COURSE = '/match/cursos/react-desde-cero';
const course = await get(COURSE, { cookie: demoCookie });
if (course.status !== 200) throw new Error(`${COURSE} answered ${course.status} when signed in`);
await course.arrayBuffer();
await run(`learning ${COURSE} (signed in, uncached)`, COURSE, { cookie: demoCookie }, LEARNING_TARGET, { compare: false, targetAll: true });

/** A certificate of the demo world, from the server's database. */
async function firstCertificateSlug() {
  return String(await queryValue('select slug as v from certifications order by id limit 1'));
}

/** Rows of a table in the server's database. */
async function countRows(table) {
  return Number(await queryValue(`select count(*) as v from ${table}`));
}

/** The first row's `v` of a query on the server's database (SQLite file or PostgreSQL). */
async function queryValue(sql) {
  const url = process.env.DATABASE_URL ?? 'file:data/tandem.db';
  if (url.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows[0]?.v;
    } finally {
      await client.end();
    }
  }
  const { DatabaseSync } = await import('node:sqlite');
  const file = url.replace(/^file:/, '');
  const db = new DatabaseSync(file.startsWith('/') ? file : join(root, file), { readOnly: true });
  try {
    return db.prepare(sql).get()?.v;
  } finally {
    db.close();
  }
}

await apiBench(results, base, process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite');
if (process.env.BENCH_DATABASE_URL) {
  const PG_PORT = PORT + 2;
  const pgServer = startServer(PG_PORT, { DATABASE_URL: process.env.BENCH_DATABASE_URL });
  try {
    await waitUp(`http://127.0.0.1:${PG_PORT}/readyz`);
    await apiBench(results, `http://127.0.0.1:${PG_PORT}`, 'PostgreSQL');
  } finally {
    pgServer.stop();
  }
}

// Bytes: HTML, the JS a content page loads (gzip), render-blocking requests, compression.
const contentRes = await get(CONTENT, { 'accept-encoding': 'br' });
const contentHtml = await (await get(CONTENT)).text();
const uniqueScripts = pageScripts(contentHtml);
let jsGzip = 0;
for (const src of uniqueScripts) jsGzip += gzipSync(Buffer.from(await (await get(src)).arrayBuffer()), { level: 9 }).length;
const contentInline = inlineCodeGzip(contentHtml);
// The sign-in page loads the form's own chunk on top of the shared ones (information).
const loginHtml = await (await get('/ingresar')).text();
const loginScripts = [
  ...new Set([...loginHtml.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1])),
];
let loginJsGzip = 0;
for (const src of loginScripts) loginJsGzip += gzipSync(Buffer.from(await (await get(src)).arrayBuffer()), { level: 9 }).length;
// The newest one: the folder also holds the earlier builds' chunks, put back with their own times (decision 062).
const formChunk = readdirSync(join(root, 'dist/public/assets'))
  .filter((f) => /^account-form-impl-.*\.js$/.test(f))
  .sort((a, b) => statSync(join(root, 'dist/public/assets', b)).mtimeMs - statSync(join(root, 'dist/public/assets', a)).mtimeMs)[0];
const formChunkGzip = formChunk ? gzipSync(readFileSync(join(root, 'dist/public/assets', formChunk)), { level: 9 }).length : 0;
const {
  scripts: intScripts,
  jsGzip: intJsGzip,
  inlineGzip: intInline,
} = await configuredContentJs({ root, port: PORT + 3, path: CONTENT, waitUp });
const sdkReferenced = [...uniqueScripts, ...intScripts].filter((u) => SDK_CHUNK.test(u));
const head = contentHtml.slice(0, contentHtml.indexOf('</head>'));
// A disabled stylesheet link is not fetched (the build's CSS is inline: decision 031).
const blockingCss = [...head.matchAll(/<link(?![^>]*\sdisabled)[^>]*rel="stylesheet"/g)].length;
const blockingJs = [...head.matchAll(/<script(?![^>]*(?:type="module"|async|defer))[^>]*\ssrc=/g)].length;

const memory = await processMemoryThenIdle(server.pid, RSS_TARGET_MB);
const targets = issueTargets(results, {
  pairs: [
    ...SALARY_PAGES.map((p) => [`salary ${p} (signed in)`, `salary ${p} (anonymous, cached)`]),
    ...[JOBS, OFFER].map((p) => [`marketplace ${p} (signed in)`, `marketplace ${p} (anonymous, cached)`]),
  ],
  staticRows: ['home (anonymous, cached)', `salary ${SALARY_PAGES[0]} (anonymous, cached)`],
  uncachedRow: UNCACHED_ROW,
  uncachedTarget: UNCACHED_TARGET,
  memory,
});

console.log(
  '\nThroughput (autocannon, %ds per run, 2 cores shared with the load generator; %s salary reports, %s offers loaded)',
  DURATION,
  reportsLoaded.toLocaleString('en'),
  offersLoaded.toLocaleString('en'),
);
console.table(results);
console.log('\nBytes');
console.table([
  { what: 'home HTML (raw)', bytes: homeHtml.length },
  { what: `HTML (raw) ${DYNAMIC}`, bytes: dynamicHtml.length },
  { what: `HTML (raw) ${HEAVY}`, bytes: heavyHtml.length },
  { what: `JS loaded by ${CONTENT} (gzip, ${uniqueScripts.length} files + inline)`, bytes: jsGzip + contentInline, target: '<= 95 kB' },
  { what: `  of which inline scripts (colour mode, consent, Waku's bootstrap)`, bytes: contentInline },
  {
    what: `JS before consent, analytics + monitoring configured (gzip, ${intScripts.length} files + inline)`,
    bytes: intJsGzip + intInline,
    target: '<= 95 kB',
  },
  { what: 'SDK chunks referenced by a content page (configured or not)', bytes: sdkReferenced.length, target: '0' },
  { what: `JS of /ingresar before the form chunk (gzip, ${loginScripts.length} files)`, bytes: loginJsGzip },
  { what: 'account form chunk, loaded after hydration (gzip)', bytes: formChunkGzip },
  { what: 'HTML response compressed', bytes: contentRes.headers.get('content-encoding') ?? 'none' },
  { what: 'render-blocking stylesheets / scripts', bytes: `${blockingCss} / ${blockingJs}`, target: '<= 1 / 0' },
]);
console.log(`\nServer memory after load (RSS per process, target < ${RSS_TARGET_MB} MB, at the end of the load and once idle)`);
console.table(memory);
console.log('\nTargets (10 connections)');
console.table(targets);

staticServer.close();
stop();

// The daily digests for 10,000 people through a local SMTP server (bench/digests.ts, its own database).
console.log('\nDaily digests (notifications), through a local SMTP server');
execFileSync(join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', join(root, 'bench/digests.ts')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.exit(0);
