import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createRateLimiter } from './rate-limit';

describe.each(testDatabases)('rate limiter on %s', (_name, open) => {
  let t: TestDb;
  let clock = 1_000_000;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  it('allows max hits per window, then refuses with the time left, then opens a new window', async () => {
    const limiter = createRateLimiter(t, () => clock);
    const limit = { max: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('login:a@b.c', limit));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    clock += 20_000;
    expect(await limiter.hit('login:a@b.c', limit)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect((await limiter.hit('login:other', limit)).allowed).toBe(true);
    clock += 41_000;
    expect((await limiter.hit('login:a@b.c', limit)).allowed).toBe(true);
  });

  it('counts every one of many parallel hits', async () => {
    const limiter = createRateLimiter(t, () => clock);
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('burst', { max: 25, windowMs: 60_000 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });
});
