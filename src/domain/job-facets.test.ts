import { describe, expect, it } from 'vitest';
import { isValidRoute, matchRoute } from '../routes';
import {
  areaOf,
  canonicalSegments,
  canonicalSelection,
  FACET_VALUES,
  FACETS,
  facetOf,
  indexableParent,
  jobQueryParams,
  parseFilterSegments,
  parseJobQuery,
  searchTerms,
} from './job-facets';
import { jobsHref, withFacet } from '../views/jobs/job-search-url';
import { describeSearch, placeText, salaryText, searchTitle } from '../views/jobs/job-text';
import { getT } from '../i18n/translate';

describe('crawl budget', () => {
  it('keeps the first two facets (canonical order) and the country as the indexable parent of a deeper search', () => {
    expect(indexableParent({ area: 'sales', skill: 'react', seniority: 'senior', country: 'peru' })).toEqual({
      area: 'sales',
      skill: 'react',
      country: 'peru',
    });
    // The area a role implies does not count: the parent is that of the canonical form.
    expect(indexableParent({ area: 'tech', role: 'backend', seniority: 'senior', country: 'peru' })).toEqual({
      role: 'backend',
      seniority: 'senior',
      country: 'peru',
    });
    expect(indexableParent({ english: 'advanced', skill: 'react', modality: 'hybrid' })).toEqual({ skill: 'react', modality: 'hybrid' });
    const shallow = { area: 'tech', skill: 'react' };
    expect(indexableParent(shallow)).toEqual(shallow);
    expect(indexableParent({})).toEqual({});
  });
});

describe('facet segments', () => {
  it('gives every facet value a slug no other facet uses', () => {
    const all = FACETS.flatMap((f) => FACET_VALUES[f].map((v) => v.id));
    expect(new Set(all).size).toBe(all.length);
    expect(facetOf('react')).toBe('skill');
    expect(facetOf('remote-global')).toBe('modality');
    expect(facetOf('peru')).toBeUndefined();
  });

  it('reads segments into a selection and says whether they are in canonical order', () => {
    expect(parseFilterSegments([])).toEqual({ ok: true, selection: {}, canonical: [], isCanonical: true });
    expect(parseFilterSegments(['frontend', 'react', 'senior', 'remote-global', 'advanced'])).toEqual({
      ok: true,
      selection: { role: 'frontend', skill: 'react', seniority: 'senior', modality: 'remote-global', english: 'advanced' },
      canonical: ['frontend', 'react', 'senior', 'remote-global', 'advanced'],
      isCanonical: true,
    });
    expect(parseFilterSegments(['marketing', 'react', 'senior'])).toMatchObject({ ok: true, isCanonical: true });
    const swapped = parseFilterSegments(['remote-global', 'react']);
    expect(swapped).toMatchObject({ ok: true, canonical: ['react', 'remote-global'], isCanonical: false });
  });

  it('leaves out the area a role implies: the longer form is a search, redirected to the shorter', () => {
    expect(parseFilterSegments(['tech', 'tech-lead'])).toEqual({
      ok: true,
      selection: { role: 'tech-lead' },
      canonical: ['tech-lead'],
      isCanonical: false,
    });
    expect(parseFilterSegments(['tech-lead', 'tech'])).toMatchObject({ canonical: ['tech-lead'], isCanonical: false });
    expect(parseFilterSegments(['product', 'ui-ux-designer', 'figma'])).toMatchObject({
      selection: { role: 'ui-ux-designer', skill: 'figma' },
      canonical: ['ui-ux-designer', 'figma'],
      isCanonical: false,
    });
    expect(parseFilterSegments(['tech-lead'])).toMatchObject({ ok: true, isCanonical: true });
  });

  it('has one canonical form per selection, and it is a fixed point', () => {
    expect(canonicalSelection({ area: 'sales', role: 'sdr', country: 'peru' })).toEqual({ role: 'sdr', country: 'peru' });
    expect(canonicalSelection({ area: 'sales', skill: 'react' })).toEqual({ area: 'sales', skill: 'react' });
    expect(canonicalSelection({ skill: 'junior', role: 'tech' })).toEqual({});
    // A role outside the area names no offer: left as it is (and refused as a URL).
    expect(canonicalSelection({ area: 'product', role: 'tech-lead' })).toEqual({ area: 'product', role: 'tech-lead' });
    for (const role of FACET_VALUES.role) {
      const sel = { area: areaOf({ role: role.id }), role: role.id, seniority: 'senior' };
      const once = canonicalSelection(sel);
      expect(once).toEqual({ role: role.id, seniority: 'senior' });
      expect(canonicalSelection(once)).toEqual(once);
      expect(parseFilterSegments(canonicalSegments(sel))).toMatchObject({ ok: true, selection: once, isCanonical: true });
    }
    expect(areaOf({ area: 'sales' })).toBe('sales');
    expect(areaOf({})).toBeUndefined();
  });

  it('refuses unknown segments and two values of one facet', () => {
    expect(parseFilterSegments(['react', 'cobol'])).toEqual({ ok: false });
    expect(parseFilterSegments(['junior', 'senior'])).toEqual({ ok: false });
    expect(parseFilterSegments(['react', 'react'])).toEqual({ ok: false });
    expect(parseFilterSegments(['peru'])).toEqual({ ok: false });
    // A role and an area it is not in: two areas, as good as two values of one facet.
    expect(parseFilterSegments(['product', 'tech-lead'])).toEqual({ ok: false });
    expect(parseFilterSegments(['tech-lead', 'sales'])).toEqual({ ok: false });
  });

  it('orders a selection canonically and drops values of the wrong facet', () => {
    expect(canonicalSegments({ english: 'basic', area: 'sales', modality: 'office' })).toEqual(['sales', 'office', 'basic']);
    expect(canonicalSegments({ skill: 'junior' })).toEqual([]);
    expect(canonicalSegments({ role: 'backend', area: 'tech', skill: 'go' })).toEqual(['backend', 'go']);
  });

  it('makes the route validation fail on unknown segments and countries (404)', () => {
    expect(isValidRoute('jobs', { filters: ['react', 'remote-global'] })).toBe(true);
    expect(isValidRoute('jobs', { filters: ['remote-global', 'react'] })).toBe(true); // redirected, not refused
    expect(isValidRoute('jobs', { filters: ['react', 'cobol'] })).toBe(false);
    expect(isValidRoute('countryJobs', { country: 'peru', filters: ['react'] })).toBe(true);
    expect(isValidRoute('countryJobs', { country: 'narnia', filters: [] })).toBe(false);
    expect(matchRoute('/peru/trabajos/react')).toMatchObject({ id: 'countryJobs', params: { country: 'peru', filters: ['react'] } });
  });
});

describe('search query', () => {
  it('reads free text, minimum salary, sort and page, dropping nonsense', () => {
    expect(parseJobQuery('')).toEqual({ q: '', sort: 'recent', page: 1 });
    expect(parseJobQuery('q=%20dise%C3%B1ador%20%20ux%20&salario_min=2000&orden=salario&pagina=3')).toEqual({
      q: 'diseñador ux',
      minSalaryUsd: 2000,
      sort: 'salary',
      page: 3,
    });
    expect(parseJobQuery('salario_min=abc&pagina=0&orden=x')).toEqual({ q: '', sort: 'recent', page: 1 });
    expect(parseJobQuery('pagina=-2&salario_min=1e9').page).toBe(1);
    expect(parseJobQuery(`q=${'x'.repeat(300)}`).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults', () => {
    expect(jobQueryParams({ q: '', sort: 'recent', page: 1 })).toEqual({
      q: undefined,
      salario_min: undefined,
      orden: undefined,
      pagina: undefined,
    });
    expect(jobQueryParams({ q: 'go', minSalaryUsd: 1500, sort: 'salary', page: 2 })).toEqual({
      q: 'go',
      salario_min: '1500',
      orden: 'salario',
      pagina: '2',
    });
  });

  it('folds free text into ASCII words for both full-text indexes', () => {
    expect(searchTerms('Diseñador/a UI-UX  Señor')).toEqual(['disenador', 'a', 'ui', 'ux', 'senor']);
    expect(searchTerms('"; drop table offers; --')).toEqual(['drop', 'table', 'offers']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('!!!')).toEqual([]);
  });
});

describe('search links', () => {
  it('builds the canonical path of a selection in each locale, with the query', () => {
    expect(jobsHref('es', {})).toBe('/trabajos');
    expect(jobsHref('en', { modality: 'remote-global', skill: 'react' })).toBe('/en/trabajos/react/remote-global');
    expect(jobsHref('es', { country: 'peru', skill: 'react', modality: 'remote-global' }, { q: 'node', page: 2 })).toBe(
      '/peru/trabajos/react/remote-global?q=node&pagina=2',
    );
    expect(jobsHref('en', { country: 'chile' }, { format: 'rss' })).toBe('/en/chile/trabajos?format=rss');
  });

  it('sets and clears one facet', () => {
    const sel = { country: 'peru' as const, skill: 'react' };
    expect(withFacet(sel, 'skill', 'vue')).toEqual({ country: 'peru', skill: 'vue' });
    expect(withFacet(sel, 'country', undefined)).toEqual({ skill: 'react' });
    expect(sel).toEqual({ country: 'peru', skill: 'react' });
  });

  it('keeps a role and its area one choice: never a redundant or an impossible pair', () => {
    const lead = { role: 'tech-lead', skill: 'go' };
    expect(withFacet({ area: 'tech', skill: 'go' }, 'role', 'tech-lead')).toEqual(lead);
    expect(withFacet({ area: 'sales', skill: 'go' }, 'role', 'tech-lead')).toEqual(lead);
    expect(withFacet(lead, 'area', 'tech')).toEqual(lead);
    expect(withFacet(lead, 'area', 'sales')).toEqual({ area: 'sales', skill: 'go' });
    expect(withFacet(lead, 'area', undefined)).toEqual({ skill: 'go' });
    expect(withFacet(lead, 'role', undefined)).toEqual({ skill: 'go' });
    expect(jobsHref('en', { country: 'peru', area: 'tech', role: 'tech-lead' })).toBe('/en/peru/trabajos/tech-lead');
  });
});

describe('search words', () => {
  const es = getT('es');
  const en = getT('en');
  it('describes a search in each language', () => {
    expect(describeSearch({}, 'es', es)).toBe('Trabajos tech y digitales');
    expect(describeSearch({}, 'en', en)).toBe('Tech and digital jobs');
    expect(describeSearch({ country: 'peru', skill: 'react', modality: 'remote-global' }, 'es', es)).toBe(
      'Trabajos remotos de React en Perú',
    );
    expect(describeSearch({ country: 'peru', skill: 'react', modality: 'remote-global' }, 'en', en)).toBe('Remote React jobs in Peru');
    expect(describeSearch({ country: 'chile' }, 'en', en)).toBe('Jobs in Chile');
    expect(describeSearch({ role: 'frontend', skill: 'react', seniority: 'senior', english: 'advanced' }, 'es', es)).toBe(
      'Trabajos de Desarrollador/a Frontend con React senior con inglés avanzado',
    );
    expect(describeSearch({ role: 'frontend', skill: 'react', seniority: 'senior', english: 'advanced' }, 'en', en)).toBe(
      'Senior React Frontend Developer jobs with advanced English',
    );
    expect(searchTitle({ area: 'marketing' }, { q: 'seo', page: 2 }, 'es', es)).toBe('Trabajos de Marketing: «seo» (página 2)');
  });

  it('writes salaries with their period and USD twin, and where the work is', () => {
    const s = { min: 6000, max: 7500, currency: 'PEN', period: 'month' as const, gross: true, usdMonthMin: 1600, usdMonthMax: 2000 };
    expect(salaryText(s, 'en', en)).toEqual({ local: 'PEN 6,000 – PEN 7,500 gross per month', usd: '≈ $1,600 – $2,000 per month' });
    expect(salaryText({ ...s, currency: 'USD', min: 1600, max: 2000 }, 'en', en).usd).toBeNull();
    expect(salaryText({ ...s, period: 'year', gross: false }, 'es', es).local).toMatch(/^6000\sPEN – 7500\sPEN netos al año$/);
    expect(placeText({ modality: 'remote-global', country: 'mexico', city: null, allowedCountries: [] }, 'en', en)).toBe(
      'From any country',
    );
    expect(placeText({ modality: 'remote-global', country: 'mexico', city: null, allowedCountries: ['colombia', 'peru'] }, 'es', es)).toBe(
      'Desde Colombia, Perú',
    );
    expect(placeText({ modality: 'hybrid', country: 'peru', city: 'Lima', allowedCountries: [] }, 'es', es)).toBe('Lima, Perú');
  });
});
