// The form actions under test (decision 018): the production registry mounted in the HTTP layer over real
// services on a test database, a stand-in page that shows the form state it was handed (what a visitor
// without JavaScript gets back), signed-in accounts, and posts as the browser sends them. Nothing listens
// on the network: requests go to the Hono app in process. Each post comes from its own client address
// unless the test names one, so the identity limits only trip where a test means them to.
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createRegistry } from '../areas/registry';
import { areaDeps } from './area-deps';
import { createLearningService } from '../server/learning/learning-service';
import { testSigningKey } from './signing-key';
import { testMeetingService } from './meetings';
import { testAlertService } from './alerts';
import { parseOfferInput } from '../domain/offer-input';
import { OFFER } from './fixtures/offer';
import type { Locale } from '../i18n/locales';
import { getT, type MessageKey, type TranslateParams } from '../i18n/translate';
import { parseConfig } from '../server/config';
import { createHttpApp, type RouteHandlers } from '../server/http/app';
import type { FormHandler } from '../server/http/forms';
import { getRequestContext } from '../server/request-context';
import { createContributions } from '../server/salaries/contributions';
import { setFxRate } from '../server/salaries/data/salary-data';
import { createApplicationService } from '../server/offers/application-service';
import { createAuthService } from '../server/accounts/auth-service';
import { createOperatorService } from '../server/accounts/operators/operator-service';
import { createEmailService } from '../server/email/email-service';
import { createHiringService } from '../server/offers/hiring-service';
import { createScreeningService } from '../server/offers/screening-service';
import { createSavedOffersService } from '../server/offers/saved-offers-service';
import { createJobSearchService } from '../server/offers/job-search-service';
import { createNotificationService } from '../server/notifications/notification-service';
import { createProfileHistoryService } from '../server/accounts/profile-history-service';
import { createProfileService } from '../server/accounts/profile-service';
import { IDENTITY_LIMITS, createIdentityGuard, createRateLimiter, type IdentityLimits } from '../server/limits/rate-limit';
import { createSalaryService } from '../server/salaries/salary-service';
import { createDatabaseStore } from '../server/uploads/data/database-store';
import { createImageStore } from '../server/uploads/image-store';
import { userLoaderOf } from '../server/accounts/session';
import type { RouteId } from '../routes';
import type { TestDb } from './databases';
import { actionRoutes } from './routes';
import { createMessagingService } from '../server/messages/messaging-service';
import { createDataExportService } from '../server/exports/data-export-service';
import { createInterviewService } from '../server/interviews/interview-service';
import { createTeamService, type TeamService } from '../server/accounts/team-service';

const SITE = 'https://tandem.example';
export const PASSWORD = 'clave-segura-2026';
const SECRET = 'f'.repeat(40);
export const config = parseConfig({ SITE_URL: SITE, TRUST_PROXY: '1' });

/** Small identity limits, so that a test reaches 429 in a few posts (production values: rate-limit.ts). */
const TEST_LIMITS: IdentityLimits = {
  ...IDENTITY_LIMITS,
  loginPerIp: { max: 8, windowMs: 60_000 },
  loginPerEmail: { max: 3, windowMs: 60_000 },
  registerPerIp: { max: 2, windowMs: 60_000 },
  emailLinkPerIp: { max: 4, windowMs: 60_000 },
  emailLinkPerEmail: { max: 2, windowMs: 60_000 },
  codePerIp: { max: 2, windowMs: 60_000 },
};

export type Account = { id: number; type: 'match' | 'hire'; email: string; slug: string; token: string; cookie: string };
export type FormJson = {
  ok: boolean;
  redirect?: string;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};
export type Answer = {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
  cookies: string[];
  /** The JSON the form islands read (posts with `accept: application/json`). */
  json: FormJson;
  /** The form state the page was re-rendered with (posts without JavaScript), or null. */
  page: FormJson | null;
};
type Fields = Record<string, string | string[]>;
export type PostOptions = {
  as?: Account | null;
  cookie?: string;
  ip?: string;
  /** false: as a browser without JavaScript (the answer is a 303 or the page). */
  json?: boolean;
  multipart?: boolean;
  files?: Record<string, File>;
};

/** A small PNG picture, as a browser uploads it. */
export async function pngFile(name = 'foto.png', color = '#4a4'): Promise<File> {
  const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** The message of a key in a locale; fails when the table has none (the translator would show the key). */
export function msg(locale: Locale, key: MessageKey, params?: TranslateParams): string {
  const text = getT(locale)(key, params);
  if (text === key) throw new Error(`no ${locale} message for ${key}`);
  return text;
}

/** The Set-Cookie line for a cookie name, or undefined. */
export const setCookie = (a: Answer, name: string) => a.cookies.find((c) => c.startsWith(`${name}=`));
/** A Set-Cookie line's value. */
export const cookieValue = (line: string | undefined) =>
  line ? decodeURIComponent(line.split(';')[0]!.slice(line.indexOf('=') + 1)) : undefined;

/** A refusal because a limit is spent: 429, a Retry-After of whole seconds, no session started (the caller checks the message: each door words it). */
export function expectTooMany(a: Answer): { seconds: number; form: FormJson } {
  expect(a.status, a.text).toBe(429);
  const retry = a.headers.get('retry-after');
  expect(retry).toMatch(/^[1-9]\d*$/);
  const form = a.json.ok === undefined ? a.page : a.json;
  expect(form?.ok).toBe(false);
  expect(a.cookies.filter((c) => c.startsWith(`${config.AUTH_COOKIE_TOKEN}=`))).toEqual([]);
  return { seconds: Number(retry), form: form! };
}

/** A form refusal: its status, its fields (by name) and what the page keeps of what was typed. */
export function expectRefusal(
  a: Answer,
  status: number,
  expected: { message?: string; errors?: Record<string, string>; values?: Record<string, string> } = {},
) {
  expect(a.status, a.text).toBe(status);
  const form = a.json.ok === undefined ? a.page : a.json;
  expect(form, a.text).not.toBeNull();
  expect(form!.ok).toBe(false);
  if (expected.message !== undefined) expect(form!.message).toBe(expected.message);
  if (expected.errors !== undefined) expect(form!.errors).toEqual(expected.errors);
  if (expected.values !== undefined) expect(form!.values).toEqual(expected.values);
  // Nothing that was typed as a secret comes back, in the values or anywhere in the answer.
  for (const secret of [PASSWORD, 'otra-clave-9', 'nueva-clave-77']) expect(a.text).not.toContain(secret);
  return form!;
}

export type FormWorld = Awaited<ReturnType<typeof createFormWorld>>;

export async function createFormWorld(open: () => Promise<TestDb>) {
  const t = await open();
  const uploads = createDatabaseStore(t);
  await setFxRate(t, 'PEN', 3.75, '2026-11-01');
  const limiter = createRateLimiter(t);
  const email = createEmailService(t, { log: () => {} });
  const salaries = createSalaryService(t);
  // The services behind the actions; a test may swap one for a while (svc.hiring = ...).
  const svc = {
    auth: createAuthService(t, SECRET, { email, siteUrl: SITE, guard: createIdentityGuard(async () => limiter, TEST_LIMITS) }),
    profiles: createProfileService(t, createImageStore(uploads)),
    profileHistory: createProfileHistoryService(t, { store: uploads, limiter: async () => limiter }),
    hiring: createHiringService(t, { salaries: async () => salaries, limiter: async () => limiter }),
    applications: createApplicationService(t),
    screening: createScreeningService(t),
    savedOffers: createSavedOffersService(t),
    contributions: createContributions(t.db, { stats: salaries.stats, onNewReport: () => {} }),
    learning: createLearningService(t, { retakeDays: 30 }),
    meetings: testMeetingService(t, { email, limiter }),
    notifications: createNotificationService(t, {
      email: async () => email,
      secret: SECRET,
      siteUrl: SITE,
      brand: 'Tandem',
      log: () => {},
    }),
    messages: createMessagingService(t, { limiter: async () => limiter }),
    interviews: createInterviewService(t, { limiter: async () => limiter, brand: 'Tandem' }),
    alerts: testAlertService(t, { email, limiter }),
    operators: createOperatorService(t, { secret: SECRET, guard: createIdentityGuard(async () => limiter, TEST_LIMITS) }),
    team: undefined as unknown as TeamService,
    // Exports are built when a test calls runDue (never behind its back).
    dataExports: createDataExportService(t, {
      store: uploads,
      email: async () => email,
      limiter: async () => limiter,
      siteUrl: SITE,
      brand: 'Tandem',
      schedule: () => {},
      log: () => {},
    }),
  };
  // Team invitations sign up through the same identity service (and its limits).
  svc.team = createTeamService(t, {
    auth: async () => svc.auth,
    email: async () => email,
    limiter: async () => limiter,
    secret: SECRET,
    siteUrl: SITE,
    brand: 'Tandem',
  });
  // Accounts the tests start with are made without the limits.
  const setupAuth = createAuthService(t, SECRET, { email, siteUrl: SITE });
  const routes = createRegistry(
    areaDeps({
      auth: async () => svc.auth,
      profiles: async () => svc.profiles,
      profileHistory: async () => svc.profileHistory,
      hiring: async () => svc.hiring,
      applications: async () => svc.applications,
      screening: async () => svc.screening,
      savedOffers: async () => svc.savedOffers,
      contributions: async () => svc.contributions,
      jobs: async () => createJobSearchService(t),
      learning: async () => svc.learning,
      meetings: async () => svc.meetings,
      notifications: async () => svc.notifications,
      messages: async () => svc.messages,
      interviews: async () => svc.interviews,
      team: async () => svc.team,
      alerts: async () => svc.alerts,
      operators: async () => svc.operators,
      dataExports: async () => svc.dataExports,
      salaries: async () => salaries,
      signingKey: () => testSigningKey,
      config,
    }),
  );
  const loadUser = userLoaderOf(async () => svc.auth);
  // The page a failed post without JavaScript re-renders: it shows the form state it was given.
  const inner = async () => {
    const form = JSON.stringify(getRequestContext()?.form ?? null).replaceAll('<', '\\u003c');
    return new Response(`<main><script type="application/json" id="form-state">${form}</script></main>`, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };
  const mount = (r: RouteHandlers) =>
    createHttpApp({
      inner,
      config,
      prod: false,
      build: { id: 'actions', timestamp: 0 },
      routes: r,
      loadUser,
      trustProxy: config.TRUST_PROXY,
      uploads: () => uploads,
    }).app;
  const app = mount(routes);

  let seq = 0;
  const nextIp = () => {
    const n = ++seq;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const freshEmail = (who = 'persona') => `${who}-${++seq}-${randomBytes(3).toString('hex')}@example.com`;
  const sessionCookie = (token: string, type: 'match' | 'hire') =>
    `${config.AUTH_COOKIE_TOKEN}=${token}; ${config.AUTH_COOKIE_TYPE}=${type}`;

  /** A signed-in account, made directly through the service. */
  async function account(type: 'match' | 'hire', company = 'Acme'): Promise<Account> {
    const address = freshEmail(type === 'hire' ? 'empresa' : 'persona');
    const r = await setupAuth.register(
      type,
      { name: 'Ana', last_name: 'García', email: address, password: PASSWORD, company_name: company },
      { ip: 'setup' },
    );
    return {
      id: r.user.id,
      type,
      email: address,
      slug: r.user.profile_slug!,
      token: r.access_token,
      cookie: sessionCookie(r.access_token, type),
    };
  }

  /** A published offer of the company (state changed directly in the table when asked). */
  async function offer(
    owner: Account,
    status?: 'draft' | 'paused' | 'closed' | 'expired',
    title = 'Backend Go',
  ): Promise<{ id: number; slug: string }> {
    const parsed = parseOfferInput({ ...OFFER, title });
    if (!parsed.ok) throw new Error(`fixture offer invalid: ${JSON.stringify(parsed.errors)}`);
    const saved = await svc.hiring.save({ id: owner.id, type: 'hire' }, parsed.value, { publish: status !== 'draft' });
    if (status === 'paused' || status === 'closed') await t.db.updateTable('offers').set({ status }).where('id', '=', saved.id).execute();
    if (status === 'expired')
      await t.db
        .updateTable('offers')
        .set({ valid_through: new Date(Date.now() - 60_000) })
        .where('id', '=', saved.id)
        .execute();
    return { id: saved.id, slug: saved.slug };
  }

  async function send(on: Hono, method: 'GET' | 'POST', path: string, fields: Fields, o: PostOptions): Promise<Answer> {
    const headers: Record<string, string> = { origin: SITE, 'x-forwarded-for': o.ip ?? nextIp() };
    if (o.json !== false) headers.accept = 'application/json';
    const cookie = [o.as?.cookie, o.cookie].filter(Boolean).join('; ');
    if (cookie) headers.cookie = cookie;
    let body: BodyInit | undefined;
    if (method === 'POST' && (o.multipart || o.files)) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
      for (const [k, f] of Object.entries(o.files ?? {})) form.append(k, f);
      body = form;
    } else if (method === 'POST') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) q.append(k, x);
      body = q.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await on.request(path, { method, headers, body });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    const state = /<script type="application\/json" id="form-state">(.*?)<\/script>/s.exec(text)?.[1];
    return {
      status: res.status,
      headers: res.headers,
      text,
      location: res.headers.get('location'),
      cookies: res.headers.getSetCookie(),
      json: isJson ? (JSON.parse(text) as FormJson) : ({} as FormJson),
      page: state ? (JSON.parse(state) as FormJson | null) : null,
    };
  }

  return {
    t,
    svc,
    /** The secret tokens of this world are signed with (unsubscribe links). */
    secret: SECRET,
    setupAuth,
    account,
    offer,
    freshEmail,
    nextIp,
    uploads,
    post: (path: string, fields: Fields = {}, o: PostOptions = {}) => send(app, 'POST', path, fields, o),
    get: (path: string, o: PostOptions = {}) => send(app, 'GET', path, {}, { json: false, ...o }),
    /** Posts to the same app with some actions replaced (to show that a check catches a wrong answer). */
    withActions: (actions: Partial<Record<RouteId, FormHandler>>) => {
      const other = mount({ ...routes, ...actionRoutes(actions) });
      return (path: string, fields: Fields = {}, o: PostOptions = {}) => send(other, 'POST', path, fields, o);
    },
    /** The production action of a route. */
    action: (id: RouteId) => routes[id].action!,
    /** The cookie header a browser sends after an answer that signed it in. */
    sessionFrom: (a: Answer) =>
      a.cookies
        .map((c) => c.split(';')[0]!)
        .filter((c) => !c.endsWith('='))
        .join('; '),
    /** Whether a token still opens a session of that account type. */
    live: (token: string, type: 'match' | 'hire') =>
      svc.auth.me(type, token).then(
        () => true,
        () => false,
      ),
    cleanup: () => t.cleanup(),
  };
}
