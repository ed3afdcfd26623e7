import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { routeIds } from '../routes';
import { getT, isMessageKey, messagesOf, pick, translateIn, type MessageKey } from './translate';

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message files', () => {
  const fes = flatten(es);
  const fen = flatten(en);

  it('have the same keys', () => {
    expect(Object.keys(fen).sort()).toEqual(Object.keys(fes).sort());
  });

  it('have the same placeholders per key', () => {
    for (const key of Object.keys(fes)) expect(placeholders(fen[key] ?? ''), key).toEqual(placeholders(fes[key]!));
  });

  it('have no empty strings and use rosetta {{placeholders}} only', () => {
    for (const [key, v] of [...Object.entries(fes), ...Object.entries(fen)]) {
      expect(v.trim(), key).not.toBe('');
      expect(v, key).not.toMatch(/(^|[^{])\{\w+\}([^}]|$)/);
    }
  });

  it('give every route a title, description, heading and intro', () => {
    for (const id of routeIds)
      for (const part of ['title', 'description', 'heading', 'intro'])
        expect(fes[`routes.${id}.${part}`], `${id}.${part}`).toMatch(/\S{2,}/);
  });
});

describe('translator', () => {
  it('takes the locale per call and interpolates', () => {
    const tes = getT('es');
    const ten = getT('en');
    expect(tes('error.home')).toBe('Ir al inicio');
    expect(ten('error.home')).toBe('Go to home');
    expect(ten('routes.toolsCountry.title', { country: 'Peru' })).toBe('Salaries in Peru');
    // Interleaved calls do not leak a locale into each other.
    expect(tes('error.home')).toBe('Ir al inicio');
  });

  it('shows the key for a missing message', () => {
    // @ts-expect-error a key that is not in i18n/es.json fails the typecheck; at run time it shows itself.
    expect(getT('es')('does.not.exist')).toBe('does.not.exist');
  });

  it('takes message keys only, checked by the typecheck (npm run typecheck)', () => {
    // Each @ts-expect-error below fails `npm run typecheck` if the line typechecks, e.g. if MessageKey
    // widened to string or any.
    const t = getT('en');
    // @ts-expect-error a typo
    t('error.hom');
    // @ts-expect-error a group, not a message
    t('routes.home');
    // @ts-expect-error a key built from an unknown piece
    t(`application.status.${String('sent')}`);
    // @ts-expect-error pick takes message keys too
    pick(t, { a: 'colorMode.drak' });
    const status: 'sent' | 'placed' = 'placed';
    const key: MessageKey = `application.status.${status}`;
    expect(t(key)).toBe('Hired');
    expect(t('routes.toolsCountry.heading', { country: 'Peru' })).toMatch(/Peru/);
  });

  it('narrows keys built at run time and translates them within a group', () => {
    expect(isMessageKey('error.home')).toBe(true);
    for (const k of ['error', 'error.nope', 'error.home.x', '', 'error.constructor', 'constructor', '__proto__.x'])
      expect(isMessageKey(k), k).toBe(false);
    const t = getT('en');
    expect(translateIn(t, 'application.status', 'placed')).toBe('Hired');
    expect(translateIn(t, 'hire.site.done', 'nope')).toBe('hire.site.done.nope');
    // Inherited names are not messages (rosetta would call Object.prototype's functions).
    expect(translateIn(t, 'hire.site.done', 'constructor')).toBe('hire.site.done.constructor');
    expect(translateIn(t, 'hire.site.done', 'hasOwnProperty')).toBe('hire.site.done.hasOwnProperty');
  });

  it('picks only the strings an island renders', () => {
    expect(pick(getT('en'), { a: 'colorMode.dark', b: 'colorMode.light' })).toEqual({ a: 'Dark', b: 'Light' });
    expect(messagesOf('en')).toBe(en);
  });
});
