import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCookie, stringifySetCookie } from 'cookie';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLocale } from '../../i18n/locales';
import { negotiateLocale } from '../../i18n/negotiate';
import { messagesOf } from '../../i18n/translate';
import { trailingSlashRedirect } from './trailing-slash';
import { isValidRoute, matchRoute, type RouteId, type RouteMatch } from '../../routes';
import { pagePathFromPathname } from './page-path';
import { registerSessionApi } from './session-api';
import type { Viewer } from '../viewer';
import type { ServerConfig } from '../config';
import { buildRobots, buildSitemap, type DataParams } from '../seo/sitemap';
import { PageCache } from './page-cache';
import { createPageRenderer, isBackendPath, isRscPath, PRIVATE, type InnerFetch, type RequestState } from './render-page';
import { securityHeaders } from './security-headers';
import { integrationOrigins } from '../public-config';
import { handleConsent } from './consent';
import { bodyLimit } from 'hono/body-limit';
import { resolveSession, type ResolvedSession, type UserLoader } from '../web-session';
import { handleFormPost, siteOriginOf, type FormHandler } from './forms';
import type { TrustProxy } from './client-ip';

export type RouteHandlers = Partial<Record<RouteId, { action?: FormHandler; get?: RouteGet; viewer?: RouteViewer }>>;

/** What a shared page shows only to the signed-in visitor (an application's status on an offer), as JSON for
 * the page's island: null when there is nothing to show. */
export type RouteViewer = (input: { match: RouteMatch; viewer: NonNullable<Viewer> }) => Promise<object | null>;

/** A route's own answer to a GET before its page renders (a redirect, another format), or null for the page. */
export type RouteGet = (input: { match: RouteMatch; url: URL; rsc: boolean; request: Request }) => Promise<Response | null>;

export type HttpAppOptions = {
  inner: InnerFetch;
  /** The product API, mounted at /api. */
  api?: Hono;
  /** The public keys that verify certificates, served as a JWKS at /.well-known/jwks.json. */
  publicKeys?: () => { keys: object[] };
  /** The embedded feature-flag service (GrowthBook's SDK protocol), mounted at /flags. */
  flags?: Hono;
  /** The content backend's identity endpoints, mounted at /cms. */
  cms?: Hono;
  /** Readiness: true when the app's dependencies (the database) answer. */
  isReady?: () => Promise<boolean>;
  config: ServerConfig;
  prod: boolean;
  build: { id: string; timestamp: number };
  staticRoot?: string;
  /** Loads the signed-in user behind the session cookies (once per page request). */
  loadUser?: UserLoader;
  /**
   * Each route's form action (pages' forms post to the page's own URL and work without JavaScript) and its
   * own GET answer before the page (the job search's canonical redirect and feed, sign-out): the registry.
   */
  routes?: RouteHandlers;
  /** Which reverse proxies' X-Forwarded-For entries to believe for the client address (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** Where uploaded pictures live (served under /uploads). */
  uploadsDir?: string;
  /** Parameter sets of the data-driven pages to list in the sitemap. */
  sitemapData?: () => Promise<DataParams>;
  /** Changes whenever a write changed what public pages show: the page cache forgets everything then. */
  contentVersion?: () => number | Promise<number>;
};

/**
 * The outer HTTP layer, wrapped around Waku's handler so that it sees every request, prerendered files
 * included (WAKU.md §4): redirects, locale negotiation, security headers, compression, caching.
 */
export function createHttpApp({
  inner,
  api,
  cms,
  isReady,
  config,
  prod,
  build,
  staticRoot = 'dist/public',
  loadUser,
  routes = {},
  publicKeys,
  flags,
  trustProxy = null,
  uploadsDir,
  sitemapData,
  contentVersion,
}: HttpAppOptions) {
  const app = new Hono();
  const cache = new PageCache(prod ? config.PAGE_CACHE_TTL_MS : 0);
  const connectSrc = integrationOrigins(config);
  const hsts = config.SITE_URL.startsWith('https://');
  const siteOrigin = siteOriginOf(config);
  const baseHeaders = securityHeaders({ connectSrc, dev: !prod, hsts });
  // What a request carries, read once however many steps ask: its cookies and the session behind them
  // (a failed form post re-renders its page with the session its action already loaded).
  const states = new WeakMap<Request, RequestState>();
  const stateOf = (c: Context): RequestState => {
    let s = states.get(c.req.raw);
    if (!s) {
      const jar = parseCookie(c.req.header('cookie') ?? '');
      let loaded: Promise<ResolvedSession> | undefined;
      s = { jar, session: () => (loaded ??= resolveSession(jar, config, loadUser)) };
      states.set(c.req.raw, s);
    }
    return s;
  };

  const renderPage = createPageRenderer({ inner, config, prod, cache, stateOf, trustProxy, connectSrc, hsts, contentVersion });

  app.onError((err, c) => {
    console.error('[http] unhandled error', err);
    return c.text('Internal Server Error', 500);
  });

  // Baseline security headers on every response that did not set its own policy.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.has('content-security-policy')) return;
    const headers = new Headers(c.res.headers);
    for (const [k, v] of baseHeaders) headers.set(k, v);
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  });

  // Trailing slash: 301 without it, query kept; not for '/', file-like paths or framework paths.
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    if (!isRscPath(url.pathname)) {
      const target = trailingSlashRedirect(url.pathname, url.search);
      if (target) return c.redirect(target, 301);
    }
    return next();
  });

  // A NUL byte in a page's query (?q=%00) would reach the database: the same URL without it, once (301).
  // The client router's RSC requests carry the page's query nested in `query` (?query=q%3D%2500): that too.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const url = new URL(c.req.url);
    if (isBackendPath(url.pathname) || !/%00|%2500|\u0000/i.test(url.search)) return next();
    const strip = (q: string) => {
      const clean = new URLSearchParams();
      for (const [k, v] of new URLSearchParams(q)) clean.append(k.replaceAll('\u0000', ''), v.replaceAll('\u0000', ''));
      return clean;
    };
    const clean = strip(url.search);
    const nested = isRscPath(url.pathname) ? clean.get('query') : null;
    if (nested !== null) clean.set('query', strip(nested).toString());
    const q = clean.toString();
    // '%2500' may be the text '%00' itself: nothing to drop, no redirect.
    if (q === new URLSearchParams(url.search).toString()) return next();
    return c.redirect(url.pathname + (q ? `?${q}` : ''), 301);
  });

  app.get('/healthz', (c) => c.text('ok', 200, { 'cache-control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const up = isReady ? await isReady() : true;
    return c.text(up ? 'ready' : 'not ready', up ? 200 : 503, { 'cache-control': 'no-store' });
  });
  // The consent form is a few short fields: anything bigger is refused before it is read.
  app.post('/consent', bodyLimit({ maxSize: 4096, onError: (c) => c.text('Payload Too Large', 413) }), (c) =>
    handleConsent(c, config, siteOrigin),
  );
  registerSessionApi(app, { config, stateOf, routes });
  if (api) app.route('/api', api);
  if (cms) app.route('/cms', cms);
  if (flags) app.route('/flags', flags);

  // Uploaded pictures: names carry a content hash, so they never change and can be cached for ever.
  if (uploadsDir) {
    app.get('/uploads/:kind/:file', async (c) => {
      const { kind, file } = c.req.param();
      if (!/^(avatars|logos)$/.test(kind) || !/^[\w-]+\.webp$/.test(file)) return c.text('Not Found', 404);
      try {
        const body = await readFile(join(uploadsDir, kind, file));
        return c.body(body, 200, { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
      } catch {
        return c.text('Not Found', 404, { 'cache-control': 'no-store' });
      }
    });
  }

  app.get('/_i18n/:locale/messages.json', (c) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) return c.json({ statusCode: 404, message: `Locale '${locale}' not found.` }, 404);
    return c.json({ [locale]: messagesOf(locale) }, 200, { 'cache-control': 'public, max-age=86400' });
  });

  app.get('/builds/latest.json', (c) =>
    c.json({ id: build.id, timestamp: build.timestamp }, 200, { 'cache-control': 'public, max-age=1' }),
  );
  app.get('/builds/meta/:file', (c) => {
    if (c.req.param('file') !== `${build.id}.json`) return c.json({ statusCode: 404, message: 'Unknown build' }, 404);
    return c.json({ id: build.id, timestamp: build.timestamp, prerendered: [] }, 200, {
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  if (publicKeys)
    app.get('/.well-known/jwks.json', (c) =>
      c.json(publicKeys(), 200, {
        'cache-control': 'public, max-age=3600',
        'access-control-allow-origin': '*',
        'content-type': 'application/jwk-set+json',
      }),
    );
  app.get('/robots.txt', (c) => c.text(buildRobots(config.SITE_URL), 200, { 'cache-control': 'public, max-age=3600' }));
  // The sitemap lists data-driven pages only when they have data; rebuilt at most every 10 minutes.
  let sitemap: { xml: string; at: number } | null = null;
  app.get('/sitemap.xml', async (c) => {
    if (!sitemap || Date.now() - sitemap.at > 600_000) {
      const data = sitemapData ? await sitemapData().catch((err) => (console.error('[sitemap] data unavailable', err), {})) : {};
      sitemap = { xml: buildSitemap(config.SITE_URL, data), at: Date.now() };
    }
    return c.body(sitemap.xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
  });

  if (prod) {
    // Only file-like paths can be static files: page paths skip the file-system lookup.
    const fileLike = /\.[a-z0-9]+$/i;
    const statics = serveStatic({
      root: staticRoot,
      precompressed: true,
      onFound: (path, c) => {
        c.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    app.use((c, next) => (fileLike.test(c.req.path) ? statics(c, next) : next()));
  }

  // First visit to '/': cookie, then the browser's languages, then es; English gets a 302 to /en.
  app.on(['GET', 'HEAD'], '/', async (c, next) => {
    const locale = negotiateLocale(c.req.header('cookie'), c.req.header('accept-language'));
    if (locale === 'en') {
      const search = new URL(c.req.url).search;
      c.header(
        'set-cookie',
        stringifySetCookie({ name: LOCALE_COOKIE, value: 'en', maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' }),
      );
      c.header('vary', 'Cookie, Accept-Language');
      c.header('cache-control', PRIVATE);
      return c.redirect(`/en${search}`, 302);
    }
    await next();
    c.res.headers.append('vary', 'Cookie, Accept-Language');
  });

  // Pages answer GET and HEAD; a page with a form also answers POST (its form handler); the framework's
  // own POSTs (/RSC/...) pass through.
  app.all('*', async (c) => {
    const method = c.req.method;
    const backend = isBackendPath(c.req.path);
    if (method === 'POST' && !backend && !isRscPath(c.req.path)) {
      const match = matchRoute(pagePathFromPathname(c.req.path));
      const handler = match ? routes[match.id]?.action : undefined;
      if (!match || !handler) return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
      // A post to a URL the route table refuses (a NUL byte in a slug...) gets that page's 404 screen.
      if (!isValidRoute(match.id, match.params))
        return renderPage(c, { state: { ok: false, message: '', errors: {}, values: {} }, status: 404 });
      const resolved = await stateOf(c).session();
      return handleFormPost(c, { match, handler, resolved, trustProxy, siteOrigin, renderPage });
    }
    if (!backend && !['GET', 'HEAD', 'POST'].includes(method)) {
      return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
    }
    if (!backend && (method === 'GET' || method === 'HEAD')) {
      const match = matchRoute(pagePathFromPathname(c.req.path));
      const own = match ? routes[match.id]?.get : undefined;
      const res = own && match ? await own({ match, url: new URL(c.req.url), rsc: isRscPath(c.req.path), request: c.req.raw }) : null;
      if (res) return method === 'HEAD' ? new Response(null, { status: res.status, headers: res.headers }) : res;
    }
    return renderPage(c);
  });

  return { app, cache };
}
