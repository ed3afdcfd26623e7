import { describe, expect, it } from 'vitest';
import { activeFilters } from './candidate-filters';

describe('the candidate filters’ count', () => {
  it('counts each filter that narrows the search, the certified box included', () => {
    expect(activeFilters({})).toBe(0);
    expect(activeFilters({ role: 'backend', country: undefined, area: '' })).toBe(1);
    expect(activeFilters({ role: 'backend', country: 'peru', skill: 'go', seniority: 'mid', english: 'advanced', certified: true })).toBe(
      6,
    );
  });
});
