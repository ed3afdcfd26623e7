import { describe, expect, it } from 'vitest';
import { adjustmentsOf, effectLabel } from './effect-label';

describe('estimate adjustments in words', () => {
  it('names English, work mode and skills, not the role, seniority or country the range is for', () => {
    const effects = [
      { factor: 'seniority', value: 'senior' },
      { factor: 'country', value: 'peru' },
      { factor: 'english', value: 'advanced' },
      { factor: 'skill', value: 'docker' },
    ];
    expect(adjustmentsOf(effects, 'en')).toEqual([effectLabel('english', 'advanced', 'en'), 'Docker']);
    expect(adjustmentsOf([{ factor: 'seniority', value: 'mid' }], 'es')).toEqual([]);
  });
});
