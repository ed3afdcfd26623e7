import { describe, expect, it } from 'vitest';
import { offerNear, purgeHits, type OfferFacets } from './page-purge';

const GO: OfferFacets = {
  area: 'tech',
  role: 'backend',
  seniority: 'senior',
  modality: 'remote-global',
  english: 'advanced',
  country: 'peru',
  skills: ['go', 'docker'],
  countries: ['peru', 'chile'],
};

describe('page purges', () => {
  it('finds an offer in a selection, or one facet away with slack', () => {
    expect(offerNear(GO, { role: 'backend', skill: 'go', country: 'chile' }, 0)).toBe(true); // remote, open to Chile
    expect(offerNear(GO, { country: 'mexico' }, 0)).toBe(false); // not in its allowed countries
    expect(offerNear({ ...GO, countries: [] }, { country: 'mexico' }, 0)).toBe(true); // open to every country
    expect(offerNear(GO, { role: 'frontend', skill: 'go' }, 0)).toBe(false);
    expect(offerNear(GO, { role: 'frontend', skill: 'go' }, 1)).toBe(true); // the role's facet counts include it
    expect(offerNear(GO, { role: 'frontend', seniority: 'junior' }, 1)).toBe(false);
  });

  it('hits pages by tag, by the offers they list, and unlabelled pages always', () => {
    const search = { tags: ['search'], offers: { selection: { role: 'frontend', seniority: 'junior' }, slack: 1 } };
    expect(purgeHits(search, { tags: ['offer:x'], offers: [GO] })).toBe(false);
    expect(purgeHits(search, { tags: ['offer:x'], offers: [GO, { ...GO, role: 'frontend' }] })).toBe(true); // an edit's old or new facets
    expect(purgeHits(search, { tags: [], offers: 'all' })).toBe(true);
    expect(purgeHits({ tags: ['search'], offers: 'any' }, { tags: [], offers: [GO] })).toBe(true);
    expect(purgeHits({ tags: ['search'], offers: 'any' }, { tags: ['profile:ana'] })).toBe(false);
    expect(purgeHits({ tags: [] }, { tags: ['profile:ana'] })).toBe(true);
    expect(purgeHits({ tags: ['static'] }, { all: true })).toBe(true);
  });
});
