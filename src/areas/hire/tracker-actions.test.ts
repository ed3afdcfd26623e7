import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { addUser } from '../../testing/marketplace';
import { createFormWorld, expectRefusal, msg, type Account, type FormWorld } from '../../testing/form-app';
import { getT } from '../../i18n/translate';
import type { PageProps } from '../../server/render/page-types';
import { hireApplicantsPage } from './applicants-page';
import { hireApplicationPage } from './application-page';

// The applicant tracker's forms (tracker-actions.ts, decision 048) through the HTTP layer on real services:
// a card's move, the bulk move in two steps, and the application page's move, note, rating and rejection;
// strangers get 404 like an unknown id. Also the workspace's close, which asks first, and old links.
describe.each(testDatabases)('tracker actions on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let globex: Account;
  let ana: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, globex, ana] = await Promise.all([w.account('hire', 'Acme'), w.account('hire', 'Globex'), w.account('match')]);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const applicantsPage = (id: number, locale: 'es' | 'en' = 'es') => href('hireApplicants', locale, { id: String(id) });
  const applicationPage = (id: number, locale: 'es' | 'en' = 'es') => href('hireApplication', locale, { id: String(id) });
  const apply = async (offer: { slug: string }) => {
    const candidate = await w.account('match');
    return (await w.svc.applications.apply(offer.slug, { id: candidate.id, type: 'match' })).id;
  };
  const row = (id: number) => w.t.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('moves a card to the next stage and back to its place on the board', async () => {
    const o = await w.offer(acme);
    const id = await apply(o);
    const a = await w.post(
      applicantsPage(o.id),
      { intent: 'move', application: String(id), status: 'approved', from: 'sent' },
      { as: acme, json: false },
    );
    expect(a.status).toBe(303);
    expect(a.location).toBe(`${applicantsPage(o.id)}?hecho=moved#applicant-${id}`);
    expect((await row(id)).status).toBe('approved');
    // The same button again (a stale page): the application moved meanwhile.
    for (const locale of locales) {
      expectRefusal(
        await w.post(
          applicantsPage(o.id, locale),
          { intent: 'move', application: String(id), status: 'approved', from: 'sent' },
          { as: acme },
        ),
        409,
        { message: msg(locale, 'hire.error.moved') },
      );
    }
  });

  it('asks to confirm a bulk move, then moves each one, reporting one changed meanwhile', async () => {
    const o = await w.offer(acme);
    const [x, y] = [await apply(o), await apply(o)];
    const first = await w.post(
      applicantsPage(o.id),
      { intent: 'bulk', status: 'initial-interview', application: [String(x), String(y)] },
      { as: acme },
    );
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ok: false, values: { intent: 'bulk-confirm', status: 'initial-interview' } });
    expect(first.json.values!.items!.split(',').sort()).toEqual([`${x}:sent`, `${y}:sent`].sort());
    expect((await row(x)).status).toBe('sent');
    await w.svc.hiring.moveApplication({ id: acme.id, type: 'hire' }, y, 'approved');
    const second = await w.post(
      applicantsPage(o.id),
      { intent: 'bulk', confirm: '1', status: 'initial-interview', item: [`${x}:sent`, `${y}:sent`] },
      { as: acme, json: false },
    );
    expect(second.status).toBe(303);
    expect(second.location).toBe(`${applicantsPage(o.id)}?hecho=bulk&movidos=1&cambiados=${y}`);
    expect([(await row(x)).status, (await row(y)).status]).toEqual(['initial-interview', 'approved']);
    for (const locale of locales)
      expectRefusal(await w.post(applicantsPage(o.id, locale), { intent: 'bulk', status: 'approved' }, { as: acme }), 422, {
        errors: { application: msg(locale, 'tracker.error.noneSelected') },
      });
  });

  it('saves a note and a rating, and rejects with a reason and a message; errors keep what was typed', async () => {
    const o = await w.offer(acme);
    const id = await apply(o);
    const note = await w.post(applicationPage(id), { intent: 'note', note: 'Buen perfil' }, { as: acme, json: false });
    expect(note.location).toBe(`${applicationPage(id)}?hecho=note#notes`);
    const rating = await w.post(applicationPage(id, 'en'), { intent: 'rating', rating: '4' }, { as: acme, json: false });
    expect(rating.location).toBe(`${applicationPage(id, 'en')}?hecho=rating#rating`);
    for (const locale of locales) {
      expectRefusal(await w.post(applicationPage(id, locale), { intent: 'note', note: ' ' }, { as: acme }), 422, {
        errors: { note: msg(locale, 'tracker.error.noteEmpty') },
      });
      expectRefusal(await w.post(applicationPage(id, locale), { intent: 'rating', rating: '9' }, { as: acme }), 422, {
        errors: { rating: msg(locale, 'tracker.error.rating') },
      });
      expectRefusal(await w.post(applicationPage(id, locale), { intent: 'reject', reason: 'x', message: 'Gracias' }, { as: acme }), 422, {
        errors: { reason: msg(locale, 'tracker.error.reason') },
        values: { intent: 'reject', reason: 'x', message: 'Gracias' },
      });
    }
    const r = await w.post(
      applicationPage(id),
      { intent: 'reject', reason: 'skills', message: 'Gracias por postular.', from: 'sent' },
      { as: acme, json: false },
    );
    expect(r.location).toBe(`${applicationPage(id)}?hecho=rejected`);
    expect(await row(id)).toMatchObject({ status: 'rejected', rejection_reason: 'skills', rejection_message: 'Gracias por postular.' });
    const detail = await w.svc.hiring.application({ id: acme.id, type: 'hire' }, id);
    expect(detail.notes).toHaveLength(1);
    expect(detail.ratings.mine).toBe(4);
  });

  it("answers 404 to another company's and unknown applications and offers, 403 to a candidate, 400 to an unknown intent", async () => {
    const o = await w.offer(acme);
    const id = await apply(o);
    for (const locale of locales) {
      for (const fields of [
        { intent: 'note', note: 'hola' },
        { intent: 'rating', rating: '3' },
        { intent: 'reject', reason: 'other', message: 'x' },
        { intent: 'move', status: 'approved' },
      ] as Record<string, string>[]) {
        for (const target of [id, 99_999_999])
          expectRefusal(await w.post(applicationPage(target, locale), fields, { as: globex }), 404, {
            message: msg(locale, 'api.notFound'),
          });
        expectRefusal(await w.post(applicationPage(id, locale), fields, { as: ana }), 403, {
          message: msg(locale, 'hire.error.companiesOnly'),
        });
      }
      expectRefusal(
        await w.post(applicantsPage(o.id, locale), { intent: 'bulk', status: 'approved', application: String(id) }, { as: globex }),
        404,
      );
      expectRefusal(
        await w.post(applicantsPage(o.id, locale), { intent: 'move', application: String(id), status: 'approved' }, { as: globex }),
        404,
      );
      expectRefusal(await w.post(applicationPage(id, locale), { intent: 'archive' }, { as: acme }), 400, {
        message: msg(locale, 'forms.unreadable'),
      });
    }
    expect(await row(id)).toMatchObject({ status: 'sent', rejection_reason: null });
    const notes = await w.t.db.selectFrom('application_notes').select('id').where('application_id', '=', id).execute();
    expect(notes).toHaveLength(0);
  });

  it("renders the tracker's pages for the company only: another company gets the 404 of an unknown id", async () => {
    const o = await w.offer(acme);
    const id = await apply(o);
    const props = (as: Account, params: Record<string, string>): PageProps =>
      ({
        id: 'hireApplication',
        locale: 'es',
        params,
        query: '',
        path: '/',
        t: getT('es'),
        brand: 'Tandem',
        viewer: { id: as.id, type: 'hire' },
        form: null,
      }) as unknown as PageProps;
    const deps = {
      hiring: async () => w.svc.hiring,
      messages: async () => w.svc.messages,
      profileHistory: async () => w.svc.profileHistory,
      screening: async () => w.svc.screening,
    };
    const applicantsOf = hireApplicantsPage(deps);
    const applicationOf = hireApplicationPage(deps);
    // The company's own pages render, with the applicant (their name, in the element tree's props) on them.
    const tree = async (el: unknown) => JSON.stringify(await el);
    expect(await tree(applicantsOf(props(acme, { id: String(o.id) })))).toContain('Ana García');
    expect(await tree(applicationOf(props(acme, { id: String(id) })))).toContain('Ana García');
    for (const [page, params] of [
      [applicantsOf, { id: String(o.id) }],
      [applicationOf, { id: String(id) }],
      [applicationOf, { id: '99999999' }],
    ] as const)
      await expect(page(props(globex, params))).rejects.toMatchObject({ name: 'PageError', status: 404 });
  });

  it('shows 30 applicants a page with an honest pager, and a move comes back to the page it was on', async () => {
    const o = await w.offer(acme);
    const at = new Date();
    for (let i = 0; i < 43; i++) {
      const user = await addUser(w.t.db, 'match', `Lote${i}`);
      await w.t.db
        .insertInto('applications')
        .values({ offer_id: o.id, candidate_id: user, status: i < 3 ? 'approved' : 'sent', created_at: at, updated_at: at })
        .execute();
    }
    const props = (query: string) =>
      ({
        id: 'hireApplicants',
        locale: 'es',
        params: { id: String(o.id) },
        query,
        path: '/',
        t: getT('es'),
        brand: 'Tandem',
        viewer: { id: acme.id, type: 'hire' },
        form: null,
      }) as unknown as PageProps;
    const page = hireApplicantsPage({ hiring: async () => w.svc.hiring, messages: async () => w.svc.messages });
    // The element tree (components unrendered: the pager's own words are tested in workspace-parts.test.tsx).
    const first = JSON.stringify(await page(props('')));
    expect(first).toContain('Mostrando los postulantes 1–30 de 43');
    const cursor = /"next":"[^"?]+\?cursor=([A-Za-z0-9_-]+)"/.exec(first)?.[1];
    // An opaque token of URL-safe characters, nothing else (no ids or dates in the clear).
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const second = JSON.stringify(await page(props(`cursor=${cursor}`)));
    expect(second).toContain('Mostrando los postulantes 31–43 de 43');
    expect(second).toContain('"next":null');
    // The forms post to this page; the stage counts are of all 43 (3 approved, on the first page).
    expect(second).toContain(`"action":"${applicantsPage(o.id)}?cursor=${cursor}"`);
    expect(second).toMatch(/"data-status":"approved".*?"children":"3"/);
    // A bad cursor is the first page.
    expect(JSON.stringify(await page(props('cursor=nonsense')))).toContain('Mostrando los postulantes 1–30 de 43');
    const last = await w.t.db.selectFrom('applications').select('id').where('offer_id', '=', o.id).orderBy('id').executeTakeFirstOrThrow();
    const moved = await w.post(
      `${applicantsPage(o.id)}?cursor=${cursor}`,
      { intent: 'move', application: String(last.id), status: 'approved', from: 'approved' },
      { as: acme, json: false },
    );
    expect(moved.status).toBe(303);
    expect(moved.location).toBe(`${applicantsPage(o.id)}?cursor=${cursor}&hecho=moved#applicant-${last.id}`);
  });

  it('asks before closing an offer, then closes it', async () => {
    const o = await w.offer(acme);
    const site = href('hireSite', 'es');
    const ask = await w.post(site, { intent: 'offer-action', action: 'close', offer: String(o.id) }, { as: acme });
    expect(ask.status).toBe(200);
    expect(ask.json).toMatchObject({ ok: false, values: { intent: 'close-confirm', offer: String(o.id) } });
    const state = async () => (await w.t.db.selectFrom('offers').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status;
    expect(await state()).toBe('published');
    const done = await w.post(
      site,
      { intent: 'offer-action', action: 'close', offer: String(o.id), confirm: '1' },
      { as: acme, json: false },
    );
    expect(done.location).toBe(`${site}?done=close&offer=${o.id}`);
    expect(await state()).toBe('closed');
  });

  it('sends old links to an offer’s applicants to its page (303)', async () => {
    for (const locale of locales) {
      const a = await w.get(`${href('hireSite', locale)}?oferta=12`, { as: acme });
      expect(a.status).toBe(303);
      expect(a.location).toBe(applicantsPage(12, locale));
    }
  });
});
