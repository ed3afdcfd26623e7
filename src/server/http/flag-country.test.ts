import { describe, expect, it } from 'vitest';
import { flagCountry } from './anonymous-id';
import { parseTrustProxy } from './client-ip';

describe('flag targeting country', () => {
  const headers = new Headers({ 'cf-ipcountry': 'CO', 'accept-language': 'es-MX,es;q=0.9' });
  it("believes a CDN's country header only behind a trusted proxy", () => {
    expect(flagCountry(headers, parseTrustProxy('1'))).toBe('CO');
    expect(flagCountry(headers, parseTrustProxy(undefined))).toBe('MX');
  });
  it('is unknown when the browser language names no region', () => {
    expect(flagCountry(new Headers({ 'accept-language': 'es' }), null)).toBeUndefined();
  });
});
