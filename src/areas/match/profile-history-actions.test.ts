import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { pdfFile } from '../../testing/fixtures/pdf';
import { createFormWorld, expectRefusal, msg, type Account, type FormWorld } from '../../testing/form-app';

// The owner's history, links and CV forms on /ly/{slug} and the CV's GET /ly/{slug}/cv (decision 050),
// through the HTTP layer on real services.
describe.each(testDatabases)('profile history actions on %s', (_db, open) => {
  let w: FormWorld;
  let ana: Account;
  let leo: Account;
  let acme: Account;
  let rival: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [ana, leo, acme, rival] = await Promise.all([
      w.account('match'),
      w.account('match'),
      w.account('hire', 'Acme'),
      w.account('hire', 'Rival'),
    ]);
    const offer = await w.offer(acme);
    const now = new Date();
    await w.t.db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: ana.id, status: 'sent', created_at: now, updated_at: now })
      .execute();
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const page = (a: Account, locale: 'es' | 'en' = 'es') => href('talentProfile', locale, { slug: a.slug });
  const job = {
    intent: 'experience-add',
    company: 'Andes Digital',
    title: 'Backend',
    start_month: '2021-03',
    end_month: '',
    current: 'on',
    description: '',
  };
  const jobs = (a: Account) => w.t.db.selectFrom('profile_experience').selectAll().where('user_id', '=', a.id).orderBy('id').execute();

  it('adds, edits and removes a job without JavaScript (303 back to the editor with a notice)', async () => {
    const a = await w.post(page(ana), job, { as: ana, json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${page(ana)}?historial=experience#profile-history-edit`);
    const [row] = await jobs(ana);
    expect(row).toMatchObject({ company: 'Andes Digital', start_month: '2021-03', end_month: null, description: null });
    const e = await w.post(
      page(ana, 'en'),
      { ...job, intent: 'experience-save', id: String(row!.id), current: '', end_month: '2024-01' },
      { as: ana },
    );
    expect(e.json).toEqual({ ok: true, redirect: `${page(ana, 'en')}?historial=experience#profile-history-edit` });
    expect((await jobs(ana))[0]!.end_month).toBe('2024-01');
    const school = { intent: 'education-add', school: 'UBA', degree: 'Sistemas', start_year: '2015', end_year: '2020' };
    expect((await w.post(page(ana), school, { as: ana })).json.ok).toBe(true);
    const r = await w.post(page(ana), { intent: 'experience-remove', id: String(row!.id) }, { as: ana });
    expect(r.json.redirect).toContain('historial=removed');
    expect(await jobs(ana)).toEqual([]);
    expect((await w.post(page(ana), job, { as: ana })).json.ok).toBe(true);
  });

  it('names wrong fields in both languages (422) and keeps what was typed', async () => {
    for (const locale of locales) {
      const bad = { ...job, current: '', end_month: '2020-01' };
      expectRefusal(await w.post(page(ana, locale), bad, { as: ana }), 422, {
        message: msg(locale, 'forms.summary'),
        errors: { end_month: msg(locale, 'profileHistory.error.order') },
        values: {
          ...bad,
          id: '',
          school: '',
          degree: '',
          start_year: '',
          end_year: '',
          linkedin_url: '',
          github_url: '',
          portfolio_url: '',
        },
      });
      expectRefusal(
        await w.post(
          page(ana, locale),
          { intent: 'links-save', linkedin_url: 'https://evil.example/in/ana', github_url: '', portfolio_url: '' },
          { as: ana },
        ),
        422,
        {
          errors: { linkedin_url: msg(locale, 'profileHistory.error.linkedin_url') },
        },
      );
      expectRefusal(await w.post(page(ana, locale), { ...job, description: 'x'.repeat(1001) }, { as: ana }), 422, {
        errors: { description: msg(locale, 'forms.error.tooLong', { max: 1000 }) },
      });
    }
  });

  it("refuses someone else's entries like unknown ones (404) and anyone but the owner (403)", async () => {
    const [row] = await jobs(ana);
    for (const locale of locales) {
      expectRefusal(await w.post(page(leo, locale), { intent: 'experience-remove', id: String(row!.id) }, { as: leo }), 404, {
        message: msg(locale, 'api.notFound'),
      });
      expectRefusal(await w.post(page(ana, locale), { intent: 'experience-remove', id: 'abc' }, { as: ana }), 404, {});
      for (const as of [leo, acme, null])
        expectRefusal(await w.post(page(ana, locale), { ...job }, { as }), 403, { message: msg(locale, 'api.forbidden') });
    }
    expect(await jobs(ana)).toHaveLength(1);
  });

  it('uploads a PDF (multipart, no JavaScript), refuses a fake one, and serves it to the owner and the applied-to company only', async () => {
    const fake = new File(['<html><script>alert(1)</script></html>'.repeat(3)], 'cv.pdf', { type: 'application/pdf' });
    for (const locale of locales)
      expectRefusal(await w.post(page(ana, locale), { intent: 'cv-upload' }, { as: ana, files: { cv: fake } }), 422, {
        errors: { cv: msg(locale, 'profileHistory.error.cvType') },
      });
    const up = await w.post(page(ana), { intent: 'cv-upload' }, { as: ana, files: { cv: pdfFile('ana') }, json: false });
    expect(up.status, up.text).toBe(303);
    const cv = href('talentCv', 'es', { slug: ana.slug });
    for (const as of [ana, acme]) {
      const r = await w.get(cv, { as });
      expect(r.status).toBe(200);
      expect(r.text).toContain('%PDF-1.4');
      expect(
        Object.fromEntries(
          ['content-type', 'cache-control', 'content-disposition', 'x-content-type-options', 'content-security-policy'].map((h) => [
            h,
            r.headers.get(h),
          ]),
        ),
      ).toEqual({
        'content-type': 'application/pdf',
        'cache-control': 'private, no-store',
        'content-disposition': 'inline; filename="cv-ana-garcia.pdf"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
      });
    }
    for (const as of [leo, rival]) {
      const r = await w.get(href('talentCv', 'en', { slug: ana.slug }), { as });
      expect(r.status).toBe(404);
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      expect(r.text).not.toContain('%PDF');
    }
    // Not signed in: the page's access sends them to sign in; nothing of the file.
    const anon = await w.get(cv);
    expect(anon.text).not.toContain('%PDF');
    expect((await w.get(href('talentCv', 'es', { slug: leo.slug }), { as: leo })).status).toBe(404);
    // A slug the route table refuses never reaches the service (the page's 404 screen answers).
    expect((await w.get('/ly/ana%00x/cv', { as: acme })).text).not.toContain('%PDF');
    const rm = await w.post(page(ana), { intent: 'cv-remove' }, { as: ana });
    expect(rm.json.ok).toBe(true);
    expect((await w.get(cv, { as: acme })).status).toBe(404);
  });
});
