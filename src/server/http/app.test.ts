import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { parseConfig } from '../config';
import { patchResponse, getRequestContext } from '../request-context';
import { createHttpApp } from './app';

const html = (body: string, status = 200) =>
  new Response(`<!doctype html><html><body>${body}</body></html>`, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

function setup(opts: { prod?: boolean; inner?: (req: Request) => Response | Promise<Response> } = {}) {
  let renders = 0;
  const inner = async (req: Request) => {
    renders++;
    return opts.inner ? opts.inner(req) : html(`page ${new URL(req.url).pathname} nonce=${getRequestContext()?.nonce}`);
  };
  const { app, cache } = createHttpApp({
    inner,
    config: parseConfig({}),
    prod: opts.prod ?? true,
    build: { id: 'b1', timestamp: 1 },
    staticRoot: '/nonexistent',
  });
  return { app, cache, renders: () => renders };
}

describe('HTTP layer', () => {
  it('takes the consent form, and refuses a body far bigger than its few fields before reading it', async () => {
    const { app } = setup();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await app.request('/consent', { method: 'POST', headers: form, body: 'choice=reject&back=%2Ftrabajos' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/trabajos');
    const huge = await app.request('/consent', { method: 'POST', headers: form, body: `choice=accept&x=${'a'.repeat(100_000)}` });
    expect(huge.status).toBe(413);
  });

  it('redirects "/" to /en for English browsers with a 302, keeping the query and writing the cookie', async () => {
    const { app } = setup();
    const res = await app.request('/?utm_source=x', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en?utm_source=x');
    expect(res.headers.get('set-cookie')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('keeps Spanish, unknown languages and a Spanish cookie on "/"', async () => {
    const { app } = setup();
    expect((await app.request('/', { headers: { 'accept-language': 'es-PE' } })).status).toBe(200);
    expect((await app.request('/', { headers: { 'accept-language': 'fr' } })).status).toBe(200);
    expect((await app.request('/', { headers: { 'accept-language': 'en', cookie: 'i18n_redirected=es' } })).status).toBe(200);
  });

  it('redirects only "/"', async () => {
    const { app } = setup();
    const res = await app.request('/hire', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
  });

  it('drops NUL bytes from a page query with one 301, leaving the rest of the query and the API alone', async () => {
    const { app } = setup();
    const res = await app.request('/trabajos?q=react%00dev&pagina=2&x%00=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/trabajos?q=reactdev&pagina=2&x=1');
    expect((await app.request('/trabajos?q=react')).status).toBe(200);
    // The client router's request nests the page's query in `query`.
    const rsc = await app.request('/RSC/R/trabajos.txt?query=q%3Da%2500b%26pagina%3D2');
    expect(rsc.status).toBe(301);
    expect(rsc.headers.get('location')).toBe('/RSC/R/trabajos.txt?query=q%3Dab%26pagina%3D2');
    // The text '%00' typed into a search is not a NUL byte: no redirect (and no loop).
    expect((await app.request('/trabajos?q=%2500')).status).toBe(200);
  });

  it('removes trailing slashes with a 301 and keeps the query', async () => {
    const { app } = setup();
    const res = await app.request('/hire/pricing/?a=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/hire/pricing?a=1');
  });

  it('serves messages per locale with a 24 h cache and 404 for unknown locales', async () => {
    const { app } = setup();
    const ok = await app.request('/_i18n/en/messages.json');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(((await ok.json()) as { en: { error: { home: string } } }).en.error.home).toBe('Go to home');
    const bad = await app.request('/_i18n/fr/messages.json');
    expect(bad.status).toBe(404);
  });

  it('answers health, build, robots and sitemap', async () => {
    const { app } = setup();
    expect((await app.request('/healthz')).status).toBe(200);
    expect(await (await app.request('/builds/latest.json')).json()).toEqual({ id: 'b1', timestamp: 1 });
    expect((await app.request('/builds/meta/b1.json')).status).toBe(200);
    expect((await app.request('/builds/meta/zz.json')).status).toBe(404);
    expect(await (await app.request('/robots.txt')).text()).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    // The sitemap index and its files: src/server/seo/sitemap-routes.test.ts.
    expect(await (await app.request('/sitemap.xml')).text()).toContain('<sitemapindex');
  });

  it('sends a CSP without inline scripts, nosniff, referrer policy and frame-ancestors none on pages', async () => {
    const { app } = setup();
    const res = await app.request('/hire');
    const csp = res.headers.get('content-security-policy')!;
    // A public page carries no nonce (decision 064; its scripts' hashes: content-etags.test.ts).
    expect(csp).toContain("script-src 'self'; ");
    expect(await res.text()).toContain('nonce=undefined');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'"); // production: no inline scripts but those hashed
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets any site frame the calculator iframe and nothing else', async () => {
    const { app } = setup();
    for (const path of ['/herramientas/salario/calculadora/iframe', '/en/tools/salary/calculator/iframe']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
    expect((await app.request('/herramientas/salario/calculadora')).headers.get('content-security-policy')).toContain(
      "frame-ancestors 'none'",
    );
  });

  it('caches anonymous pages publicly and serves repeats without rendering', async () => {
    const { app, renders } = setup();
    const a = await app.request('/hire');
    expect(a.headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600');
    expect(a.headers.get('x-cache')).toBe('MISS');
    const b = await app.request('/hire');
    expect(b.headers.get('x-cache')).toBe('HIT');
    expect(renders()).toBe(1);
    // the locale and colour cookies do not make a page personal
    const c = await app.request('/hire', { headers: { cookie: 'i18n_redirected=es' } });
    expect(c.headers.get('x-cache')).toBe('HIT');
  });

  it('renders signed-in visitors every time, private and uncached', async () => {
    const { app, renders } = setup();
    const headers = { cookie: 'tandem_token=abc' };
    const a = await app.request('/hire', { headers });
    await app.request('/hire', { headers });
    expect(a.headers.get('cache-control')).toBe('private, no-store');
    expect(renders()).toBe(2);
  });

  it('shares one render between concurrent anonymous misses', async () => {
    const { app, renders } = setup({ inner: async () => (await new Promise((r) => setTimeout(r, 20)), html('slow')) });
    await Promise.all(Array.from({ length: 5 }, () => app.request('/match')));
    expect(renders()).toBe(1);
  });

  it('does not cache error statuses', async () => {
    const { app, renders } = setup({ inner: () => html('gone', 404) });
    await app.request('/nope');
    const res = await app.request('/nope');
    expect(res.status).toBe(404);
    expect(renders()).toBe(2);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('applies the status and cookies a component patched, on HTML only', async () => {
    const inner = () => {
      patchResponse((p) => {
        p.status = 410;
        p.cookies.push('a=1; Path=/');
      });
      return html('closed');
    };
    const { app } = setup({ inner });
    const page = await app.request('/oferta/x');
    expect(page.status).toBe(410);
    expect(page.headers.get('set-cookie')).toBe('a=1; Path=/');
    const rsc = await app.request('/RSC/R/oferta/x.txt');
    expect(rsc.status).toBe(200);
  });

  it('gives search-engine bots the error status without the page body', async () => {
    const { app } = setup({ inner: () => html('<h1>Página no encontrada</h1>', 404) });
    const bot = await app.request('/nope', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    expect(bot.status).toBe(404);
    expect(await bot.text()).toBe('');
    const human = await app.request('/nope', { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156' } });
    expect(await human.text()).toContain('Página no encontrada');
  });

  it('compresses HTML for clients that accept it', async () => {
    const { app } = setup({ inner: () => html('x'.repeat(5000)) });
    for (const cookie of ['', 'tandem_token=1']) {
      const res = await app.request('/match', { headers: { 'accept-encoding': 'gzip', cookie } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(body).toContain('xxxxx');
    }
  });

  it('answers other methods on pages with 405 and Allow', async () => {
    const { app, renders } = setup();
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await app.request('/hire', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
    expect(renders()).toBe(0);
    // A page without a form refuses POST too; framework posts (/RSC/...) pass through.
    expect((await app.request('/hire', { method: 'POST' })).status).toBe(405);
    expect((await app.request('/RSC/F/abc/action.txt', { method: 'POST' })).status).toBe(200);
  });

  it('answers HEAD without a body', async () => {
    const { app } = setup();
    const res = await app.request('/hire', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('streaming compression', () => {
  it('sends what is rendered before the rest of the stream is ready', async () => {
    const { compressStream } = await import('./compress');
    const { createGunzip } = await import('node:zlib');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const source = new ReadableStream<Uint8Array>({
      async start(c) {
        c.enqueue(new TextEncoder().encode('<p>shell</p>'));
        await gate;
        c.enqueue(new TextEncoder().encode('<p>late</p>'));
        c.close();
      },
    });
    const gunzip = createGunzip();
    let text = '';
    gunzip.on('data', (d: Buffer) => (text += d.toString()));
    const reader = compressStream(source, 'gzip').getReader();
    // Before the gate opens, the shell must already be decodable.
    while (!text.includes('shell')) {
      const { value, done } = await reader.read();
      if (done) break;
      gunzip.write(value);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(text).toBe('<p>shell</p>');
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      gunzip.write(value);
    }
    gunzip.end();
    await new Promise((r) => gunzip.on('end', r));
    expect(text).toBe('<p>shell</p><p>late</p>');
  });
});
