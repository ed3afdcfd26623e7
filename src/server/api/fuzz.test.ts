// Fuzz suite of the product API (/api) and the content backend (/cms), decision 017: every endpoint, every
// field (path parameters, query parameters, JSON body fields, the headers they read) gets each value of a
// hostile corpus, as each identity where that matters, and must answer below 500, on SQLite and on
// PostgreSQL. The apps are the real ones (real auth, hiring, salary services, rate limiter) mounted in the
// real HTTP layer as in production. All server errors are collected and reported in one message, grouped by
// the error the server logged. FUZZ_SEED replays the random part of the corpus; FUZZ_REPORT=<path> also
// writes the failures as JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfferInput } from '../../domain/offer-input';
import { OFFER as OFFER_FORM, OFFER_LIST_FIELDS } from '../../testing/fixtures/offer';
import { testDatabases, type TestDb } from '../../testing/databases';
import {
  FUZZ_SEED,
  ID_VALUES,
  INVALID_JSON,
  PROTOTYPE_NAMES,
  fuzzNames,
  SHORT_STRINGS,
  STRING_VALUES,
  TINY_STRINGS,
  TYPE_VALUES,
  WRONG_CONTENT_TYPES,
  createCollector,
  headerSafe,
  show,
  textValues,
  type Collector,
  type Hostile,
  type Tier,
  urlEncode,
  withLogs,
} from '../../testing/fuzz';
import { providersFromEnv } from '../accounts/oauth';
import { createCmsApp } from '../cms/app';
import { parseConfig } from '../config';
import { createHttpApp } from '../http/app';
import { setFxRate } from '../salaries/data/salary-data';
import { createAuthService, type AuthService } from '../accounts/auth-service';
import { createEmailService } from '../email/email-service';
import { createHiringService, type HiringService } from '../offers/hiring-service';
import { IDENTITY_LIMITS, createIdentityGuard, createRateLimiter, type IdentityLimits } from '../limits/rate-limit';
import { createSalaryService } from '../salaries/salary-service';
import { createApiApp } from './app';
import { createApplicantsCsv } from '../offers/applicants-csv';
import { createMessagingService } from '../messages/messaging-service';

const SECRET = 'f'.repeat(40);
const PASSWORD = 'una-clave-larga';
const config = parseConfig({ SITE_URL: 'http://localhost' });
// Provider sign-in configured, pointing at a closed local port: the flows run, every call to the provider fails fast.
const DEAD = 'http://127.0.0.1:9';
const providers = providersFromEnv(
  Object.fromEntries(
    (['GITHUB', 'GOOGLE'] as const).flatMap((p) => [
      [`OAUTH_${p}_CLIENT_ID`, 'fuzz-client'],
      [`OAUTH_${p}_CLIENT_SECRET`, 'fuzz-secret'],
      [`OAUTH_${p}_AUTHORIZE_URL`, `${DEAD}/authorize`],
      [`OAUTH_${p}_TOKEN_URL`, `${DEAD}/token`],
      [`OAUTH_${p}_PROFILE_URL`, `${DEAD}/profile`],
    ]),
  ),
);
// Sign-in and sign-up are rate limited per address and account; wide limits keep every fuzzed value reaching the service.
const WIDE = { max: 100_000, windowMs: 60_000 };

// The offer as the API's JSON: amounts as numbers, published at once.
const OFFER = { ...OFFER_FORM, salary_min: 12000, salary_max: 16000, publish: true };

/** Offer fields checked against a list, and the publish flag: a hostile value never gets past the check, so fewer of them. */
const ENUM_FIELDS = [...OFFER_LIST_FIELDS, 'publish'];

type Who = 'anon' | 'candidate' | 'owner' | 'other' | 'owner-cookie';
const HIRE_WHO: Who[] = ['anon', 'candidate', 'owner', 'other'];

/** A value substituted into a field: text, any JSON value, a raw (unencoded) URL piece, or the field left out. */
/** The extra JSON keys each cheap endpoint gets (see fuzzNames). */
const EXTRA_KEYS = fuzzNames(16);

type Sub = { label: string; value?: unknown; raw?: string; missing?: true };

type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH';
  /** Path template, `:name` for parameters. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A valid body; a function when each request needs a fresh one (unique emails). */
  body?: () => Record<string, unknown>;
  /** The identity whose request goes deepest (bodies and queries are fuzzed as this one). */
  who: Who;
  /** Identities for the path parameter fuzz (default: `who` only). */
  pathWho?: Who[];
  /** Each valid-shaped request costs an argon2 hash: fuzz with the tiny list of strings. */
  expensive?: boolean;
  /** Body fields fuzzed with the short list (enum-like fields, or all of them on a second route into one code path). */
  short?: string[] | 'all';
  /** Body fields to fuzz (default: all of the valid body's). */
  fields?: string[];
  /** Fields that take the same value together (a password and its confirmation). */
  groups?: string[][];
  /** What the valid request as `who` answers: checked, so that the fuzz is known to reach the service. */
  ok: number;
  /** Headers to fuzz besides the body and the path. */
  headerFields?: ('authorization' | 'cookie' | 'lang')[];
};

/** Raw path segments that are not what encodeURIComponent would produce. */
const RAW_SEGMENTS: Sub[] = ['%', '%00', '%ff', '%ED%A0%80', '%zz', '%2e%2e', '%252e', '..%2f..%2fetc', ';x=1', '%20'].map((r) => ({
  label: `raw ${r}`,
  raw: r,
}));

const fromHostile = (list: Hostile[]): Sub[] => list.map((x) => ({ label: x.label, value: x.value }));
const pathSubs: Sub[] = [...fromHostile(ID_VALUES), ...fromHostile(STRING_VALUES).filter((s) => s.value !== ''), ...RAW_SEGMENTS];
const querySubs: Sub[] = [...fromHostile(ID_VALUES), ...fromHostile(STRING_VALUES), ...RAW_SEGMENTS, { label: 'missing', missing: true }];
/** Values for one body field, by the type of its valid value; hostile pieces also ride on the valid value. */
function bodySubs(valid: unknown, tier: Tier): Sub[] {
  const common: Sub[] = [...TYPE_VALUES, { label: 'missing', missing: true }];
  if (typeof valid === 'number') return [...fromHostile(tier === 'full' ? ID_VALUES : ID_VALUES.slice(0, 9)), ...common];
  if (Array.isArray(valid))
    return [
      ...fromHostile(tier === 'tiny' ? TINY_STRINGS : SHORT_STRINGS).map((x) => ({
        label: `[valid, ${x.label}]`,
        value: [...valid, x.value],
      })),
      ...common,
    ];
  if (typeof valid === 'string') return [...fromHostile(textValues(valid, tier)), ...common];
  return [...fromHostile(ID_VALUES.slice(0, 3)), ...fromHostile(TINY_STRINGS.slice(0, 3)), ...common];
}
const headerSubs: Sub[] = [...fromHostile(ID_VALUES), ...fromHostile(STRING_VALUES)].filter((s) => headerSafe(String(s.value)));

describe.each(testDatabases)('API and cms fuzz on %s', (dbName, open) => {
  let t: TestDb;
  let app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> };
  let auth: AuthService;
  let hiring: HiringService;
  const tokens: Record<'owner' | 'other' | 'candidate', string> = { owner: '', other: '', candidate: '' };
  let offerId = 0;
  let applicationId = 0;
  let conversationId = 0;
  let candidateSlug = '';
  let seq = 0;
  const freshEmail = () => `fuzz-${++seq}@example.com`;

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    // Wide identity limits: hostile values reach the services (and the limiter's keys) instead of a 429.
    const limiter = createRateLimiter(t);
    const wide = Object.fromEntries(Object.keys(IDENTITY_LIMITS).map((k) => [k, WIDE])) as IdentityLimits;
    auth = createAuthService(t, SECRET, {
      email: createEmailService(t, { log: () => {} }),
      siteUrl: config.SITE_URL,
      guard: createIdentityGuard(async () => limiter, wide),
    });
    hiring = createHiringService(t, { salaries: async () => createSalaryService(t) });
    // Wide limits here too: hostile bodies reach the service's own rules instead of a 429.
    const messages = createMessagingService(t, { limiter: async () => createRateLimiter(t, Date.now, 1000) });
    const api = createApiApp({
      auth: async () => auth,
      hiring: async () => hiring,
      messages: async () => messages,
      applicantsCsv: async () => createApplicantsCsv(t),
      sessionCookie: config.AUTH_COOKIE_TOKEN,
    });
    const cms = createCmsApp({ auth: async () => auth, oauth: { providers, stateSecret: () => SECRET, config } });
    const inner = async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
    app = createHttpApp({ inner, api, cms, config, prod: false, build: { id: 'fuzz', timestamp: 0 } }).app;

    const reg = async (type: 'match' | 'hire', email: string, extra = {}) =>
      (await auth.register(type, { name: 'Test', last_name: 'User', email, password: PASSWORD, ...extra }, { ip: 'setup' })).access_token;
    tokens.owner = await reg('hire', 'acme@example.com', { company_name: 'Acme' });
    tokens.other = await reg('hire', 'otra@example.com', { company_name: 'Otra' });
    tokens.candidate = await reg('match', 'ana@example.com');
    const owner = await auth.me('hire', tokens.owner);
    const { publish: _publish, ...fields } = OFFER;
    const parsed = parseOfferInput(fields);
    if (!parsed.ok) throw new Error(`fixture offer invalid: ${JSON.stringify(parsed.errors)}`);
    offerId = (await hiring.save({ id: owner.id, type: 'hire' }, parsed.value, { publish: true })).id;
    const candidate = await auth.me('match', tokens.candidate);
    applicationId = (
      await t.db
        .insertInto('applications')
        .values({ offer_id: offerId, candidate_id: candidate.id, status: 'sent', created_at: new Date(), updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    conversationId = (await messages.forApplications({ id: candidate.id, type: 'match' }, [applicationId])).get(applicationId)!.id;
    await t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', candidate.id).execute();
    candidateSlug = (await t.db.selectFrom('users').select('profile_slug').where('id', '=', candidate.id).executeTakeFirstOrThrow())
      .profile_slug!;
  }, 60_000);
  afterAll(async () => t?.cleanup());

  const identity = (who: Who): Record<string, string> =>
    who === 'anon'
      ? {}
      : who === 'owner-cookie'
        ? {
            cookie: `${config.AUTH_COOKIE_TOKEN}=${tokens.owner}; ${config.AUTH_COOKIE_TYPE}=hire`,
            origin: 'http://localhost',
            host: 'localhost',
          }
        : { authorization: `Bearer ${tokens[who]}` };

  const fill = (template: string, params: Record<string, string | Sub>) =>
    template.replace(/:(\w+)/g, (_, name: string) => {
      const v = params[name]!;
      return typeof v === 'string' ? urlEncode(v) : (v.raw ?? urlEncode(String(v.value)));
    });
  const queryString = (query: Record<string, string | Sub>, dup?: string) => {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(query)) {
      if (typeof v !== 'string' && v.missing) continue;
      const enc = typeof v === 'string' ? urlEncode(v) : (v.raw ?? urlEncode(String(v.value)));
      parts.push(`${encodeURIComponent(k)}=${enc}`);
      if (k === dup) parts.push(`${encodeURIComponent(k)}=other-${enc}`);
    }
    return parts.length ? `?${parts.join('&')}` : '';
  };

  type Req = {
    ep: Endpoint;
    who: Who;
    field: string;
    value: string;
    params?: Record<string, string | Sub>;
    query?: Record<string, string | Sub>;
    dup?: string;
    body?: string | null;
    headers?: Record<string, string | null>;
    method?: string;
  };
  async function send(c: Collector, r: Req): Promise<number> {
    const method = r.method ?? r.ep.method;
    const path = fill(r.ep.path, { ...r.ep.params, ...r.params }) + queryString({ ...r.ep.query, ...r.query }, r.dup);
    const body = r.body !== undefined ? r.body : r.ep.body && method !== 'GET' ? JSON.stringify(r.ep.body()) : null;
    const merged = { ...(body !== null ? { 'content-type': 'application/json' } : {}), lang: 'es', ...identity(r.who), ...r.headers };
    // A null header is one left out.
    const headers = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== null));
    c.begin();
    let status: number;
    try {
      const res = await app.request(path, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      // The app itself threw instead of answering: as bad as a 500.
      console.error('[fuzz] request threw', err);
      status = 599;
    }
    c.check({ method, path: r.ep.path + (r.query || r.dup ? ' (query)' : ''), field: r.field, value: r.value, who: r.who, status });
    return status;
  }

  /** Every field of one endpoint with every hostile value. */
  async function fuzzEndpoint(c: Collector, ep: Endpoint) {
    // Path parameters, as each identity.
    for (const name of Object.keys(ep.params ?? {})) {
      // Ids as every identity (the checks' order matters), the other hostile segments as the deepest one.
      for (const who of ep.pathWho ?? [ep.who]) {
        for (const sub of who === ep.who ? pathSubs : fromHostile(ID_VALUES)) {
          await send(c, { ep, who, field: `path :${name}`, value: sub.raw ? sub.label : show(sub.value), params: { [name]: sub } });
        }
      }
    }
    // Query parameters, each hostile value and each key given twice.
    for (const name of Object.keys(ep.query ?? {})) {
      for (const sub of querySubs)
        await send(c, {
          ep,
          who: ep.who,
          field: `query ${name}`,
          value: sub.missing ? '(missing)' : sub.raw ? sub.label : show(sub.value),
          query: { [name]: sub },
        });
      await send(c, { ep, who: ep.who, field: `query ${name}`, value: '(given twice)', dup: name });
    }
    // Body fields (and groups of fields that go together).
    if (ep.body) {
      const grouped = new Set((ep.groups ?? []).flat());
      const targets = [...(ep.fields ?? Object.keys(ep.body())).filter((f) => !grouped.has(f)).map((f) => [f]), ...(ep.groups ?? [])];
      for (const fields of targets) {
        const tier: Tier = ep.expensive ? 'tiny' : ep.short === 'all' || ep.short?.includes(fields[0]!) ? 'short' : 'full';
        for (const sub of bodySubs(ep.body()[fields[0]!], tier)) {
          const b = ep.body();
          for (const f of fields) {
            if (sub.missing) delete b[f];
            else b[f] = sub.value;
          }
          await send(c, {
            ep,
            who: ep.who,
            field: `body ${fields.join('+')}`,
            value: sub.missing ? '(missing)' : show(sub.value),
            body: JSON.stringify(b),
          });
        }
      }
      // Keys named like what every object has, and generated keys, beside the valid ones and nested in an
      // object value; the expensive endpoints (a password hash per call) get the prototype names only.
      for (const key of ep.expensive ? PROTOTYPE_NAMES : EXTRA_KEYS) {
        const b = JSON.stringify({ ...ep.body(), [key]: 'x', nested: { [key]: { [key]: [key] } } });
        await send(c, { ep, who: ep.who, field: 'body key', value: show(key), body: b });
      }
      // Whole bodies that are not the JSON object the endpoint reads, and the valid body under other content types.
      for (const bad of [...INVALID_JSON, { label: 'empty object', value: '{}' }])
        await send(c, { ep, who: ep.who, field: 'body (raw)', value: bad.label, body: bad.value });
      for (const type of ep.expensive ? WRONG_CONTENT_TYPES.slice(0, 2) : WRONG_CONTENT_TYPES) {
        await send(c, { ep, who: ep.who, field: 'header content-type', value: String(type), headers: { 'content-type': type } });
      }
    }
    // Headers the endpoint reads.
    for (const hf of ep.headerFields ?? []) {
      for (const sub of headerSubs) {
        const v = String(sub.value);
        const headers: Record<string, string> =
          hf === 'authorization'
            ? { authorization: `Bearer ${v}` }
            : hf === 'cookie'
              ? {
                  cookie: `${config.AUTH_COOKIE_TOKEN}=${v}; ${config.AUTH_COOKIE_TYPE}=${v}`,
                  origin: 'http://localhost',
                  host: 'localhost',
                }
              : { lang: v };
        await send(c, { ep, who: hf === 'lang' ? ep.who : 'anon', field: `header ${hf}`, value: show(v), headers });
      }
    }
  }

  /** The endpoint with valid input as every identity, and with the methods it does not take. */
  async function sweep(c: Collector, ep: Endpoint) {
    // Where a request costs a password hash, the identity does not matter beyond signed in or not.
    const everyone: Who[] = ep.expensive
      ? [ep.who, ep.who === 'anon' ? 'candidate' : 'anon']
      : ['anon', 'candidate', 'owner', 'other', 'owner-cookie'];
    for (const who of everyone) {
      const status = await send(c, { ep, who, field: '(valid input)', value: '-' });
      if (who === ep.who) expect(status, `${ep.method} ${ep.path} with valid input as ${who}`).toBe(ep.ok);
    }
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].filter((m) => m !== ep.method)) {
      await send(c, { ep, who: ep.who, field: 'method', value: method, method, body: method === 'GET' || method === 'HEAD' ? null : '{}' });
    }
  }

  async function run(suite: string, endpoints: Endpoint[]) {
    const c = createCollector(`${suite} on ${dbName}`);
    const started = performance.now();
    try {
      for (const ep of endpoints) {
        await sweep(c, ep);
        await fuzzEndpoint(c, ep);
      }
    } finally {
      c.restore();
    }
    console.info(
      `[fuzz] ${suite} on ${dbName}: ${c.sent} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, ${c.failures.length} >= 500 (FUZZ_SEED=${FUZZ_SEED})`,
    );
    expect(c.failures.length, c.report()).toBe(0);
  }

  it('answers every hostile input to the sign-in, sign-up and session endpoints below 500', async () => {
    const login = (type: 'match' | 'hire', email: string): Endpoint => ({
      method: 'POST',
      path: '/api/v3/:type/auth/login',
      params: { type },
      who: 'anon',
      expensive: true,
      ok: 200,
      body: () => ({ email, password: PASSWORD }),
    });
    await run('API auth', [
      login('match', 'ana@example.com'),
      login('hire', 'acme@example.com'),
      {
        method: 'POST',
        path: '/api/v3/:type/register',
        params: { type: 'match' },
        who: 'anon',
        expensive: true,
        ok: 201,
        body: () => ({ name: 'Fuzz', last_name: 'Tester', email: freshEmail(), password: PASSWORD, origin: 'regular', utm_source: 'news' }),
      },
      {
        method: 'POST',
        path: '/api/v3/:type/register',
        params: { type: 'hire' },
        who: 'anon',
        expensive: true,
        ok: 201,
        fields: ['company_name', 'email'],
        body: () => ({ name: 'Fuzz', last_name: 'Tester', email: freshEmail(), password: PASSWORD, company_name: 'Fuzz Co' }),
      },
      {
        method: 'GET',
        path: '/api/v3/:type/auth/me',
        params: { type: 'hire' },
        who: 'owner',
        ok: 200,
        pathWho: ['anon', 'owner', 'candidate'],
        headerFields: ['authorization', 'cookie', 'lang'],
      },
    ]);
  }, 180_000);

  it('answers every hostile input to the company endpoints below 500', async () => {
    await run('API hire', [
      { method: 'GET', path: '/api/v3/hire/offers', who: 'owner', ok: 200, headerFields: ['authorization', 'cookie'] },
      { method: 'POST', path: '/api/v3/hire/offers', who: 'owner', ok: 201, short: ENUM_FIELDS, body: () => ({ ...OFFER }) },
      { method: 'GET', path: '/api/v3/hire/offers/:id', params: { id: String(offerId) }, who: 'owner', ok: 200, pathWho: HIRE_WHO },
      {
        method: 'PATCH',
        path: '/api/v3/hire/offers/:id',
        params: { id: String(offerId) },
        who: 'owner',
        ok: 200,
        pathWho: HIRE_WHO,
        short: 'all',
        body: () => ({ ...OFFER, publish: false }),
      },
      {
        method: 'POST',
        path: '/api/v3/hire/offers/:id/:action',
        params: { id: String(offerId), action: 'renew' },
        who: 'owner',
        ok: 200,
        pathWho: HIRE_WHO,
      },
      {
        method: 'GET',
        path: '/api/v3/hire/offers/:id/applicants',
        params: { id: String(offerId) },
        who: 'owner',
        ok: 200,
        pathWho: HIRE_WHO,
      },
      {
        method: 'GET',
        path: '/api/v3/hire/offers/:id/applicants.csv',
        params: { id: String(offerId) },
        who: 'owner',
        ok: 200,
        query: { lang: 'en' },
        pathWho: HIRE_WHO,
      },
      {
        method: 'PATCH',
        path: '/api/v3/hire/applications/:id',
        params: { id: String(applicationId) },
        who: 'owner',
        ok: 200,
        pathWho: HIRE_WHO,
        body: () => ({ status: 'approved' }),
      },
      {
        method: 'GET',
        path: '/api/v3/hire/candidates',
        who: 'owner',
        ok: 200,
        headerFields: ['lang'],
        query: { area: 'tech', role: 'backend', skill: 'go', seniority: 'mid', country: 'peru', english: 'advanced', page: '1' },
      },
      {
        method: 'GET',
        path: '/api/v3/hire/market',
        who: 'owner',
        ok: 200,
        headerFields: ['lang'],
        query: {
          role: 'backend',
          seniority: 'mid',
          country: 'peru',
          salary_min: '9000',
          salary_max: '12000',
          currency: 'LOCAL',
          period: 'month',
        },
      },
    ]);
  }, 180_000);

  it('answers every hostile input to the conversation and invitation endpoints below 500', async () => {
    const conv = { id: String(conversationId) };
    await run('API messages', [
      { method: 'GET', path: '/api/v3/conversations', who: 'owner', ok: 200, query: { before: '2147483647' }, headerFields: ['cookie'] },
      { method: 'GET', path: '/api/v3/conversations/unread', who: 'candidate', ok: 200 },
      {
        method: 'POST',
        path: '/api/v3/conversations/:id/messages',
        params: conv,
        who: 'owner',
        ok: 201,
        pathWho: HIRE_WHO,
        body: () => ({ body: 'Hola' }),
      },
      {
        method: 'GET',
        path: '/api/v3/conversations/:id/messages',
        params: conv,
        who: 'candidate',
        ok: 200,
        pathWho: HIRE_WHO,
        query: { after: '0' },
      },
      {
        method: 'POST',
        path: '/api/v3/conversations/:id/read',
        params: conv,
        who: 'candidate',
        ok: 200,
        pathWho: HIRE_WHO,
        body: () => ({ up_to: 1 }),
      },
      {
        method: 'POST',
        path: '/api/v3/conversations/:id/report',
        params: conv,
        who: 'candidate',
        ok: 201,
        short: ['reason'],
        body: () => ({ reason: 'spam', details: 'Publicidad' }),
      },
      { method: 'POST', path: '/api/v3/conversations/:id/block', params: conv, who: 'candidate', ok: 200, pathWho: HIRE_WHO },
      { method: 'POST', path: '/api/v3/conversations/:id/unblock', params: conv, who: 'candidate', ok: 200, pathWho: HIRE_WHO },
      {
        method: 'POST',
        path: '/api/v3/invitations',
        who: 'owner',
        ok: 201,
        body: () => ({ candidate: candidateSlug, body: 'Hola Ana', offer_id: null }),
      },
      { method: 'GET', path: '/api/v3/invitations', who: 'candidate', ok: 200 },
    ]);
    const invitation = await t.db.selectFrom('invitations').select('id').executeTakeFirstOrThrow();
    await run('API invitation answers', [
      {
        method: 'POST',
        path: '/api/v3/invitations/:id/:answer',
        params: { id: String(invitation.id), answer: 'decline' },
        who: 'candidate',
        ok: 200,
        pathWho: HIRE_WHO,
      },
    ]);
  }, 300_000);

  it('answers every hostile input to the content backend (/cms) below 500', async () => {
    await run('cms', [
      {
        method: 'POST',
        path: '/cms/auth/local',
        who: 'anon',
        expensive: true,
        ok: 200,
        body: () => ({ identifier: 'ana@example.com', password: PASSWORD }),
      },
      {
        method: 'POST',
        path: '/cms/auth/local/register',
        who: 'anon',
        expensive: true,
        ok: 200,
        body: () => ({ username: 'Fuzz', email: freshEmail(), password: PASSWORD, last_name: 'Tester' }),
      },
      { method: 'POST', path: '/cms/auth/forgot-password', who: 'anon', ok: 200, body: () => ({ email: 'ana@example.com' }) },
      {
        method: 'POST',
        path: '/cms/auth/reset-password',
        who: 'anon',
        expensive: true,
        ok: 400,
        groups: [['password', 'passwordConfirmation']],
        body: () => ({ code: 'x'.repeat(43), password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' }),
      },
      {
        // A wrong current password: the fuzzed values reach the check without ending the test user's sessions.
        method: 'POST',
        path: '/cms/auth/change-password',
        who: 'candidate',
        expensive: true,
        ok: 400,
        groups: [['password', 'passwordConfirmation']],
        body: () => ({ currentPassword: 'no-es-la-clave', password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' }),
        headerFields: ['authorization'],
      },
      { method: 'POST', path: '/cms/auth/send-email-confirmation', who: 'anon', ok: 200, body: () => ({ email: 'ana@example.com' }) },
      {
        method: 'GET',
        path: '/cms/auth/email-confirmation',
        who: 'anon',
        ok: 400,
        headerFields: ['lang'],
        query: { confirmation: 'x'.repeat(43) },
      },
      {
        method: 'GET',
        path: '/cms/connect/:provider',
        params: { provider: 'github' },
        who: 'anon',
        ok: 302,
        query: { redirect: '/match/plataforma', lang: 'en' },
      },
      {
        method: 'GET',
        path: '/cms/connect/:provider/callback',
        params: { provider: 'github' },
        who: 'anon',
        ok: 303,
        query: { state: 's'.repeat(43), code: 'code-1', error: 'access_denied' },
      },
      {
        method: 'GET',
        path: '/cms/auth/:provider/callback',
        params: { provider: 'google' },
        who: 'anon',
        ok: 401,
        query: { access_token: 'provider-token' },
      },
      { method: 'GET', path: '/cms/users/me', who: 'candidate', ok: 200, headerFields: ['authorization'] },
    ]);
  }, 180_000);

  // ---- named regressions ---------------------------------------------------------------------------------

  const call = async (method: string, path: string, who: Who, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), lang: 'en', ...identity(who), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = { text };
    }
    return { status: res.status, json };
  };

  it('answers an offer id just past the 32-bit integer range (2147483648) with 404 or 422, not 500', async () => {
    for (const id of ['2147483648', '2147483647', '4294967296']) {
      const r = await call('GET', `/api/v3/hire/offers/${id}`, 'owner');
      expect([404, 422], `GET /api/v3/hire/offers/${id}: ${r.status} ${JSON.stringify(r.json)}`).toContain(r.status);
    }
    const action = await call('POST', '/api/v3/hire/offers/2147483648/pause', 'owner');
    expect([404, 422], `POST /api/v3/hire/offers/2147483648/pause: ${action.status}`).toContain(action.status);
    const move = await call('PATCH', '/api/v3/hire/applications/2147483648', 'owner', { status: 'approved' });
    expect([404, 422], `PATCH /api/v3/hire/applications/2147483648: ${move.status}`).toContain(move.status);
  });

  it('refuses a NUL byte in the candidate browser filters (role=%00) with 422 naming the field', async () => {
    const r = await call('GET', '/api/v3/hire/candidates?role=%00', 'owner');
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.errors?.role, JSON.stringify(r.json)).toEqual(expect.any(String));
  });

  // The content backend answers invalid input in the Strapi v4 shape (ValidationError, field messages in details.errors); a NUL byte is a 422 (decision 017).
  it('refuses a NUL byte in the cms sign-up username with 422 naming the field', async () => {
    const r = await call('POST', '/cms/auth/local/register', 'anon', {
      username: 'Ana\u0000Maria',
      email: freshEmail(),
      password: PASSWORD,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.error?.name).toBe('ValidationError');
    expect(r.json.error?.details?.errors?.username, JSON.stringify(r.json)).toEqual(expect.any(String));
  });

  it('refuses a NUL byte in the cms sign-in identifier with 422 naming the field', async () => {
    const r = await call('POST', '/cms/auth/local', 'anon', { identifier: 'ana@example.com\u0000', password: PASSWORD });
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.error?.name).toBe('ValidationError');
    expect(r.json.error?.details?.errors?.identifier, JSON.stringify(r.json)).toEqual(expect.any(String));
  });

  it('creates 12 offers with one title in parallel: all 201, 12 distinct slugs', async () => {
    const body = { ...OFFER, title: 'Oferta paralela de backend' };
    const { result: results, logs } = await withLogs(() =>
      Promise.all(Array.from({ length: 12 }, () => call('POST', '/api/v3/hire/offers', 'owner', body))),
    );
    expect(results.map((r) => r.status).join(' '), `statuses${logs}`).toBe(Array(12).fill(201).join(' '));
    const slugs = results.map((r) => r.json.result.slug as string);
    expect(new Set(slugs).size, slugs.join(' ')).toBe(12);
    const rows = await t.db.selectFrom('offers').select('slug').where('title', '=', body.title).execute();
    expect(rows).toHaveLength(12);
  });

  /** Whether some order of the successful actions leads from `from` to `to` by allowed transitions. */
  function explainable(from: string, to: string, actions: string[]): boolean {
    const next = (state: string, action: string): string | null => {
      const allowed: Record<string, Record<string, string>> = {
        open: { pause: 'paused', close: 'closed', renew: 'open' },
        paused: { resume: 'open', close: 'closed' },
        closed: { renew: 'open' },
      };
      return allowed[state]?.[action] ?? null;
    };
    const counts = new Map<string, number>();
    for (const a of actions) counts.set(a, (counts.get(a) ?? 0) + 1);
    const seen = new Set<string>();
    const search = (state: string): boolean => {
      const key = `${state}|${[...counts].map(([a, n]) => `${a}${n}`).join(',')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      if ([...counts.values()].every((n) => n === 0)) return state === to;
      for (const [a, n] of counts) {
        const s = n > 0 ? next(state, a) : null;
        if (!s) continue;
        counts.set(a, n - 1);
        const ok = search(s);
        counts.set(a, n);
        if (ok) return true;
      }
      return false;
    };
    return search(from);
  }

  const stateOfRow = async (id: number) => {
    const row = await t.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    return row.status === 'published' ? 'open' : row.status;
  };

  it('runs 30 parallel pause/resume/close/renew actions on one offer into one consistent state (3 rounds)', async () => {
    const created = await call('POST', '/api/v3/hire/offers', 'owner', { ...OFFER, title: 'Oferta para acciones paralelas' });
    expect(created.status).toBe(201);
    const id = created.json.result.id as number;
    // Mostly pauses and closes: two of them winning from one stale state cannot be put in any valid order.
    const actions = Array.from({ length: 30 }, (_, i) => ['pause', 'close', 'pause', 'close', 'resume', 'renew'][i % 6]!);
    let from = 'open';
    for (let round = 1; round <= 3; round++) {
      const { result: results, logs } = await withLogs(() =>
        Promise.all(actions.map((a) => call('POST', `/api/v3/hire/offers/${id}/${a}`, 'owner'))),
      );
      const summary =
        `round ${round} from ${from}: ` +
        results.map((r, i) => `${actions[i]}:${r.status}${r.status === 200 ? `->${r.json.result.status}` : ''}`).join(' ') +
        logs;
      for (const r of results) expect([200, 409], summary).toContain(r.status);
      const won = results.map((r, i) => ({ r, action: actions[i]! })).filter((x) => x.r.status === 200);
      expect(won.length, summary).toBeGreaterThan(0);
      const final = await stateOfRow(id);
      expect(['open', 'paused', 'closed'], summary).toContain(final);
      // Each success reported the state it left; the successes must chain, in some order, from the start to the final state.
      expect(
        won.map((w) => (w.r.json.result.status === 'published' ? 'open' : w.r.json.result.status)),
        summary,
      ).toContain(final);
      expect(
        explainable(
          from,
          final,
          won.map((w) => w.action),
        ),
        `no order of the successful actions leads from ${from} to ${final}: ${summary}`,
      ).toBe(true);
      const read = await call('GET', `/api/v3/hire/offers/${id}`, 'owner');
      expect(read.json.result.state, summary).toBe(final);
      from = final;
    }
  });

  it('lets exactly one of 30 parallel closes of one open offer succeed (the others 409)', async () => {
    const created = await call('POST', '/api/v3/hire/offers', 'owner', { ...OFFER, title: 'Oferta para cierres paralelos' });
    expect(created.status).toBe(201);
    const id = created.json.result.id as number;
    const { result: results, logs } = await withLogs(() =>
      Promise.all(Array.from({ length: 30 }, () => call('POST', `/api/v3/hire/offers/${id}/close`, 'owner'))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length, statuses.join(' ') + logs).toBe(1);
    expect(statuses.filter((s) => s === 409).length, statuses.join(' ') + logs).toBe(29);
    expect(await stateOfRow(id)).toBe('closed');
  });

  it('runs 30 parallel pipeline moves on one application into one consistent state', async () => {
    const statuses = Array.from(
      { length: 30 },
      (_, i) => ['approved', 'initial-interview', 'technical-interview', 'final-stage', 'pre-placed', 'placed', 'rejected', 'sent'][i % 8]!,
    );
    const { result: results, logs } = await withLogs(() =>
      Promise.all(statuses.map((status) => call('PATCH', `/api/v3/hire/applications/${applicationId}`, 'owner', { status }))),
    );
    const summary = results.map((r, i) => `${statuses[i]}:${r.status}`).join(' ') + logs;
    for (const r of results) expect([200, 409], summary).toContain(r.status);
    const won = results.filter((r) => r.status === 200).map((r) => r.json.result.status as string);
    expect(won.length, summary).toBeGreaterThan(0);
    const row = await t.db.selectFrom('applications').select('status').where('id', '=', applicationId).executeTakeFirstOrThrow();
    expect(won, summary).toContain(row.status);
    const list = await call('GET', `/api/v3/hire/offers/${offerId}/applicants`, 'owner');
    expect(list.json.result.applicants.find((a: { id: number }) => a.id === applicationId)?.status, summary).toBe(row.status);
  });
});
