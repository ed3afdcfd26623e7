import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfferInput } from '../../domain/offer-input';
import { testDatabases, type TestDb } from '../../testing/databases';
import { OFFER } from '../../testing/fixtures/offer';
import { addCompany, addOffer } from '../../testing/marketplace';
import { setFxRate } from '../salaries/data/salary-data';
import { createSalaryService } from '../salaries/salary-service';
import { createEmailService } from '../email/email-service';
import { createRateLimiter } from '../limits/rate-limit';
import type { AuditEntry } from '../accounts/operators/operator-service';
import { createApplicationService } from './application-service';
import { createHiringService } from './hiring-service';
import { createJobSearchService } from './job-search-service';
import { withModeration } from './moderated-hiring';
import { createModerationService, REPORT_LIMITS, type ModerationService } from './moderation-service';
import { createSitemapPages } from './sitemap-pages';

// Offer moderation on SQLite and PostgreSQL (decision 071): reports (validated, rate-limited), the flag
// rules on save, the queue, and an operator's decisions with their effects (search, offer page, sitemap,
// page purges, the company's email in its locale, the audit log).
describe.each(testDatabases)('offer moderation on %s', (_name, open) => {
  let t: TestDb;
  let svc: ModerationService;
  const audit: AuditEntry[] = [];
  const OP = { id: 999_001, email: 'op@example.com' };
  let acme: { companyId: number; userId: number };

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    const email = createEmailService(t, { log: () => {} });
    const limiter = createRateLimiter(t);
    svc = createModerationService(t, {
      limiter: async () => limiter,
      salaries: async () => createSalaryService(t),
      audit: async (e) => void audit.push(e),
      email: async () => email,
      siteUrl: 'https://tandem.example',
      brand: 'Tandem',
    });
    acme = await addCompany(t.db, 'Acme');
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', acme.userId).execute();
  });
  afterAll(async () => t?.cleanup());

  it('takes a report from anyone, validated, and limits them per address and per account', async () => {
    const o = await addOffer(t.db, acme.companyId);
    await expect(svc.report(o.slug, null, { reason: 'scam', text: ' Pide dinero ' }, { ip: '203.0.113.1' })).resolves.toMatchObject({
      slug: o.slug,
    });
    await expect(svc.report(o.slug, null, { reason: 'nope' }, { ip: '203.0.113.1' })).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { reason: { key: 'moderation.report.reasonRequired' } },
    });
    await expect(svc.report(o.slug, null, { reason: 'other', text: 'x'.repeat(501) }, { ip: '203.0.113.1' })).rejects.toMatchObject({
      fields: { text: { key: 'moderation.report.textTooLong' } },
    });
    await expect(svc.report('no-such-offer', null, { reason: 'scam' }, { ip: '203.0.113.1' })).rejects.toMatchObject({ code: 'not-found' });
    const draft = await addOffer(t.db, acme.companyId, { status: 'draft' });
    await expect(svc.report(draft.slug, null, { reason: 'scam' }, { ip: '203.0.113.1' })).rejects.toMatchObject({ code: 'not-found' });
    const stored = await t.db.selectFrom('offer_reports').selectAll().where('offer_id', '=', o.id).execute();
    expect(stored).toMatchObject([{ reason: 'scam', text: 'Pide dinero', user_id: null }]);
    // Per address...
    for (let i = 1; i < REPORT_LIMITS.perIp.max; i++) await svc.report(o.slug, null, { reason: 'other' }, { ip: '203.0.113.2' });
    await expect(svc.report(o.slug, null, { reason: 'other' }, { ip: '203.0.113.2' })).resolves.toBeDefined();
    await expect(svc.report(o.slug, null, { reason: 'other' }, { ip: '203.0.113.2' })).rejects.toMatchObject({ code: 'rate-limited' });
    // ...and per account, whatever the address.
    const who = { id: acme.userId };
    for (let i = 0; i < REPORT_LIMITS.perAccount.max; i++) await svc.report(o.slug, who, { reason: 'other' }, { ip: `198.51.100.${i}` });
    await expect(svc.report(o.slug, who, { reason: 'other' }, { ip: '198.51.100.200' })).rejects.toMatchObject({ code: 'rate-limited' });
  });

  it('flags offers as companies save them, once per rule while open, and keeps hidden offers closed to their company', async () => {
    const { companyId, userId } = await addCompany(t.db, 'Rapida');
    const hiring = withModeration(createHiringService(t, { salaries: async () => createSalaryService(t) }), async () => svc);
    const viewer = { id: userId, type: 'hire' as const };
    const input = (over: Record<string, string>) => {
      const r = parseOfferInput({ ...OFFER, ...over });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.value;
    };
    const paid = await hiring.save(
      viewer,
      input({ title: 'Asistente remoto', description: `${OFFER.description} Requiere pago por adelantado.` }),
      {
        publish: true,
      },
    );
    await hiring.save(viewer, input({ title: 'Asistente remoto', description: `${OFFER.description} Requiere pago por adelantado.` }), {
      id: paid.id,
      publish: true,
    });
    const rules = async (id: number) =>
      (await t.db.selectFrom('offer_flags').select('rule').where('offer_id', '=', id).execute()).map((r) => r.rule);
    expect(await rules(paid.id)).toEqual(['asks-payment']);
    const clean = await hiring.save(viewer, input({}), { publish: true });
    expect(await rules(clean.id)).toEqual([]);
    // A burst: more than five offers from the company within ten minutes.
    for (let i = 0; i < 4; i++) await addOffer(t.db, companyId, { created_at: new Date() });
    const sixth = await hiring.save(viewer, input({}), { publish: true });
    expect(await rules(sixth.id)).toEqual(['burst']);

    await svc.decide(OP, paid.id, 'hide', 'Pide un pago a los candidatos.');
    await expect(hiring.act(viewer, paid.id, 'resume')).rejects.toMatchObject({ code: 'conflict' });
    const stranger = await addCompany(t.db, 'Ajena');
    await expect(hiring.act({ id: stranger.userId, type: 'hire' }, paid.id, 'resume')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('lists reported and flagged offers, keyset-paged, with reasons and counts', async () => {
    const page = await svc.queue(null);
    expect(page.items.length).toBeGreaterThan(0);
    const reported = page.items.find((i) => i.reasons.some((r) => r.reason === 'scam'))!;
    expect(reported.reports).toBeGreaterThan(10);
    expect(reported.reasons).toEqual(expect.arrayContaining([{ reason: 'scam', count: 1 }]));
    expect(reported.texts).toContain('Pide dinero');
    const ids = page.items.map((i) => i.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // Thirty more reported offers: a second page, starting after the first one's last.
    for (let i = 0; i < 30; i++) {
      const o = await addOffer(t.db, acme.companyId);
      await svc.report(o.slug, null, { reason: 'duplicate' }, { ip: `192.0.2.${i}` });
    }
    const first = await svc.queue(null);
    expect(first.items).toHaveLength(25);
    const second = await svc.queue(first.next);
    expect(second.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
  });

  it('hides an offer everywhere, tells its company in its language, audits, and restores it', async () => {
    const o = await addOffer(t.db, acme.companyId, { title: 'Oferta dudosa', role: 'backend', country: 'peru' });
    await svc.report(o.slug, null, { reason: 'scam' }, { ip: '192.0.2.200' });
    const jobs = createJobSearchService(t);
    const apps = createApplicationService(t);
    const sitemap = createSitemapPages(t);
    const inSearch = async () => (await jobs.search({ perPage: 100 })).items.some((i) => i.slug === o.slug);
    const inSitemap = async () => (await sitemap.offers(0, 10_000)).some((r) => r.slug === o.slug);
    expect(await inSearch()).toBe(true);
    expect(await inSitemap()).toBe(true);
    const purgesBefore = (await t.db.selectFrom('page_purges').select('seq').execute()).length;

    await expect(svc.decide(OP, o.id, 'hide', 'corto')).rejects.toMatchObject({ code: 'invalid-input' });
    await svc.decide(OP, o.id, 'hide', 'Parece una estafa: pide dinero.');
    expect(await inSearch()).toBe(false);
    expect(await inSitemap()).toBe(false);
    await expect(apps.offer(o.slug, null)).rejects.toMatchObject({ code: 'not-found' });
    await expect(apps.offer(o.slug, { id: acme.userId, type: 'hire' })).rejects.toMatchObject({ code: 'not-found' });
    expect((await t.db.selectFrom('page_purges').select('seq').execute()).length).toBeGreaterThan(purgesBefore);
    expect(await t.db.selectFrom('offer_reports').select('resolved_at').where('offer_id', '=', o.id).execute()).toEqual([
      { resolved_at: expect.anything() },
    ]);
    // Still in the queue (hidden: to restore or remove), without open reports.
    const item = (await svc.queue(null)).items.find((i) => i.id === o.id);
    expect(item).toMatchObject({ moderation: 'hidden', reports: 0 });
    expect(audit.at(-1)).toMatchObject({
      action: 'offer.hide',
      target: { type: 'offer', id: o.id },
      before: { state: 'visible', status: 'published' },
      after: { state: 'hidden' },
    });
    const mail = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', 'offer-moderation-hide')
      .where('subject', 'like', '%Oferta dudosa%')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ locale: 'en', subject: 'We hid your offer “Oferta dudosa” on Tandem' });
    expect(mail[0]!.text_body).toContain('Parece una estafa: pide dinero.');

    await expect(svc.decide(OP, o.id, 'hide', 'Otra vez oculta, por si acaso.')).rejects.toMatchObject({ code: 'conflict' });
    await svc.decide(OP, o.id, 'restore', 'Revisado: la oferta es legítima.');
    expect(await inSearch()).toBe(true);
    await expect(apps.offer(o.slug, null)).resolves.toMatchObject({ slug: o.slug, state: 'open' });
    expect(audit.at(-1)).toMatchObject({ action: 'offer.restore', before: { state: 'hidden' }, after: { state: 'visible' } });
    expect((await svc.queue(null)).items.find((i) => i.id === o.id)).toBeUndefined();
  });

  it('removes an offer for good; keeping a reported offer dismisses its reports without an email', async () => {
    const gone = await addOffer(t.db, acme.companyId);
    await svc.decide(OP, gone.id, 'remove', 'Oferta fraudulenta confirmada.');
    expect(await t.db.selectFrom('offers').select('status').where('id', '=', gone.id).executeTakeFirst()).toEqual({ status: 'closed' });
    await expect(createApplicationService(t).offer(gone.slug, null)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.decide(OP, gone.id, 'restore', 'Me equivoqué, restaurar.')).rejects.toMatchObject({ code: 'conflict' });
    await expect(svc.decide(OP, 987_654, 'hide', 'No existe esta oferta.')).rejects.toMatchObject({ code: 'not-found' });

    const kept = await addOffer(t.db, acme.companyId);
    await svc.report(kept.slug, null, { reason: 'other' }, { ip: '192.0.2.201' });
    const mails = async () => (await t.db.selectFrom('email_outbox').select('id').execute()).length;
    const before = await mails();
    await svc.decide(OP, kept.id, 'restore', 'Revisado: nada que corregir.');
    expect(await mails()).toBe(before);
    expect((await svc.queue(null)).items.find((i) => i.id === kept.id)).toBeUndefined();
  });
});
