import { describe, expect, it } from 'vitest';
import { exactOption, filterOptions, fold } from './text-search';

const countries = [
  { id: 'peru', label: 'Perú' },
  { id: 'mexico', label: 'México' },
  { id: 'costa-rica', label: 'Costa Rica' },
  { id: 'espana', label: 'España' },
];
const roles = [
  { id: 'frontend', label: 'Desarrollador/a Frontend' },
  { id: 'devops', label: 'Ingeniero/a DevOps' },
  { id: 'data-analyst', label: 'Analista de Datos' },
  { id: 'sdr', label: 'SDR (Desarrollo de Ventas)' },
];
const ids = (list: { id: string }[]) => list.map((o) => o.id);

describe('fold', () => {
  it('drops accents and case, and collapses spaces', () => {
    expect(fold('  PERÚ ')).toBe('peru');
    expect(fold('España')).toBe('espana');
    expect(fold('Costa   Rica')).toBe('costa rica');
    expect(fold('Ångström ü ç')).toBe('angstrom u c');
  });
});

describe('filterOptions', () => {
  it('is accent- and case-insensitive both ways', () => {
    expect(ids(filterOptions(countries, 'peru'))).toEqual(['peru']);
    expect(ids(filterOptions(countries, 'PERÚ'))).toEqual(['peru']);
    expect(ids(filterOptions(countries, 'espa'))).toEqual(['espana']);
    expect(ids(filterOptions(countries, 'méx'))).toEqual(['mexico']);
  });
  it('keeps the whole list for an empty query, and nothing for no match', () => {
    expect(ids(filterOptions(countries, '  '))).toEqual(ids(countries));
    expect(filterOptions(countries, 'narnia')).toEqual([]);
  });
  it('ranks label prefixes, then word prefixes, then other matches', () => {
    // 'Desarrollador/a…' starts with 'de'; the others have a word that does ('DevOps', 'de', 'Desarrollo').
    expect(ids(filterOptions(roles, 'de'))).toEqual(['frontend', 'devops', 'data-analyst', 'sdr']);
    expect(ids(filterOptions(roles, 'dev'))).toEqual(['devops']);
    expect(ids(filterOptions(roles, 'ventas'))).toEqual(['sdr']);
    expect(ids(filterOptions(roles, 'ops'))).toEqual(['devops']);
  });
  it('matches the id prefix too', () => {
    expect(ids(filterOptions(roles, 'data-'))).toEqual(['data-analyst']);
  });
});

describe('exactOption', () => {
  it('finds the option a typed text names', () => {
    expect(exactOption(countries, 'peru')?.id).toBe('peru');
    expect(exactOption(countries, 'costa rica')?.id).toBe('costa-rica');
    expect(exactOption(countries, 'per')).toBeUndefined();
    expect(exactOption(countries, '')).toBeUndefined();
  });
});
