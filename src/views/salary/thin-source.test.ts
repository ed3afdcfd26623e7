import { describe, expect, it } from 'vitest';
import { isThinSingleSource } from './salary-provenance';

describe('small-sample, single-source flag', () => {
  const one = [{ id: 'aijobs.net' }];
  it('flags a real figure that one source gives from fewer than 20 reports', () => {
    expect(isThinSingleSource({ n: 7, sources: one, demoShare: 0 })).toBe(true);
  });
  it('does not flag a larger sample, several sources, or demo figures (labelled as demo instead)', () => {
    expect(isThinSingleSource({ n: 20, sources: one, demoShare: 0 })).toBe(false);
    expect(isThinSingleSource({ n: 7, sources: [...one, { id: 'laplaza-2025' }], demoShare: 0 })).toBe(false);
    expect(isThinSingleSource({ n: 7, sources: one, demoShare: 1 })).toBe(false);
  });
});
