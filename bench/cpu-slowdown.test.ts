import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.mjs';

describe('cpuSlowdownFor', () => {
  it("gives Lighthouse's default 4x on the host it was chosen for", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
  });

  it('follows the documented anchors, linear in between', () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1000)).toBe(2.4);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(2000)).toBe(6);
  });

  it('slows a faster host down more, never a phone-class host below 1x', () => {
    expect(cpuSlowdownFor(3500)).toBeGreaterThan(12);
    expect(cpuSlowdownFor(100)).toBe(1);
  });

  it('refuses what is not an index', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/benchmark index/);
  });
});
