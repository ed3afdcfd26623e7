import { describe, expect, it } from 'vitest';
import { adjustmentsOf, effectLabel } from './effect-label';

describe('estimate adjustments in words', () => {
  it('names the employer, English and work mode, not the role, seniority or country the range is for', () => {
    const steps = [
      { dimension: 'country', value: 'peru' },
      { dimension: 'seniority', value: 'senior' },
      { dimension: 'employer', value: 'foreign' },
      { dimension: 'english', value: 'advanced' },
    ];
    expect(adjustmentsOf(steps, 'en')).toEqual(['Foreign employer', effectLabel('english', 'advanced', 'en')]);
    expect(adjustmentsOf([{ dimension: 'seniority', value: 'mid' }], 'es')).toEqual([]);
  });
});
