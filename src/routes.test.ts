import { describe, expect, it } from 'vitest';
import { locales } from './i18n/locales';
import {
  alternates,
  canonicalOf,
  fillPattern,
  href,
  isValidRoute,
  matchPattern,
  matchRoute,
  paramNames,
  parsePattern,
  routeIds,
  routes,
  switchLocalePath,
} from './routes';

describe('route table invariants', () => {
  it('has every route in both locales, Spanish unprefixed and English under /en', () => {
    for (const id of routeIds) {
      expect(routes[id].es, id).toMatch(/^\//);
      expect(routes[id].es.startsWith('/en/') || routes[id].es === '/en', id).toBe(false);
      expect(routes[id].en === '/en' || routes[id].en.startsWith('/en/'), id).toBe(true);
    }
  });

  it('uses the same parameters in both locales', () => {
    for (const id of routeIds) expect(paramNames(routes[id].en), id).toEqual(paramNames(routes[id].es));
  });

  it('keeps URL segments ASCII', () => {
    for (const id of routeIds) for (const l of locales) expect(routes[id][l], id).toMatch(/^[\x21-\x7e]*$/);
  });

  it('has no two patterns that collide (same shape, literal for literal, parameter for parameter)', () => {
    const shape = (p: string) =>
      parsePattern(p)
        .map((s) => (s.kind === 'literal' ? `l:${s.value}` : s.kind))
        .join('/');
    const seen = new Map<string, string>();
    for (const id of routeIds)
      for (const l of locales) {
        const key = shape(routes[id][l]);
        expect(seen.get(key), `${id}.${l} collides with ${seen.get(key)}`).toBeUndefined();
        seen.set(key, `${id}.${l}`);
      }
  });

  it('matches every route back from its sample path in both locales', () => {
    for (const id of routeIds)
      for (const l of locales) {
        const params = routes[id].sample ?? {};
        const path = href(id, l, params);
        const m = matchRoute(path);
        expect(m?.id, `${path}`).toBe(id);
        expect(m?.locale).toBe(l);
        expect(isValidRoute(id, params), `${id} sample must validate`).toBe(true);
      }
  });

  it('points a duplicate page at an indexable route whose own rule accepts the parameters it names', () => {
    const duplicates = routeIds.filter((id) => routes[id].canonical);
    expect(duplicates).toEqual(['toolsCountryDeveloper']);
    for (const id of duplicates) {
      const sample = routes[id].sample ?? {};
      const c = canonicalOf(id, sample);
      expect(c.id).not.toBe(id);
      expect(routes[c.id].indexable).toBe(true);
      expect(routes[c.id].validate?.(c.params) ?? true).toBe(true);
    }
    expect(canonicalOf('toolsCountryDeveloper', { country: 'peru', developer: 'qa-engineer' })).toEqual({
      id: 'toolsCountryRole',
      params: { country: 'peru', rol: 'qa-engineer' },
    });
    expect(canonicalOf('toolsCountryRole', { country: 'peru', rol: 'backend' })).toEqual({
      id: 'toolsCountryRole',
      params: { country: 'peru', rol: 'backend' },
    });
  });

  it('carries the translated English paths', () => {
    expect(routes.hireCreateOffer.en).toBe('/en/hire/create-offer');
    expect(routes.calculator.en).toBe('/en/tools/salary/calculator');
    expect(routes.calculatorRegister.en).toBe('/en/tools/salary/calculator/register');
    expect(routes.calculatorResult.en).toBe('/en/tools/salary/calculator/result');
    expect(routes.toolsCountryRole.en).toBe('/en/tools/[country]/[rol]');
    expect(routes.toolsSkill.en).toBe('/en/tools/salary/skill/[skill]');
    expect(routes.toolsCountrySalary.en).toBe('/en/tools/[country]/salary');
    expect(routes.hirePricing.en).toBe('/en/hire/pricing');
    expect(routes.offer.en).toBe('/en/oferta/[slug]');
  });

  it('assigns the layouts and access modes of the product rules', () => {
    expect(routes.termsBlackNovember.layout).toBe('clean');
    expect(routes.confirmEmail.layout).toBe('clean');
    expect(routes.resetPassword.layout).toBe('default');
    for (const id of ['toolsCountry', 'toolsCountryRole', 'calculator', 'toolsSkill'] as const) expect(routes[id].layout).toBe('tools');
    for (const id of ['login', 'signUp', 'forgotPassword', 'hireStartNow'] as const) expect(routes[id].access).toBe('guest-only');
    expect([routes.matchPlatform.access, routes.hireSite.access]).toEqual(['match-only', 'hire-only']);
    expect(routes.matchCourses.middleware).toBe('courses');
    expect(routes.calculatorIframe.frameable).toBe(true);
    expect(routeIds.filter((id) => (routes[id] as { frameable?: boolean }).frameable)).toEqual(['calculatorIframe']);
  });
});

describe('matching and filling', () => {
  it('prefers literal segments over parameters', () => {
    expect(matchRoute('/herramientas/salario/calculadora')?.id).toBe('calculator');
    expect(matchRoute('/herramientas/peru/salario')?.id).toBe('toolsCountrySalary');
    expect(matchRoute('/herramientas/peru/backend')?.id).toBe('toolsCountryRole');
    expect(matchRoute('/en/trabajos/react')?.id).toBe('jobs');
    expect(matchRoute('/en/trabajos/react')?.locale).toBe('en');
    expect(matchRoute('/peru/trabajos')?.id).toBe('countryJobs');
  });

  it('matches catch-alls with zero or more segments', () => {
    expect(matchPattern('/trabajos/[...filters]', '/trabajos')).toEqual({ filters: [] });
    expect(matchPattern('/trabajos/[...filters]', '/trabajos/a/b')).toEqual({ filters: ['a', 'b'] });
    expect(fillPattern('/trabajos/[...filters]', { filters: [] })).toBe('/trabajos');
    expect(fillPattern('/trabajos/[...filters]', { filters: ['a', 'b'] })).toBe('/trabajos/a/b');
  });

  it('returns null for unknown paths and rejects missing parameters', () => {
    expect(matchRoute('/nope/nothing/here')).toBeNull();
    expect(() => fillPattern('/oferta/[slug]', {})).toThrow(/slug/);
  });

  it('validates parameters', () => {
    expect(isValidRoute('toolsCountry', { country: 'peru' })).toBe(true);
    expect(isValidRoute('toolsCountry', { country: 'narnia' })).toBe(false);
    expect(isValidRoute('toolsCountryRole', { country: 'peru', rol: 'astronaut' })).toBe(false);
    expect(isValidRoute('offer', { slug: 'Not A Slug' })).toBe(false);
    expect(isValidRoute('resetPassword', { token: 'short' })).toBe(false);
    expect(isValidRoute('jobs', { filters: ['ok', 'BAD'] })).toBe(false);
    // Whatever a route's own rule: no control characters (a NUL byte would reach the database), no huge segments.
    expect(isValidRoute('talentProfile', { slug: 'ana\u0000' })).toBe(false);
    expect(isValidRoute('logout', {})).toBe(true);
    expect(isValidRoute('talentProfile', { slug: 'a'.repeat(201) })).toBe(false);
    expect(isValidRoute('jobs', { filters: ['react', '\u0000'] })).toBe(false);
  });
});

describe('language switcher and alternates', () => {
  it('lands on the translated path with the same parameters and query', () => {
    expect(switchLocalePath('/herramientas/salario/calculadora', 'en')).toBe('/en/tools/salary/calculator');
    expect(switchLocalePath('/herramientas/peru/backend', 'en', '?a=1')).toBe('/en/tools/peru/backend?a=1');
    expect(switchLocalePath('/en/tools/peru/salary', 'es', 'x=2')).toBe('/herramientas/peru/salario?x=2');
    expect(switchLocalePath('/en', 'es')).toBe('/');
    expect(switchLocalePath('/', 'en')).toBe('/en');
    expect(switchLocalePath('/oferta/abc', 'en')).toBe('/en/oferta/abc');
    expect(switchLocalePath('/unknown/path', 'en')).toBe('/en');
  });

  it('gives es, en and x-default alternates', () => {
    expect(alternates('calculator')).toEqual([
      { hreflang: 'es', path: '/herramientas/salario/calculadora' },
      { hreflang: 'en', path: '/en/tools/salary/calculator' },
      { hreflang: 'x-default', path: '/herramientas/salario/calculadora' },
    ]);
  });

  it('builds links with queries', () => {
    expect(href('login', 'es', {}, { redirect: '/x' })).toBe('/ingresar?redirect=%2Fx');
    expect(href('jobs', 'en', { filters: ['tech'] }, 'q=react')).toBe('/en/trabajos/tech?q=react');
  });
});
