import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, expectRefusal, msg, type Account, type FormWorld } from '../../testing/form-app';
import { OFFER } from '../../testing/fixtures/offer';

// Decision 049 through the HTTP layer on real services: the apply page's form (answers checked, everything
// typed kept), the offer form's questions, saving an offer, and the workspace's withdraw and unsave forms.
describe.each(testDatabases)('applying actions on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let ana: Account;
  let luis: Account;
  let offer: { id: number; slug: string };
  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, ana, luis] = await Promise.all([w.account('hire', 'Acme'), w.account('match'), w.account('match')]);
    // The company writes the offer with two questions through its own form.
    const a = await w.post(
      href('hireCreateOffer', 'es'),
      {
        ...OFFER,
        intent: 'publish',
        q1_label: '¿Vives en Lima?',
        q1_kind: 'yes-no',
        q1_required: '1',
        q3_label: 'Años de experiencia',
        q3_kind: 'number',
      },
      { as: acme },
    );
    expect(a.status, a.text).toBe(200);
    const slug = new URL(a.json.redirect!, 'http://x').searchParams.get('published')!;
    const row = await w.t.db.selectFrom('offers').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirstOrThrow();
    offer = row;
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const applyPage = (locale: 'es' | 'en' = 'es') => href('offerApply', locale, { slug: offer.slug });
  const platform = (locale: 'es' | 'en' = 'es') => href('matchPlatform', locale);

  it('saves the offer form’s questions in order and refuses a required row without a question', async () => {
    expect(await w.svc.screening.questions(offer.id)).toEqual([
      { position: 1, kind: 'yes-no', label: '¿Vives en Lima?', required: true },
      { position: 2, kind: 'number', label: 'Años de experiencia', required: false },
    ]);
    for (const locale of locales) {
      const bad = await w.post(href('hireCreateOffer', locale), { ...OFFER, intent: 'draft', q2_required: '1' }, { as: acme });
      expectRefusal(bad, 422, { errors: { q2_label: msg(locale, 'applying.error.questionMissing') } });
    }
  });

  it('refuses a missing required answer and a wrong number, in both languages, keeping what was typed', async () => {
    for (const locale of locales) {
      const a = await w.post(applyPage(locale), { cover_note: 'Hola equipo', answer_2: 'muchos' }, { as: ana });
      expectRefusal(a, 422, {
        errors: { answer_1: msg(locale, 'applying.error.answerRequired'), answer_2: msg(locale, 'applying.error.number') },
        values: { cover_note: 'Hola equipo', answer_2: 'muchos' },
      });
    }
  });

  it('applies with a note and answers, then back on the offer; the company reads them', async () => {
    const a = await w.post(applyPage(), { cover_note: 'Me interesa mucho', answer_1: 'yes', answer_2: '4' }, { as: ana, json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${href('offer', 'es', { slug: offer.slug })}?applied=1`);
    const app = await w.t.db
      .selectFrom('applications')
      .select(['id', 'cover_note'])
      .where('offer_id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(app.cover_note).toBe('Me interesa mucho');
    const sent = await w.svc.screening.answersFor({ id: acme.id, type: 'hire' }, [app.id]);
    expect(sent.get(app.id)?.answers.map((x) => x.answer)).toEqual(['yes', '4']);
  });

  it('withdraws from the workspace: a stranger gets 404, the owner 303, then cannot apply again', async () => {
    const app = await w.t.db.selectFrom('applications').select('id').where('offer_id', '=', offer.id).executeTakeFirstOrThrow();
    expectRefusal(await w.post(platform(), { intent: 'withdraw', application: String(app.id) }, { as: luis }), 404);
    expectRefusal(await w.post(platform(), { intent: 'withdraw', application: 'abc' }, { as: ana }), 404);
    const a = await w.post(platform(), { intent: 'withdraw', application: String(app.id) }, { as: ana, json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${platform()}?retirada=1#applications`);
    const row = await w.t.db.selectFrom('applications').select('status').where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('withdrawn');
    for (const locale of locales)
      expectRefusal(await w.post(applyPage(locale), { answer_1: 'yes' }, { as: ana }), 409, {
        message: msg(locale, 'applying.error.withdrawnBefore'),
      });
    // The company can no longer move it.
    const move = await w.post(
      href('hireSite', 'es'),
      { intent: 'application-status', application: String(app.id), status: 'approved' },
      { as: acme },
    );
    expect(move.status).toBe(409);
  });

  it('saves an offer (twice is once), sends a visitor to sign in and back, refuses companies; unsaves', async () => {
    const save = (locale: 'es' | 'en' = 'es') => href('offerSave', locale, { slug: offer.slug });
    const anon = await w.post(save('en'), {}, { json: false });
    expect(anon.status).toBe(303);
    expect(anon.location).toBe(`${href('login', 'en')}?${new URLSearchParams({ redirect: save('en') })}`);
    for (let i = 0; i < 2; i++) {
      const a = await w.post(save(), {}, { as: luis, json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(`${href('offer', 'es', { slug: offer.slug })}?guardada=1`);
    }
    expect((await w.svc.savedOffers.list({ id: luis.id, type: 'match' })).open.map((o) => o.slug)).toEqual([offer.slug]);
    for (const locale of locales)
      expectRefusal(await w.post(save(locale), {}, { as: acme }), 403, { message: msg(locale, 'applying.error.candidatesOnly') });
    const un = await w.post(platform(), { intent: 'unsave', offer: String(offer.id) }, { as: luis, json: false });
    expect(un.status).toBe(303);
    expect((await w.svc.savedOffers.list({ id: luis.id, type: 'match' })).open).toEqual([]);
  });
});
