import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { href } from '../../routes';
import { createEmailService } from '../email/email-service';
import { createRateLimiter } from '../limits/rate-limit';
import { createDatabaseStore } from '../uploads/data/database-store';
import type { UploadStore } from '../uploads/upload-store';
import { createDataExportService, EXPORT_TTL_MS, type DataExportService } from './data-export-service';

// "Download my data" (decision 072) on SQLite and PostgreSQL: the archive holds the person's applications
// and messages and nothing of anyone else (the company's private notes, other candidates), it unzips with
// the library that wrote it, the link works for its owner only, one request a day, and expiry deletes it.
const SITE = 'https://tandem.example';
const DAY = 24 * 60 * 60_000;

describe.each(testDatabases)('data exports on %s', (_name, open) => {
  let t: TestDb;
  let store: UploadStore;
  let svc: DataExportService;
  let clock = Date.now();
  beforeAll(async () => {
    t = await open();
    store = createDatabaseStore(t);
    const email = createEmailService(t, { log: () => {} });
    const limiter = createRateLimiter(t, () => clock);
    svc = createDataExportService(t, {
      store,
      email: async () => email,
      limiter: async () => limiter,
      siteUrl: SITE,
      brand: 'Tandem',
      now: () => clock,
      schedule: () => {},
      log: () => {},
    });
  });
  afterAll(async () => t?.cleanup());

  /** Ana applied to Acme's offer and wrote with Acme; Bea applied too; Acme noted private things about both. */
  async function world() {
    const ana = await addUser(t.db, 'match', 'Ana');
    const bea = await addUser(t.db, 'match', 'Bea');
    const acme = await addCompany(t.db, 'Acme');
    const offer = await addOffer(t.db, acme.companyId, { title: 'Ingeniera de datos' });
    const now = new Date(clock);
    const apply = async (candidate: number, note: string) => {
      const a = await t.db
        .insertInto('applications')
        .values({ offer_id: offer.id, candidate_id: candidate, created_at: now, updated_at: now, cover_note: `nota de ${candidate}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('application_notes')
        .values({ application_id: a.id, author_id: acme.userId, body: note, created_at: now })
        .execute();
      await t.db
        .insertInto('application_events')
        .values({ application_id: a.id, actor_id: acme.userId, kind: 'moved', from_status: 'new', to_status: 'interview', at: now })
        .execute();
      const c = await t.db
        .insertInto('conversations')
        .values({
          company_id: acme.companyId,
          candidate_id: candidate,
          application_id: a.id,
          invitation_id: null,
          offer_id: offer.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('messages')
        .values([
          { conversation_id: c.id, sender_side: 'company', sender_id: acme.userId, body: `Hola ${candidate}, ¿hablamos?`, created_at: now },
          { conversation_id: c.id, sender_side: 'candidate', sender_id: candidate, body: `Claro, soy ${candidate}`, created_at: now },
        ])
        .execute();
      return a.id;
    };
    const anaApp = await apply(ana, 'NOTA PRIVADA sobre Ana');
    await apply(bea, 'NOTA PRIVADA sobre Bea');
    await store.put('cvs/ana-cv.pdf', new TextEncoder().encode('%PDF-1.4 ana'), 'application/pdf');
    await t.db
      .insertInto('profile_documents')
      .values({
        user_id: ana,
        linkedin_url: 'https://linkedin.com/in/ana',
        github_url: null,
        portfolio_url: null,
        cv_key: 'cvs/ana-cv.pdf',
        cv_bytes: 12,
        cv_uploaded_at: now,
        updated_at: now,
      })
      .execute();
    return { ana, bea, acme, anaApp };
  }

  const emailedToken = async (userId: number, locale: 'es' | 'en' = 'es') => {
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_email', '=', email)
      .where('kind', '=', 'data-export-ready')
      .execute();
    expect(rows).toHaveLength(1);
    const prefix = `${SITE}${href('account', locale)}?descarga=`;
    const at = rows[0]!.text_body.indexOf(prefix);
    expect(at).toBeGreaterThan(-1);
    return rows[0]!.text_body.slice(at + prefix.length).match(/^[A-Za-z0-9_-]+/)![0];
  };

  it("holds the person's applications and messages, their CV, and nothing of anyone else; the ZIP unzips", async () => {
    const w = await world();
    expect(await svc.request(w.ana, 'es', 'v1.a0.m1')).toMatchObject({ state: 'pending' });
    expect(await svc.status(w.ana)).toMatchObject({ state: 'pending' });
    expect(await svc.runDue()).toBe(1);
    expect(await svc.status(w.ana)).toMatchObject({ state: 'ready' });
    const token = await emailedToken(w.ana);
    // Only a hash of the link's token is stored.
    expect(JSON.stringify(await t.db.selectFrom('data_exports').selectAll().execute())).not.toContain(token);

    const file = await svc.download(token, w.ana);
    expect(file.fileName).toMatch(/^tandem-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(file.bytes);
    expect(Object.keys(files).sort()).toEqual(['data.json', 'files/cvs/ana-cv.pdf']);
    expect(strFromU8(files['files/cvs/ana-cv.pdf']!)).toBe('%PDF-1.4 ana');
    const json = strFromU8(files['data.json']!);
    const data = JSON.parse(json);
    expect(data.account.id).toBe(w.ana);
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.applications.map((a: { id: number }) => a.id)).toEqual([w.anaApp]);
    expect(data.applications[0].history).toEqual([expect.objectContaining({ kind: 'moved', to_status: 'interview' })]);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0].messages.map((m: { body: string }) => m.body)).toEqual([
      `Hola ${w.ana}, ¿hablamos?`,
      `Claro, soy ${w.ana}`,
    ]);
    expect(data.links.linkedin).toBe('https://linkedin.com/in/ana');
    expect(data.consent).toBe('v1.a0.m1');
    // Nothing of the company's private notes, of the other candidate, or of who moved the application.
    expect(json).not.toContain('NOTA PRIVADA');
    expect(json).not.toContain(`soy ${w.bea}`);
    expect(json).not.toContain(`nota de ${w.bea}`);
    expect(json).not.toContain('actor_id');
  });

  it('answers the link to its owner only, once a day per account, and deletes the file at expiry', async () => {
    const w = await world();
    await svc.request(w.bea, 'en');
    await svc.runDue();
    const token = await emailedToken(w.bea, 'en');
    await expect(svc.download(token, w.ana)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.download(`${token.slice(0, -2)}xx`, w.bea)).rejects.toMatchObject({ code: 'not-found' });
    // A ready export is answered as it is; once it expired, the day's limit still holds.
    expect(await svc.request(w.bea, 'en')).toMatchObject({ state: 'ready' });
    const row = await t.db.selectFrom('data_exports').select(['file_key']).where('user_id', '=', w.bea).executeTakeFirstOrThrow();
    expect(await store.has(row.file_key!)).toBe(true);

    clock += EXPORT_TTL_MS + 1000;
    await expect(svc.download(token, w.bea)).rejects.toMatchObject({ code: 'not-found' });
    expect(await svc.sweep()).toBeGreaterThanOrEqual(1);
    expect(await store.has(row.file_key!)).toBe(false);
    expect(await t.db.selectFrom('data_exports').select('id').where('user_id', '=', w.bea).execute()).toEqual([]);

    // The next request after the day is fine; a second one within the day is refused.
    expect(await svc.request(w.bea, 'en')).toMatchObject({ state: 'pending' });
    await svc.runDue();
    clock += EXPORT_TTL_MS + 1000;
    await svc.sweep();
    expect(await svc.request(w.bea, 'en')).toMatchObject({ state: 'pending' });
    await svc.runDue();
    clock += DAY / 2;
    await t.db.deleteFrom('data_exports').where('user_id', '=', w.bea).execute();
    await expect(svc.request(w.bea, 'en')).rejects.toMatchObject({ code: 'rate-limited' });
  });

  it('gives a company member the company and its offers, and only the messages they wrote', async () => {
    const w = await world();
    await svc.request(w.acme.userId, 'es');
    await svc.runDue();
    const file = await svc.download(await emailedToken(w.acme.userId), w.acme.userId);
    const data = JSON.parse(strFromU8(unzipSync(file.bytes)['data.json']!));
    expect(data.companies.map((c: { id: number }) => c.id)).toEqual([w.acme.companyId]);
    expect(data.offers.map((o: { title: string }) => o.title)).toEqual(['Ingeniera de datos']);
    expect(data.messagesSent.map((m: { body: string }) => m.body).sort()).toEqual([
      `Hola ${w.ana}, ¿hablamos?`,
      `Hola ${w.bea}, ¿hablamos?`,
    ]);
    expect(JSON.stringify(data)).not.toContain('Claro, soy');
  });
});
