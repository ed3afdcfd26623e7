import { describe, expect, it } from 'vitest';
import { findBrowserLocale, negotiateLocale, parseAcceptLanguage } from './negotiate';

describe('locale negotiation', () => {
  it('parses Accept-Language in list order, ignoring q-values and *', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it('matches exact tags first, then primary subtags', () => {
    expect(findBrowserLocale(['en-US'])).toBe('en');
    expect(findBrowserLocale(['en'])).toBe('en');
    expect(findBrowserLocale(['en-GB', 'es-ES'])).toBe('en'); // list order wins: en-GB matches en by its primary subtag first
    expect(findBrowserLocale(['de', 'en-US', 'es'])).toBe('en');
    expect(findBrowserLocale(['es-MX', 'en'])).toBe('es');
    expect(findBrowserLocale(['fr', 'de'])).toBe('');
  });

  it('tries the cookie, then the browser, then es', () => {
    expect(negotiateLocale('i18n_redirected=en', 'es')).toBe('en');
    expect(negotiateLocale('i18n_redirected=es', 'en-US')).toBe('es');
    expect(negotiateLocale('i18n_redirected=fr', 'en-US')).toBe('en');
    expect(negotiateLocale('', 'fr-FR')).toBe('es');
    expect(negotiateLocale(undefined, undefined)).toBe('es');
  });
});
