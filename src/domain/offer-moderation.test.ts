import { describe, expect, it } from 'vitest';
import { BURST_MAX, flagOffer, isModerationAction, isReportReason, type ScreenedOffer } from './offer-moderation';

const base: ScreenedOffer = {
  title: 'Desarrollador frontend React',
  description: 'Buscamos una persona con experiencia en React y TypeScript.',
  salaryMinUsdMonth: 1500,
  salaryMaxUsdMonth: 2500,
  recentOffers: 1,
};
const rules = (o: Partial<ScreenedOffer>) => flagOffer({ ...base, ...o }).map((f) => f.rule);

describe('offer moderation rules', () => {
  it('flags nothing in an ordinary offer', () => {
    expect(flagOffer(base)).toEqual([]);
    // "Fee" inside another word, a year, a short number: nothing.
    expect(rules({ title: 'Backend Go 2026', description: 'Coffee, feedback y 3 días remotos.' })).toEqual([]);
  });

  it('flags offers asking the candidate to pay, in Spanish and English, with or without accents', () => {
    expect(rules({ description: 'Se requiere pago por adelantado para el curso.' })).toEqual(['asks-payment']);
    expect(rules({ description: 'Cuota de INSCRIPCIÓN: 20 USD' })).toEqual(['asks-payment']);
    expect(rules({ description: 'A small deposit secures your place.' })).toEqual(['asks-payment']);
    expect(rules({ title: 'Data entry (training fee)' })).toEqual(['asks-payment']);
    expect(flagOffer({ ...base, description: 'Pago adelantado.' })[0]).toMatchObject({ detail: 'pago adelantado' });
  });

  it('flags off-platform contact in the title only', () => {
    expect(rules({ title: 'Dev React — escribe a jobs@acme.com' })).toEqual(['contact-in-title']);
    expect(rules({ title: 'Ventas, WhatsApp +51 999 888 777' })).toEqual(['contact-in-title']);
    expect(rules({ title: 'Soporte t.me/empleos' })).toEqual(['contact-in-title']);
    expect(rules({ title: 'Soporte, llama al (01) 555-1234' })).toEqual(['contact-in-title']);
    expect(flagOffer({ ...base, title: 'Ventas 987654321' })[0]).toEqual({ rule: 'contact-in-title', detail: 'phone' });
    // Contact details in the description are allowed.
    expect(rules({ description: 'Preguntas: jobs@acme.com' })).toEqual([]);
  });

  it('flags a salary far outside the market, or outside the sanity bounds without one', () => {
    expect(rules({ salaryMinUsdMonth: 10, salaryMaxUsdMonth: 20 })).toEqual(['salary-out-of-range']);
    expect(rules({ salaryMinUsdMonth: 90_000, salaryMaxUsdMonth: 120_000 })).toEqual(['salary-out-of-range']);
    expect(rules({ marketMedianUsdMonth: 2000 })).toEqual([]);
    expect(rules({ marketMedianUsdMonth: 2000, salaryMinUsdMonth: 200, salaryMaxUsdMonth: 300 })).toEqual(['salary-out-of-range']);
    expect(rules({ marketMedianUsdMonth: 2000, salaryMinUsdMonth: 12_000, salaryMaxUsdMonth: 15_000 })).toEqual(['salary-out-of-range']);
  });

  it('flags more than five offers from one company within ten minutes', () => {
    expect(rules({ recentOffers: BURST_MAX })).toEqual([]);
    expect(rules({ recentOffers: BURST_MAX + 1 })).toEqual(['burst']);
  });

  it('records every rule broken', () => {
    expect(rules({ title: 'Pago por adelantado, wa.me/51999', recentOffers: 9 })).toEqual(['asks-payment', 'contact-in-title', 'burst']);
  });

  it('knows its fixed lists', () => {
    expect(isReportReason('scam')).toBe(true);
    expect(isReportReason('SCAM')).toBe(false);
    expect(isReportReason(undefined)).toBe(false);
    expect(isModerationAction('hide')).toBe(true);
    expect(isModerationAction('delete')).toBe(false);
  });
});
