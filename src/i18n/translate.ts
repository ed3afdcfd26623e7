// UI messages through rosetta. The locale is passed on every call: rosetta's locale() mutates the shared
// instance, which would race between concurrent requests on the server, so it is never called.
import rosetta from 'rosetta';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import type { Locale } from './locales';

export type Messages = typeof es;
// Compile-time parity: the English table must have the Spanish table's shape (the unit test checks values).
const english: Messages = en;

const i18n = rosetta<Messages>({ es, en: english });

export type TranslateParams = Record<string, string | number>;
export type T = (key: string, params?: TranslateParams) => string;

/** A translator bound to one locale. A missing key shows the key itself, never an empty string. */
export function getT(locale: Locale): T {
  return (key, params) => i18n.t(key, params ?? {}, locale) || key;
}

/** The whole message table of a locale (for the /_i18n endpoint only; pages pass strings, not tables). */
export const messagesOf = (locale: Locale): Messages => (locale === 'en' ? english : es);

/** Pick the strings a client island renders, so that no translation table ships to the browser. */
export function pick<K extends string>(t: T, keys: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, string][]) out[name] = t(key);
  return out;
}
