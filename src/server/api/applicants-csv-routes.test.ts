import { parse } from 'csv-parse/sync';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addOffer } from '../../testing/marketplace';
import { createAuthService } from '../accounts/auth-service';
import { createApplicantsCsv } from '../offers/applicants-csv';
import { createScreeningService } from '../offers/screening-service';
import { createApiApp } from './app';

// GET /api/v3/hire/offers/:id/applicants.csv (decision 049): a download for the offer's company only.
describe.each(testDatabases)('applicants CSV route on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  const tokens = { acme: '', other: '', candidate: '' };
  let offerId = 0;

  beforeAll(async () => {
    t = await open();
    const auth = createAuthService(t, 's'.repeat(40));
    app = new Hono().route(
      '/api',
      createApiApp({ auth: async () => auth, applicantsCsv: async () => createApplicantsCsv(t), sessionCookie: 'tk' }),
    );
    const reg = async (type: 'match' | 'hire', email: string, extra = {}) =>
      (await auth.register(type, { name: 'José', last_name: 'Núñez', email, password: 'una-clave-larga', ...extra }, { ip: 'test' }))
        .access_token;
    tokens.acme = await reg('hire', 'acme@example.com', { company_name: 'Acme' });
    tokens.other = await reg('hire', 'otra@example.com', { company_name: 'Otra' });
    tokens.candidate = await reg('match', 'ana@example.com');
    const company = await t.db.selectFrom('company_users').select('company_id').executeTakeFirstOrThrow();
    const offer = await addOffer(t.db, company.company_id);
    offerId = offer.id;
    const me = await auth.me('match', tokens.candidate);
    await createScreeningService(t).apply(offer.slug, { id: me.id, type: 'match' }, { cover_note: '+51 999' });
  });
  afterAll(async () => t?.cleanup());

  const get = (path: string, headers: Record<string, string> = {}) => app.request(`/api${path}`, { headers });
  const bearer = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });

  it('answers the company an attachment, private and not stored, in the asked language', async () => {
    const r = await get(`/v3/hire/offers/${offerId}/applicants.csv?lang=en`, bearer('acme'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-applicants\.csv"$/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(new TextDecoder().decode(bytes.slice(3)));
    expect(rows[0]!.slice(0, 5)).toEqual(['Name', 'Email', 'Status', 'Applied at', 'Note']);
    expect(rows[1]!.slice(0, 3)).toEqual(['José Núñez', 'ana@example.com', 'Sent']);
    expect(rows[1]![4]).toBe("'+51 999");
  });

  it('also reads the session cookie of this site’s pages', async () => {
    const r = await get(`/v3/hire/offers/${offerId}/applicants.csv`, { cookie: `tk=${tokens.acme}`, 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('Nombre');
  });

  it('answers another company 404 like an unknown id, a candidate 403 and nobody 401', async () => {
    expect((await get(`/v3/hire/offers/${offerId}/applicants.csv`, bearer('other'))).status).toBe(404);
    expect((await get(`/v3/hire/offers/999999/applicants.csv`, bearer('acme'))).status).toBe(404);
    expect((await get(`/v3/hire/offers/abc/applicants.csv`, bearer('acme'))).status).toBe(404);
    expect((await get(`/v3/hire/offers/${offerId}/applicants.csv`, bearer('candidate'))).status).toBe(403);
    expect((await get(`/v3/hire/offers/${offerId}/applicants.csv`)).status).toBe(401);
  });
});
