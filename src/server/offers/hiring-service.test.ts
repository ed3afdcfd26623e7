import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfferInput, type OfferInput } from '../../domain/offer-input';
import { testDatabases, type TestDb } from '../../testing/databases';
import { OFFER } from '../../testing/fixtures/offer';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { setFxRate } from '../salaries/data/salary-data';
import { createApplicationService } from './application-service';
import { allowedActions, createHiringService, type HiringService } from './hiring-service';
import { createSalaryService } from '../salaries/salary-service';
import { refreshCertifiedUntil } from '../learning/data/learning';

const offer = (over: Partial<Record<string, string | string[]>> = {}): OfferInput => {
  const r = parseOfferInput({
    ...OFFER,
    skills_required: ['go', 'docker'],
    skills_nice: ['kubernetes', 'go'],
    salary_min: '15.000',
    salary_max: '18000',
    ...over,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

describe('offer input', () => {
  it('cleans a valid offer: amounts as typed, nice-to-have skills not repeated, allowed countries only for worldwide remote', () => {
    const o = offer();
    expect(o).toMatchObject({
      salaryMin: 15000,
      salaryMax: 18000,
      skillsNice: ['kubernetes'],
      allowedCountries: ['peru', 'chile'],
      english: 'advanced',
    });
    expect(offer({ modality: 'office' }).allowedCountries).toEqual([]);
  });
  it('names every wrong field', () => {
    const r = parseOfferInput({
      title: 'ab',
      area: 'tech',
      role: 'sdr',
      seniority: 'guru',
      modality: '',
      country: 'mars',
      salary_min: '9000',
      salary_max: '8000',
      currency: 'EUR',
      period: 'week',
      description: 'corta',
      skills_required: ['cobol'],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, v.key]))).toEqual({
      title: 'forms.error.tooShort',
      role: 'hire.error.roleArea',
      seniority: 'forms.error.invalid',
      modality: 'forms.error.required',
      country: 'forms.error.invalid',
      skills_required: 'hire.error.skills',
      salary_max: 'hire.error.salaryRange',
      period: 'forms.error.invalid',
      description: 'forms.error.tooShort',
    });
    const cur = parseOfferInput({
      ...Object.fromEntries(Object.entries({})),
      title: 'Backend',
      area: 'tech',
      role: 'backend',
      seniority: 'mid',
      modality: 'office',
      country: 'peru',
      salary_min: '1',
      salary_max: '2',
      currency: 'EUR',
      period: 'month',
      description: 'x'.repeat(40),
    });
    expect(cur.ok ? null : cur.errors.currency?.key).toBe('hire.error.currency');
    expect(r.partial.title).toBe('ab');
  });
  it("reads the form's default currency as the offer country's, and keeps a currency chosen by hand", () => {
    const base = {
      title: 'Backend',
      area: 'tech',
      role: 'backend',
      seniority: 'mid',
      modality: 'office',
      salary_min: '3000',
      salary_max: '4000',
      period: 'month',
      description: 'x'.repeat(40),
    };
    const currency = (fields: Record<string, string>) => {
      const r = parseOfferInput({ ...base, ...fields });
      return r.ok ? r.value.currency : `error: ${Object.keys(r.errors).join(',')}`;
    };
    expect(currency({ country: 'peru', currency: 'LOCAL' })).toBe('PEN');
    expect(currency({ country: 'colombia', currency: 'local' })).toBe('COP');
    expect(currency({ country: 'ecuador', currency: 'LOCAL' })).toBe('USD');
    expect(currency({ country: 'peru', currency: 'USD' })).toBe('USD');
    // No country: the country is what is missing, not the currency.
    expect(currency({ country: '', currency: 'LOCAL' })).toBe('error: country');
  });
  it('offers the actions each state allows', () => {
    expect(allowedActions('draft')).toEqual(['publish']);
    expect(allowedActions('open')).toEqual(['pause', 'close', 'renew']);
    expect(allowedActions('closed')).toEqual(['renew']);
  });
});

describe.each(testDatabases)('hiring on %s', (_name, open) => {
  let t: TestDb;
  let svc: HiringService;
  let clock = new Date('2026-11-22T12:00:00Z');
  let acme: { companyId: number; userId: number };
  let other: { companyId: number; userId: number };
  let ana: number;
  const A = () => ({ id: acme.userId, type: 'hire' as const });
  const O = () => ({ id: other.userId, type: 'hire' as const });

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    svc = createHiringService(t, { salaries: async () => createSalaryService(t), now: () => clock });
    acme = await addCompany(t.db, 'Acme');
    other = await addCompany(t.db, 'Otra');
    ana = await addUser(t.db, 'match', 'Ana');
  });
  afterAll(async () => t?.cleanup());

  it('publishes at once for 60 days, converts the range to USD a month, and gives clashing titles their own slugs', async () => {
    const a = await svc.save(A(), offer(), { publish: true });
    expect(a).toMatchObject({ status: 'published', slug: 'desarrollador-a-backend-go-acme-lima' });
    const b = await svc.save(A(), offer(), { publish: false });
    expect(b).toMatchObject({ status: 'draft', slug: 'desarrollador-a-backend-go-acme-lima-2' });
    const row = await t.db.selectFrom('offers').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect([row.salary_min_usd_month, row.salary_max_usd_month]).toEqual([4000, 4800]);
    expect(new Date(row.valid_through as string).toISOString()).toBe('2027-01-21T12:00:00.000Z');
    const yearly = await svc.save(
      A(),
      offer({ currency: 'USD', period: 'year', salary_min: '48000', salary_max: '60000', title: 'Anual' }),
      { publish: false },
    );
    const y = await t.db
      .selectFrom('offers')
      .select(['salary_min_usd_month', 'salary_max_usd_month'])
      .where('id', '=', yearly.id)
      .executeTakeFirstOrThrow();
    expect([y.salary_min_usd_month, y.salary_max_usd_month]).toEqual([4000, 5000]);
    const edit = await svc.offerInput(A(), a.id);
    expect(edit.input).toMatchObject({
      skillsRequired: ['docker', 'go'],
      skillsNice: ['kubernetes'],
      allowedCountries: ['chile', 'peru'],
      salaryMin: 15000,
    });
  });

  it("lets only the company act on its offers: another company's offer is not found (ids do not leak), candidates forbidden, anonymous unauthorized", async () => {
    const { id } = await svc.save(A(), offer({ title: 'Privada' }), { publish: false });
    await expect(svc.offerInput(O(), id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.act(O(), id, 'publish')).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.save(O(), offer(), { id, publish: true })).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.applicants(O(), id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.offers({ id: ana, type: 'match' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(svc.offers(null)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(svc.act(A(), 999_999, 'close')).rejects.toMatchObject({ code: 'not-found' });
    expect((await svc.offers(O())).offers.map((o) => o.title)).not.toContain('Privada');
  });

  it('pauses, resumes, closes and renews, refusing what a state does not allow; expiry after 60 days', async () => {
    const { id, slug } = await svc.save(A(), offer({ title: 'Ciclo' }), { publish: true });
    await expect(svc.act(A(), id, 'publish')).rejects.toMatchObject({ code: 'conflict' });
    expect((await svc.act(A(), id, 'pause')).status).toBe('paused');
    expect((await svc.act(A(), id, 'resume')).status).toBe('published');
    clock = new Date('2027-01-22T12:00:00Z');
    expect(await svc.expireDue()).toBeGreaterThan(0);
    const listed = (await svc.offers(A())).offers.find((o) => o.id === id)!;
    expect(listed).toMatchObject({ state: 'expired', actions: ['renew', 'close'] });
    expect((await svc.act(A(), id, 'renew')).status).toBe('published');
    const row = await t.db.selectFrom('offers').select('valid_through').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.valid_through as string).toISOString()).toBe('2027-03-23T12:00:00.000Z');
    expect((await svc.act(A(), id, 'close')).status).toBe('closed');
    expect((await createApplicationService(t, { now: () => clock }).offer(slug, null)).state).toBe('closed');
    clock = new Date('2026-11-22T12:00:00Z');
  });

  it('shows applicants and moves them through the pipeline; only the company can', async () => {
    const o = await addOffer(t.db, acme.companyId, {
      slug: 'pipeline-acme',
      published_at: clock,
      valid_through: new Date(clock.getTime() + 86_400_000),
    });
    await t.db
      .insertInto('applications')
      .values({ offer_id: o.id, candidate_id: ana, status: 'sent', created_at: clock, updated_at: clock })
      .execute();
    const { applicants } = await svc.applicants(A(), o.id);
    expect(applicants).toHaveLength(1);
    expect(applicants[0]).toMatchObject({ status: 'sent', candidate: { name: 'Ana User', slug: null } });
    const appId = applicants[0]!.id;
    expect((await svc.moveApplication(A(), appId, 'technical-interview')).status).toBe('technical-interview');
    await expect(svc.moveApplication(O(), appId, 'rejected')).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.moveApplication(A(), appId, 'hired!')).rejects.toMatchObject({ code: 'invalid-input' });
    expect((await createApplicationService(t).applications(ana))[0]).toMatchObject({ status: 'technical-interview' });
  });

  it('browses public candidates, certified first, by role, seniority, country, English and skill', async () => {
    const mk = async (name: string, role: string, pub: boolean, cert: boolean) => {
      const id = await addUser(t.db, 'match', name);
      await t.db
        .updateTable('candidate_profiles')
        .set({ role, seniority: 'senior', country: 'peru', english: 'advanced', is_public: pub ? 1 : 0 })
        .where('user_id', '=', id)
        .execute();
      await t.db.insertInto('candidate_skills').values({ user_id: id, skill: 'go' }).execute();
      if (cert) {
        const iv = await t.db
          .insertInto('interviews')
          .values({
            slug: `iv-${name}`,
            role,
            title_es: 'x',
            title_en: 'x',
            intro_es: 'x',
            intro_en: 'x',
            duration_minutes: 20,
            pass_mark: 70,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('certifications')
          .values({ slug: `c-${name}`, user_id: id, interview_id: iv.id, role, level: 'senior', score: 90, is_demo: 0, issued_at: clock })
          .execute();
        await refreshCertifiedUntil(t.db, [id]);
      }
    };
    await mk('Plain', 'backend', true, false);
    await mk('Cert', 'backend', true, true);
    await mk('Hidden', 'backend', false, true);
    await mk('Front', 'frontend', true, false);
    const r = await svc.candidates(A(), { role: 'backend', skill: 'go', country: 'peru' });
    expect(r.items.map((c) => c.name)).toEqual(['Cert User', 'Plain User']);
    expect((await svc.candidates(A(), { area: 'tech', english: 'advanced' })).total).toBe(3);
    await expect(svc.candidates({ id: ana, type: 'match' }, {})).rejects.toMatchObject({ code: 'forbidden' });
    expect((await svc.market({ role: 'backend', country: 'peru', seniority: 'senior' }))?.candidates).toBe(2);
  });

  it("keeps an anonymous visitor's draft under an opaque token", async () => {
    const token = await svc.stashDraft({ title: 'Mi oferta', skills_required: ['go'] }, { ip: '198.51.100.1' });
    expect(await svc.draft(token)).toEqual({ title: 'Mi oferta', skills_required: ['go'] });
    expect(await svc.draft('x'.repeat(32))).toBeNull();
    await svc.dropDraft(token);
    expect(await svc.draft(token)).toBeNull();
  });
});
