import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { getRequestContext } from '../request-context';
import type { UserLoader } from '../accounts/session';
import { createHttpApp } from './app';
import { CONSENT_SCRIPT, HEAD_SCRIPT, sealInlineScripts } from './inline-scripts';

// A page every visitor gets is the same bytes, ETag and policy from any worker or instance of a build
// (decision 064): no nonce in it, its inline scripts allowed by hash. A visitor's own page keeps a nonce.
const config = parseConfig({ PAGE_CACHE_TTL_MS: '60000' });
const anaOnly: UserLoader = async (token) =>
  token === 'good'
    ? { id: 7, name: 'Ana', last_name: 'D', email: 'a@b.co', profile_picture_path: null, profile_slug: 'ana', user_status: 'active' }
    : 'invalid';
const SIGNED_IN = { cookie: 'tandem_token=good; tandem_type=match; tandem_signed_in=match' };

/** Renders as the framework does: its scripts carry the nonce it is given, the head's constant ones ours. */
function fakeWaku(req: Request): Response {
  const ctx = getRequestContext()!;
  const own = ctx.nonce ? ` nonce="${ctx.nonce}"` : '';
  const framework = ` nonce="${ctx.nonce ?? ctx.scriptMark}"`;
  const path = new URL(req.url).pathname;
  // The RSC payload has no scripts; the head's are elements in it, with their nonce when they have one.
  if (path.startsWith('/RSC/'))
    return new Response(`0:["$","script",null,{"nonce":${JSON.stringify(ctx.nonce)}}]`, {
      headers: { 'content-type': 'text/x-component' },
    });
  const html =
    `<!doctype html><html><head><script${own}>${HEAD_SCRIPT}</script><script${own}>${CONSENT_SCRIPT}</script></head>` +
    `<body><p>${path} ${ctx.session?.user?.name ?? 'anon'}</p>${'.'.repeat(800)}` +
    `<script type="application/ld+json">{"@type":"JobPosting"}</script>` +
    `<script${framework} id="_R_">import("/assets/index-a.js")</script>` +
    `<script${framework}>(self.__FLIGHT_DATA||=[]).push("0:[\\"${path}\\"]")</script></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** One "instance": an app of its own (its own page cache, its own randomness) over the same content. */
const instance = () =>
  createHttpApp({
    inner: async (req) => fakeWaku(req),
    config,
    prod: true,
    build: { id: 'b', timestamp: 0 },
    staticRoot: '/nonexistent',
    loadUser: anaOnly,
  }).app;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/type="application\/ld\+json"/.test(m[1]!)).map((m) => m[2]!);
const scriptSrc = (csp: string) => /script-src ([^;]*)/.exec(csp)![1]!.split(' ');

describe('content-only ETags and hashed inline scripts', () => {
  it('gives the same bytes, ETag and policy from two instances, and a 304 for the other one’s tag', async () => {
    const [a, b] = [instance(), instance()];
    for (const path of ['/trabajos', '/herramientas/colombia/backend', '/en', '/RSC/R/trabajos.txt']) {
      for (const encoding of ['identity', 'br', 'gzip']) {
        const headers = { 'accept-encoding': encoding };
        const [ra, rb] = [await a.request(path, { headers }), await b.request(path, { headers })];
        expect(ra.status, path).toBe(200);
        expect(Buffer.from(await ra.arrayBuffer()).equals(Buffer.from(await rb.arrayBuffer())), `${path} ${encoding}`).toBe(true);
        expect(ra.headers.get('etag'), `${path} ${encoding}`).toBe(rb.headers.get('etag'));
        expect(ra.headers.get('content-security-policy'), path).toBe(rb.headers.get('content-security-policy'));
        // Either instance, filled or not, answers the other's tag with a 304.
        for (const app of [a, b, instance()]) {
          const again = await app.request(path, { headers: { ...headers, 'if-none-match': ra.headers.get('etag')! } });
          expect(again.status, `${path} ${encoding}`).toBe(304);
          expect(again.headers.get('content-security-policy')).toBe(ra.headers.get('content-security-policy'));
        }
      }
    }
  });

  it('allows every inline script of a public page by its hash, and has no nonce in its bytes or policy', async () => {
    const res = await instance().request('/trabajos');
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    expect(html).not.toContain('nonce');
    expect(csp).not.toContain("'nonce-");
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(4);
    for (const text of scripts) expect(scriptSrc(csp)).toContain(sha256(text));
    expect(new Set(scriptSrc(csp))).toEqual(new Set(["'self'", ...scripts.map(sha256)]));
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
  });

  it('gives a visitor’s own page a nonce of its own on every response', async () => {
    const app = instance();
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/match/plataforma', { headers: SIGNED_IN });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
      expect(await res.text()).toContain(`<script nonce="${nonce}" id="_R_">`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('sealInlineScripts', () => {
  it('hashes only the marked scripts and our constant ones, takes the mark out, and leaves the rest', () => {
    const html =
      `<script nonce="m1">a()</script><script>${HEAD_SCRIPT}</script><script>injected()</script>` +
      `<script nonce="m1" src="/assets/x.js"></script><SCRIPT nonce="m1" id="_R_">b()\r\nc()</SCRIPT >`;
    const { html: out, hashes } = sealInlineScripts(new TextEncoder().encode(html), 'm1');
    expect(hashes).toEqual([sha256('a()'), sha256(HEAD_SCRIPT), sha256('b()\nc()')]);
    expect(new TextDecoder().decode(out)).toBe(
      `<script>a()</script><script>${HEAD_SCRIPT}</script><script>injected()</script>` +
        `<script src="/assets/x.js"></script><SCRIPT id="_R_">b()\r\nc()</SCRIPT >`,
    );
  });

  it('reads the page as bytes: text in any script, and letters of any width before the mark, come out unchanged', () => {
    const html =
      `<p>Añadir “ñandú” 🐦</p><scripts>not a script</scripts><script data-x="é" nonce="m2">d("á")</script >` +
      `<script nonce="m2">e()</Script><script>never closed`;
    const { html: out, hashes } = sealInlineScripts(new TextEncoder().encode(html), 'm2');
    expect(hashes).toEqual([sha256('d("á")'), sha256('e()')]);
    expect(new TextDecoder().decode(out)).toBe(
      `<p>Añadir “ñandú” 🐦</p><scripts>not a script</scripts><script data-x="é">d("á")</script >` +
        `<script>e()</Script><script>never closed`,
    );
    const unmarked = new TextEncoder().encode('<script>f()</script>');
    expect(sealInlineScripts(unmarked, 'm2')).toEqual({ html: unmarked, hashes: [] });
  });
});
