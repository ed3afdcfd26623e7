import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../accounts/auth-service';
import { createRateLimiter } from '../limits/rate-limit';
import { createHiringService } from '../offers/hiring-service';
import { LIVE_MARKET_RATE } from '../offers/market-check';
import { setFxRate } from '../salaries/data/salary-data';
import type { SalaryService } from '../salaries/salary-service';
import { createApiApp } from './app';

const SECRET = 's'.repeat(40);
const ESTIMATE = {
  usd: { low: 2000, median: 2500, high: 3000 },
  local: { currency: 'PEN', low: 7500, median: 9375, high: 11250, rate: 3.75, asOf: '2026-11-01' },
  confidence: 'medium',
  n: 40,
  basis: null,
  steps: [],
  floored: false,
};

// The offer form's live market check (decision 088): GET, validated, counted per account, aggregates only.
describe.each(testDatabases)('live market check API on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  const asked: { min: number; max: number }[] = [];
  const tokens = { acme: '', candidate: '' };

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    const auth = createAuthService(t, SECRET);
    // The salary service's own rules have their suites; here only what the route passes and answers.
    const salaries = {
      estimate: async () => ESTIMATE,
      verdict: async (_input: unknown, min: number, max: number) => {
        asked.push({ min, max });
        return { verdict: max < 2000 ? 'low' : 'competitive', estimate: ESTIMATE };
      },
    } as unknown as SalaryService;
    // A limiter scaled down so that the limit is a few checks.
    const limiter = createRateLimiter(t, Date.now, 4 / LIVE_MARKET_RATE.max);
    const hiring = createHiringService(t, { salaries: async () => salaries, limiter: async () => limiter });
    app = new Hono().route('/api', createApiApp({ auth: async () => auth, hiring: async () => hiring }));
    const reg = async (type: 'match' | 'hire', email: string, extra = {}) =>
      (await auth.register(type, { name: 'Test', last_name: 'User', email, password: 'una-clave-larga', ...extra }, { ip: 'test' }))
        .access_token;
    tokens.acme = await reg('hire', 'acme@example.com', { company_name: 'Acme' });
    tokens.candidate = await reg('match', 'ana@example.com');
  });
  afterAll(async () => t?.cleanup());

  const get = (query: string, who?: keyof typeof tokens, lang = 'es') =>
    app.request(`/api/v3/hire/market?${query}`, {
      headers: { lang, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
    });

  it('answers the range and the verdict, the local currency being the country’s', async () => {
    const res = await get(
      'role=backend&seniority=senior&country=peru&salary_min=9.000&salary_max=12000&currency=LOCAL&period=month',
      'acme',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { result } = await res.json();
    expect(result.market.estimate.local).toMatchObject({ currency: 'PEN', low: 7500, high: 11250 });
    expect(result.market.verdict).toBe('competitive');
    // 9000 and 12000 PEN a month at 3.75 per US$; the live check never counts profiles.
    expect(asked.at(-1)).toEqual({ min: 2400, max: 3200 });
    expect(result.market).not.toHaveProperty('candidates');
  });

  it('answers no market until role, seniority and country are chosen', async () => {
    const res = await get('role=backend&country=', 'acme');
    expect(res.status).toBe(200);
    expect((await res.json()).result.market).toBeNull();
  });

  it('refuses bad input with 400 and the field named in the request language', async () => {
    const bad = await get('role=astronaut&salary_min=12abc&period=week', 'acme', 'en');
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors).sort()).toEqual(['period', 'role', 'salary_min']);
    expect(typeof body.message).toBe('string');
    expect((await get(`currency=${'X'.repeat(500)}`, 'acme')).status).toBe(400);
  });

  it('is for companies only', async () => {
    expect((await get('role=backend&seniority=senior&country=peru')).status).toBe(401);
    expect((await get('role=backend&seniority=senior&country=peru', 'candidate')).status).toBe(403);
  });

  it('is rate-limited per account: 429 with Retry-After past the limit', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await get(`role=backend&seniority=senior&country=peru&salary_min=${1000 + i}`, 'acme');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
