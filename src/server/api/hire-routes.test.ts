import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../accounts/auth-service';
import { createHiringService } from '../offers/hiring-service';
import { createSalaryService } from '../salaries/salary-service';
import { setFxRate } from '../salaries/data/salary-data';
import { createApiApp } from './app';

const SECRET = 's'.repeat(40);
const offer = {
  title: 'Desarrollador/a Backend Go',
  area: 'tech',
  role: 'backend',
  seniority: 'senior',
  modality: 'remote-global',
  country: 'peru',
  allowed_countries: ['peru'],
  skills_required: ['go'],
  salary_min: 12000,
  salary_max: 16000,
  currency: 'PEN',
  period: 'month',
  description: 'Buscamos una persona backend con **Go** para nuestro equipo en la región.',
};

describe.each(testDatabases)('hire API on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  const tokens: Record<'acme' | 'other' | 'candidate', string> = { acme: '', other: '', candidate: '' };
  let offerId = 0;
  let applicationId = 0;

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    const auth = createAuthService(t, SECRET);
    const hiring = createHiringService(t, { salaries: async () => createSalaryService(t) });
    app = new Hono().route('/api', createApiApp({ auth: async () => auth, hiring: async () => hiring }));
    const reg = async (type: 'match' | 'hire', email: string, extra = {}) =>
      (await auth.register(type, { name: 'Test', last_name: 'User', email, password: 'una-clave-larga', ...extra }, { ip: 'test' }))
        .access_token;
    tokens.acme = await reg('hire', 'acme@example.com', { company_name: 'Acme' });
    tokens.other = await reg('hire', 'otra@example.com', { company_name: 'Otra' });
    tokens.candidate = await reg('match', 'ana@example.com');
  });
  afterAll(async () => t?.cleanup());

  const call = (method: string, path: string, who?: keyof typeof tokens, body?: unknown, lang = 'es') =>
    app.request(`/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', lang, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('publishes an offer with the same rules as the form, naming bad fields in the request language', async () => {
    const bad = await call('POST', '/v3/hire/offers', 'acme', { ...offer, salary_max: 100, currency: 'EUR' }, 'en');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({
      salary_max: 'The maximum must be at least the minimum.',
      currency: "Use the country's currency or USD.",
    });
    const res = await call('POST', '/v3/hire/offers', 'acme', { ...offer, publish: true });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.result).toMatchObject({ status: 'published', slug: 'desarrollador-a-backend-go-acme' });
    offerId = body.result.id;
    const candidate = await t.db.selectFrom('users').select('id').where('email', '=', 'ana@example.com').executeTakeFirstOrThrow();
    const app = await t.db
      .insertInto('applications')
      .values({ offer_id: offerId, candidate_id: candidate.id, status: 'sent', created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    applicationId = app.id;
  });

  it('answers every hire endpoint: 401 anonymous, 403 for a candidate, 404 for another company (as an unknown id), 2xx for the owner', async () => {
    const endpoints: [string, string, unknown?][] = [
      ['GET', `/v3/hire/offers/${offerId}`],
      ['PATCH', `/v3/hire/offers/${offerId}`, offer],
      ['POST', `/v3/hire/offers/${offerId}/pause`],
      ['GET', `/v3/hire/offers/${offerId}/applicants`],
      ['PATCH', `/v3/hire/applications/${applicationId}`, { status: 'approved' }],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await call(method, path, 'candidate', body)).status, `${method} ${path} candidate`).toBe(403);
      expect((await call(method, path, 'other', body)).status, `${method} ${path} other company`).toBe(404);
      expect((await call(method, path, 'acme', body)).status, `${method} ${path} owner`).toBe(200);
    }
    for (const [method, path] of [
      ['GET', '/v3/hire/offers'],
      ['POST', '/v3/hire/offers'],
      ['GET', '/v3/hire/candidates'],
    ] as const) {
      expect((await call(method, path, undefined, method === 'POST' ? offer : undefined)).status).toBe(401);
      expect((await call(method, path, 'candidate', method === 'POST' ? offer : undefined)).status).toBe(403);
    }
    const others = await (await call('GET', '/v3/hire/offers', 'other')).json();
    expect(others.result).toEqual([]);
  });

  it('moves applicants, lists them, refuses unknown statuses and actions the state does not allow', async () => {
    expect((await call('PATCH', `/v3/hire/applications/${applicationId}`, 'acme', { status: 'placed' })).status).toBe(200);
    expect((await call('PATCH', `/v3/hire/applications/${applicationId}`, 'acme', { status: 'hired!' })).status).toBe(422);
    const list = await (await call('GET', `/v3/hire/offers/${offerId}/applicants`, 'acme')).json();
    expect(list.result.applicants[0]).toMatchObject({ status: 'placed', candidate: { name: 'Test User' } });
    // Keyset pages (decision 054): the total, the counts by status, and no next page after the last.
    expect(list.result).toMatchObject({ total: 1, by_status: { placed: 1 }, next_cursor: null });
    const bad = await (await call('GET', `/v3/hire/offers/${offerId}/applicants?cursor=not-a-cursor`, 'acme')).json();
    expect(bad.result.applicants).toHaveLength(1);
    const offers = await call('GET', '/v3/hire/offers?cursor=zzz', 'acme');
    expect(offers.status).toBe(200);
    expect(Number(offers.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect(offers.headers.get('x-next-cursor')).toBeNull();
    expect((await call('POST', `/v3/hire/offers/${offerId}/publish`, 'acme')).status).toBe(409); // paused above: resume, not publish
    expect((await call('POST', `/v3/hire/offers/${offerId}/resume`, 'acme')).status).toBe(200);
    expect((await call('POST', `/v3/hire/offers/${offerId}/explode`, 'acme')).status).toBe(404);
    expect((await call('GET', '/v3/hire/offers/999999', 'acme')).status).toBe(404);
    expect((await call('GET', '/v3/hire/candidates?page=0', 'acme')).status).toBe(422);
    expect((await call('GET', '/v3/hire/candidates?page=2', 'acme')).status).toBe(422); // numbered pages are gone
    const candidates = await (await call('GET', '/v3/hire/candidates?role=backend&cursor=bad!cursor', 'acme')).json();
    expect(candidates.result).toMatchObject({ next_cursor: null, items: expect.any(Array), total: expect.any(Number) });
    expect((await call('GET', '/v3/hire/candidates?role=backend', 'acme')).status).toBe(200);
  });
});
