import { describe, expect, it } from 'vitest';
import { groupKey, type GroupFilter } from './data/aggregates';
import { estimateProfile, type Moments } from './estimate-model';

// Groups as the aggregates give them: n, mean and sd of ln(US$ a month), sources.
const m = (n: number, median: number, sd = 0.4, sources = 1): Moments => ({ n, mean: Math.log(median), sd, sources });
const lookupOf = (groups: [GroupFilter, Moments][]) => {
  const byKey = new Map(groups.map(([f, g]) => [groupKey(f), g]));
  return (f: GroupFilter) => byKey.get(groupKey(f));
};

describe('the pooled salary estimate', () => {
  const groups: [GroupFilter, Moments][] = [
    [{ country: 'colombia' }, m(1000, 1500)],
    [{ country: 'colombia', role: 'backend' }, m(470, 1700)],
    [{ country: 'colombia', seniority: 'junior' }, m(200, 900)],
    [{ country: 'colombia', role: 'backend', seniority: 'junior' }, m(52, 1000)],
    [{ country: 'colombia', seniority: 'junior', english: 'basic' }, m(60, 800)],
    [{ country: 'colombia', role: 'backend', seniority: 'junior', english: 'basic' }, m(14, 1050)],
    [{ country: 'colombia', seniority: 'senior' }, m(400, 3000)],
    [{ country: 'colombia', role: 'backend', seniority: 'senior' }, m(3, 9000)],
  ];
  const lookup = lookupOf(groups);

  it('stays with a group that has many reports', () => {
    const e = estimateProfile({ country: 'colombia', role: 'backend', seniority: 'junior' }, lookup, 300)!;
    // 52 reports against a prior worth 8 (backend 1,700 moved by the juniors' 900 / 1,500: ~1,020).
    expect(e.median).toBeGreaterThanOrEqual(1000);
    expect(e.median).toBeLessThan(1010);
    expect(e.n).toBe(52);
    expect(e.confidence).toBe('medium');
  });

  it('does not count seniority twice: a junior with basic English stays near what such juniors report', () => {
    const e = estimateProfile({ country: 'colombia', role: 'backend', seniority: 'junior', english: 'basic' }, lookup, 300)!;
    // Its 14 reports say 1,050; the juniors' English effect in the country (800 / 900) pulls toward 890.
    expect(e.median).toBeGreaterThan(890);
    expect(e.median).toBeLessThan(1050);
    expect(e.steps.map((s) => [s.dimension, s.n])).toEqual([
      ['country', 1000],
      ['role', 470],
      ['seniority', 52],
      ['english', 14],
    ]);
  });

  it('draws a thin group toward its parent moved by the seniority effect, and grades it insufficient', () => {
    const e = estimateProfile({ country: 'colombia', role: 'backend', seniority: 'senior' }, lookup, 300)!;
    // Prior: backend 1,700 moved by the country's senior effect (3,000 / 1,500): ~3,400; three reports at 9,000.
    expect(e.median).toBeGreaterThan(3400);
    expect(e.median).toBeLessThan(5000);
    expect(e.confidence).toBe('insufficient');
  });

  it('gives a middle-half range around the estimate that never goes below the minimum wage', () => {
    const e = estimateProfile({ country: 'colombia', role: 'backend', seniority: 'junior' }, lookup, 300)!;
    expect(e.low).toBeLessThan(e.median);
    expect(e.high).toBeGreaterThan(e.median);
    // ±0.674 sd of 0.4 on log pay: about x0.76 and x1.31.
    expect(e.high / e.low).toBeGreaterThan(1.6);
    expect(e.high / e.low).toBeLessThan(1.9);
    const floored = estimateProfile({ country: 'colombia', role: 'backend', seniority: 'junior' }, lookup, 900)!;
    expect(floored.low).toBe(900);
    expect(floored.floored).toBe(true);
    expect(floored.median).toBeGreaterThanOrEqual(900);
  });

  it('answers null for a country without reports, and insufficient for a role without any', () => {
    expect(estimateProfile({ country: 'bolivia', role: 'backend', seniority: 'mid' }, lookup, 300)).toBeNull();
    const none = estimateProfile({ country: 'colombia', role: 'frontend', seniority: 'mid' }, lookup, 300)!;
    expect(none.confidence).toBe('insufficient');
    expect(none.n).toBe(0);
  });
});
