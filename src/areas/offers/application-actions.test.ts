import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, expectRefusal, msg, type Account, type FormWorld } from '../../testing/form-app';

// Applying from the offer page (application-actions.ts): one post without fields. Through the HTTP layer
// on real services: the application stored once, and every refusal with its status and message in the
// visitor's language.
describe.each(testDatabases)('application action on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let ana: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, ana] = await Promise.all([w.account('hire', 'Acme'), w.account('match')]);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const page = (slug: string, locale: 'es' | 'en' = 'es') => href('offer', locale, { slug });
  const applications = async (offerId: number) =>
    w.t.db.selectFrom('applications').select(['candidate_id', 'status']).where('offer_id', '=', offerId).execute();

  it('applies once to an open offer and comes back to it (no JavaScript: 303 to ?applied=1)', async () => {
    const o = await w.offer(acme);
    const a = await w.post(page(o.slug), {}, { as: ana, json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${page(o.slug)}?applied=1`);
    expect(await applications(o.id)).toEqual([{ candidate_id: ana.id, status: 'sent' }]);
    const en = await w.offer(acme, undefined, 'Frontend React');
    expect((await w.post(page(en.slug, 'en'), {}, { as: ana })).json).toEqual({ ok: true, redirect: `${page(en.slug, 'en')}?applied=1` });
  });

  it('answers 409 to a second application, in both languages, and keeps one', async () => {
    const o = await w.offer(acme);
    expect((await w.post(page(o.slug), {}, { as: ana })).json.ok).toBe(true);
    for (const locale of locales) {
      expectRefusal(await w.post(page(o.slug, locale), {}, { as: ana }), 409, {
        message: msg(locale, 'offer.alreadyApplied'),
        errors: {},
        values: {},
      });
    }
    expect(msg('es', 'offer.alreadyApplied')).toBe('Ya postulaste a esta oferta: no hace falta hacerlo de nuevo.');
    expect(await applications(o.id)).toHaveLength(1);
  });

  it('asks a visitor without a session to sign in (401) and refuses a company account (403)', async () => {
    const o = await w.offer(acme);
    for (const locale of locales) {
      const anon = await w.post(page(o.slug, locale), {}, { json: locale === 'es' });
      expectRefusal(anon, 401, { message: msg(locale, 'offer.signInToApply') });
      expectRefusal(await w.post(page(o.slug, locale), {}, { as: acme }), 403, { message: msg(locale, 'offer.companiesCannotApply') });
    }
    expect(await applications(o.id)).toEqual([]);
  });

  it('answers 410 for a closed or expired offer and 404 for an unknown, draft or paused one', async () => {
    const closed = await w.offer(acme, 'closed');
    const expired = await w.offer(acme, 'expired');
    const draft = await w.offer(acme, 'draft');
    const paused = await w.offer(acme, 'paused');
    for (const locale of locales) {
      for (const o of [closed, expired])
        expectRefusal(await w.post(page(o.slug, locale), {}, { as: ana }), 410, { message: msg(locale, 'offer.notOpen') });
      for (const slug of ['no-existe-esta-oferta', draft.slug, paused.slug]) {
        expectRefusal(await w.post(page(slug, locale), {}, { as: ana }), 404, { message: msg(locale, 'error.offerHelp') });
      }
    }
    for (const o of [closed, expired, draft, paused]) expect(await applications(o.id)).toEqual([]);
  });

  it('a session whose token was ended applies as nobody: 401, nothing stored', async () => {
    const leo = await w.account('match');
    await w.svc.auth.logout(leo.token);
    const o = await w.offer(acme);
    const a = await w.post(page(o.slug), {}, { as: leo });
    expectRefusal(a, 401, { message: msg('es', 'offer.signInToApply') });
    expect(await applications(o.id)).toEqual([]);
  });
});
