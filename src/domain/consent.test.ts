import { describe, expect, it } from 'vitest';
import { consentCookie, effectiveConsent, FULL_CONSENT, NO_CONSENT, parseConsent, readCookie, serializeConsent } from './consent';

describe('consent cookie', () => {
  it('round-trips each combination', () => {
    for (const analytics of [true, false])
      for (const monitoring of [true, false])
        expect(parseConsent(serializeConsent({ analytics, monitoring }))).toEqual({ analytics, monitoring });
  });
  it('treats anything else as no choice yet', () => {
    for (const v of [undefined, '', 'yes', 'v1.a1', 'v2.a1.m1', 'v1.a1.m1;x']) expect(parseConsent(v)).toBeNull();
  });
  it('is written for 182 days, first-party, Lax, Secure on HTTPS', () => {
    expect(consentCookie(FULL_CONSENT, true)).toBe('tandem_consent=v1.a1.m1; Max-Age=15724800; Path=/; SameSite=Lax; Secure');
    expect(consentCookie(NO_CONSENT, false)).not.toMatch(/Secure/);
  });
  it('reads one cookie out of a document.cookie string', () => {
    expect(readCookie('a=1; tandem_consent=v1.a0.m1; _fbp=fb.1.2', 'tandem_consent')).toBe('v1.a0.m1');
    expect(readCookie('a=1', '_fbc')).toBeUndefined();
  });
});

describe('consent in force', () => {
  it('asks when nothing is decided', () =>
    expect(effectiveConsent(null, false)).toEqual({ consent: NO_CONSENT, decided: false, byGpc: false }));
  it('takes Global Privacy Control as a refusal and does not ask', () =>
    expect(effectiveConsent(null, true)).toEqual({ consent: NO_CONSENT, decided: true, byGpc: true }));
  it("keeps the visitor's own later choice over GPC", () =>
    expect(effectiveConsent(FULL_CONSENT, true)).toEqual({ consent: FULL_CONSENT, decided: true, byGpc: false }));
});
