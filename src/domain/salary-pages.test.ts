import { describe, expect, it } from 'vitest';
import { salaryPageGroup } from './salary-pages';

describe('salaryPageGroup', () => {
  it("is the page's country, role and skill; the developer page of a country counts the tech area", () => {
    expect(salaryPageGroup('toolsCountry', { country: 'peru' })).toEqual({ country: 'peru' });
    expect(salaryPageGroup('toolsCountrySalary', { country: 'peru' })).toEqual({ country: 'peru', area: 'tech' });
    expect(salaryPageGroup('toolsCountryRole', { country: 'peru', rol: 'backend' })).toEqual({ country: 'peru', role: 'backend' });
    expect(salaryPageGroup('toolsCountryDeveloper', { country: 'peru', developer: 'qa-engineer' })).toEqual({
      country: 'peru',
      role: 'qa-engineer',
    });
    expect(salaryPageGroup('toolsDeveloper', { developer: 'frontend' })).toEqual({ role: 'frontend' });
    expect(salaryPageGroup('toolsSkill', { skill: 'react' })).toEqual({ skill: 'react' });
    expect(salaryPageGroup('toolsCountrySkill', { country: 'chile', skill: 'go', filters: [] })).toEqual({ country: 'chile', skill: 'go' });
  });
});
