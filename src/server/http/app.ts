import 'server-only';
import { databaseDown, noteDatabaseUnavailable } from '../db/health';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { parseCookie, stringifySetCookie } from 'cookie';
import { Hono, type Context } from 'hono';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../i18n/locales';
import { negotiateLocale } from '../../i18n/negotiate';
import { trailingSlashRedirect } from './trailing-slash';
import { redirectLocal } from './redirect';
import { isValidRoute, matchRoute, type RouteId, type RouteMatch } from '../../routes';
import { pagePathFromPathname } from './page-path';
import { registerSessionApi } from './session-api';
import type { ServerConfig } from '../config';
import type { SitemapReader } from '../seo/sitemap-store';
import { registerSitemapRoutes } from '../seo/sitemap-routes';
import { registerPublicFiles, staticFiles, type PublicFilesOptions } from './public-files';
import { PageCache } from './page-cache';
import { clusterPeers } from './page-peers';
import { pageLabels } from './page-labels';
import type { PurgeFeed } from '../db/page-purges';
import { builtCssReader } from './inline-css';
import { createPageRenderer, isBackendPath, isRscPath, PRIVATE, type InnerFetch, type RequestState } from './render-page';
import { securityHeaders } from './security-headers';
import { integrationOrigins } from '../public-config';
import { handleConsent } from './consent';
import { bodyLimit } from 'hono/body-limit';
import { resolveViewer, type ResolvedViewer, type UserLoader, type Viewer } from '../accounts/session';
import { handleFormPost, siteOriginOf, type FormHandler } from './forms';
import type { TrustProxy } from './client-ip';

export type RouteHandlers = Partial<Record<RouteId, { action?: FormHandler; get?: RouteGet; post?: RouteGet; viewer?: RouteViewer }>>;

/** What a shared page shows only to the signed-in visitor (an application's status on an offer), as JSON for
 * the page's island: null when there is nothing to show. */
export type RouteViewer = (input: { match: RouteMatch; viewer: NonNullable<Viewer> }) => Promise<object | null>;

/** A route's own answer to a GET before its page renders (a redirect, another format), or null for the page. */
export type RouteGet = (input: {
  match: RouteMatch;
  url: URL;
  rsc: boolean;
  request: Request;
  /** The signed-in visitor behind the request's cookies (read on demand), or null. */
  viewer?: () => Promise<Viewer>;
}) => Promise<Response | null>;

export type HttpAppOptions = {
  inner: InnerFetch;
  /** The product API, mounted at /api. */
  api?: Hono;
  /** The public keys that verify certificates, served as a JWKS at /.well-known/jwks.json. */
  publicKeys?: () => { keys: object[] };
  /** The certificates' revocation status lists (decision 067), served at /credentials/status/{n}. */
  statusLists?: (list: number) => Promise<{ credential: object; jwt: string; etag: string } | null>;
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
  /** The shared store of uploaded pictures (served under /uploads). */
  uploads?: PublicFilesOptions['uploads'];
  /** The sitemap as last built in the background (decision 055); requests only read it. */
  sitemap?: SitemapReader;
  /** Changes when every page must go (the salary generation): the page cache forgets all its pages. */
  contentVersion?: () => number | Promise<number>;
  /** What each public change touched (decision 058): the page cache forgets those pages. */
  purges?: PurgeFeed;
  /** The signed-in person's unread notifications (the bell), answered with the session. */
  unread?: (userId: number) => Promise<number>;
};

const privateByDefault = async (c: Context, next: () => Promise<void>) => {
  await next();
  if (c.res.headers.has('cache-control')) return;
  const headers = new Headers(c.res.headers);
  headers.set('cache-control', PRIVATE);
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
};

const sitemapBuildTime = (build: { timestamp: number }) => (build.timestamp > 0 ? new Date(build.timestamp) : null);

/**
 * The outer HTTP layer, wrapped around Waku's handler so that it sees every request, prerendered files
 * included (docs/waku-notes.md): redirects, locale negotiation, security headers, compression, caching.
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
  statusLists,
  flags,
  trustProxy = null,
  uploads,
  sitemap,
  contentVersion,
  purges,
  unread,
}: HttpAppOptions) {
  const app = new Hono();
  // Between the workers of `npm start`, a page is rendered again by one of them for all (decision 065).
  const cache = new PageCache(prod ? config.PAGE_CACHE_TTL_MS : 0, undefined, undefined, undefined, pageLabels, {
    peers: prod ? clusterPeers() : null,
  });
  const connectSrc = integrationOrigins(config);
  const hsts = config.SITE_URL.startsWith('https://');
  const siteOrigin = siteOriginOf(config);
  const baseHeaders = securityHeaders({ connectSrc, dev: !prod, hsts });
  // What a request carries, read once however many steps ask: its cookies and the viewer behind them
  // (a failed form post re-renders its page with the viewer its action already loaded). Not React's cache():
  // these steps are Hono middleware and handlers, outside any render, so the memo is keyed by the request.
  const states = new WeakMap<Request, RequestState>();
  const stateOf = (c: Context): RequestState => {
    let s = states.get(c.req.raw);
    if (!s) {
      const jar = parseCookie(c.req.header('cookie') ?? '');
      let loaded: Promise<ResolvedViewer> | undefined;
      s = { jar, viewer: () => (loaded ??= resolveViewer(jar, config, loadUser)) };
      states.set(c.req.raw, s);
    }
    return s;
  };

  const { renderPage, fastHit, nodeHit } = createPageRenderer({
    inner,
    config,
    prod,
    cache,
    stateOf,
    trustProxy,
    connectSrc,
    hsts,
    contentVersion,
    purges,
    ownsGet: (id) => !!routes[id]?.get,
    cssOf: prod ? builtCssReader(staticRoot) : undefined,
    selfFetch: (req) => app.fetch(req),
  });

  app.onError((err, c) => {
    if (isDatabaseUnavailable(err)) {
      noteDatabaseUnavailable(err);
      console.error(`[db] ${c.req.method} ${c.req.path}: database unavailable; answered 503`);
      // A page (or a form posted to one) gets its error screen in its language; anything else a short text.
      if (!isBackendPath(c.req.path) && matchRoute(pagePathFromPathname(c.req.path)))
        return renderPage(c, undefined, { unavailable: true });
      return c.text('Service Unavailable', 503, { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' });
    }
    console.error('[http] unhandled error', err);
    return c.text('Internal Server Error', 500);
  });

  // A page the cache can answer as it stands is answered first (its headers are complete).
  app.use(fastHit);

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
      if (target) return redirectLocal(c, target, 301);
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
    return redirectLocal(c, url.pathname + (q ? `?${q}` : ''), 301);
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
  // The API and the content backend answer by the bearer's token or cookies: an answer that names no policy
  // of its own is private, never stored by a shared cache (decision 063).
  app.use('/api/*', privateByDefault);
  app.use('/cms/*', privateByDefault);
  registerSessionApi(app, { config, stateOf, routes, unread });
  if (api) app.route('/api', api);
  if (cms) app.route('/cms', cms);
  if (flags) app.route('/flags', flags);

  registerPublicFiles(app, { build, publicKeys, statusLists, uploads });
  registerSitemapRoutes(app, { siteUrl: config.SITE_URL, store: sitemap, buildTime: sitemapBuildTime(build) });
  if (prod) app.use(staticFiles(staticRoot));

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
      return redirectLocal(c, `/en${search}`, 302);
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
      // A route's own POST answer comes first (a one-click unsubscribe from a mail provider); null: the form.
      const own = match && isValidRoute(match.id, match.params) ? routes[match.id]?.post : undefined;
      const answered = own && match ? await own({ match, url: new URL(c.req.url), rsc: false, request: c.req.raw }) : null;
      if (answered) return answered;
      const handler = match ? routes[match.id]?.action : undefined;
      if (!match || !handler) return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
      // A post to a URL the route table refuses (a NUL byte in a slug...) gets that page's 404 screen.
      if (!isValidRoute(match.id, match.params))
        return renderPage(c, { state: { ok: false, message: '', errors: {}, values: {} }, status: 404 });
      // The database is down: the page's 503 screen at once, nothing read or written.
      if (databaseDown()) return renderPage(c, undefined, { unavailable: true });
      const resolved = await stateOf(c).viewer();
      return handleFormPost(c, { match, handler, resolved, trustProxy, siteOrigin, renderPage });
    }
    if (!backend && !['GET', 'HEAD', 'POST'].includes(method)) {
      return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
    }
    if (!backend && (method === 'GET' || method === 'HEAD')) {
      const match = matchRoute(pagePathFromPathname(c.req.path));
      const own = match ? routes[match.id]?.get : undefined;
      const viewer = async () => (await stateOf(c).viewer()).viewer;
      const res =
        own && match ? await own({ match, url: new URL(c.req.url), rsc: isRscPath(c.req.path), request: c.req.raw, viewer }) : null;
      if (res) return method === 'HEAD' ? new Response(null, { status: res.status, headers: res.headers }) : res;
    }
    return renderPage(c);
  });

  return { app, cache, nodeHit };
}
