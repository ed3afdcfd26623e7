import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasSharedData, sharedDataDir } from '../../../testing/databases';
import { BASELINE_FILE } from '../cli';
import { checkAgainst, crossValidate, publicReports, type Baseline, type Held, type Validation } from './cross-validate';

const noData = hasSharedData ? '' : ` (skipped: no survey files in ${sharedDataDir})`;

// What CI holds the estimate model to, on the real surveys: the range's coverage stays honest and the
// error does not grow past the committed baseline (the same check as `npm run salaries:validate -- --check`).
describe('the estimate model, cross-validated on the public surveys', () => {
  it.skipIf(!hasSharedData)(`keeps its range honest and its error within the committed baseline${noData}`, () => {
    const v = crossValidate(publicReports(sharedDataDir));
    const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
    expect(checkAgainst(v, baseline)).toEqual([]);
    expect(v.evaluated).toBeGreaterThan(baseline.evaluated * 0.9);
    // And it does better than the multiplicative model it replaced, on the same reports.
    expect(v.model.mdape).toBeLessThan(v.multiplicative.mdape);
  });
});

describe('the validation check', () => {
  const scores = (mdape: number, coverage: number) => ({ n: 100, mdape, mdale: mdape, coverage });
  const v = (mdape: number, coverage: number): Validation => ({
    folds: 5,
    reports: 100,
    evaluated: 100,
    model: scores(mdape, coverage),
    multiplicative: scores(0.4, 0.5),
    cells: [],
  });
  const baseline: Baseline = { mdape: 0.3, mdale: 0.3, coverage: 0.5, evaluated: 100 };
  it('fails a range that covers too few or too many held-out reports', () => {
    expect(checkAgainst(v(0.3, 0.35), baseline)[0]).toMatch(/coverage/);
    expect(checkAgainst(v(0.3, 0.65), baseline)[0]).toMatch(/coverage/);
    expect(checkAgainst(v(0.3, 0.5), baseline)).toEqual([]);
  });
  it('fails an error more than 10 % worse than the baseline', () => {
    expect(checkAgainst(v(0.34, 0.5), baseline).join()).toMatch(/worse than the baseline/);
    expect(checkAgainst(v(0.32, 0.5), baseline)).toEqual([]);
  });
  it('holds every report out exactly once', () => {
    const reports: Held[] = Array.from({ length: 60 }, (_, i) => ({
      id: `r${i}`,
      country: 'peru',
      role: 'backend',
      seniority: i % 2 ? 'mid' : 'senior',
      modality: null,
      english: null,
      skills: [],
      usd_month: 1500 + (i % 7) * 100,
      local_month: 0,
      source: 'test',
      is_demo: false,
      collected: '2026-01-01',
    }));
    const result = crossValidate(reports);
    expect(result.evaluated).toBe(60);
  });
});
