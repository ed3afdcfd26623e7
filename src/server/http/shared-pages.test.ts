import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../config';
import { getRequestContext } from '../request-context';
import type { UserLoader } from '../accounts/session';
import { createHttpApp, type RouteHandlers } from './app';

// Public pages are one HTML for every visitor, signed in or not (decision 002): the page cache serves
// signed-in visitors too, the session is never loaded for them, and the islands ask /api/session after load.
const config = parseConfig({ PAGE_CACHE_TTL_MS: '60000' });
const ana = {
  id: 7,
  name: 'Ana',
  last_name: 'Díaz',
  email: 'a@b.co',
  profile_picture_path: null,
  profile_slug: 'ana',
  user_status: 'active',
};
const anaOnly: UserLoader = async (token) => (token === 'good' ? ana : 'invalid');
const SIGNED_IN = { cookie: 'tandem_token=good; tandem_type=match; tandem_signed_in=match' };

function setup({
  loadUser = vi.fn(anaOnly),
  version = (): number => 0,
  routes = {},
}: { loadUser?: UserLoader; version?: () => number; routes?: RouteHandlers } = {}) {
  let renders = 0;
  const inner = async (req: Request) => {
    renders++;
    const ctx = getRequestContext();
    const status = new URL(req.url).pathname.startsWith('/oferta/borrador') && !ctx?.session?.loggedIn ? 404 : 200;
    const body = `<p>render=${renders} user=${ctx?.session?.user?.name ?? 'anon'} shared=${String(ctx?.shared)}</p>`;
    return new Response(body, { status, headers: { 'content-type': 'text/html' } });
  };
  const { app, cache } = createHttpApp({
    inner,
    config,
    prod: true,
    build: { id: 'b', timestamp: 0 },
    staticRoot: '/nonexistent',
    loadUser,
    routes,
    contentVersion: () => version(),
  });
  return { app, cache, loadUser, renders: () => renders };
}

describe('one page for every visitor', () => {
  it('serves a signed-in visitor the cached public page without loading the session', async () => {
    const { app, loadUser, renders } = setup();
    const first = await app.request('/trabajos');
    expect(await first.text()).toContain('user=anon shared=true');
    const signedIn = await app.request('/trabajos', { headers: SIGNED_IN });
    expect(signedIn.headers.get('x-cache')).toBe('HIT');
    expect(signedIn.headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600');
    expect(signedIn.headers.get('vary') ?? '').not.toMatch(/cookie/i);
    expect(await signedIn.text()).toContain('render=1 user=anon');
    expect(renders()).toBe(1);
    expect(loadUser).not.toHaveBeenCalled();
  });

  it('renders account pages and per-visitor pages for the visitor, never from the cache', async () => {
    const { app, loadUser } = setup();
    for (const path of ['/match/plataforma', '/ly/ana', '/freecourse', '/ingresar']) {
      const res = await app.request(path, { headers: SIGNED_IN });
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('x-cache'), path).toBeNull();
    }
    expect(loadUser).toHaveBeenCalled();
  });

  it('gives a session that began before the hint one page of its own, with the hint', async () => {
    const { app, loadUser } = setup();
    const res = await app.request('/trabajos', { headers: { cookie: 'tandem_token=good; tandem_type=match' } });
    expect(await res.text()).toContain('user=Ana shared=false');
    expect(loadUser).toHaveBeenCalledTimes(1);
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('tandem_signed_in='))!;
    expect(hint).toMatch(/^tandem_signed_in=match;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('renders an error page again for a signed-in visitor, who may see past it (an offer draft’s preview)', async () => {
    const { app } = setup();
    const anonymous = await app.request('/oferta/borrador-1');
    expect(anonymous.status).toBe(404);
    const owner = await app.request('/oferta/borrador-1', { headers: SIGNED_IN });
    expect(owner.status).toBe(200);
    expect(await owner.text()).toContain('user=Ana');
  });

  it('answers every cached page stale when the content version moves (a write in any process), while one render replaces it', async () => {
    let v = 1;
    const { app, cache, renders } = setup({ version: () => v });
    await app.request('/trabajos');
    await app.request('/trabajos');
    expect(renders()).toBe(1);
    v = 2;
    const after = await Promise.all([app.request('/trabajos'), app.request('/trabajos')]);
    expect(after.map((r) => r.headers.get('x-cache'))).toEqual(['STALE', 'STALE']);
    expect(await after[0].text()).toContain('render=1');
    await cache.settled();
    expect(renders()).toBe(2);
    const next = await app.request('/trabajos');
    expect(next.headers.get('x-cache')).toBe('HIT');
    expect(await next.text()).toContain('render=2');
  });

  it('keeps serving when the content version cannot be read', async () => {
    const { app } = setup({
      version: () => {
        throw new Error('database down');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await app.request('/trabajos')).status).toBe(200);
    vi.restoreAllMocks();
  });
});

describe('GET /api/session', () => {
  it('answers who is signed in, privately, and what the page shows only to them', async () => {
    const viewer = vi.fn(async () => ({ application: { status: 'sent', createdAt: null }, own: false }));
    const { app } = setup({ routes: { offer: { viewer } } });
    const res = await app.request('/api/session?path=%2Foferta%2Fbackend-go-lima', { headers: SIGNED_IN });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { success: boolean; result: { session: { loggedIn: boolean; type: string }; page: unknown } };
    expect(body.result.session).toMatchObject({ loggedIn: true, type: 'match', user: { name: 'Ana' } });
    expect(body.result.page).toEqual({ application: { status: 'sent', createdAt: null }, own: false });
    expect(viewer).toHaveBeenCalledWith(expect.objectContaining({ viewer: { id: 7, type: 'match' } }));
  });

  it('ends what is left of a refused session, hint included', async () => {
    const { app } = setup();
    const res = await app.request('/api/session', { headers: { cookie: 'tandem_token=stale; tandem_type=match; tandem_signed_in=match' } });
    const body = (await res.json()) as { result: { session: { loggedIn: boolean }; page: unknown } };
    expect(body.result).toEqual({ session: { type: 'anonymous', loggedIn: false, user: null }, page: null });
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['tandem_token', 'tandem_type', 'tandem_signed_in']);
  });

  it('clears a hint left without a token, and asks no page state of an anonymous visitor', async () => {
    const viewer = vi.fn(async () => ({}));
    const { app, loadUser } = setup({ routes: { offer: { viewer } } });
    const res = await app.request('/api/session?path=/oferta/x', { headers: { cookie: 'tandem_signed_in=hire' } });
    expect(((await res.json()) as { result: { page: unknown } }).result.page).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('tandem_signed_in=;'))).toBe(true);
    expect(viewer).not.toHaveBeenCalled();
    expect(loadUser).not.toHaveBeenCalled();
  });

  it('refuses other methods with 405 and Allow, and ignores a path that is not a page', async () => {
    const { app } = setup();
    const post = await app.request('/api/session', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const odd = await app.request(`/api/session?path=${encodeURIComponent('https://evil.example/x')}`, { headers: SIGNED_IN });
    expect(((await odd.json()) as { result: { page: unknown } }).result.page).toBeNull();
  });
});

describe('revalidating a cached page', () => {
  it('tags each cached body per encoding and answers If-None-Match with 304', async () => {
    const { app } = setup();
    await app.request('/trabajos');
    const plain = await app.request('/trabajos');
    const tag = plain.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    const again = await app.request('/trabajos', { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600');
    // The 304 carries the same policy as the 200 it revalidates: no nonce, the page's script hashes.
    expect(again.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
    expect(again.headers.get('content-security-policy')).not.toMatch(/'nonce-/);
    const other = await app.request('/trabajos', { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });
});

describe('cache hits answered first', () => {
  it('answers the home page from the cache in Spanish, and still sends an English browser to /en', async () => {
    const { app, renders } = setup();
    await app.request('/', { headers: { 'accept-language': 'es' } });
    const hit = await app.request('/', { headers: { 'accept-language': 'es-PE,es' } });
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('vary')).toContain('Accept-Language');
    const english = await app.request('/', { headers: { 'accept-language': 'en-US,en' } });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en');
    expect(renders()).toBe(1);
  });

  it('leaves a route that answers some GETs itself to that answer (a certificate as JSON)', async () => {
    const get = vi.fn(async ({ request }: { request: Request }) =>
      /json/.test(request.headers.get('accept') ?? '') ? Response.json({ certificate: true }) : null,
    );
    const { app } = setup({ routes: { certification: { get } } });
    await app.request('/certification/react-senior-ana');
    expect((await app.request('/certification/react-senior-ana')).headers.get('x-cache')).toBe('HIT');
    const json = await app.request('/certification/react-senior-ana', { headers: { accept: 'application/json' } });
    expect(await json.json()).toEqual({ certificate: true });
  });

  it('sets the campaign cookie of a visit that carries one, cached page or not', async () => {
    const { app } = setup();
    await app.request('/trabajos?utm_source=x');
    const again = await app.request('/trabajos?utm_source=x');
    expect(await again.text()).toContain('render=1');
    expect(again.headers.getSetCookie().some((c) => c.startsWith('tandem_utm='))).toBe(true);
  });
});
