import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { afterPaintImport, takeModulePreloads } from './after-paint';
import { builtCssReader } from './inline-css';
import { rewritePageHtml } from './page-html';

const root = mkdtempSync(join(tmpdir(), 'page-html-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets/app-1.css'), 'p{color:red}');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CSS_LINK = '<link rel="stylesheet" crossorigin="anonymous" href="/assets/app-1.css" data-precedence="p"/>';
const PRELOADS =
  '<link rel="modulepreload" href="/assets/client-a.js" crossorigin="" fetchPriority="low"/><link rel="modulepreload" href="/assets/index-b.js" crossorigin=""/>';
const BOOT = 'globalThis.__WAKU_HYDRATE__ = true;import("/assets/index-b.js").catch((err) => {throw err});';
const page =
  `<!DOCTYPE html><html lang="es"><head>${CSS_LINK}${PRELOADS}<title>Año ñ</title></head>` +
  `<body><p>Señal «${'x'.repeat(300)}»</p><script nonce="n" id="_R_">${BOOT}</script>` +
  '<script nonce="n">(self.__FLIGHT_DATA||=[]).push("1:import(\\"/assets/index-b.js\\")")</script></body></html>';
const expected = page
  .replace(
    CSS_LINK,
    '<style data-precedence="p" data-href="/assets/app-1.css">p{color:red}</style>' +
      CSS_LINK.replace('/>', ' type="text/x-inlined" disabled=""/>'),
  )
  .replace(PRELOADS, '')
  .replace('import("/assets/index-b.js")', afterPaintImport('/assets/index-b.js', ['/assets/client-a.js', '/assets/index-b.js']));

async function run(chunks: string[]): Promise<string> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const b of bytes) c.enqueue(b);
      c.close();
    },
  });
  return new Response(rewritePageHtml(body, builtCssReader(root))).text();
}

describe('rewritePageHtml', () => {
  it('rewrites the head and the bootstrap only, however the stream is cut', async () => {
    expect(await run([page])).toBe(expected);
    const cuts = [1, 20, page.indexOf('</head>') + 3, page.indexOf('</head>') + 7, page.indexOf('Señal') + 2, page.indexOf('import(') + 9];
    for (const at of [...cuts, page.indexOf('_R_'), page.length - 5]) expect(await run([page.slice(0, at), page.slice(at)])).toBe(expected);
    expect(await run([...page])).toBe(expected);
  });
  it('finds the import at every cut, in chunks of any size, and only a plain one', async () => {
    const at = page.indexOf('import(');
    for (let cut = at - 20; cut < at + 60; cut++) {
      expect(await run([page.slice(0, cut), page.slice(cut)])).toBe(expected);
      expect(await run([page.slice(0, cut), page.slice(cut, cut + 7), page.slice(cut + 7)])).toBe(expected);
    }
    for (const size of [2, 15, 16, 17, 159, 160, 161, 300]) {
      const chunks = [];
      for (let i = 0; i < page.length; i += size) chunks.push(page.slice(i, i + size));
      expect(await run(chunks)).toBe(expected);
    }
    // Look-alikes before the bootstrap pass untouched: a longer word, a path out of /assets/, one cut short.
    const decoys = 'ximport("/assets/a.js");import("/assets/../x.js");import("/assets/a.js"';
    const withDecoys = page.replace('<script nonce="n" id="_R_">', `<p>${decoys}</p><script nonce="n" id="_R_">`);
    const decoyExpected = expected.replace('<script nonce="n" id="_R_">', `<p>${decoys}</p><script nonce="n" id="_R_">`);
    expect(await run([withDecoys])).toBe(decoyExpected);
    expect(await run([...withDecoys])).toBe(decoyExpected);
  });
  it('passes a body without a head on untouched', async () => {
    expect(await run(['{"a":', CSS_LINK, BOOT, '}'])).toBe(`{"a":${CSS_LINK}${BOOT}}`);
  });
});

describe('after the first paint', () => {
  it("takes the head's module preloads for build files out, in order", () => {
    const other = '<link rel="modulepreload" href="https://cdn.example/x.js"/>';
    expect(takeModulePreloads(`<head>${PRELOADS}${other}<link rel="icon" href="/f.svg"/></head>`)).toEqual({
      head: `<head>${other}<link rel="icon" href="/f.svg"/></head>`,
      hrefs: ['/assets/client-a.js', '/assets/index-b.js'],
    });
  });
  it('imports the entry once, after a paint that follows the parse (or at once when none will come)', async () => {
    const calls: string[] = [];
    let observer: ((list: { getEntries: () => { startTime: number }[] }) => void) | undefined;
    const timers: (() => void)[] = [];
    const env = {
      performance: { now: () => 100 },
      document: {
        visibilityState: 'visible',
        createElement: () => ({}),
        head: { appendChild: (l: { href: string; rel: string }) => calls.push(`${l.rel} ${l.href}`) },
      },
      PerformanceObserver: Object.assign(
        function (cb: typeof observer) {
          observer = cb;
          return { observe: (o: { type: string }) => calls.push(`observe ${o.type}`) };
        },
        { supportedEntryTypes: ['paint', 'largest-contentful-paint'] },
      ),
      setTimeout: (f: () => void) => timers.push(f),
      load: (u: string) => (calls.push(`import ${u}`), Promise.resolve(u)),
    };
    const expr = afterPaintImport('/assets/index-b.js', ['/assets/client-a.js']).replace('import(', 'load(');
    const names = Object.keys(env);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the generated browser code, run against fakes
    const start = () => new Function(...names, `return ${expr}`)(...names.map((n) => env[n as keyof typeof env])) as Promise<string>;
    const promise = start();
    expect(calls).toEqual(['observe largest-contentful-paint']);
    observer!({ getEntries: () => [{ startTime: 40 }] }); // painted before the parse ended: the top of the page
    expect(calls).toEqual(['observe largest-contentful-paint']);
    observer!({ getEntries: () => [{ startTime: 130 }] });
    timers.forEach((f) => f());
    expect(calls).toEqual(['observe largest-contentful-paint', 'modulepreload /assets/client-a.js', 'import /assets/index-b.js']);
    await expect(promise).resolves.toBe('/assets/index-b.js');
    // Nothing larger painted after the parse: the timer.
    calls.length = 0;
    timers.length = 0;
    void start();
    expect(calls).toEqual(['observe largest-contentful-paint']);
    timers.forEach((f) => f());
    expect(calls).toEqual(['observe largest-contentful-paint', 'modulepreload /assets/client-a.js', 'import /assets/index-b.js']);
    // A hidden tab paints nothing, a browser without LCP entries cannot say: the import goes at once.
    for (const change of [
      () => (env.document.visibilityState = 'hidden'),
      () => (env.PerformanceObserver.supportedEntryTypes = ['paint']),
    ]) {
      calls.length = 0;
      env.document.visibilityState = 'visible';
      change();
      void start();
      expect(calls).toEqual(['modulepreload /assets/client-a.js', 'import /assets/index-b.js']);
    }
  });
});
