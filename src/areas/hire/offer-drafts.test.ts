import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../routes';
import { testDatabases, type TestDb } from '../../testing/databases';
import { parseConfig } from '../../server/config';
import { createHttpApp } from '../../server/http/app';
import { createHiringService, type HiringService } from '../../server/offers/hiring-service';
import { DRAFT_LIMITS } from '../../server/offers/offer-drafts';
import { createRateLimiter } from '../../server/limits/rate-limit';
import { createSalaryService } from '../../server/salaries/salary-service';
import { createHireActions } from './hire-actions';
import { actionRoutes } from '../../testing/routes';

// Anonymous offer drafts (decision 017): 200 posts of 46 kB used to add 7 MB to the table in 2 s. Now a visitor
// keeps one draft (overwritten), an address keeps a few, each is capped, and old ones are swept.
const config = parseConfig({ SITE_URL: 'https://tandem.example', TRUST_PROXY: '1' });
const DAY = 86_400_000;

describe.each(testDatabases)('anonymous offer drafts on %s', (_name, open) => {
  let t: TestDb;
  let hiring: HiringService;
  let app: Hono;
  let clock = new Date('2026-11-20T10:00:00Z');
  beforeAll(async () => {
    t = await open();
    hiring = createHiringService(t, {
      salaries: async () => createSalaryService(t),
      limiter: async () => createRateLimiter(t, () => clock.getTime()),
      now: () => clock,
    });
    ({ app } = createHttpApp({
      inner: async () => new Response('<p>form</p>', { headers: { 'content-type': 'text/html' } }),
      config,
      prod: false,
      build: { id: 'b', timestamp: 0 },
      trustProxy: config.TRUST_PROXY,
      routes: actionRoutes(
        createHireActions({
          hiring: async () => hiring,
          screening: async () => {
            throw new Error('not used');
          },
          profiles: async () => {
            throw new Error('not used');
          },
          config,
        }),
      ),
    }));
  });
  afterAll(async () => t?.cleanup());

  const drafts = async () => {
    const rows = await t.db.selectFrom('offer_drafts').select(['data']).execute();
    return { count: rows.length, bytes: rows.reduce((n, r) => n + r.data.length, 0) };
  };
  const post = (ip: string, fields: Record<string, string>, cookie = '') =>
    app.request(href('hireCreateOffer', 'es'), {
      method: 'POST',
      body: new URLSearchParams({ intent: 'publish', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://tandem.example',
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
    });

  it('200 anonymous posts of 46 kB from one address keep at most a few capped drafts, and the form is never lost', async () => {
    const big = {
      title: 'Backend',
      description: 'x'.repeat(11_000),
      city: 'c'.repeat(11_000),
      area: 'a'.repeat(11_000),
      role: 'r'.repeat(11_000),
    };
    const small = { title: 'Backend Go', description: 'Buscamos una persona backend con experiencia en Go.' };
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await post('203.0.113.50', i % 2 ? big : small)).status);
    const after = await drafts();
    expect(after.count).toBeLessThanOrEqual(DRAFT_LIMITS.perClient);
    expect(after.bytes).toBeLessThanOrEqual(DRAFT_LIMITS.perClient * DRAFT_LIMITS.maxChars);
    // The refusals re-render the form (status 422 too large, 429 too many), never a server error.
    expect(statuses.filter((s) => s === 303).length).toBe(DRAFT_LIMITS.perClient);
    expect(new Set(statuses)).toEqual(new Set([303, 422, 429]));
    const refused = await post('203.0.113.50', small);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('overwrites the draft of a visitor who already holds one, whatever the address has used', async () => {
    const first = await post('203.0.113.60', { title: 'Primera versión' });
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('tandem_offer_draft='))!
      .split(';')[0]!;
    const token = decodeURIComponent(cookie.split('=')[1]!);
    for (let i = 0; i < 30; i++) expect((await post('203.0.113.60', { title: `Versión ${i}` }, cookie)).status).toBe(303);
    expect(await hiring.draft(token)).toMatchObject({ title: 'Versión 29' });
  });

  it('sweeps drafts older than 7 days', async () => {
    const before = (await drafts()).count;
    expect(before).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 8 * DAY);
    const token = await hiring.stashDraft({ title: 'Nueva' }, { ip: '198.51.100.70' });
    expect(await hiring.sweepDrafts()).toBe(before);
    expect(await hiring.draft(token)).toEqual({ title: 'Nueva' });
    expect((await drafts()).count).toBe(1);
  });
});
