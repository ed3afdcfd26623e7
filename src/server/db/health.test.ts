import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseDown, noteDatabaseUnavailable, watchDatabase } from './health';

describe('database health', () => {
  afterEach(() => vi.useRealTimers());

  it('is never down while nothing watches it (an embedded database)', () => {
    noteDatabaseUnavailable();
    expect(databaseDown()).toBe(false);
  });

  it('goes down after two probes without an answer, and up at the first answer', async () => {
    vi.useFakeTimers();
    let answering = true;
    const log = vi.fn();
    const stop = watchDatabase(() => (answering ? Promise.resolve() : new Promise<void>(() => {})), {
      everyMs: 500,
      timeoutMs: 750,
      failuresToTrip: 2,
      log,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(databaseDown()).toBe(false);
    answering = false;
    await vi.advanceTimersByTimeAsync(1300); // first probe times out
    expect(databaseDown()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000); // the second one too
    expect(databaseDown()).toBe(true);
    answering = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(databaseDown()).toBe(false);
    expect(
      log.mock.calls.map((c) =>
        String(c[0])
          .replace(/\(pid \d+\) /, '')
          .slice(0, 25),
      ),
    ).toEqual(['[db] database marked down', '[db] database answers aga']);
    stop();
  });

  it('goes down at once when a request found the database unreachable, and up when a probe answers', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = watchDatabase(() => Promise.resolve(), { everyMs: 500, log: () => {} });
    noteDatabaseUnavailable();
    expect(databaseDown()).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    expect(databaseDown()).toBe(false);
    stop();
    vi.restoreAllMocks();
  });

  it('forgets the state when it stops watching', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = watchDatabase(() => Promise.resolve());
    noteDatabaseUnavailable();
    stop();
    expect(databaseDown()).toBe(false);
    vi.restoreAllMocks();
  });
});
