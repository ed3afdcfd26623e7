import 'server-only';
import { databaseDown, noteDatabaseUnavailable } from '../db/health';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ServiceError } from '../errors';
import type { AuthService } from '../accounts/auth-service';
import { parseCookie, stringifySetCookie } from 'cookie';
import { utmFromCookies } from '../http/utm';
import { isCrossSite } from '../http/forms';
import { clientIp, type TrustProxy } from '../http/client-ip';
import { requestLog } from '../http/request-log';
import { guardJsonInput, MAX_JSON_DEPTH } from '../http/input-guard';
import { idempotency } from '../http/idempotency';
import { addressGroup } from '../limits/rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { getT } from '../../i18n/translate';
import { fail, failService, fieldErrors, langOf, ok } from '../http/respond';
import { registerHireRoutes } from './hire-routes';
import type { HiringService } from '../offers/hiring-service';
import { registerMessagesRoutes } from './messages-routes';
import { registerApplicantsCsvRoute } from './applicants-csv-routes';
import type { ApplicantsCsv } from '../offers/applicants-csv';
import type { MessagingService } from '../messages/messaging-service';

// The product API under /api (docs/api.md): thin adapters that validate input, call a service and answer in
// the shared shape. Every handler's input is checked by a schema; nothing reaches SQL unvalidated.
const email = z.string().trim().min(1).max(254).pipe(z.email());
const utm = z.string().trim().max(200).optional();
const loginBody = z.object({ email, password: z.string().min(1).max(200) });
const registerBody = z.object({
  name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100).default(''),
  email,
  password: z.string().min(8).max(200),
  origin: z.enum(['regular', 'public-offer', 'calculator', 'free-course']).optional(),
  utm_id: utm,
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
});
const hireRegisterBody = registerBody.extend({ company_name: z.string().trim().min(2).max(160) });

const CLIENT_IP_COOKIE = 'tandem_client_ip';

type Deps = {
  /** The identity service; it applies the sign-in and sign-up limits (rate-limit.ts) itself. */
  auth: () => Promise<AuthService>;
  /** Which reverse proxies' X-Forwarded-For entries to believe for the client address (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** The site's origin for the session cookie's same-site check (siteOriginOf); null compares with Host. */
  siteOrigin?: string | null;
  /** The company side (offers, applicants, candidates); without it those routes answer 404. */
  hiring?: () => Promise<HiringService>;
  /** Conversations and invitations; without it those routes answer 404. */
  messages?: () => Promise<MessagingService>;
  /** Name of the web session's token cookie, accepted in place of the bearer header from same-site pages. */
  sessionCookie?: string;
  /** An offer's applicants as CSV (decision 049); without it the route is not mounted. */
  applicantsCsv?: () => Promise<ApplicantsCsv>;
  /** The database, for Idempotency-Key (idempotency.ts); without it the header is ignored. */
  database?: () => Promise<Kysely<DB>>;
};

async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/**
 * The caller's token: the Authorization bearer, else (for the web app's own scripts, which never see the
 * token) the HttpOnly session cookie, accepted only from this site's pages.
 */
const tokenOf = (c: Context, cookieName: string | undefined, siteOrigin: string | null): string | null => {
  const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (m) return m[1]!;
  if (!cookieName || isCrossSite(c, siteOrigin)) return null;
  return parseCookie(c.req.header('cookie') ?? '')[cookieName] ?? null;
};

export function createApiApp({
  auth,
  trustProxy = null,
  siteOrigin = null,
  sessionCookie,
  hiring,
  messages,
  applicantsCsv,
  database,
}: Deps) {
  const api = new Hono();
  const meta = (c: Context) => ({ ip: clientIp(c, trustProxy) });

  api.use(requestLog('api'));
  // The database is known to be down (health.ts): answer at once instead of waiting for it.
  api.use(async (c, next) => {
    if (!databaseDown()) return next();
    c.header('retry-after', String(RETRY_AFTER_SECONDS));
    return fail(c, 503, 'api.unavailable');
  });
  api.use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => fail(c, 413, 'api.tooLarge') }));
  api.use(
    guardJsonInput({
      tooDeep: (c) => fail(c, 400, 'api.tooDeep', undefined, { max: MAX_JSON_DEPTH }),
      nul: (c, fields) =>
        fail(c, 422, 'api.invalidInput', Object.fromEntries(fields.map((f) => [f, getT(langOf(c))('forms.error.invalidChars')]))),
    }),
  );

  // A retried write gets its first answer (idempotency.ts). Not sign-in or sign-up: their answers carry a
  // session token, which is not kept, and retrying them is harmless (a new token; "email taken").
  if (database) {
    api.use(
      idempotency({
        db: database,
        skip: (path) => /\/auth\/login$|\/register$/.test(path),
        scopeOf: (c) => {
          const token = tokenOf(c, sessionCookie, siteOrigin);
          return token ? `token:${token}` : `ip:${addressGroup(meta(c).ip)}`;
        },
        refuse: (c, status) =>
          fail(
            c,
            status,
            status === 400 ? 'api.idempotencyKeyInvalid' : status === 409 ? 'api.idempotencyInProgress' : 'api.idempotencyKeyReused',
          ),
      }),
    );
  }

  api.onError((err, c) => {
    if (err instanceof ServiceError) return failService(c, err);
    if (isDatabaseUnavailable(err)) {
      noteDatabaseUnavailable(err);
      console.error(`[db] ${c.req.method} ${c.req.path}: database unavailable; answered 503`);
      c.header('retry-after', String(RETRY_AFTER_SECONDS));
      return fail(c, 503, 'api.unavailable');
    }
    console.error('[api] unexpected error', err);
    return fail(c, 500, 'api.serverError');
  });

  const typeOf = (c: Context) => {
    const t = c.req.param('type');
    return t === 'match' || t === 'hire' ? t : null;
  };

  const withBody = async <S extends z.ZodType>(c: Context, schema: S, fn: (v: z.infer<S>) => Promise<Response>) => {
    const body = await readJson(c);
    if (!body.ok) return fail(c, 400, 'api.invalidJson');
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) return fail(c, 422, 'api.invalidInput', fieldErrors(c, parsed.error));
    return fn(parsed.data);
  };

  const only = (allow: string) => (c: Context) => {
    c.header('allow', allow);
    return fail(c, 405, 'api.methodNotAllowed');
  };

  api.post('/v3/:type/auth/login', async (c) => {
    const type = typeOf(c);
    if (!type) return fail(c, 404, 'api.notFound');
    return withBody(c, loginBody, async (b) => {
      const { access_token } = await (await auth()).login(type, b.email, b.password, meta(c));
      return ok(c, { access_token });
    });
  });
  api.all('/v3/:type/auth/login', only('POST'));

  // Ends the bearer's session on the server: the token answers 401 everywhere afterwards.
  api.post('/v3/:type/auth/logout', async (c) => {
    if (!typeOf(c)) return fail(c, 404, 'api.notFound');
    const token = tokenOf(c, sessionCookie, siteOrigin);
    if (!token) return fail(c, 401, 'api.unauthorized');
    await (await auth()).logout(token);
    c.header('cache-control', 'private, no-store');
    return ok(c, { signed_out: true });
  });
  api.all('/v3/:type/auth/logout', only('POST'));

  api.post('/v3/:type/register', async (c) => {
    const type = typeOf(c);
    if (!type) return fail(c, 404, 'api.notFound');
    return withBody(c, type === 'hire' ? hireRegisterBody : registerBody, async (b) => {
      const { utm_id, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ...rest } = b as z.infer<typeof hireRegisterBody>;
      const utmFields = Object.fromEntries(
        Object.entries({ utm_id, utm_source, utm_medium, utm_campaign, utm_term, utm_content }).filter(([, v]) => v),
      );
      const result = await (await auth()).register(type, { ...rest, utm: utmFields, locale: langOf(c) }, meta(c));
      return ok(c, result, 201);
    });
  });
  api.all('/v3/:type/register', only('POST'));

  api.get('/v3/:type/auth/me', async (c) => {
    const type = typeOf(c);
    if (!type) return fail(c, 404, 'api.notFound');
    const user = await (await auth()).me(type, tokenOf(c, sessionCookie, siteOrigin));
    c.header('cache-control', 'private, no-store');
    return ok(c, user);
  });
  api.all('/v3/:type/auth/me', only('GET, HEAD'));

  // The visitor's address as this server sees it (proxy-aware through TRUST_PROXY) and the visit's campaign,
  // for the analytics context once the visitor has consented. The client-IP cookie of docs/product-rules.md, set from the
  // connection instead of an outside lookup service; readable by scripts, kept a day.
  api.get('/visitor', (c) => {
    const ip = clientIp(c, trustProxy);
    c.header('cache-control', 'private, no-store');
    c.header(
      'set-cookie',
      stringifySetCookie({
        name: CLIENT_IP_COOKIE,
        value: ip,
        maxAge: 86_400,
        path: '/',
        sameSite: 'lax',
        secure: !!siteOrigin?.startsWith('https://'),
      }),
    );
    return ok(c, { ip, utm: utmFromCookies(c.req.header('cookie')) });
  });
  api.all('/visitor', only('GET, HEAD'));

  if (hiring) registerHireRoutes(api, { auth, hiring, tokenOf: (c) => tokenOf(c, sessionCookie, siteOrigin), readJson });
  if (messages) registerMessagesRoutes(api, { auth, messages, tokenOf: (c) => tokenOf(c, sessionCookie, siteOrigin), readJson });
  if (applicantsCsv) registerApplicantsCsvRoute(api, { auth, applicantsCsv, tokenOf: (c) => tokenOf(c, sessionCookie, siteOrigin) });

  // Mounted with app.route('/api'), a sub-app's notFound is not consulted: the last route answers any path
  // nothing above matched, so /api never falls through to the HTML 404 page.
  api.all('*', (c) => fail(c, 404, 'api.notFound'));
  api.notFound((c) => fail(c, 404, 'api.notFound'));
  return api;
}
