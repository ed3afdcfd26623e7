import { describe, expect, it } from 'vitest';
import { conditional, etagForEncoding, etagOf, isNotModified, notModified } from './etag';

describe('ETags', () => {
  it('tags the same bytes the same way, strong and quoted, and other bytes differently', () => {
    const a = etagOf('hello');
    expect(a).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(etagOf(new TextEncoder().encode('hello'))).toBe(a);
    expect(etagOf('hello!')).not.toBe(a);
  });

  it('gives each content coding its own tag, weak tags staying weak', () => {
    expect(etagForEncoding('"abc"', null)).toBe('"abc"');
    expect(etagForEncoding('"abc"', 'br')).toBe('"abc-br"');
    expect(etagForEncoding('"abc"', 'gzip')).toBe('"abc-gz"');
    expect(etagForEncoding('W/"abc"', 'br')).toBe('W/"abc-br"');
  });

  it('matches If-None-Match by the weak comparison: *, lists, W/ on either side', () => {
    expect(isNotModified(null, '"a"')).toBe(false);
    expect(isNotModified('', '"a"')).toBe(false);
    expect(isNotModified('"a"', '"a"')).toBe(true);
    expect(isNotModified('"b"', '"a"')).toBe(false);
    expect(isNotModified(' * ', '"a"')).toBe(true);
    expect(isNotModified('"x", W/"a" ,"y"', '"a"')).toBe(true);
    expect(isNotModified('"x","y"', '"a"')).toBe(false);
    expect(isNotModified('W/"a"', '"a"')).toBe(true);
    expect(isNotModified('"a"', 'W/"a"')).toBe(true);
    // A comma inside a tag is part of it; an unquoted value is no tag.
    expect(isNotModified('"a,b"', '"a,b"')).toBe(true);
    expect(isNotModified('"a,b"', '"a"')).toBe(false);
    expect(isNotModified('a', '"a"')).toBe(false);
  });

  it('builds a 304 with the caching headers only', async () => {
    const res = notModified({
      etag: '"a"',
      'cache-control': 'public, max-age=60',
      vary: 'Accept-Encoding',
      'content-type': 'text/plain',
      'content-length': '5',
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"a"');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-length')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('answers a body conditionally: 200 with its tag, 304 when the tag matches, HEAD without a body', async () => {
    const headers = { 'content-type': 'application/json', 'cache-control': 'public, max-age=1' };
    const ok = conditional(new Request('http://x/a'), '{"a":1}', headers);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe(etagOf('{"a":1}'));
    expect(ok.headers.get('content-length')).toBe('7');
    expect(await ok.text()).toBe('{"a":1}');
    const again = conditional(new Request('http://x/a', { headers: { 'if-none-match': ok.headers.get('etag')! } }), '{"a":1}', headers);
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=1');
    const head = conditional(new Request('http://x/a', { method: 'HEAD' }), '{"a":1}', headers);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('7');
    expect(await head.text()).toBe('');
    expect(conditional(new Request('http://x/a'), 'x', headers, '"given"').headers.get('etag')).toBe('"given"');
  });
});
