import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { OFFER_DRAFT_COOKIE } from '../../server/request-context';
import { ServiceError } from '../../server/errors';
import { testDatabases } from '../../testing/databases';
import {
  cookieValue,
  createFormWorld,
  expectRefusal,
  expectTooMany,
  msg,
  setCookie,
  type Account,
  type FormWorld,
} from '../../testing/form-app';
import { OFFER } from '../../testing/fixtures/offer';

// The company side's actions (hire-actions.ts) through the HTTP layer on real services: the offer form
// (publish, draft, edit, preview, and an anonymous visitor's kept draft) and the workspace's offer actions
// and pipeline moves, told apart by their intent. The company details form has its own file.
describe.each(testDatabases)('hire actions on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let globex: Account;
  let ana: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, globex, ana] = await Promise.all([w.account('hire', 'Acme'), w.account('hire', 'Globex'), w.account('match')]);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const offerRow = (id: number) => w.t.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const bySlug = (slug: string) => w.t.db.selectFrom('offers').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  const offerCount = async () =>
    Number(
      (
        await w.t.db
          .selectFrom('offers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const companyOf = async (a: Account) =>
    (await w.t.db.selectFrom('company_users').select('company_id').where('user_id', '=', a.id).executeTakeFirstOrThrow()).company_id;
  const form = (locale: 'es' | 'en' = 'es', query = '') => href('hireCreateOffer', locale) + query;

  describe('offer form', () => {
    it('publishes a company offer with its lists, and goes back to the workspace saying so', async () => {
      const a = await w.post(form(), { ...OFFER, intent: 'publish' }, { as: acme });
      expect(a.status, a.text).toBe(200);
      const redirect = new URL(a.json.redirect!, 'http://x');
      expect(redirect.pathname).toBe(href('hireSite', 'es'));
      const row = await bySlug(redirect.searchParams.get('published')!);
      expect(row).toMatchObject({
        company_id: await companyOf(acme),
        status: 'published',
        title: OFFER.title,
        currency: 'PEN',
        city: 'Lima',
      });
      expect(Number(row.salary_min)).toBe(12000);
      expect(Number(row.salary_min_usd_month)).toBe(3200);
      const skills = await w.t.db
        .selectFrom('offer_skills')
        .select(['skill', 'required'])
        .where('offer_id', '=', row.id)
        .orderBy('skill')
        .execute();
      expect(skills.map((s) => [s.skill, Number(s.required)])).toEqual([
        ['docker', 0],
        ['go', 1],
      ]);
      const countries = await w.t.db
        .selectFrom('offer_countries')
        .select('country')
        .where('offer_id', '=', row.id)
        .orderBy('country')
        .execute();
      expect(countries.map((c) => c.country)).toEqual(['chile', 'peru']);
    });

    it('saves a draft without JavaScript: 303 to the workspace, unpublished', async () => {
      const a = await w.post(form('en'), { ...OFFER, title: 'Frontend React', intent: 'draft' }, { as: acme, json: false });
      expect(a.status, a.text).toBe(303);
      const redirect = new URL(a.location!, 'http://x');
      expect(redirect.pathname).toBe(href('hireSite', 'en'));
      expect(await bySlug(redirect.searchParams.get('saved')!)).toMatchObject({
        status: 'draft',
        title: 'Frontend React',
        published_at: null,
      });
    });

    it('edits its own offer in place (?oferta=id)', async () => {
      const o = await w.offer(acme);
      const a = await w.post(form('es', `?oferta=${o.id}`), { ...OFFER, title: 'Backend Go (remoto)', intent: 'publish' }, { as: acme });
      expect(a.json).toEqual({ ok: true, redirect: `${href('hireSite', 'es')}?published=${o.slug}` });
      expect(await offerRow(o.id)).toMatchObject({ title: 'Backend Go (remoto)', status: 'published', slug: o.slug });
      const draft = await w.offer(acme, 'draft', 'Data Engineer');
      const b = await w.post(form('es', `?oferta=${draft.id}`), { ...OFFER, title: 'Data Engineer Sr', intent: 'draft' }, { as: acme });
      expect(b.json).toEqual({ ok: true, redirect: `${href('hireSite', 'es')}?saved=${draft.slug}` });
      expect(await offerRow(draft.id)).toMatchObject({ title: 'Data Engineer Sr', status: 'draft' });
    });

    it("answers 404 for another company's offer, an unknown id and a malformed id, and changes nothing", async () => {
      const o = await w.offer(acme);
      for (const locale of locales) {
        for (const id of [String(o.id), '99999999', 'abc', '1e3']) {
          const a = await w.post(form(locale, `?oferta=${id}`), { ...OFFER, title: 'Secuestrada' }, { as: globex });
          expectRefusal(a, 404, { message: msg(locale, 'api.notFound'), errors: {} });
          expect(a.json.values?.title).toBe('Secuestrada');
        }
      }
      expect((await offerRow(o.id)).title).toBe('Backend Go');
    });

    it('refuses a candidate account with 403 in both languages, keeping what was typed', async () => {
      const before = await offerCount();
      for (const locale of locales) {
        const a = await w.post(form(locale), { ...OFFER, intent: 'publish' }, { as: ana });
        expectRefusal(a, 403, { message: msg(locale, 'hire.error.companiesOnly'), errors: {} });
        expect(a.json.values).toMatchObject({ title: OFFER.title, skills_required: 'go', allowed_countries: 'peru,chile' });
      }
      expect(await offerCount()).toBe(before);
    });

    it('names the wrong fields in both languages (422) and keeps everything typed', async () => {
      const before = await offerCount();
      for (const locale of locales) {
        const a = await w.post(
          form(locale),
          { ...OFFER, title: '', salary_min: '12.5', intent: 'publish' },
          { as: acme, json: locale === 'es' },
        );
        const state = expectRefusal(a, 422, {
          message: msg(locale, 'forms.summary'),
          errors: { title: msg(locale, 'forms.error.required'), salary_min: msg(locale, 'forms.error.amount') },
        });
        expect(state.values).toMatchObject({ title: '', salary_min: '12.5', description: OFFER.description, skills_nice: 'docker' });
      }
      expect(await offerCount()).toBe(before);
    });

    it('previews with 200: the errors and everything typed, nothing stored', async () => {
      const before = await offerCount();
      const a = await w.post(form('en'), { ...OFFER, city: 'c'.repeat(101), intent: 'preview' }, { as: acme });
      expect(a.status).toBe(200);
      expect(a.json).toMatchObject({
        ok: false,
        errors: { city: msg('en', 'forms.error.tooLong', { max: 100 }) },
        values: { intent: 'preview', title: OFFER.title },
      });
      expect(await offerCount()).toBe(before);
    });

    it("keeps an anonymous visitor's offer and sends them to company sign-up; the company's save then drops it", async () => {
      const a = await w.post(form(), { ...OFFER, title: 'Oferta sin cuenta' }, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(`${href('hireStartNow', 'es')}?${new URLSearchParams({ redirect: form(), draft: '1' })}`);
      const line = setCookie(a, OFFER_DRAFT_COOKIE)!;
      expect(line).toMatch(/; HttpOnly/);
      const token = cookieValue(line)!;
      expect(await w.svc.hiring.draft(token)).toMatchObject({ title: 'Oferta sin cuenta', skills_required: ['go'] });
      const saved = await w.post(
        form(),
        { ...OFFER, title: 'Oferta sin cuenta', intent: 'publish' },
        { as: acme, cookie: `${OFFER_DRAFT_COOKIE}=${token}` },
      );
      expect(saved.json.ok).toBe(true);
      expect(setCookie(saved, OFFER_DRAFT_COOKIE)).toMatch(/Max-Age=0/);
      expect(await w.svc.hiring.draft(token)).toBeNull();
    });

    it('answers 429 with Retry-After once an address keeps its anonymous drafts', async () => {
      const ip = w.nextIp();
      for (let n = 0; n < 5; n++) expect((await w.post(form(), { title: `Borrador ${n}` }, { ip, json: false })).status).toBe(303);
      for (const locale of locales) {
        const { form: state } = expectTooMany(await w.post(form(locale), { title: 'Uno más' }, { ip }));
        expect(state.message).toBe(msg(locale, 'hire.error.tooManyDrafts'));
        expect(state.values).toMatchObject({ title: 'Uno más' });
      }
    });
  });

  describe('workspace (/hire/site)', () => {
    const site = (locale: 'es' | 'en' = 'es') => href('hireSite', locale);
    const act = (offer: number | string, action: string) => ({ intent: 'offer-action', action, offer: String(offer) });
    const move = (application: number | string, status: string) => ({
      intent: 'application-status',
      application: String(application),
      status,
    });
    const application = async (owner: Account) => {
      const o = await w.offer(owner);
      const candidate = await w.account('match');
      return { offer: o, id: (await w.svc.applications.apply(o.slug, { id: candidate.id, type: 'match' })).id };
    };
    const appStatus = async (id: number) =>
      (await w.t.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    it('pauses and resumes an offer, each stored, back on the workspace', async () => {
      const o = await w.offer(acme);
      const a = await w.post(site(), act(o.id, 'pause'), { as: acme });
      expect(a.json).toEqual({ ok: true, redirect: `${site()}?done=pause&offer=${o.id}` });
      expect((await offerRow(o.id)).status).toBe('paused');
      const b = await w.post(site('en'), act(o.id, 'resume'), { as: acme, json: false });
      expect(b.status).toBe(303);
      expect(b.location).toBe(`${site('en')}?done=resume&offer=${o.id}`);
      expect((await offerRow(o.id)).status).toBe('published');
    });

    it("answers 409 to an action the offer's state no longer allows (a stale page), in both languages", async () => {
      const o = await w.offer(acme);
      expect((await w.post(site(), act(o.id, 'pause'), { as: acme })).json.ok).toBe(true);
      for (const locale of locales) {
        expectRefusal(await w.post(site(locale), act(o.id, 'pause'), { as: acme }), 409, { message: msg(locale, 'hire.error.action') });
      }
      const closed = await w.offer(acme, 'closed');
      expectRefusal(await w.post(site(), act(closed.id, 'resume'), { as: acme }), 409, { message: msg('es', 'hire.error.action') });
      expect((await offerRow(closed.id)).status).toBe('closed');
      expect((await offerRow(o.id)).status).toBe('paused');
    });

    it("answers 404 for another company's offer, an unknown id and a malformed one; 422 for an unknown action", async () => {
      const o = await w.offer(acme);
      for (const locale of locales) {
        for (const id of [o.id, 99999999, 'abc', '']) {
          expectRefusal(await w.post(site(locale), act(id, 'close'), { as: globex }), 404, { message: msg(locale, 'api.notFound') });
        }
        expectRefusal(await w.post(site(locale), act(o.id, 'delete'), { as: acme }), 422, { message: msg(locale, 'hire.error.action') });
      }
      expect((await offerRow(o.id)).status).toBe('published');
    });

    it('answers 403 to a candidate and 401 without a session, for offer actions and pipeline moves', async () => {
      const { offer: o, id } = await application(acme);
      for (const locale of locales) {
        for (const fields of [act(o.id, 'close'), move(id, 'approved')]) {
          expectRefusal(await w.post(site(locale), fields, { as: ana }), 403, { message: msg(locale, 'hire.error.companiesOnly') });
          expectRefusal(await w.post(site(locale), fields), 401, { message: msg(locale, 'api.unauthorized') });
        }
      }
      expect((await offerRow(o.id)).status).toBe('published');
      expect(await appStatus(id)).toBe('sent');
    });

    it('moves an application along the pipeline and back to the applicants', async () => {
      const { offer: o, id } = await application(acme);
      const a = await w.post(site(), move(id, 'initial-interview'), { as: acme, json: false });
      expect(a.status).toBe(303);
      expect(a.location).toBe(`${href('hireApplicants', 'es', { id: String(o.id) })}?hecho=moved#applicant-${id}`);
      expect(await appStatus(id)).toBe('initial-interview');
    });

    it("names the status field for a stage that does not exist (422); 404 for other companies' and unknown applications", async () => {
      const { id } = await application(acme);
      for (const locale of locales) {
        expectRefusal(await w.post(site(locale), move(id, 'hired'), { as: acme }), 422, {
          errors: { status: msg(locale, 'forms.error.invalid') },
        });
        for (const other of [id, 99999999, 'x']) {
          expectRefusal(await w.post(site(locale), move(other, 'rejected'), { as: globex }), 404, { message: msg(locale, 'api.notFound') });
        }
      }
      expect(await appStatus(id)).toBe('sent');
    });

    it('says the application moved meanwhile when a move loses a race (409)', async () => {
      const { id } = await application(acme);
      const real = w.svc.hiring;
      // The service's answer when another move changed the application between its read and its write.
      w.svc.hiring = {
        ...real,
        moveApplication: async () => {
          throw new ServiceError('conflict', { status: { key: 'hire.error.moved' } });
        },
      };
      try {
        for (const locale of locales) {
          expectRefusal(await w.post(site(locale), move(id, 'approved'), { as: acme }), 409, {
            message: msg(locale, 'hire.error.moved'),
            errors: { status: msg(locale, 'hire.error.moved') },
          });
        }
      } finally {
        w.svc.hiring = real;
      }
    });

    it('answers 400 to an unknown intent and changes nothing', async () => {
      const o = await w.offer(acme);
      for (const locale of locales) {
        for (const intent of ['archive', 'Offer-Action', '']) {
          expectRefusal(await w.post(site(locale), { ...act(o.id, 'close'), intent }, { as: acme }), 400, {
            message: msg(locale, 'forms.unreadable'),
            errors: {},
            values: {},
          });
        }
      }
      expect((await offerRow(o.id)).status).toBe('published');
    });
  });
});
