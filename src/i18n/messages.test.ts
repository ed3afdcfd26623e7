import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { routeIds } from '../routes';
import { getT, messagesOf, pick } from './translate';

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
  const fes = flatten(es as Tree);
  const fen = flatten(en as Tree);

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
      for (const part of ['title', 'description', 'heading', 'intro']) expect(fes[`routes.${id}.${part}`], `${id}.${part}`).toMatch(/\S{2,}/);
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
    expect(getT('es')('does.not.exist')).toBe('does.not.exist');
  });

  it('picks only the strings an island renders', () => {
    expect(pick(getT('en'), { a: 'colorMode.dark', b: 'colorMode.light' })).toEqual({ a: 'Dark', b: 'Light' });
    expect(messagesOf('en')).toBe(en);
  });
});
