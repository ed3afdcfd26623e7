import { describe, expect, it } from 'vitest';
import { captureUtm, parseUtm, utmQuery } from './utm';

describe('UTM capture', () => {
  it('keeps the last value of a repeated field and ignores empty ones', () => {
    const q = new URLSearchParams('utm_source=newsletter&utm_source=linkedin&utm_medium=&utm_campaign=lanzamiento&x=1');
    expect(captureUtm(q)).toEqual({ utm_source: 'linkedin', utm_campaign: 'lanzamiento' });
  });
  it('carries the campaign fields of a query over to another URL, in field order', () => {
    expect(utmQuery(new URLSearchParams('country=peru&utm_medium=embed&role=backend&utm_source=iframe'))).toBe(
      'utm_source=iframe&utm_medium=embed',
    );
    expect(utmQuery(new URLSearchParams('country=peru'))).toBe('');
  });
  it('answers null when the visit carries no campaign fields', () => {
    expect(captureUtm(new URLSearchParams('q=react&utm_source='))).toBeNull();
  });
  it('caps values and strips control characters', () => {
    const q = new URLSearchParams({ utm_term: `a\nb${'x'.repeat(300)}` });
    const got = captureUtm(q)!.utm_term!;
    expect(got.startsWith('abx')).toBe(true);
    expect(got).toHaveLength(200);
  });
  it('reads back only known string fields from a stored capture', () => {
    expect(parseUtm('{"utm_id":"42","evil":"x","utm_source":3}')).toEqual({ utm_id: '42' });
    expect(parseUtm('not json')).toBeNull();
    expect(parseUtm(undefined)).toBeNull();
  });
});
