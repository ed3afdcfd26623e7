import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseDown, noteDatabaseUnavailable, noteQueryAnswered, watchDatabase } from './health';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const poolWait = new Error('timeout exceeded when trying to connect');

describe('database health', () => {
  afterEach(() => vi.useRealTimers());

  it('is never down while nothing watches it (an embedded database)', () => {
    noteDatabaseUnavailable(refused);
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
    noteDatabaseUnavailable(refused);
    expect(databaseDown()).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    expect(databaseDown()).toBe(false);
    stop();
    vi.restoreAllMocks();
  });

  it('forgets the state when it stops watching', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = watchDatabase(() => Promise.resolve());
    noteDatabaseUnavailable(refused);
    stop();
    expect(databaseDown()).toBe(false);
    vi.restoreAllMocks();
  });

  it('takes a wait that ran out for a slow database while other queries were answered, and marks nothing down', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stop = watchDatabase(() => Promise.resolve(), { log: () => {} });
    noteQueryAnswered(1_000_000);
    noteDatabaseUnavailable(poolWait, 1_004_000);
    expect(databaseDown()).toBe(false);
    // The same wait with nothing answered for longer than the proof lasts: down.
    noteDatabaseUnavailable(poolWait, 1_030_000);
    expect(databaseDown()).toBe(true);
    stop();
    vi.restoreAllMocks();
  });

  it('is not marked down by probes that time out while the queries of requests get their answers', async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    const stop = watchDatabase(() => new Promise<void>(() => {}), { everyMs: 500, timeoutMs: 750, failuresToTrip: 2, log });
    const answering = setInterval(() => noteQueryAnswered(), 200);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(databaseDown()).toBe(false);
    // The requests' queries stop getting answers too: once the last answer is 10 s old, a failing probe marks it down.
    clearInterval(answering);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(databaseDown()).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(databaseDown()).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    stop();
  });
});
