import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { ServiceError } from '../errors';
import { addressChecks, addressGroup, createIdentityGuard, createRateLimiter, IDENTITY_LIMITS } from './rate-limit';

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

describe('client address groups', () => {
  it('count IPv4 by address and IPv6 by its /64, with its /56 four times looser', () => {
    const limit = { max: 10, windowMs: 60_000 };
    expect(addressChecks('login', '203.0.113.7', limit)).toEqual([['login:ip:203.0.113.7', limit]]);
    expect(addressChecks('login', '2001:db8:abcd:12ff:1:2:3:4', limit)).toEqual([
      ['login:ip:2001:db8:abcd:12ff::/64', limit],
      ['login:ip:2001:db8:abcd:1200::/56', { max: 40, windowMs: 60_000 }],
    ]);
  });
  it('read every spelling of one address alike, and IPv4-mapped IPv6 as IPv4', () => {
    for (const a of ['2001:0db8:0000:0001:ffff:0:0:1', '2001:db8:0:1::9', '2001:DB8:0:1:0:0:0:0', '2001:db8:0:1::1%eth0'])
      expect(addressGroup(a)).toBe('2001:db8:0:1::/64');
    expect(addressGroup('::ffff:198.51.100.2')).toBe('198.51.100.2');
    expect(addressGroup('not an address')).toBe('not an address');
  });
});

describe.each(testDatabases)('identity limits per address group on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  const refused = async (check: () => Promise<void>) => {
    try {
      await check();
      return false;
    } catch (e) {
      if (e instanceof ServiceError && e.code === 'rate-limited') return true;
      throw e;
    }
  };

  it('40 password checks from 40 addresses of one /64 are limited like one address', async () => {
    const guard = createIdentityGuard(async () => createRateLimiter(t));
    const answers = [];
    for (let i = 1; i <= 40; i++)
      answers.push(await refused(() => guard({ door: 'login', ip: `2001:db8:77:5::${i.toString(16)}`, email: `u${i}@x.example` })));
    expect(answers.filter((r) => !r)).toHaveLength(IDENTITY_LIMITS.loginPerIp.max);
  });

  it('sign-ups from many /64s of one /56 stop at the looser /56 limit', async () => {
    const guard = createIdentityGuard(async () => createRateLimiter(t));
    const answers = [];
    // Five addresses in each of 16 /64s of 2001:db8:88:1200::/56.
    for (let net = 0; net < 16; net++)
      for (let i = 1; i <= 5; i++)
        answers.push(await refused(() => guard({ door: 'register', ip: `2001:db8:88:12${net.toString(16).padStart(2, '0')}::${i}` })));
    expect(answers.filter((r) => !r)).toHaveLength(IDENTITY_LIMITS.registerPerIp.max * 4);
  });
});
