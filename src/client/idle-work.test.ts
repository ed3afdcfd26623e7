import { afterEach, describe, expect, it, vi } from 'vitest';
import { constrainedConnection, whenIdleAfterLoad } from './idle-work';

describe('constrainedConnection', () => {
  it('is true when the visitor saves data or the network is 2G', () => {
    expect(constrainedConnection(undefined)).toBe(false);
    expect(constrainedConnection({ saveData: false, effectiveType: '4g' })).toBe(false);
    expect(constrainedConnection({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(constrainedConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(constrainedConnection({ effectiveType: '2g' })).toBe(true);
  });
});

describe('whenIdleAfterLoad', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits until the given time after navigation start, then for the next idle moment', () => {
    vi.useFakeTimers();
    vi.stubGlobal('performance', { now: () => 400 });
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void, opts: { timeout: number }) => {
      expect(opts.timeout).toBe(2000);
      idle = cb;
      return 7;
    });
    const run = vi.fn();
    whenIdleAfterLoad(run, { afterMs: 1000, timeoutMs: 2000 });
    vi.advanceTimersByTime(599);
    expect(idle).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(run).not.toHaveBeenCalled();
    idle!();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the idle callback was asked for', () => {
    vi.useFakeTimers();
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 9);
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const run = vi.fn();
    whenIdleAfterLoad(run)();
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
    const cancel = whenIdleAfterLoad(run, { afterMs: 0 });
    vi.advanceTimersByTime(0);
    cancel();
    expect(cancelled).toEqual([9]);
  });
});
