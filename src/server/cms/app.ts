import 'server-only';
import { databaseDown, noteDatabaseUnavailable } from '../db/health';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { getT, type MessageKey } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { requestLog } from '../http/request-log';
import { guardJsonInput, MAX_JSON_DEPTH } from '../http/input-guard';
import { clientIp, type TrustProxy } from '../http/client-ip';
import { langOf, fieldErrors, statusOf } from '../http/respond';
import type { AuthService, PublicUser } from '../accounts/auth-service';
import { ServiceError, type ServiceErrorCode } from '../errors';
import {
  OAuthError,
  checkTokenAudience,
  fetchProfile,
  isProviderId,
  newState,
  openState,
  sameState,
  sealState,
  type ProviderConfig,
  type ProviderId,
} from '../accounts/oauth';
import { finishSignIn, startSignIn } from '../accounts/oidc';
import type { ServerConfig } from '../config';
import { sessionCookies } from '../accounts/session';
import { safeRedirect } from '../../domain/safe-redirect';
import { redirectLocal } from '../http/redirect';
import { href } from '../../routes';

// The content backend's identity endpoints under /cms, in the shape of Strapi v4 users-permissions
// (docs/api.md): {jwt, user} on success, {data: null, error: {status, name, message, details}} on failure.
// The identity service applies the shared sign-in, sign-up, email-link, code and provider limits itself.
type Deps = {
  auth: () => Promise<AuthService>;
  trustProxy?: TrustProxy;
  oauth?: OAuthDeps;
  /** Whether an account holds the operator role: its provider sign-in lands on the second step (decision 076). */
  operators?: () => Promise<{ isOperator(userId: number): Promise<boolean> }>;
};

/** Provider sign-in: the configured providers, the site's public URL, a secret to sign the state, the cookie settings. */
type OAuthDeps = {
  providers: Partial<Record<ProviderId, ProviderConfig>>;
  stateSecret: () => string;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

const STATE_COOKIE = 'tandem_oauth';
const STATE_TTL_MS = 10 * 60_000;

const ERROR_NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  409: 'ApplicationError',
  413: 'PayloadTooLargeError',
  422: 'ValidationError',
  429: 'RateLimitError',
  500: 'InternalServerError',
  503: 'ServiceUnavailableError',
};

function strapiError(
  c: Context,
  status: number,
  key: MessageKey,
  details: Record<string, unknown> = {},
  params?: Record<string, string | number>,
) {
  const message = getT(langOf(c))(key, params);
  return c.json({ data: null, error: { status, name: ERROR_NAMES[status] ?? 'ApplicationError', message, details } }, status as 400);
}

/** The API's statuses, except where Strapi answers 400 (bad input, bad credentials, a taken email). */
const SERVICE_STATUS: Record<ServiceErrorCode, [number, MessageKey]> = {
  ...statusOf,
  'invalid-input': [400, 'api.invalidInput'],
  'invalid-credentials': [400, 'api.invalidCredentials'],
  'email-taken': [400, 'api.emailTaken'],
};

/** Strapi's user object, with the product's own fields alongside. */
const strapiUser = (u: PublicUser) => ({
  ...u,
  username: `${u.name} ${u.last_name}`.trim(),
  confirmed: u.user_status === 'active',
  blocked: u.user_status === 'suspended',
  provider: 'local',
});

const loginBody = z.object({ identifier: z.string().trim().min(1).max(254), password: z.string().min(1).max(200) });
const registerBody = z.object({
  username: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254).pipe(z.email()),
  password: z.string().min(8).max(200),
  last_name: z.string().trim().max(100).optional(),
});

/**
 * The browser's provider callback when the address has used up its sign-ins: a 429 page (with
 * Retry-After) in the visitor's language that leads back to the sign-in page.
 */
function tooManyPage(c: Context, locale: Locale, seconds: number, redirect: string | null) {
  const t = getT(locale);
  const back = `${href('login', locale)}${redirect ? `?${new URLSearchParams({ redirect })}` : ''}`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  c.header('retry-after', String(seconds));
  return c.html(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="robots" content="noindex"><title>429</title></head><body><main><h1>429</h1>` +
      `<p>${esc(t('api.tooManyRequests', { seconds }))}</p><p><a href="${esc(back)}">${esc(t('auth.goToSignIn'))}</a></p></main></body></html>`,
    429,
  );
}

export function createCmsApp({ auth, trustProxy = null, oauth, operators }: Deps) {
  const isOperator = async (userId: number) => (operators ? (await operators()).isOperator(userId) : false);
  const cms = new Hono();
  const meta = (c: Context) => ({ ip: clientIp(c, trustProxy) });
  cms.use(requestLog('cms'));
  // The database is known to be down (health.ts): answer at once instead of waiting for it.
  cms.use(async (c, next) => {
    if (!databaseDown()) return next();
    c.header('retry-after', String(RETRY_AFTER_SECONDS));
    return strapiError(c, 503, 'api.unavailable');
  });
  cms.use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => strapiError(c, 413, 'api.tooLarge') }));
  cms.use(
    guardJsonInput({
      tooDeep: (c) => strapiError(c, 400, 'api.tooDeep', {}, { max: MAX_JSON_DEPTH }),
      nul: (c, fields) =>
        strapiError(c, 422, 'api.invalidInput', {
          errors: Object.fromEntries(fields.map((f) => [f, getT(langOf(c))('forms.error.invalidChars')])),
        }),
    }),
  );
  cms.onError((err, c) => {
    if (isDatabaseUnavailable(err)) {
      noteDatabaseUnavailable(err);
      console.error(`[db] ${c.req.method} ${c.req.path}: database unavailable; answered 503`);
      c.header('retry-after', String(RETRY_AFTER_SECONDS));
      return strapiError(c, 503, 'api.unavailable');
    }
    if (err instanceof ServiceError) {
      const [status, key] = SERVICE_STATUS[err.code];
      if (err.retryAfterSeconds !== undefined) {
        c.header('retry-after', String(err.retryAfterSeconds));
        return strapiError(c, status, key, {}, { seconds: err.retryAfterSeconds });
      }
      const t = getT(langOf(c));
      const fields = Object.entries(err.fields);
      // A single field error is the message itself (e.g. an expired reset link); all go in details.
      const errors = Object.fromEntries(fields.map(([f, m]) => [f, t(m.key, m.params)]));
      return fields.length
        ? strapiError(c, status, fields.length === 1 ? fields[0]![1].key : key, { errors })
        : strapiError(c, status, key);
    }
    console.error('[cms] unexpected error', err);
    return strapiError(c, 500, 'api.serverError');
  });

  const body = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S> | Response> => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return strapiError(c, 400, 'api.invalidJson');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return strapiError(c, 400, 'api.invalidInput', { errors: fieldErrors(c, parsed.error) });
    return parsed.data;
  };

  const methodNotAllowed = (allow: string) => (c: Context) => {
    c.header('allow', allow);
    return strapiError(c, 405, 'api.methodNotAllowed');
  };

  cms.post('/auth/local', async (c) => {
    const b = await body(c, loginBody);
    if (b instanceof Response) return b;
    const { access_token, user } = await (await auth()).loginAnyType(b.identifier, b.password, meta(c));
    return c.json({ jwt: access_token, user: strapiUser(user) });
  });
  cms.all('/auth/local', methodNotAllowed('POST'));

  cms.post('/auth/local/register', async (c) => {
    const b = await body(c, registerBody);
    if (b instanceof Response) return b;
    const { access_token, user } = await (
      await auth()
    ).register(
      'match',
      {
        name: b.username,
        last_name: b.last_name ?? '',
        email: b.email,
        password: b.password,
        locale: langOf(c),
      },
      meta(c),
    );
    return c.json({ jwt: access_token, user: strapiUser(user) });
  });
  cms.all('/auth/local/register', methodNotAllowed('POST'));

  const forgotBody = z.object({ email: z.string().trim().max(254).pipe(z.email()) });
  const newPassword = z.string().min(8).max(200);
  const resetBody = z
    .object({ code: z.string().min(16).max(256), password: newPassword, passwordConfirmation: z.string().max(200) })
    .refine((b) => b.password === b.passwordConfirmation, { path: ['passwordConfirmation'], message: 'mismatch' });
  const changeBody = z
    .object({ currentPassword: z.string().min(1).max(200), password: newPassword, passwordConfirmation: z.string().max(200) })
    .refine((b) => b.password === b.passwordConfirmation, { path: ['passwordConfirmation'], message: 'mismatch' });
  const bearerOf = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? null;

  // Always 200: whether an account exists is not for the caller to learn.
  cms.post('/auth/forgot-password', async (c) => {
    const b = await body(c, forgotBody);
    if (b instanceof Response) return b;
    await (await auth()).forgotPassword(b.email, langOf(c), meta(c));
    return c.json({ ok: true });
  });
  cms.all('/auth/forgot-password', methodNotAllowed('POST'));

  cms.post('/auth/reset-password', async (c) => {
    const b = await body(c, resetBody);
    if (b instanceof Response) return b;
    const { access_token, user } = await (await auth()).resetPassword(b.code, b.password, meta(c));
    return c.json({ jwt: access_token, user: strapiUser(user) });
  });
  cms.all('/auth/reset-password', methodNotAllowed('POST'));

  cms.post('/auth/change-password', async (c) => {
    const token = bearerOf(c);
    if (!token) return strapiError(c, 401, 'api.unauthorized');
    const b = await body(c, changeBody);
    if (b instanceof Response) return b;
    const { access_token, user } = await (await auth()).changePassword(token, b.currentPassword, b.password, meta(c));
    return c.json({ jwt: access_token, user: strapiUser(user) });
  });
  cms.all('/auth/change-password', methodNotAllowed('POST'));

  cms.post('/auth/send-email-confirmation', async (c) => {
    const b = await body(c, forgotBody);
    if (b instanceof Response) return b;
    await (await auth()).sendEmailConfirmation(b.email, langOf(c), meta(c));
    return c.json({ email: b.email, sent: true });
  });
  cms.all('/auth/send-email-confirmation', methodNotAllowed('POST'));

  cms.get('/auth/email-confirmation', async (c) => {
    const parsed = z.string().min(16).max(256).safeParse(c.req.query('confirmation'));
    if (!parsed.success) return strapiError(c, 400, 'api.invalidCode');
    const user = await (await auth()).confirmEmail(parsed.data, meta(c));
    return c.json({ user: strapiUser(user) });
  });
  cms.all('/auth/email-confirmation', methodNotAllowed('GET, HEAD'));

  // --- Provider sign-in (OAuth 2 authorization code). The browser flow ends in this server: the callback
  // trades the code, signs the user in with the session cookies and returns to the site; the provider's
  // token never reaches a URL. API clients holding a provider token use /auth/{provider}/callback.
  const providerOf = (c: Context): ProviderConfig | null => {
    const id = c.req.param('provider') ?? '';
    return isProviderId(id) ? (oauth?.providers[id] ?? null) : null;
  };
  const unavailable = (c: Context) =>
    strapiError(c, 404, 'api.providerUnavailable', {}, { provider: (c.req.param('provider') ?? '').slice(0, 40) });
  const callbackUri = (p: ProviderConfig) => `${oauth!.config.SITE_URL}/cms/connect/${p.id}/callback`;
  const secureCookie = () => oauth!.config.SITE_URL.startsWith('https://');

  cms.get('/connect/:provider', async (c) => {
    const p = providerOf(c);
    if (!p) return unavailable(c);
    const locale = c.req.query('lang') === 'en' || (!c.req.query('lang') && langOf(c) === 'en') ? 'en' : 'es';
    const state = newState();
    let start: Awaited<ReturnType<typeof startSignIn>>;
    try {
      start = await startSignIn(p, callbackUri(p), state);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      console.warn(`[cms] ${p.id} sign-in could not start: ${err.message}`);
      const back = safeRedirect(c.req.query('redirect'), oauth!.config.SITE_URL);
      return redirectLocal(
        c,
        `${href('login', locale)}?${new URLSearchParams({ error: 'oauth-failed', ...(back ? { redirect: back } : {}) })}`,
        303,
      );
    }
    const sealed = await sealState(
      {
        state,
        provider: p.id,
        redirect: safeRedirect(c.req.query('redirect'), oauth!.config.SITE_URL),
        locale,
        exp: Date.now() + STATE_TTL_MS,
        ...start.secrets,
      },
      oauth!.stateSecret(),
    );
    setCookie(c, STATE_COOKIE, sealed, {
      path: '/cms/connect',
      httpOnly: true,
      sameSite: 'Lax',
      secure: secureCookie(),
      maxAge: STATE_TTL_MS / 1000,
    });
    c.header('cache-control', 'no-store');
    // The one redirect to another site: the provider's own authorisation page, from its configuration.
    // eslint-disable-next-line no-restricted-syntax
    return c.redirect(start.url, 302);
  });
  cms.all('/connect/:provider', methodNotAllowed('GET, HEAD'));

  cms.get('/connect/:provider/callback', async (c) => {
    const p = providerOf(c);
    if (!p) return unavailable(c);
    const st = await openState(getCookie(c, STATE_COOKIE), oauth!.stateSecret());
    deleteCookie(c, STATE_COOKIE, { path: '/cms/connect', secure: secureCookie() });
    c.header('cache-control', 'no-store');
    const locale = st?.locale ?? 'es';
    // Failures go back to the sign-in page, which explains them in the visitor's language.
    const fail = (reason: 'cancelled' | 'failed' | 'no-email', detail: string) => {
      console.warn(`[cms] ${p.id} sign-in ${reason}: ${detail}`);
      const q = new URLSearchParams({ error: `oauth-${reason}` });
      if (st?.redirect) q.set('redirect', st.redirect);
      return redirectLocal(c, `${href('login', locale)}?${q}`, 303);
    };
    const given = c.req.query('state') ?? '';
    if (!st || st.provider !== p.id || !sameState(st.state, given)) return fail('failed', 'state missing, expired or not matching');
    if (c.req.query('error')) return fail('cancelled', String(c.req.query('error')).slice(0, 60));
    const code = c.req.query('code') ?? '';
    if (!code || code.length > 1024) return fail('failed', 'no code');
    try {
      const loadProfile = () => finishSignIn(p, code, callbackUri(p), st);
      const { access_token, user } = await (await auth()).signInWithProvider(p.id, loadProfile, meta(c));
      for (const v of sessionCookies(oauth!.config, access_token, user.account_type)) c.header('set-cookie', v, { append: true });
      // An operator's provider sign-in is their first step, like the password (decision 070): the second
      // step comes next, whatever the redirect asked; the session is an ordinary one until then.
      if (await isOperator(user.id)) return redirectLocal(c, href('operatorVerify', locale), 303);
      const landing = user.account_type === 'hire' ? href('hireSite', locale) : href('matchPlatform', locale);
      // Checked again on the way out: the browser follows this right after the session cookies are set.
      return redirectLocal(c, safeRedirect(st.redirect, oauth!.config.SITE_URL) ?? landing, 303);
    } catch (err) {
      if (err instanceof OAuthError) return fail('failed', err.message);
      if (err instanceof ServiceError && err.code === 'rate-limited')
        return tooManyPage(c, locale, err.retryAfterSeconds ?? 60, st.redirect);
      if (err instanceof ServiceError && err.fields.email?.key === 'api.oauthNoVerifiedEmail') return fail('no-email', 'no verified email');
      if (err instanceof ServiceError) return fail('failed', err.code);
      throw err;
    }
  });
  cms.all('/connect/:provider/callback', methodNotAllowed('GET, HEAD'));

  cms.get('/auth/:provider/callback', async (c) => {
    const p = providerOf(c);
    if (!p) return unavailable(c);
    const token = z.string().min(1).max(4096).safeParse(c.req.query('access_token'));
    if (!token.success) return strapiError(c, 400, 'api.invalidInput', { errors: { access_token: getT(langOf(c))('api.field.required') } });
    try {
      const loadProfile = async () => {
        await checkTokenAudience(p, token.data);
        return fetchProfile(p, token.data);
      };
      const { access_token, user } = await (await auth()).signInWithProvider(p.id, loadProfile, meta(c));
      return c.json({ jwt: access_token, user: strapiUser(user) });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      console.warn(`[cms] ${p.id} token refused: ${err.message}`);
      return strapiError(c, 401, 'api.oauthFailed');
    }
  });
  cms.all('/auth/:provider/callback', methodNotAllowed('GET, HEAD'));

  cms.get('/users/me', async (c) => {
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const user = await (await auth()).me(null, m ? m[1]! : null);
    c.header('cache-control', 'private, no-store');
    return c.json(strapiUser(user));
  });
  cms.all('/users/me', methodNotAllowed('GET, HEAD'));

  // As for /api: the last route answers unknown paths in JSON (a mounted app's notFound is not consulted).
  cms.all('*', (c) => strapiError(c, 404, 'api.notFound'));
  cms.notFound((c) => strapiError(c, 404, 'api.notFound'));
  return cms;
}
