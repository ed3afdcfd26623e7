import { describe, expect, it } from 'vitest';
import { withoutScripts } from './without-scripts.mjs';

describe('withoutScripts', () => {
  it('drops inline and external scripts, classic and module', () => {
    const html =
      '<head><script nonce="n">self.x=1</script><script type="module" src="/assets/a.js"></script></head>' +
      '<body><p>hola</p><SCRIPT>(self.__FLIGHT_DATA||=[]).push("<p>")</SCRIPT></body>';
    expect(withoutScripts(html)).toBe('<head></head><body><p>hola</p></body>');
  });

  it('drops the hints that would fetch scripts, keeps the others', () => {
    const html =
      '<link rel="modulepreload" href="/assets/b.js"><link rel="preload" as="script" href="/c.js">' +
      '<link rel="preload" as="font" href="/f.woff2" crossorigin><link rel="stylesheet" href="/s.css">';
    expect(withoutScripts(html)).toBe('<link rel="preload" as="font" href="/f.woff2" crossorigin><link rel="stylesheet" href="/s.css">');
  });

  it('keeps data blocks the browser never runs', () => {
    const ld = '<script type="application/ld+json">{"@type":"JobPosting"}</script>';
    expect(withoutScripts(`<head>${ld}</head>`)).toBe(`<head>${ld}</head>`);
  });
});
