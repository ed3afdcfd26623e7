import { describe, expect, it } from 'vitest';
import { profileCompleteness, recommendationBasis, type ProfileFacts } from './profile-completeness';

const empty: ProfileFacts = {
  role: null,
  seniority: null,
  country: null,
  headline: null,
  years: null,
  english: null,
  skills: 0,
  salaryExpectation: null,
  isPublic: false,
};
const full: ProfileFacts = {
  role: 'backend',
  seniority: 'senior',
  country: 'peru',
  headline: 'Backend en Node.js',
  years: 0,
  english: 'advanced',
  skills: 3,
  salaryExpectation: 3000,
  isPublic: true,
};

describe('profile completeness', () => {
  it('is 0 with every item missing, in order, and 100 with none', () => {
    expect(profileCompleteness(empty)).toEqual({
      percent: 0,
      missing: ['role', 'seniority', 'country', 'headline', 'years', 'english', 'skills', 'salary', 'public'],
    });
    expect(profileCompleteness(full)).toEqual({ percent: 100, missing: [] });
  });

  it('counts zero years as given, but not a blank headline, two skills or a zero salary', () => {
    expect(profileCompleteness({ ...full, headline: '   ', skills: 2, salaryExpectation: 0 })).toEqual({
      percent: 66,
      missing: ['headline', 'skills', 'salary'],
    });
  });

  it('rounds down, so a profile short of one item never shows 100', () => {
    expect(profileCompleteness({ ...full, isPublic: false }).percent).toBe(88);
  });
});

describe('recommendation basis', () => {
  const profile = { role: 'backend', seniority: 'mid', country: 'peru' };
  it('names the facts every offer shares with the profile, in reading order', () => {
    expect(recommendationBasis(profile, [profile, { ...profile }])).toEqual(['role', 'seniority', 'country']);
    // A broader search filled the list: only the role is shared by all.
    expect(recommendationBasis(profile, [profile, { role: 'backend', seniority: 'senior', country: 'chile' }])).toEqual(['role']);
  });
  it('names nothing without a profile or offers, or for a fact the profile lacks', () => {
    expect(recommendationBasis(null, [profile])).toEqual([]);
    expect(recommendationBasis(profile, [])).toEqual([]);
    expect(recommendationBasis({ role: 'backend', country: null }, [{ role: 'backend', country: null }])).toEqual(['role']);
  });
});
