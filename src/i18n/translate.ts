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

/** Every dotted path to a string in a message table: `'error.home' | 'routes.home.title' | …` (leaves only). */
type LeafPath<Tree> = {
  [K in keyof Tree & string]: Tree[K] extends string ? K : `${K}.${LeafPath<Tree[K]>}`;
}[keyof Tree & string];
/** Every dotted path to a group of messages: `'error' | 'routes' | 'routes.home' | …`. */
type GroupPath<Tree> = {
  [K in keyof Tree & string]: Tree[K] extends string ? never : K | `${K}.${GroupPath<Tree[K]>}`;
}[keyof Tree & string];
/** A message key: `t('typo.key')` fails the typecheck. */
export type MessageKey = LeafPath<Messages>;
export type MessageGroup = GroupPath<Messages>;

export type TranslateParams = Record<string, string | number>;
export type T = (key: MessageKey, params?: TranslateParams) => string;

/** A translator bound to one locale. A missing key shows the key itself, never an empty string. */
export function getT(locale: Locale): T {
  return (key, params) => i18n.t(key, params ?? {}, locale) || key;
}

/**
 * Narrows a key assembled at run time from an untyped piece (a query string, a form field name) to a
 * message key. Callers keep showing the key itself when it is not one, as the translator does.
 */
export function isMessageKey(key: string): key is MessageKey {
  let node: unknown = es;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/**
 * The message `${group}.${piece}` for a piece known only at run time (a query string, a database column):
 * the group is checked by the typecheck, the piece by the table; without a message, the key itself, as t shows.
 */
export function translateIn(t: T, group: MessageGroup, piece: string): string {
  const key = `${group}.${piece}`;
  return isMessageKey(key) ? t(key) : key;
}

/** The whole message table of a locale (for the /_i18n endpoint only; pages pass strings, not tables). */
export const messagesOf = (locale: Locale): Messages => (locale === 'en' ? english : es);

/** Pick the strings a client island renders, so that no translation table ships to the browser. */
export function pick<K extends string>(t: T, keys: Record<K, MessageKey>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, MessageKey][]) out[name] = t(key);
  return out;
}

/** The raw messages under some groups (`'hire.market'`), flat by key, for an island that formats them itself (subset-t.ts). */
export function messageGroups(locale: Locale, groups: readonly (MessageGroup | MessageKey)[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out[path] = node;
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
  };
  for (const g of groups) {
    let node: unknown = messagesOf(locale);
    for (const part of g.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    walk(node, g);
  }
  return out;
}
