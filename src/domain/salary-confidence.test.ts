import { describe, expect, it } from 'vitest';
import { confidenceOf, showsNumber, spreadOf } from './salary-confidence';

describe('salary confidence grade', () => {
  const tight = spreadOf(1000, 1600);
  it('grades by the number of reports', () => {
    expect(confidenceOf({ n: 9, sources: 3, spread: tight })).toBe('insufficient');
    expect(confidenceOf({ n: 10, sources: 1, spread: tight })).toBe('low');
    expect(confidenceOf({ n: 25, sources: 1, spread: tight })).toBe('medium');
    expect(confidenceOf({ n: 60, sources: 2, spread: tight })).toBe('high');
  });
  it('asks one source for more reports before it says "high"', () => {
    expect(confidenceOf({ n: 60, sources: 1, spread: tight })).toBe('medium');
    expect(confidenceOf({ n: 100, sources: 1, spread: tight })).toBe('high');
  });
  it('costs a wide spread one grade, but a figure with enough reports keeps a number', () => {
    const wide = spreadOf(1000, 3500);
    expect(confidenceOf({ n: 200, sources: 2, spread: wide })).toBe('medium');
    expect(confidenceOf({ n: 12, sources: 2, spread: wide })).toBe('low');
    expect(showsNumber(confidenceOf({ n: 12, sources: 2, spread: wide }))).toBe(true);
  });
  it('the data-science case: 8 reports of one source make no figure', () => {
    expect(showsNumber(confidenceOf({ n: 8, sources: 1, spread: tight }))).toBe(false);
  });
  it('treats a missing quartile as no spread', () => {
    expect(spreadOf(0, 1000)).toBe(0);
  });
});
