import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { locales, type Locale } from '../src/i18n/locales';
import { href, matchRoute, paramNames, routeIds, routes, type RouteId } from '../src/routes';
import { fuzzNames } from '../src/testing/fuzz-names';
import { freshSchema, pgAdmin, startInstance, withPostgres, type Instance } from './instance';

// Page fuzz (decision 017: "0 server errors for bad input on SQLite and on PostgreSQL"). Every page of the route
// table, in both locales, is requested with hostile values in its route parameters and in the query keys
// the pages read, anonymously and signed in as the demo candidate and the demo company; every answer must
// be below 500 (and an RSC payload must carry no error row: it keeps its 200 when the page throws). The pages read their data in-process through the services, so a value SQLite tolerates
// (NUL, huge integers, NaN, overlong text) could still reach PostgreSQL and fail there: the suite runs on
// two servers of its own, the same build on a fresh SQLite file and on PostgreSQL in a schema of its own
// (DATABASE_URL ?schema=) when TEST_DATABASE_URL names a server (always in CI).

const DEMO_PASSWORD = 'tandem-demo-2026';
/** Query keys every page gets: the prototype names and a few generated from FUZZ_SEED (fuzz-names.ts). */
const QUERY_NAMES = fuzzNames(6);
const IDENTITIES = [
  { name: 'anonymous' },
  { name: 'candidate', type: 'match', email: 'candidata@demo.tandem.example' },
  { name: 'company', type: 'hire', email: 'empresa@demo.tandem.example' },
] as const;
type IdentityName = (typeof IDENTITIES)[number]['name'];

/** A hostile value, already written as it goes on the wire (percent-encoded where that is the point). */
type Hostile = { label: string; raw: string };
const enc = encodeURIComponent;
const CORPUS: Hostile[] = [
  { label: 'abc', raw: 'abc' },
  { label: 'NaN', raw: 'NaN' },
  { label: 'Infinity', raw: 'Infinity' },
  { label: '1.5', raw: '1.5' },
  { label: '-1', raw: '-1' },
  { label: '0', raw: '0' },
  { label: '1e400', raw: '1e400' },
  { label: '20 nines', raw: '99999999999999999999' },
  { label: '2^31', raw: '2147483648' },
  { label: '2^63', raw: '9223372036854775808' },
  { label: '0x10', raw: '0x10' },
  { label: 'NUL', raw: '%00' },
  { label: 'a NUL b', raw: 'a%00b' },
  { label: 'overlong UTF-8', raw: '%C0%AF' },
  { label: 'invalid UTF-8', raw: '%FF' },
  { label: 'lone surrogate', raw: '%ED%A0%80' },
  { label: 'RTL override', raw: '%E2%80%AEabc' },
  { label: 'CRLF', raw: 'a%0D%0ASet-Cookie:%20x=1' },
  { label: '5,000 characters', raw: 'a'.repeat(5000) },
  { label: 'SQL', raw: enc("' or 1=1 --") },
  { label: '%25', raw: '%25' },
  { label: 'bare %', raw: '%' },
  { label: '_', raw: '_' },
  { label: '<script>', raw: enc('<script>alert(1)</script>') },
  { label: 'traversal', raw: '..%2F..%2Fetc%2Fpasswd' },
  { label: '//evil', raw: '%2F%2Fevil.example' },
  { label: 'https://evil', raw: enc('https://evil.example/') },
  { label: 'emoji', raw: enc('💥') },
  { label: 'comma list', raw: enc('react,,python,react,' + 'x,'.repeat(20)) },
  { label: 'empty', raw: '' },
];
// The part of the corpus used where the full corpus would multiply the requests without new paths.
const SUBSET_LABELS = [
  'abc',
  'NaN',
  '1e400',
  '20 nines',
  '2^31',
  '-1',
  'a NUL b',
  'overlong UTF-8',
  'invalid UTF-8',
  '5,000 characters',
  'SQL',
  '//evil',
  'empty',
];
const SUBSET = CORPUS.filter((h) => SUBSET_LABELS.includes(h.label));
const SMALL = CORPUS.filter((h) => ['20 nines', 'a NUL b', 'invalid UTF-8', '5,000 characters'].includes(h.label));

// The query keys the pages read, and the routes that read them. Found with
//   grep -n "q.get(\|searchParams.get(\|getAll(\|query" src/areas src/domain src/server/http
// - job search: src/domain/job-facets.ts parseJobQuery (q, salario_min, orden, pagina, cursor), src/areas/jobs/job-search-get.ts (format=rss)
// - company workspace: src/areas/hire/workspace-page.tsx HireSitePage (oferta, vista, area, rol, skill, seniority, pais,
//   ingles, cursor, published, saved, done, moved), HireCreateOfferPage (oferta; offer-forms.ts reads it on post too)
// - account pages: src/areas/account/account-pages.tsx (redirect on sign-in/sign-up/provider buttons, error and type on
//   sign-in, draft on the company sign-up, sent on forgot-password and confirm-email), src/areas/account/account-actions.ts
//   (origin, read on post; sent here to the GET as well), src/server/render/route-page.tsx (guarded pages such as
//   the candidate's workspace build a sign-in redirect from the whole query)
// - calculator: src/domain/calculator.ts parseCalculatorQuery (country, role, seniority, english, modality, skills),
//   src/areas/tools/calculator-result-pages.tsx (invalid, contribution), src/domain/utm.ts captureUtm (utm_*; the HTTP layer's
//   src/server/http/utm.ts reads them on every page)
// - the talent profile: src/areas/match/profile-pages.tsx (saved)
const CALC = ['country', 'role', 'seniority', 'english', 'modality', 'skills'];
const UTM = ['utm_id', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
const QUERY_KEYS: Partial<Record<RouteId, string[]>> = {
  jobs: ['q', 'salario_min', 'orden', 'pagina', 'cursor', 'format'],
  countryJobs: ['q', 'salario_min', 'orden', 'pagina', 'cursor', 'format'],
  hireSite: ['oferta', 'vista', 'area', 'rol', 'skill', 'seniority', 'pais', 'ingles', 'cursor', 'published', 'saved', 'done', 'moved'],
  hireCreateOffer: ['oferta'],
  login: ['redirect', 'error'],
  signUp: ['redirect', 'origin'],
  hireStartNow: ['redirect', 'draft', 'origin'],
  forgotPassword: ['sent'],
  confirmEmail: ['sent'],
  matchPlatform: ['redirect'],
  talentProfile: ['saved'],
  calculator: [...CALC, 'invalid'],
  calculatorIframe: [...CALC, 'invalid', 'utm_source'],
  calculatorRegister: [...CALC, 'redirect', 'utm_source'],
  calculatorResult: [...CALC, 'contribution', 'utm_source', 'utm_campaign'],
};
// Query strings a hostile value is added to, for the keys that only matter next to others.
const BASE_QUERY: Partial<Record<RouteId, string[]>> = {
  jobs: ['', 'format=rss', 'orden=salario'],
  countryJobs: ['', 'format=rss'],
  hireSite: ['', 'vista=candidatos'],
  hireStartNow: ['', 'draft=1'],
  calculatorRegister: ['country=peru&role=backend&seniority=mid'],
  calculatorResult: ['country=peru&role=backend&seniority=mid'],
};

// Pages that spend a single-use-code attempt on every GET with a well-formed token (reset and confirmation
// links, 20 per address and 15 minutes, times RATE_LIMIT_SCALE): every request comes from 127.0.0.1, so
// these get a budget within that limit (checked below) rather than the whole corpus.
const CODE_PAGES: RouteId[] = ['resetPassword', 'confirmEmail'];
const CODE_BUDGET = 120;
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** A request: a path, who sends it, what it tries, and a cookie to send besides the identity's session. */
type Target = { path: string; identity: IdentityName; what: string; cookie?: string };

/** A route's sample path with one parameter's value replaced by a raw (already encoded) value. */
function withParam(id: RouteId, locale: Locale, name: string, raw: string, mode: 'replace' | 'append' = 'replace'): string {
  const sample = { ...(routes[id] as { sample?: Record<string, string | string[]> }).sample };
  const marker = 'fuzzmarker0';
  const original = sample[name];
  sample[name] = Array.isArray(original) ? (mode === 'append' ? [...original, marker] : [marker]) : marker;
  return href(id, locale, sample).replace(marker, raw);
}

const samplePath = (id: RouteId, locale: Locale) =>
  href(id, locale, (routes[id] as { sample?: Record<string, string | string[]> }).sample ?? {});
const join = (base: string, extra: string) => [base, extra].filter(Boolean).join('&');
const access = (id: RouteId) => (routes[id] as { access: string }).access;
/** Whether an identity gets past a route's access rule (the others are redirected before the page reads anything). */
const admitted = (id: RouteId, who: IdentityName) =>
  access(id) === 'default' ||
  // The operator area reads the session of everyone alike, and answers them all 404 (decision 070).
  access(id) === 'operator' ||
  (access(id) === 'signed-in' && who !== 'anonymous') ||
  (access(id) === 'guest-only' ? who === 'anonymous' : access(id) === 'match-only' ? who === 'candidate' : who === 'company');
/** The identity that takes a page furthest (the result and the offer editor read the database only signed in). */
const primary = (id: RouteId): IdentityName =>
  id === 'calculatorResult'
    ? 'candidate'
    : id === 'hireCreateOffer'
      ? 'company'
      : IDENTITIES.map((i) => i.name).find((w) => admitted(id, w))!;

/**
 * Every request of the fuzz, deterministic. Sampling: each route parameter gets the whole corpus (Spanish, all
 * three identities for the subset); each query key a page reads gets the whole corpus from the identity that
 * gets furthest into the page and the subset from the others; every page gets hostile campaign tags, a hostile
 * return path and key, and its RSC payload a hostile query. English gets the subset.
 */
function targets(): Target[] {
  const out: Target[] = [];
  const everyone = IDENTITIES.map((i) => i.name);
  const add = (path: string, identities: readonly IdentityName[], what: string) => {
    // An empty first segment would make a protocol-relative URL ('//trabajos/...'): not a path of this site.
    if (path.startsWith('//')) return;
    for (const identity of identities) {
      const route = routeOf(path)?.id;
      // Reset and confirmation pages spend a code attempt on every request: anonymous only (see CODE_BUDGET).
      if (identity !== 'anonymous' && route && CODE_PAGES.includes(route)) continue;
      out.push({ path, identity, what });
    }
  };

  // 1. Route parameters: every value of the corpus in Spanish (anonymous; signed in for the subset), the subset in
  //    English; a wildcard also gets the value appended after its sample segments; the RSC payload a few values.
  for (const id of routeIds) {
    for (const name of paramNames(routes[id].es)) {
      const wildcard = Array.isArray((routes[id] as { sample?: Record<string, unknown> }).sample?.[name]);
      for (const h of CORPUS) {
        const sub = SUBSET.includes(h);
        add(withParam(id, 'es', name, h.raw), sub ? everyone : ['anonymous'], `${id} :${name} = ${h.label}`);
        if (sub) add(withParam(id, 'en', name, h.raw), ['anonymous'], `${id} :${name} = ${h.label}`);
        if (wildcard) add(withParam(id, 'es', name, h.raw, 'append'), ['anonymous'], `${id} :${name} += ${h.label}`);
        // The RSC payload of the same path (Waku decodes the page path out of the RSC path itself).
        if (SMALL.includes(h) || h.label === 'bare %')
          add(`/RSC/R${withParam(id, 'es', name, h.raw)}.txt`, [primary(id)], `${id} RSC :${name} = ${h.label}`);
      }
    }
  }

  // 2. The query keys each page reads: the corpus from the identity that gets furthest into the page, the subset
  //    from the other identities it admits, a few values from those it redirects (with the query), English the
  //    subset; other base queries the subset; duplicated keys, a key without '=' and empty values.
  for (const [id, keys] of Object.entries(QUERY_KEYS) as [RouteId, string[]][]) {
    const first = primary(id);
    for (const [b, base] of (BASE_QUERY[id] ?? ['']).entries()) {
      for (const key of keys) {
        const path = samplePath(id, 'es');
        const what = (label: string) => `${id} ?${key} = ${label}${base ? ` (${base})` : ''}`;
        for (const h of b === 0 && !CODE_PAGES.includes(id) ? CORPUS : SUBSET)
          add(`${path}?${join(base, `${key}=${h.raw}`)}`, [first], what(h.label));
        if (b > 0) continue;
        for (const who of everyone.filter((w) => w !== first)) {
          for (const h of admitted(id, who) ? SUBSET : SMALL) add(`${path}?${join(base, `${key}=${h.raw}`)}`, [who], what(h.label));
        }
        for (const h of SUBSET) add(`${samplePath(id, 'en')}?${join(base, `${key}=${h.raw}`)}`, [first], what(h.label));
        add(`${path}?${join(base, `${key}=1&${key}=abc&${key}=%00&${key}=99999999999999999999&${key}=`)}`, [first], what('duplicated'));
        add(`${path}?${join(base, key)}`, [first], what('without ='));
        add(`${path}?${join(base, `${key}=&${key}`)}`, [first], what('empty'));
      }
    }
  }

  // 3. Every page: hostile campaign tags (the HTTP layer reads them on every page), a hostile return path with a
  //    hostile key; signed in and in English a few; the RSC payload with hostile values for the page's keys.
  for (const id of routeIds) {
    for (const h of SUBSET) {
      const tags = UTM.map((k) => `${k}=${h.raw}`).join('&');
      const small = SMALL.includes(h);
      add(`${samplePath(id, 'es')}?${tags}`, small ? everyone : ['anonymous'], `${id} ?utm_* = ${h.label}`);
      if (small) add(`${samplePath(id, 'en')}?${tags}`, ['anonymous'], `${id} ?utm_* = ${h.label}`);
      if (small && h.label !== '5,000 characters')
        add(`${samplePath(id, 'es')}?redirect=${h.raw}&${h.raw}=${h.raw}`, ['anonymous'], `${id} ?redirect and a key = ${h.label}`);
    }
    // Query keys named like what every object has (`constructor`, `__proto__`...) and generated ones, twice.
    // (Not the reset and confirmation pages: each request there spends a code attempt, see CODE_BUDGET.)
    if (!CODE_PAGES.includes(id))
      for (const name of QUERY_NAMES) add(`${samplePath(id, 'es')}?${enc(name)}=x&${enc(name)}=y`, ['anonymous'], `${id} ?${name}= (key)`);
    // The RSC payload of the page, as the client router asks for it: the page's query nested in ?query=
    // (so a value there is encoded twice and passes the HTTP layer's checks of the outer query).
    const page = samplePath(id, 'es');
    const rsc = `/RSC/R${page === '/' ? '/_root' : page}.txt`;
    const keys = QUERY_KEYS[id] ?? ['q', 'redirect'];
    for (const h of CODE_PAGES.includes(id) ? SMALL : SUBSET)
      add(`${rsc}?query=${enc(keys.map((k) => `${k}=${h.raw}`).join('&'))}`, [primary(id)], `${id} RSC ?query=(every key = ${h.label})`);
    if (QUERY_KEYS[id]) {
      for (const key of keys)
        for (const h of SMALL)
          add(
            `${rsc}?query=${enc(join(BASE_QUERY[id]?.at(-1) ?? '', `${key}=${h.raw}`))}`,
            [primary(id)],
            `${id} RSC ?query=(${key} = ${h.label})`,
          );
    }
  }
  return out;
}

const TARGETS = targets();

/** The route of a target's path (an RSC payload's page too). */
function routeOf(path: string) {
  const pathname = path.split('?')[0]!;
  const rsc = /^\/RSC\/R(\/.*)\.txt$/.exec(pathname)?.[1];
  return matchRoute(rsc === '/_root' ? '/' : (rsc ?? pathname));
}

/** Requests that spend a reset or confirmation code attempt (a well-formed token and no ?sent=1). */
function codeAttempts(ts: Target[]): number {
  return ts.filter((t) => {
    const m = routeOf(t.path);
    if (!m || !CODE_PAGES.includes(m.id)) return false;
    return TOKEN.test(String(m.params.token)) && new URLSearchParams(t.path.split('?')[1] ?? '').get('sent') !== '1';
  }).length;
}

/**
 * The first server error among an RSC payload's error rows, or null. Redirects and not-found answers are error
 * rows too, with a digest carrying their status (`__WAKU_CUSTOM_ERROR__;{"status":307,...}`): below 500 they are
 * answers, not errors.
 */
function rscServerError(body: string): string | null {
  for (const [, json] of body.matchAll(/^[0-9a-f]+:E(\{.*)$/gm)) {
    let digest = '';
    try {
      digest = String((JSON.parse(json!) as { digest?: unknown }).digest ?? '');
    } catch {
      return json!.slice(0, 200);
    }
    const custom = /^__WAKU_CUSTOM_ERROR__;(.*)$/s.exec(digest);
    let status = 500;
    try {
      if (custom) status = Number((JSON.parse(custom[1]!) as { status?: unknown }).status ?? 500);
    } catch {
      // unreadable: counts as an error
    }
    if (!(status < 500)) return json!.slice(0, 200);
  }
  return null;
}

type Failure = { url: string; identity: IdentityName; status: number | string; what: string; cookie?: string; log?: string };

const cookieOf = (cookies: Record<IdentityName, string>, t: { identity: IdentityName; cookie?: string }) =>
  [cookies[t.identity], t.cookie].filter(Boolean).join('; ');

const shortUrl = (u: string) => (u.length > 220 ? `${u.slice(0, 200)}…(${u.length} characters)` : u);

/** Sign in through the API as a demo account; the web session is these two cookies. */
async function sessionCookies(ctx: APIRequestContext): Promise<Record<IdentityName, string>> {
  const out = { anonymous: '' } as Record<IdentityName, string>;
  for (const i of IDENTITIES) {
    if (i.name === 'anonymous') continue;
    const res = await ctx.post(`/api/v3/${i.type}/auth/login`, { data: { email: i.email, password: DEMO_PASSWORD }, maxRedirects: 0 });
    expect(res.status(), `sign-in as the demo ${i.name}: ${await res.text()}`).toBe(200);
    const token = ((await res.json()) as { result: { access_token: string } }).result.access_token;
    out[i.name] = `tandem_token=${token}; tandem_type=${i.type}`;
  }
  return out;
}

/** The signed-in identities still reach their workspaces (nothing in the fuzz signed them out). */
async function expectSignedIn(ctx: APIRequestContext, cookies: Record<IdentityName, string>) {
  for (const [who, id] of [
    ['candidate', 'matchPlatform'],
    ['company', 'hireSite'],
  ] as const) {
    const res = await ctx.get(href(id, 'es'), { headers: { cookie: cookies[who] }, maxRedirects: 0 });
    expect(res.status(), `the demo ${who} is still signed in`).toBe(200);
    await res.dispose();
  }
}

/**
 * Request every target (a few at a time) and return the failures: a status of 500 or more, an RSC payload with
 * an error row, or no answer at all (connection reset, a body that breaks off). The explicit cookie header keeps
 * the context's cookie jar out of it, so a URL, an identity and a cookie reproduce an answer.
 */
async function fuzz(ctx: APIRequestContext, cookies: Record<IdentityName, string>, ts: Target[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  const inFlight = new Set<Target>();
  let next = 0;
  let down = false;
  const worker = async () => {
    while (next < ts.length && !down) {
      const t = ts[next++]!;
      inFlight.add(t);
      try {
        const res = await ctx.get(t.path, { headers: { cookie: cookieOf(cookies, t) }, maxRedirects: 0, timeout: 30_000 });
        if (res.status() >= 500) failures.push({ url: t.path, identity: t.identity, status: res.status(), what: t.what, cookie: t.cookie });
        // An RSC payload keeps its 200 when the page throws: the error is a row of the stream ('2:E{"digest":""}').
        else if (t.path.startsWith('/RSC/') && res.status() === 200) {
          const error = rscServerError(await res.text());
          if (error)
            failures.push({
              url: t.path,
              identity: t.identity,
              status: `200 with an RSC error row ${error}`,
              what: t.what,
              cookie: t.cookie,
            });
        }
        await res.dispose();
      } catch (err) {
        const message = String((err as Error).message).split('\n')[0]!;
        if (/ECONNREFUSED/.test(message)) {
          // Nothing listens any more: say so once, with what was in flight when it went, rather than thousands of times.
          if (!down)
            failures.push({
              url: [...inFlight].map((x) => `${x.identity} ${shortUrl(x.path)}`).join(' | '),
              identity: t.identity,
              status: `server down after ${next - 1} of ${ts.length} requests; in flight`,
              what: message,
            });
          down = true;
        } else failures.push({ url: t.path, identity: t.identity, status: `no answer (${message})`, what: t.what, cookie: t.cookie });
      } finally {
        inFlight.delete(t);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

function report(db: string, failures: Failure[]): string {
  return [
    `${failures.length} server error(s) on ${db}:`,
    ...failures.map(
      (f) =>
        `  ${f.status} ${f.identity} GET ${shortUrl(f.url)}${f.cookie ? ` (cookie ${shortUrl(f.cookie)})` : ''}  [${f.what}]${f.log ? `\n      server: ${f.log.split('\n').slice(0, 6).join('\n      ')}` : ''}`,
    ),
  ].join('\n');
}

// ---- one corpus, two databases ----------------------------------------------------------------------------
// With PostgreSQL there too, the two databases share the work: the values where they differ (out-of-range
// numbers, NUL bytes, invalid UTF-8, long text: SMALL) go to both, every other request to one of them, chosen
// by a seeded hash, so one run still sends every request and successive runs send each to both databases.
// Sending all of it twice made the fuzz the longest part of CI (two x 13,491 uncached pages). Alone (no
// TEST_DATABASE_URL), SQLite gets everything. PAGE_FUZZ_SEED replays a run's split.
const SHARED = !!process.env.TEST_DATABASE_URL;
const SPLIT_SEED = Number(process.env.PAGE_FUZZ_SEED ?? 0); // chosen once per run in playwright.config.ts
const BOTH = new RegExp(`= (${[...SMALL.map((h) => h.label), 'duplicated'].join('|')})\\b`);

/** A stable coin for each request (FNV-1a of the text, seed included). */
function coin(text: string): 0 | 1 {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  // FNV's low bit is only the parity of the text's bytes: mixed first (Murmur3's finaliser), so the seed counts.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) & 1) as 0 | 1;
}

/** The requests this database's fuzz sends. */
function shareOf(db: 'SQLite' | 'PostgreSQL', ts: Target[]): Target[] {
  if (!SHARED) return ts;
  const side = db === 'SQLite' ? 0 : 1;
  return ts.filter((t) => BOTH.test(t.what) || coin(`${SPLIT_SEED}|${t.identity}|${t.path}|${t.cookie ?? ''}`) === side);
}

async function runFuzz(
  db: 'SQLite' | 'PostgreSQL',
  ctx: APIRequestContext,
  annotate: (failures: Failure[], cookies: Record<IdentityName, string>) => Promise<void> = async () => {},
) {
  const attempts = codeAttempts(TARGETS);
  expect(attempts, 'reset/confirmation code attempts stay within the budget of the rate limit').toBeLessThanOrEqual(CODE_BUDGET);
  const cookies = await sessionCookies(ctx);
  await expectSignedIn(ctx, cookies);
  const every = [...TARGETS, ...liveTargets(await liveRecords(ctx, cookies)), ...cookieTargets()];
  const all = shareOf(db, every);
  const started = Date.now();
  const failures = await fuzz(ctx, cookies, all);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const count = (who: IdentityName) => all.filter((t) => t.identity === who).length;
  console.log(
    `page fuzz on ${db}: ${all.length} of ${every.length} requests${SHARED ? ` (the rest on the other database, PAGE_FUZZ_SEED=${SPLIT_SEED})` : ''} (anonymous ${count('anonymous')}, candidate ${count('candidate')}, company ${count('company')}) in ${seconds} s, ${failures.length} server errors`,
  );
  await annotate(failures, cookies);
  await expectSignedIn(ctx, cookies);
  expect(failures, report(db, failures)).toEqual([]);
}

// ---- records of the demo world --------------------------------------------------------------------------
// The route table's samples name no record (the route walk expects their not-found screens), so the query fuzz
// above never renders an offer, a profile or a certification: these take real ones from the server's pages.

type Live = { offer: string; talentProfile: string; certification: string };

async function liveRecords(ctx: APIRequestContext, cookies: Record<IdentityName, string>): Promise<Live> {
  const html = async (path: string, who: IdentityName) => {
    const res = await ctx.get(path, { headers: { cookie: cookies[who] }, maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    return res.text();
  };
  const slugs = (page: string, id: RouteId) => {
    const prefix = routes[id].es.replace(/\[slug\]$/, '');
    return [...page.matchAll(new RegExp(`href="${prefix}([a-z0-9-]+)"`, 'g'))].map((m) => m[1]!);
  };
  const offer = slugs(await html(href('jobs', 'es'), 'anonymous'), 'offer')[0];
  const profiles = slugs(await html(`${href('hireSite', 'es')}?vista=candidatos`, 'company'), 'talentProfile');
  let certification: string | undefined;
  for (const profile of profiles.slice(0, 10)) {
    certification = slugs(await html(href('talentProfile', 'es', { slug: profile }), 'anonymous'), 'certification')[0];
    if (certification) break;
  }
  // The demo world has all three; without them the fuzz would only reach the not-found screens.
  expect(offer, 'an open offer of the demo world').toMatch(/^[a-z0-9-]+$/);
  expect(profiles[0], 'a public profile of the demo world').toMatch(/^[a-z0-9-]+$/);
  expect(certification, 'a certification of the demo world').toMatch(/^[a-z0-9-]+$/);
  return { offer: offer!, talentProfile: profiles[0]!, certification: certification! };
}

/** The record pages with real records: hostile query values (the keys they read, campaign tags, a return path). */
function liveTargets(live: Live): Target[] {
  const out: Target[] = [];
  const everyone = IDENTITIES.map((i) => i.name);
  for (const id of ['offer', 'talentProfile', 'certification'] as const) {
    for (const locale of locales) {
      const path = href(id, locale, { slug: live[id] });
      for (const h of locale === 'es' ? SUBSET : SMALL) {
        for (const key of [...(QUERY_KEYS[id] ?? []), 'redirect']) {
          for (const identity of everyone)
            out.push({ path: `${path}?${key}=${h.raw}`, identity, what: `${id} (a real one) ?${key} = ${h.label}` });
        }
        out.push({
          path: `${path}?${UTM.map((k) => `${k}=${h.raw}`).join('&')}`,
          identity: 'anonymous',
          what: `${id} (a real one) ?utm_* = ${h.label}`,
        });
      }
    }
    const rsc = `/RSC/R${href(id, 'es', { slug: live[id] })}.txt`;
    for (const h of SUBSET)
      out.push({
        path: `${rsc}?query=${enc(`saved=${h.raw}&redirect=${h.raw}`)}`,
        identity: 'candidate',
        what: `${id} (a real one) RSC ?query=(saved, redirect = ${h.label})`,
      });
  }
  return out;
}

// ---- cookies -----------------------------------------------------------------------------------------------
// The pages read a few cookies besides the session: the campaign (tandem_utm, JSON), an offer typed before
// signing up (tandem_offer_draft, signed-in pages), the language (i18n_redirected); and the session cookies
// themselves can hold anything.
const COOKIE_PAGES: RouteId[] = ['home', 'hireCreateOffer', 'jobs', 'calculatorResult', 'signUp'];

function cookieTargets(): Target[] {
  const out: Target[] = [];
  const values = [
    ...SMALL.map((h) => h.raw),
    '{"utm_source":' + '['.repeat(2000) + ']'.repeat(2000) + '}',
    enc('{"utm_source":"\u0000","utm_id":{"a":1}}'),
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiI5OTk5OTk5OTk5OTk5OTk5OTk5OSJ9.',
  ];
  for (const id of COOKIE_PAGES) {
    const path = id === 'calculatorResult' ? `${samplePath(id, 'es')}?${BASE_QUERY.calculatorResult![0]}` : samplePath(id, 'es');
    for (const v of values) {
      const label = v.length > 40 ? `${v.slice(0, 30)}…(${v.length})` : v;
      out.push({
        path,
        identity: 'anonymous',
        cookie: `tandem_utm=${v}; i18n_redirected=${v}`,
        what: `${id} with hostile tandem_utm and i18n_redirected = ${label}`,
      });
      out.push({
        path,
        identity: 'company',
        cookie: `tandem_offer_draft=${v}`,
        what: `${id} with a hostile tandem_offer_draft = ${label}`,
      });
      for (const type of ['match', 'hire', v]) {
        out.push({
          path,
          identity: 'anonymous',
          cookie: `tandem_token=${v}; tandem_type=${type}`,
          what: `${id} with a hostile session token = ${label} (type ${type.slice(0, 20)})`,
        });
      }
    }
  }
  return out;
}

/**
 * The fuzz of one database, on a server of its own (a fresh database, seeded with the demo world): tagged so
 * that it runs beside the flows, not in their line (playwright.config.ts), and shares no rate limit with them.
 */
function fuzzOwnServer(db: 'SQLite' | 'PostgreSQL', database: () => Promise<{ url: string; drop: () => Promise<unknown> }>) {
  test.describe(db, { tag: '@own-server' }, () => {
    let drop: (() => Promise<unknown>) | undefined;
    let server: Instance | undefined;
    let ctx: APIRequestContext | undefined;
    const log = () => server?.log() ?? '';

    test.beforeAll(async () => {
      // A hook has its own bound (60 s), not the group's: starting, migrating and seeding PostgreSQL beside the
      // browser suites took 60.1 s in one CI run. A bound for a hang, not a speed target.
      test.setTimeout(300_000);
      const fresh = await database();
      drop = fresh.drop;
      const started = Date.now();
      server = await startInstance({ DATABASE_URL: fresh.url, RATE_LIMIT_SCALE: '20' });
      const seed = /\[seed\][^\n]*/.exec(log())?.[0] ?? '';
      console.log(`${db}: started, migrated, seeded and aggregated in ${((Date.now() - started) / 1000).toFixed(1)} s ${seed}`);
      ctx = await playwrightRequest.newContext({ baseURL: server.origin });
    });

    test.afterAll(async () => {
      await ctx?.dispose();
      await server?.stop();
      await drop?.();
    });

    // Playwright reads the fixtures a test wants from its first parameter's pattern: this one wants none.
    // eslint-disable-next-line no-empty-pattern
    test('no page answers 5xx to hostile params or queries', async ({}, testInfo) => {
      expect(log(), 'the server started').toMatch(/Tandem on/);
      try {
        await runFuzz(db, ctx!, async (failures, cookies) => {
          // What the server said about its database during the run (a 503 is its "database unavailable").
          const dbLines = log()
            .split('\n')
            .filter((l) => l.includes('[db]'));
          if (failures.length && dbLines.length)
            console.log(`${db}: the server's database lines during the run:\n${dbLines.slice(0, 20).join('\n')}`);
          // This server's log is ours: replay each failure alone and keep what the server printed for it.
          for (const f of failures.slice(0, 40)) {
            if (server?.proc.exitCode !== null)
              f.log = `the server exited with code ${server?.proc.exitCode}; its log is attached (server.log)`;
            if (server?.proc.exitCode !== null || f.status.toString().startsWith('server down')) continue;
            const before = log().length;
            await ctx!
              .get(f.url, { headers: { cookie: cookieOf(cookies, f) }, maxRedirects: 0 })
              .then((r) => r.dispose())
              .catch(() => {});
            await new Promise((r) => setTimeout(r, 100));
            f.log = log().slice(before).trim().slice(0, 2000) || '(nothing logged)';
          }
        });
      } finally {
        await testInfo.attach('server.log', { body: log(), contentType: 'text/plain' });
      }
    });
  });
}

test.describe('page fuzz', () => {
  // A bound for a hang, not a speed target: 13,500 uncached pages took 6-8 min alone on a two-core machine,
  // and over 20 min beside the browser suites; with PostgreSQL each database sends a little over half.
  // Parallel: each database's fuzz may take a worker of its own.
  test.describe.configure({ timeout: 1_800_000, mode: 'parallel' });

  fuzzOwnServer('SQLite', async () => {
    const dir = mkdtempSync(joinPath(tmpdir(), 'tandem-pagefuzz-'));
    return { url: `file:${joinPath(dir, 'fuzz.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  });

  withPostgres('the PostgreSQL page fuzz', (pgUrl) =>
    fuzzOwnServer('PostgreSQL', async () => {
      const fresh = await freshSchema(pgUrl, 'pagefuzz');
      console.log(`PostgreSQL page fuzz: schema ${fresh.schema}`);
      return { url: fresh.url, drop: () => pgAdmin(pgUrl, (c) => c.query(`drop schema if exists ${fresh.schema} cascade`)) };
    }),
  );
});
