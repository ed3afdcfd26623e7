import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createDatabaseStore } from '../uploads/data/database-store';
import { createRateLimiter } from '../limits/rate-limit';
import { createAuthService } from './auth-service';
import { ServiceError } from '../errors';
import type { Viewer } from './session';
import { tinyPdf } from '../../testing/fixtures/pdf';
import { createProfileHistoryService, cvFileName, isPdf, type ProfileHistoryService } from './profile-history-service';

const job = {
  company: 'Andes Digital',
  title: 'Backend',
  start_month: '2021-03',
  end_month: '2023-06',
  current: false,
  description: 'APIs en Go',
};
const school = { school: 'Universidad de Chile', degree: 'Ingeniería', start_year: '2014', end_year: '2019' };
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof ServiceError)
      return { code: e.code, fields: Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, v.key])) };
    throw e;
  }
};

describe('PDF checks', () => {
  it('takes a PDF by its bytes: header, startxref and %%EOF at the end', () => {
    expect(isPdf(tinyPdf())).toBe(true);
    expect(isPdf(new TextEncoder().encode(`%PDF-1.7\n${'x'.repeat(100)}`))).toBe(false);
    expect(isPdf(new TextEncoder().encode(`<html>${'x'.repeat(100)}startxref\n1\n%%EOF`))).toBe(false);
    expect(isPdf(new TextEncoder().encode(`%PDF-1.4 startxref 1 %%EOF <script>alert(1)</script>${'x'.repeat(60)}`))).toBe(false);
  });
  it('names the download safely', () => {
    expect(cvFileName('Inés', 'Soto Núñez')).toBe('cv-ines-soto-nunez.pdf');
    expect(cvFileName('"a";', '/../b')).toBe('cv-a-b.pdf');
    expect(cvFileName('李', '')).toBe('cv-candidate.pdf');
  });
});

describe.each(testDatabases)('profile history on %s', (_name, open) => {
  let t: TestDb;
  let svc: ProfileHistoryService;
  let me: Viewer;
  let other: Viewer;
  let acme: Viewer;
  let rival: Viewer;
  let slug = '';
  let applicationId = 0;
  beforeAll(async () => {
    t = await open();
    svc = createProfileHistoryService(t, { store: createDatabaseStore(t), limiter: async () => createRateLimiter(t) });
    const auth = createAuthService(t, 'p'.repeat(40));
    const reg = async (type: 'match' | 'hire', email: string, extra = {}) =>
      (await auth.register(type, { name: 'Inés', last_name: 'Soto', email, password: 'clave-segura-1', ...extra }, { ip: 'test' })).user;
    const a = await reg('match', 'ines@example.com');
    slug = a.profile_slug!;
    me = { id: a.id, type: 'match' };
    other = { id: (await reg('match', 'otro@example.com')).id, type: 'match' };
    acme = { id: (await reg('hire', 'acme@example.com', { company_name: 'Acme' })).id, type: 'hire' };
    rival = { id: (await reg('hire', 'rival@example.com', { company_name: 'Rival' })).id, type: 'hire' };
    const company = await t.db.selectFrom('company_users').select('company_id').where('user_id', '=', acme.id).executeTakeFirstOrThrow();
    const now = new Date();
    const offer = await t.db
      .insertInto('offers')
      .values({
        slug: 'backend-acme',
        company_id: company.company_id,
        title: 'Backend',
        area: 'tech',
        role: 'backend',
        seniority: 'mid',
        english: null,
        modality: 'remote-global',
        country: 'chile',
        city: null,
        description: 'Backend en Go',
        salary_min: 1000,
        salary_max: 2000,
        currency: 'USD',
        period: 'month',
        gross: 1,
        salary_min_usd_month: 1000,
        salary_max_usd_month: 2000,
        status: 'published',
        published_at: now,
        valid_through: null,
        is_demo: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    applicationId = (
      await t.db
        .insertInto('applications')
        .values({ offer_id: offer.id, candidate_id: me.id, status: 'sent', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.cleanup());

  it('adds, edits and removes jobs and schools, newest first; strangers find nothing to change', async () => {
    await svc.addExperience(me, job);
    await svc.addExperience(me, { ...job, company: 'Tandem', start_month: '2023-07', end_month: '', current: true });
    await svc.addEducation(me, school);
    let d = await svc.forProfile(me!.id, me);
    expect(d.experience.map((e) => [e.company, e.endMonth])).toEqual([
      ['Tandem', null],
      ['Andes Digital', '2023-06'],
    ]);
    expect(d.education).toMatchObject([{ school: 'Universidad de Chile', startYear: 2014, endYear: 2019 }]);
    const [current, old] = d.experience;
    await svc.updateExperience(me, old!.id, { ...job, title: 'Backend senior' });
    expect(await code(svc.updateExperience(other, old!.id, job))).toEqual({ code: 'not-found', fields: {} });
    expect(await code(svc.removeExperience(other, current!.id))).toEqual({ code: 'not-found', fields: {} });
    expect(await code(svc.removeEducation(other, d.education[0]!.id))).toEqual({ code: 'not-found', fields: {} });
    expect(await code(svc.addExperience(acme, job))).toEqual({ code: 'forbidden', fields: {} });
    await svc.removeExperience(me, current!.id);
    d = await svc.forProfile(me!.id, null);
    expect(d.experience.map((e) => e.title)).toEqual(['Backend senior']);
    expect(d.cv).toBeNull();
  });

  it('refuses dates out of order, in the future, missing ends and long text, naming the field', async () => {
    expect(await code(svc.addExperience(me, { ...job, end_month: '2020-01' }))).toEqual({
      code: 'invalid-input',
      fields: { end_month: 'profileHistory.error.order' },
    });
    expect(await code(svc.addExperience(me, { ...job, end_month: '' }))).toMatchObject({
      fields: { end_month: 'profileHistory.error.endRequired' },
    });
    expect(await code(svc.addExperience(me, { ...job, start_month: '2099-01' }))).toMatchObject({
      fields: { start_month: 'profileHistory.error.future' },
    });
    expect(await code(svc.addExperience(me, { ...job, start_month: '03/2021' }))).toMatchObject({
      fields: { start_month: 'profileHistory.error.month' },
    });
    expect(await code(svc.addExperience(me, { ...job, company: ' ', description: 'x'.repeat(1001) }))).toMatchObject({
      fields: { company: 'forms.error.required', description: 'forms.error.tooLong' },
    });
    expect(await code(svc.addEducation(me, { ...school, end_year: '2010' }))).toMatchObject({
      fields: { end_year: 'profileHistory.error.order' },
    });
    expect(await code(svc.addEducation(me, { ...school, start_year: 'dos mil' }))).toMatchObject({
      fields: { start_year: 'profileHistory.error.year' },
    });
  });

  it('keeps at most 20 entries of each kind', async () => {
    const n = (await svc.forProfile(me!.id, me)).education.length;
    for (let i = n; i < 20; i++) await svc.addEducation(me, school);
    expect(await code(svc.addEducation(me, school))).toMatchObject({ fields: { school: 'profileHistory.error.tooMany' } });
    for (const e of (await svc.forProfile(me!.id, me)).education.slice(1)) await svc.removeEducation(me, e.id);
  });

  it('takes https links only, LinkedIn and GitHub on their own hosts', async () => {
    expect(
      await code(
        svc.saveLinks(me, {
          linkedin_url: 'https://evil.example/in/ines',
          github_url: 'http://github.com/ines',
          portfolio_url: 'javascript:alert(1)',
        }),
      ),
    ).toEqual({
      code: 'invalid-input',
      fields: {
        linkedin_url: 'profileHistory.error.linkedin_url',
        github_url: 'profileHistory.error.github_url',
        portfolio_url: 'profileHistory.error.portfolio_url',
      },
    });
    expect(
      await code(
        svc.saveLinks(me, {
          linkedin_url: 'https://linkedin.com.evil.io/x',
          github_url: 'https://user:pw@github.com/x',
          portfolio_url: '',
        }),
      ),
    ).toMatchObject({
      fields: { linkedin_url: 'profileHistory.error.linkedin_url', github_url: 'profileHistory.error.github_url' },
    });
    await svc.saveLinks(me, { linkedin_url: 'https://www.linkedin.com/in/ines', github_url: 'https://github.com/ines', portfolio_url: '' });
    expect((await svc.forProfile(me!.id, null)).links).toEqual({
      linkedin_url: 'https://www.linkedin.com/in/ines',
      github_url: 'https://github.com/ines',
      portfolio_url: null,
    });
  });

  it('stores a real PDF; refuses a fake one and one too big; serves it to the owner and the applied-to company only', async () => {
    expect(await code(svc.uploadCv(me, new TextEncoder().encode('<html><script>alert(1)</script></html>'.repeat(3))))).toMatchObject({
      fields: { cv: 'profileHistory.error.cvType' },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(tinyPdf());
    expect(await code(svc.uploadCv(me, big))).toMatchObject({ fields: { cv: 'profileHistory.error.cvTooLarge' } });
    expect(await code(svc.uploadCv(me, undefined))).toMatchObject({ fields: { cv: 'profileHistory.error.cvMissing' } });
    expect(await code(svc.cv(me, slug))).toEqual({ code: 'not-found', fields: {} });
    await svc.uploadCv(me, tinyPdf('first'));
    const firstKey = (await t.db.selectFrom('profile_documents').select('cv_key').where('user_id', '=', me!.id).executeTakeFirstOrThrow())
      .cv_key!;
    expect(firstKey).toMatch(new RegExp(`^cvs/${me!.id}-[0-9a-f]{32}\\.pdf$`));
    await svc.uploadCv(me, tinyPdf('second'));
    // Replaced: the old bytes are gone from the store.
    expect(await t.db.selectFrom('uploads').select('key').where('key', '=', firstKey).executeTakeFirst()).toBeUndefined();
    const mine = await svc.cv(me, slug);
    expect(new TextDecoder().decode(mine.bytes)).toContain('second');
    expect(mine.fileName).toBe('cv-ines-soto.pdf');
    expect((await svc.cv(acme, slug)).bytes.byteLength).toBe(mine.bytes.byteLength);
    for (const v of [rival, other, null]) expect(await code(svc.cv(v, slug))).toEqual({ code: 'not-found', fields: {} });
    expect(await code(svc.cv(acme, 'nadie-aqui'))).toEqual({ code: 'not-found', fields: {} });
    // The CV's existence is told to the owner and the company only.
    expect((await svc.forProfile(me!.id, acme)).cv).not.toBeNull();
    expect((await svc.forProfile(me!.id, rival)).cv).toBeNull();
    expect((await svc.forProfile(me!.id, null)).cv).toBeNull();
  });

  it('gives a company its applicant (history, links, CV) and everyone else a 404', async () => {
    const a = await svc.applicantProfile(acme, applicationId);
    expect(a).toMatchObject({ slug, name: 'Inés Soto', links: { github_url: 'https://github.com/ines' } });
    expect(a.experience[0]!.title).toBe('Backend senior');
    expect(a.cv).not.toBeNull();
    for (const v of [rival, me, null])
      expect(await code(svc.applicantProfile(v, applicationId))).toEqual({ code: 'not-found', fields: {} });
    expect(await code(svc.applicantProfile(acme, 999_999))).toEqual({ code: 'not-found', fields: {} });
    expect([...(await svc.applicationsWithCv(acme, [applicationId, 999_999]))]).toEqual([applicationId]);
    expect([...(await svc.applicationsWithCv(rival, [applicationId]))]).toEqual([]);
    expect([...(await svc.applicationsWithCv(me, [applicationId]))]).toEqual([]);
  });

  it('removes the CV from the store too', async () => {
    await svc.removeCv(me);
    expect(await code(svc.cv(me, slug))).toEqual({ code: 'not-found', fields: {} });
    expect(await t.db.selectFrom('uploads').select('key').where('key', 'like', 'cvs/%').execute()).toEqual([]);
  });

  it('limits CV uploads per candidate', async () => {
    for (let i = 0; i < 10; i++) await svc.uploadCv(other, tinyPdf(String(i)));
    expect(await code(svc.uploadCv(other, tinyPdf('again')))).toEqual({ code: 'rate-limited', fields: {} });
  });
});
