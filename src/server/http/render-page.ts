import 'server-only';
import { databaseDown, noteDatabaseUnavailable } from '../db/health';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Context } from 'hono';
import { parseCookie } from 'cookie';
import { isSharedPage, matchRoute, routeDef, type RouteId } from '../../routes';
import { SESSION_HINT_COOKIE } from '../../domain/session-hint';
import type { ServerConfig } from '../config';
import { OFFER_DRAFT_COOKIE, runWithRequestContext, type RequestContext } from '../request-context';
import { clearedSessionCookies, sessionHintCookie, type CookieJar, type ResolvedViewer } from '../accounts/session';
import { ANONYMOUS_ID_COOKIE, anonymousIdCookie, anonymousIdOf, flagCountry, newAnonymousId } from './anonymous-id';
import { clientIp, type TrustProxy } from './client-ip';
import { compressedResponse, pickEncoding } from './compress';
import { plainKey, preparedAnswer, responseOf, type NodeRequestLike, type PreparedHit } from './cache-hit';
import { negotiateLocale } from '../../i18n/negotiate';
import { rewritePageHtml } from './page-html';
import type { CachedResponse, PageCache } from './page-cache';
import type { PurgeFeed } from '../db/page-purges';
import { pagePathFromPathname } from './page-path';
import { newScriptMark, sealInlineScripts } from './inline-scripts';
import { isBot, newNonce, securityHeaders } from './security-headers';
import { utmCookieFor } from './utm';

// Pages through Waku, with what the framework has no API for (docs/waku-notes.md): status and cookies set by
// components, security headers (a page every visitor gets allows its scripts by hash, a visitor's own page by
// a nonce: decision 064), compression, and the page cache. Public pages are
// one HTML for every visitor, signed in or not (decision 002): their session-dependent parts are islands.
export type InnerFetch = (req: Request, ...rest: unknown[]) => Response | Promise<Response>;
/** What a request carries, read once however many steps ask: its cookies and the viewer behind them. */
export type RequestState = { jar: CookieJar; viewer: () => Promise<ResolvedViewer> };

const PUBLIC_CACHE = 'public, s-maxage=60, stale-while-revalidate=600';
export const PRIVATE = 'private, no-store';
export const isRscPath = (pathname: string) => pathname.startsWith('/RSC/');
export const isBackendPath = (pathname: string) => /^\/(api|cms|flags)(\/|$)/.test(pathname);

type RendererDeps = {
  inner: InnerFetch;
  config: ServerConfig;
  prod: boolean;
  cache: PageCache;
  stateOf: (c: Context) => RequestState;
  trustProxy: TrustProxy;
  connectSrc: string[];
  hsts: boolean;
  /** Changes when every page must go (salary figures moved): the page cache forgets everything then. */
  contentVersion?: () => number | Promise<number>;
  /** What each public change touched, in any process (decision 058): the page cache forgets those pages. */
  purges?: PurgeFeed;
  /** Routes that answer some GETs themselves before the page (a certificate's JSON): never a fast hit. */
  ownsGet?: (id: RouteId) => boolean;
  /** A build stylesheet's text by its URL path (inline-css.ts). With it (production), a page's HTML goes out
   * rewritten for its first paint (page-html.ts); without it, as the framework wrote it. */
  cssOf?: (href: string) => Uint8Array | null;
  /** The whole app, for the page cache's renders without a visitor (stale pages, purged pages: decision 065). */
  selfFetch?: (req: Request) => Response | Promise<Response>;
};

/** How long a page waits for the content version before the one known so far stands. */
const VERSION_WAIT_MS = 500;

export function createPageRenderer({
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
  ownsGet = () => false,
  cssOf,
  selfFetch,
}: RendererDeps) {
  let seenVersion: number | undefined;
  /** The requests the page cache made itself (refresh()), and where their render goes. */
  const refreshes = new WeakMap<Request, (entry: CachedResponse | null) => void>();
  /**
   * A page rendered again for the cache, without a visitor: a plain anonymous GET through the whole app, so
   * that it takes the same steps as a visitor's (redirects, route handlers); its render is handed over
   * instead of answered. Null when the app did not render it as a shared page.
   */
  if (selfFetch && cache.enabled)
    cache.refresher = async (key) => {
      const req = new Request(new URL(key, config.SITE_URL), { headers: { accept: isRscPath(key) ? '*/*' : 'text/html' } });
      let out: CachedResponse | null = null;
      refreshes.set(req, (entry) => (out = entry));
      const res = await selfFetch(req);
      await res.body?.cancel();
      return out;
    };
  const unavailable = (what: string) => (err: unknown) => {
    if (isDatabaseUnavailable(err)) noteDatabaseUnavailable(err);
    console.error(`[cache] ${what} unavailable`, err);
    return undefined;
  };
  /**
   * Forget the cached pages that changes made in any process touched (the purges), or all of them when the
   * content version moved. Nor does a hit wait on a database that is down or slow to answer: what is known
   * so far stands (the purges missed are read next time).
   */
  const syncCache = async () => {
    if ((!contentVersion && !purges) || !cache.enabled || databaseDown()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), VERSION_WAIT_MS)));
    const reads = Promise.all([
      contentVersion ? (async () => contentVersion())().catch(unavailable('content version')) : undefined,
      purges ? (async () => purges.read(cache.purgeSeq))().catch(unavailable('page purges')) : undefined,
    ]);
    const read = await Promise.race([reads, late]).finally(() => clearTimeout(timer));
    if (!read) return;
    const [v, batch] = read;
    if (v !== undefined) {
      // Salary figures moved: every page is answered stale while it is rendered again (decision 065).
      if (seenVersion !== undefined && v !== seenVersion) cache.expireAll();
      seenVersion = v;
    }
    if (batch) cache.follow(batch);
  };
  cache.sync = syncCache;
  /**
   * The fresh entry of a key, or while the database is down its last copy (stale-if-error), or one past its
   * TTL that is answered while it is rendered again (stale-while-revalidate).
   */
  const entryFor = (key: string, anonymous: boolean): CachedResponse | undefined =>
    cache.get(key) ?? (databaseDown() ? cache.stale(key) : cache.staleWhileRevalidate(key, anonymous));

  /**
   * A cache hit answered before any other step (decision 002: close to a static server): only for what the full
   * path would answer from the cache unchanged — a fresh 200 page, no campaign cookie to set, and a visitor
   * without a session or signed in on a shared page; '/' only when it would not redirect to /en. Null at once
   * when the request must take the full path; a promise when an entry may answer (the content version first).
   */
  function hitFor(
    method: string,
    key: string,
    header: (name: string) => string | undefined,
    jarOf: () => CookieJar,
  ): Promise<PreparedHit | null> | null {
    if ((method !== 'GET' && method !== 'HEAD') || !cache.enabled || key.includes('utm_') || isBackendPath(key)) return null;
    const jar = jarOf();
    const anonymous = !jar[config.AUTH_COOKIE_TOKEN];
    const entry = entryFor(key, anonymous);
    if (!entry?.fast || entry.status !== 200) return null;
    if (jar[config.AUTH_COOKIE_TOKEN] && !(entry.shared && jar[SESSION_HINT_COOKIE])) return null;
    const home = key === '/';
    if (home && negotiateLocale(header('cookie'), header('accept-language')) === 'en') return null;
    return syncCache().then(() => {
      // Still the same entry: a content change seen just now has emptied the cache.
      const now = cache.peek(key) ?? (databaseDown() ? cache.stale(key) : cache.staleWhileRevalidate(key, anonymous));
      if (now !== entry) return null;
      // Past its TTL: answered as it is while one render replaces it (the full path when nothing can render it).
      const stale = entry.expires <= Date.now() && !databaseDown();
      if (stale && !cache.revalidate(key)) return null;
      return preparedAnswer(cache, entry, {
        hit: true,
        stale,
        encoding: pickEncoding(header('accept-encoding')),
        ifNoneMatch: header('if-none-match'),
        isHead: method === 'HEAD',
        // The home page's language was negotiated (the '/' handler says so on the full path too).
        vary: home ? 'Cookie, Accept-Language' : undefined,
      });
    });
  }

  /** The first middleware: a hit as a Response, through the Web adapter. */
  async function fastHit(c: Context, next: () => Promise<void>): Promise<Response | void> {
    // The cache's own render of a page is never answered from the cache.
    if (refreshes.has(c.req.raw)) return next();
    const href = c.req.url;
    const start = href.indexOf('/', href.indexOf('//') + 2);
    const hit = await hitFor(
      c.req.method,
      start < 0 ? '/' : href.slice(start),
      (name) => c.req.header(name),
      () => stateOf(c).jar,
    );
    return hit ? responseOf(hit) : next();
  }

  /**
   * The same hit for a node:http request, before any Request or Response exists (scripts/start.mjs writes
   * it with writeHead/end): null when the request goes to the normal handler. Only request targets that the
   * Node adapter would take as they are, so that both look up the same key.
   */
  function nodeHit(req: NodeRequestLike): Promise<PreparedHit | null> | null {
    const key = plainKey(req);
    if (key === null) return null;
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    return hitFor(req.method ?? '', key, header, () => parseCookie(header('cookie') ?? ''));
  }

  return { fastHit, nodeHit, renderPage };

  /**
   * Render a page through Waku. `form` re-renders a page with the errors of its failed form post;
   * `unavailable` renders the page's 503 screen (the database cannot be reached) whatever the method.
   */
  async function renderPage(
    c: Context,
    form?: { state: RequestContext['form']; status: number },
    { unavailable = false }: { unavailable?: boolean } = {},
  ): Promise<Response> {
    const req = c.req.raw;
    const url = new URL(req.url);
    const pagePath = pagePathFromPathname(url.pathname);
    const isHead = req.method === 'HEAD';
    const { jar, viewer } = stateOf(c);
    const hasToken = !!jar[config.AUTH_COOKIE_TOKEN];
    const isPage = (req.method === 'GET' || isHead || !!form || unavailable) && !isBackendPath(url.pathname);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const route = matchRoute(pagePath);
    // Personalised pages (flag variants) bucket visitors by a first-party anonymous id, set on the first visit
    // (HTML or RSC, so a client navigation keeps the same variant), and are never cached.
    const personalised = isPage && !!route && routeDef(route.id).personalised === true;
    // Public pages are one HTML for everyone, signed in or not (decision 002): the session is not even loaded.
    // A session older than the hint cookie gets one page rendered for it, which gives it the hint.
    const shared = isPage && !form && !!route && isSharedPage(route.id);
    const hint = jar[SESSION_HINT_COOKIE];
    const knownId = anonymousIdOf(jar[ANONYMOUS_ID_COOKIE]);
    // Only personalised pages (never shared) see the visitor's id: a page everyone gets must not carry it.
    const anonymousId = personalised ? (knownId ?? newAnonymousId()) : undefined;

    const render = async (resolved: ResolvedViewer | null, down = unavailable): Promise<Response> => {
      // Rendered for no one in particular (no viewer, no form state): the same bytes for every visitor, so no
      // nonce; its inline scripts are allowed by hash (decision 064). A visitor's own page keeps a fresh nonce.
      const byHash = !resolved && !form;
      const ctx: RequestContext = {
        unavailable: down,
        nonce: byHash ? undefined : newNonce(),
        scriptMark: byHash ? newScriptMark() : undefined,
        patch: { cookies: [], headers: [], status: form?.status },
        session: resolved?.session,
        shared: !resolved,
        token: resolved?.token ?? null,
        ip: clientIp(c, trustProxy),
        form: form?.state,
        // Signed-in pages only (never cached): the offer form picks up what the visitor typed before signing up.
        offerDraft: resolved?.session.loggedIn ? jar[OFFER_DRAFT_COOKIE] : undefined,
        anonymousId,
        country: personalised ? flagCountry(req.headers, trustProxy) : undefined,
      };
      const innerReq = isHead || form || down ? new Request(req.url, { method: 'GET', headers: req.headers }) : req;
      let res = await runWithRequestContext(ctx, () => inner(innerReq, c.env));
      // Status and cookies set by components apply to HTML responses only: the client router treats a
      // non-2xx RSC response as a failed navigation.
      const { patch } = ctx;
      if (!isRscPath(url.pathname) && (patch.status || patch.cookies.length || patch.headers.length)) {
        const headers = new Headers(res.headers);
        for (const ck of patch.cookies) headers.append('set-cookie', ck);
        for (const [k, v] of patch.headers) headers.set(k, v);
        res = new Response(res.body, { status: patch.status ?? res.status, headers });
      }
      const frameable = route ? routeDef(route.id).frameable === true : false;
      const headers = new Headers(res.headers);
      if (isRscPath(url.pathname) && !headers.get('content-type')) headers.set('content-type', 'text/x-component');
      if (isPage) {
        if (!headers.has('cache-control')) {
          // Public only when every visitor gets these bytes (decision 063): a shared route rendered without a
          // session. A route whose answer depends on the session (per-visitor, account, guest-only,
          // personalised pages) is private even for an anonymous visitor: a shared cache (a CDN) keys by URL
          // alone and would give the anonymous copy to a signed-in visitor.
          const sameForAll = shared && !resolved && res.status === 200 && !headers.has('set-cookie');
          headers.set('cache-control', sameForAll ? PUBLIC_CACHE : PRIVATE);
        }
      }
      let body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | null = res.body;
      const html = isPage && !isRscPath(url.pathname) && !!headers.get('content-type')?.startsWith('text/html');
      if (res.body && cssOf && html) {
        body = rewritePageHtml(res.body, cssOf);
        headers.delete('content-length');
      }
      let hashes: string[] | undefined;
      if (body instanceof ReadableStream && html && ctx.scriptMark) {
        // The policy names the scripts of the final HTML (after the rewrite above), so the page is read whole.
        const sealed = sealInlineScripts(new Uint8Array(await new Response(body).arrayBuffer()), ctx.scriptMark);
        body = sealed.html as Uint8Array<ArrayBuffer>;
        hashes = sealed.hashes;
        headers.set('content-length', String(body.byteLength));
      }
      if (isPage)
        for (const [k, v] of securityHeaders({ nonce: ctx.nonce, hashes, frameable, connectSrc, dev: !prod, hsts })) headers.set(k, v);
      return new Response(body, { status: res.status, statusText: res.statusText, headers });
    };

    const finish = (res: Response, resolved: ResolvedViewer | null): Response => {
      const extraCookies = [
        ...(resolved?.clearCookies ? clearedSessionCookies(config) : []),
        ...(resolved?.session.loggedIn && resolved.session.type !== 'anonymous' && hint !== resolved.session.type
          ? [sessionHintCookie(config, resolved.session.type)]
          : []),
        ...(isPage && !isRscPath(url.pathname) ? utmCookieFor(url.searchParams, config) : []),
        ...(anonymousId && !knownId ? [anonymousIdCookie(anonymousId, config)] : []),
      ];
      let headers: Headers | undefined;
      if (extraCookies.length) {
        headers = new Headers(res.headers);
        for (const ck of extraCookies) headers.append('set-cookie', ck);
        headers.set('cache-control', PRIVATE);
      }
      // Bots get the status of an error page without its body.
      if (res.status >= 400 && isPage && isBot(c.req.header('user-agent'))) {
        void res.body?.cancel().catch(() => {});
        headers ??= new Headers(res.headers);
        headers.delete('content-encoding');
        headers.set('content-length', '0');
        return new Response(null, { status: res.status, headers });
      }
      return headers ? new Response(res.body, { status: res.status, statusText: res.statusText, headers }) : res;
    };

    /** The page as every visitor gets it (cached when it can be), or null when this visitor needs their own. */
    const sharedAnswer = async (): Promise<Response | null> => {
      if (cache.enabled) {
        await syncCache();
        const key = url.pathname + url.search;
        const staleAnswer = (e: CachedResponse) =>
          responseOf(preparedAnswer(cache, e, { hit: true, encoding, ifNoneMatch: c.req.header('if-none-match'), isHead }));
        const fill = async (): Promise<CachedResponse> => {
          const res = await render(null);
          const body = new Uint8Array(await res.arrayBuffer());
          const headers = [...res.headers.entries()];
          const keep =
            res.status === 200 && !res.headers.has('set-cookie') && !/private|no-store/.test(res.headers.get('cache-control') ?? '');
          return {
            status: res.status,
            headers,
            body,
            variants: {},
            expires: keep ? cache.expiresAt() : 0,
            shared,
            fast: !!route && !ownsGet(route.id),
          } satisfies CachedResponse;
        };
        // The cache's own render (cache.refresher): handed to it, never answered from the cache; nothing
        // while the database is down (the stale copy stands).
        const handOver = refreshes.get(req);
        if (handOver) {
          handOver(databaseDown() ? null : await fill());
          return new Response(null, { status: 204 });
        }
        // The database is down: the last copy of the page if there is one, else its 503 screen.
        if (databaseDown()) {
          const stale = cache.get(key) ?? cache.stale(key);
          return stale ? staleAnswer(stale) : compressed(await render(null, true));
        }
        const { entry, hit, stale: late } = await cache.getOrFill(key, fill, { anonymous: !hasToken });
        if (!entry) return null;
        // The render found the database gone (its 503 screen): the last copy of the page is better.
        const stale = entry.status === 503 ? cache.stale(key) : undefined;
        if (stale) return staleAnswer(stale);
        // An error page seen by a signed-in visitor may be theirs alone to see past (an offer draft's preview).
        if (entry.status !== 200 && hasToken) return null;
        return responseOf(preparedAnswer(cache, entry, { hit, stale: late, encoding, ifNoneMatch: c.req.header('if-none-match'), isHead }));
      }
      const res = await render(null, databaseDown());
      if (res.status !== 200 && hasToken) {
        void res.body?.cancel().catch(() => {});
        return null;
      }
      return compressed(res);
    };

    const compressed = (res: Response): Response => compressedResponse(res, encoding, isHead);

    if (unavailable) return finish(compressed(await render(null)), null);
    // The database is known to be down: nothing is rendered that would wait for it. A signed-in visitor
    // gets the 503 screen (their session cannot be checked); the page everyone gets is its last copy.
    if (databaseDown() && !(isPage && !form && !personalised && (!hasToken || (shared && !!hint))))
      return finish(compressed(await render(null, true)), null);
    // Anonymous visitors, and signed-in ones on shared pages, get the page everyone gets.
    if (isPage && !form && !personalised && (!hasToken || (shared && !!hint))) {
      const res = await sharedAnswer();
      if (res) return finish(res, null);
    }
    // The signed-in user is loaded once per request, before rendering; a refused token ends the session.
    // A database out of reach answers the page's 503 screen (the session stays as it is).
    let resolved: ResolvedViewer | null = null;
    if (hasToken) {
      try {
        resolved = await viewer();
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        noteDatabaseUnavailable(err);
        return finish(compressed(await render(null, true)), null);
      }
    }
    return finish(compressed(await render(resolved)), resolved);
  }
}
