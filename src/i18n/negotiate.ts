// Locale detection for the first visit to '/', as @nuxtjs/i18n 10.0.x's findBrowserLocale does it (decision 003).
import { parseCookie } from 'cookie';
import { LOCALE_COOKIE, defaultLocale, isLocale, localeInfo, locales, type Locale } from './locales';

/** Accept-Language as an ordered list of tags; q-values are ignored on purpose (list order is all that counts). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter((tag) => tag !== '' && tag !== '*');
}

/** Two passes: exact tag against the locale's language (en-US), then primary subtag; ties go to the longer code. */
export function findBrowserLocale(browserTags: readonly string[]): Locale | '' {
  const candidates = locales.map((code) => ({ code, language: localeInfo[code].language.toLowerCase() }));
  const matches: { code: Locale; score: number }[] = [];
  const len = browserTags.length;
  // pass 1: exact
  for (const [index, tag] of browserTags.entries()) {
    const hit = candidates.find((c) => c.language === tag.toLowerCase());
    if (hit) {
      matches.push({ code: hit.code, score: 1 - index / len });
      break;
    }
  }
  // pass 2: primary subtag
  for (const [index, tag] of browserTags.entries()) {
    const primary = tag.split('-')[0]!.toLowerCase();
    const hit = candidates.find((c) => c.language.split('-')[0] === primary);
    if (hit) {
      matches.push({ code: hit.code, score: 0.999 - index / len });
      break;
    }
  }
  matches.sort((a, b) => b.score - a.score || b.code.length - a.code.length);
  return matches[0]?.code ?? '';
}

/** Detection order: cookie, browser languages, fallback (the default locale). */
export function negotiateLocale(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const fromCookie = parseCookie(cookieHeader ?? '')[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  return findBrowserLocale(parseAcceptLanguage(acceptLanguage)) || defaultLocale;
}
