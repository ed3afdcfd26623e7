import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { href, routeDef, routeIds, isSharedPage, type RouteId } from '../../routes';
import { locales, type Locale } from '../../i18n/locales';
import { parseConfig } from '../config';
import { getRequestContext, OFFER_DRAFT_COOKIE } from '../request-context';
import { CONSENT_COOKIE } from '../../domain/consent';
import { ANONYMOUS_ID_COOKIE, newAnonymousId } from './anonymous-id';
import type { UserLoader } from '../accounts/session';
import { createHttpApp } from './app';

// Decision 063: every page of the route table, walked as an anonymous visitor, a signed-in candidate and a
// signed-in company, is either private (never stored by a shared cache) or, when public, the same bytes and
// cache headers for all three, so a CDN keying by URL alone cannot hand one visitor's page to another. The
// page stands in for Waku's render (React's server build does not run under Vitest): it prints everything
// the request context lets a render see of the visitor (session, user, token, offer draft, anonymous id,
// country) and the nonce, so any session that reaches a public response changes its bytes.
const config = parseConfig({ PAGE_CACHE_TTL_MS: '60000' });
const user = (id: number, name: string) => ({
  id,
  name,
  last_name: 'Demo',
  email: `${name.toLowerCase()}@demo.tandem.example`,
  profile_picture_path: null,
  profile_slug: name.toLowerCase(),
  user_status: 'active',
});
const loadUser: UserLoader = async (token, type) =>
  token === 'candidate-token' && type === 'match'
    ? user(7, 'Ana')
    : token === 'company-token' && type === 'hire'
      ? user(9, 'Andes')
      : 'invalid';

// Every visitor has been here before (a language, an anonymous id, consent); only the session differs.
const COMMON = `${ANONYMOUS_ID_COOKIE}=${newAnonymousId()}; ${CONSENT_COOKIE}=accept`;
const VISITORS = {
  anonymous: COMMON,
  candidate: `${COMMON}; tandem_token=candidate-token; tandem_type=match; tandem_signed_in=match; ${OFFER_DRAFT_COOKIE}=draft`,
  company: `${COMMON}; tandem_token=company-token; tandem_type=hire; tandem_signed_in=hire; ${OFFER_DRAFT_COOKIE}=draft`,
} as const;
type Visitor = keyof typeof VISITORS;

function setup() {
  const inner = async () => {
    const ctx = getRequestContext()!;
    const body = [
      `nonce=${ctx.nonce}`,
      `session=${ctx.session?.type ?? 'none'}:${ctx.session?.user?.name ?? ''}`,
      `shared=${String(ctx.shared)}`,
      `token=${ctx.token ?? ''}`,
      `draft=${ctx.offerDraft ?? ''}`,
      `anon=${ctx.anonymousId ?? ''}`,
      `country=${ctx.country ?? ''}`,
    ].join(' ');
    return new Response(`<!doctype html><p>${body}</p>${'.'.repeat(600)}`, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
  return createHttpApp({ inner, config, prod: true, build: { id: 'b', timestamp: 0 }, staticRoot: '/nonexistent', loadUser }).app;
}

/** Each route's page in each language, with the route table's sample parameters, and its RSC payload. */
const pages: { id: RouteId; locale: Locale; path: string }[] = routeIds.flatMap((id) =>
  locales.flatMap((locale) => {
    const path = href(id, locale, routeDef(id).sample);
    const rsc = `/RSC/R${path === '/' ? '/_root' : path}.txt`;
    return [
      { id, locale, path },
      { id, locale, path: rsc },
    ];
  }),
);

type Seen = { status: number; cacheControl: string; vary: string; etag: string; body: string; setCookie: string[] };
const isPrivate = (cc: string) => /(^|,\s*)private(\s*,|$)/.test(cc) && /no-store|max-age=0/.test(cc);

async function walk(order: Visitor[]) {
  const app = setup();
  const seen = new Map<string, Partial<Record<Visitor, Seen>>>();
  for (const { path } of pages)
    for (const visitor of order) {
      const res = await app.request(path, { headers: { cookie: VISITORS[visitor], 'accept-language': 'es', 'accept-encoding': 'gzip' } });
      const entry = seen.get(path) ?? {};
      entry[visitor] = {
        status: res.status,
        cacheControl: res.headers.get('cache-control') ?? '',
        vary: res.headers.get('vary') ?? '',
        etag: res.headers.get('etag') ?? '',
        body: Buffer.from(await res.arrayBuffer()).toString('base64'),
        setCookie: res.headers.getSetCookie(),
      };
      seen.set(path, entry);
    }
  return seen;
}

function check(seen: Map<string, Partial<Record<Visitor, Seen>>>) {
  const publicPaths: string[] = [];
  for (const [path, byVisitor] of seen) {
    const answers = Object.entries(byVisitor) as [Visitor, Seen][];
    const publicOnes = answers.filter(([, s]) => !isPrivate(s.cacheControl));
    if (!publicOnes.length) continue;
    // A public answer: every visitor gets it, byte for byte, with the same cache headers and no cookie.
    publicPaths.push(path);
    const [, first] = answers[0]!;
    for (const [visitor, s] of answers) {
      expect(s.cacheControl, `${path} as ${visitor}`).toMatch(/^public, s-maxage=\d+/);
      expect(s.setCookie, `${path} as ${visitor}`).toEqual([]);
      expect({ status: s.status, cacheControl: s.cacheControl, vary: s.vary, etag: s.etag }, `${path} as ${visitor}`).toEqual({
        status: first.status,
        cacheControl: first.cacheControl,
        vary: first.vary,
        etag: first.etag,
      });
      expect(s.body === first.body, `${path}: the body ${visitor} got differs`).toBe(true);
    }
  }
  return publicPaths;
}

describe('every page is the same for everyone or private', () => {
  it.each([
    ['anonymous first', ['anonymous', 'candidate', 'company']],
    ['signed in first', ['company', 'candidate', 'anonymous']],
  ] as [string, Visitor[]][])(
    'walks the route table (%s)',
    async (_, order) => {
      const publicPaths = check(await walk(order));
      // The shared routes are the public ones, and no others (in both languages, HTML and RSC).
      const shared = pages.filter((p) => isSharedPage(p.id)).map((p) => p.path);
      expect(new Set(publicPaths)).toEqual(new Set(shared));
    },
    60_000,
  );

  it('sends Vary: Cookie only where the cookie decides (the language of "/"), Accept-Encoding on the rest', async () => {
    const seen = await walk(['anonymous']);
    for (const [path, { anonymous }] of seen) {
      if (isPrivate(anonymous!.cacheControl)) continue;
      const vary = anonymous!.vary.split(/,\s*/).sort();
      expect(vary, path).toEqual(path === '/' ? ['Accept-Encoding', 'Accept-Language', 'Cookie'] : ['Accept-Encoding']);
    }
  }, 60_000);

  it('answers the pages that depend on the session privately to anonymous visitors too', async () => {
    const app = setup();
    for (const path of ['/freecourse', '/hire/crear-oferta', '/ingresar', '/match/plataforma', '/hire/landing']) {
      for (let i = 0; i < 2; i++) {
        const res = await app.request(path);
        expect(res.headers.get('cache-control'), path).toBe('private, no-store');
        expect(res.headers.get('x-cache'), path).not.toBe('HIT');
      }
    }
  });
});

describe('the API', () => {
  it('answers privately unless an answer names its own policy', async () => {
    const api = new Hono();
    api.get('/v3/me', (c) => c.json({ who: 'whoever the token says' }));
    api.get('/v3/catalog', (c) => c.json({}, 200, { 'cache-control': 'public, max-age=60' }));
    const { app } = createHttpApp({
      inner: () => new Response(''),
      api,
      config,
      prod: true,
      build: { id: 'b', timestamp: 0 },
      staticRoot: '/nonexistent',
    });
    expect((await app.request('/api/v3/me')).headers.get('cache-control')).toBe('private, no-store');
    expect((await app.request('/api/v3/catalog')).headers.get('cache-control')).toBe('public, max-age=60');
  });
});
