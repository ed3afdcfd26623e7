import { describe, expect, it } from 'vitest';
import { visitorCountry } from './visitor-country';

describe('visitor country (flag targeting, no outside lookup)', () => {
  it("takes a trusted CDN's country header first", () => {
    expect(visitorCountry({ cdnCountry: 'co', acceptLanguage: 'es-MX' })).toBe('CO');
  });
  it('ignores unknown or malformed CDN values and falls back to the first language with a region', () => {
    expect(visitorCountry({ cdnCountry: 'XX', acceptLanguage: 'es, es-PE;q=0.9, en-US;q=0.8' })).toBe('PE');
    expect(visitorCountry({ cdnCountry: 'Colombia', acceptLanguage: 'en-GB' })).toBe('GB');
  });
  it('says nothing when neither does', () => {
    expect(visitorCountry({ acceptLanguage: 'es, en' })).toBeUndefined();
    expect(visitorCountry({})).toBeUndefined();
  });
});
