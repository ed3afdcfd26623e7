// Locales (docs/product-rules.md). Spanish is the default and has no URL prefix (strategy prefix_except_default).
export const locales = ['es', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'es';

export const localeInfo = {
  es: { code: 'es', language: 'es-ES', name: 'Español' },
  en: { code: 'en', language: 'en-US', name: 'English' },
} as const satisfies Record<Locale, { code: Locale; language: string; name: string }>;

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const isLocale = (v: unknown): v is Locale => v === 'es' || v === 'en';

/** The locale of a pathname: the first segment when it is a non-default locale, else the default. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return first === 'en' ? 'en' : defaultLocale;
}

export const otherLocale = (locale: Locale): Locale => (locale === 'es' ? 'en' : 'es');
