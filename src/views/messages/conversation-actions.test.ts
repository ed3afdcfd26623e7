import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { MESSAGE_MAX_CHARS, MESSAGE_RATE } from '../../domain/messaging';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, expectTooMany, msg, type Account, type FormWorld } from '../../testing/form-app';

// The conversation pages' forms (conversation-actions.ts) and the invitation forms (the profile page's
// intent=invite, the candidate workspace's accept/decline), through the HTTP layer on real services.
describe.each(testDatabases)('conversation and invitation actions on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let other: Account;
  let ana: Account;
  let conv = 0;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, other, ana] = await Promise.all([w.account('hire', 'Acme'), w.account('hire', 'Otra'), w.account('match')]);
    const o = await w.offer(acme);
    const app = await w.svc.applications.apply(o.slug, { id: ana.id, type: 'match' });
    conv = (await w.svc.messages.forApplications({ id: ana.id, type: 'match' }, [app.id])).get(app.id)!.id;
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const hirePage = (locale: 'es' | 'en' = 'es', id = conv) => href('hireConversation', locale, { id: String(id) });
  const matchPage = (locale: 'es' | 'en' = 'es', id = conv) => href('matchConversation', locale, { id: String(id) });
  const bodies = async () =>
    (await w.t.db.selectFrom('messages').select('body').where('conversation_id', '=', conv).orderBy('id').execute()).map((m) => m.body);

  it('sends without JavaScript and comes back to the conversation (PRG), from both sides', async () => {
    const a = await w.post(hirePage(), { intent: 'send', body: '  Hola Ana\nsegunda línea ' }, { as: acme, json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${hirePage()}#message-form`);
    const b = await w.post(matchPage('en'), { body: 'Hi!' }, { as: ana });
    expect(b.json).toEqual({ ok: true, redirect: `${matchPage('en')}#message-form` });
    expect(await bodies()).toEqual(['Hola Ana\nsegunda línea', 'Hi!']);
  });

  it('keeps what was typed and says why, in the visitor language, when empty or too long', async () => {
    for (const locale of locales) {
      const long = 'x'.repeat(MESSAGE_MAX_CHARS + 1);
      const r = await w.post(hirePage(locale), { intent: 'send', body: long }, { as: acme, json: false });
      expect(r.status).toBe(422);
      const message = msg(locale, 'messages.error.tooLong', { count: MESSAGE_MAX_CHARS + 1, max: MESSAGE_MAX_CHARS });
      expect(r.page).toMatchObject({ ok: false, errors: { body: message }, values: { body: long, intent: 'send' } });
      const e = await w.post(hirePage(locale), { intent: 'send', body: '   ' }, { as: acme });
      expect(e.json.errors).toEqual({ body: msg(locale, 'messages.error.empty') });
    }
  });

  it('answers 404 to anybody else and to unknown ids, whatever they post', async () => {
    for (const [as, page] of [
      [other, hirePage()],
      [ana, hirePage()],
      [acme, hirePage('es', 999_999)],
      [acme, matchPage()],
    ] as const) {
      for (const intent of ['send', 'block', 'unblock', 'report']) {
        const r = await w.post(page, { intent, body: '', reason: 'spam' }, { as });
        // The other account type is sent to its own workspace by the route's access; never a 200 or 303.
        expect([404, 307], `${page} ${intent}`).toContain(r.status);
      }
    }
    const strangers = await w.post(hirePage(), { intent: 'send', body: 'x'.repeat(MESSAGE_MAX_CHARS + 1) }, { as: other });
    expect(strangers.status).toBe(404);
  });

  it('blocks and unblocks (only the side that blocked), and the candidate reports once', async () => {
    expect((await w.post(matchPage(), { intent: 'block' }, { as: ana })).json.redirect).toBe(`${matchPage()}?hecho=bloqueada`);
    const refused = await w.post(hirePage(), { intent: 'send', body: 'Hola' }, { as: acme });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(msg('es', 'messages.blocked.cannotSend'));
    expect((await w.post(hirePage(), { intent: 'unblock' }, { as: acme })).status).toBe(409);
    expect((await w.post(matchPage(), { intent: 'unblock' }, { as: ana })).json.ok).toBe(true);
    const bad = await w.post(matchPage('en'), { intent: 'report', reason: 'nope', details: 'x' }, { as: ana });
    expect(bad.status).toBe(422);
    expect(bad.json.values).toMatchObject({ reason: 'nope', details: 'x' });
    expect((await w.post(matchPage(), { intent: 'report', reason: 'scam', details: 'Piden dinero' }, { as: ana })).json.ok).toBe(true);
    expect((await w.post(matchPage(), { intent: 'report', reason: 'scam' }, { as: ana })).status).toBe(409);
    expect((await w.post(hirePage(), { intent: 'report', reason: 'scam' }, { as: acme })).status).toBe(404);
  });

  it('limits messages per account: 429 with Retry-After and a clear message', async () => {
    for (let i = 0; i < MESSAGE_RATE.max; i++) await w.post(matchPage(), { body: `m${i}` }, { as: ana });
    const { form } = expectTooMany(await w.post(matchPage(), { body: 'uno más' }, { as: ana }));
    expect(form.message).toMatch(/segundos/);
  });

  it('invites from a public profile, and the candidate declines; then the form says until when', async () => {
    const profile = (locale: 'es' | 'en' = 'es') => href('talentProfile', locale, { slug: ana.slug });
    // Not public yet: a 404, whatever is typed.
    expect((await w.post(profile(), { intent: 'invite', body: 'Hola' }, { as: other })).status).toBe(404);
    await w.t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', ana.id).execute();
    const empty = await w.post(profile('en'), { intent: 'invite', body: ' ' }, { as: other });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ body: msg('en', 'messages.error.empty') });
    const sent = await w.post(profile(), { intent: 'invite', body: 'Nos gusta tu perfil' }, { as: other, json: false });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${profile()}?invitada=1#invite`);
    expect((await w.post(profile(), { intent: 'invite', body: 'Otra vez' }, { as: other })).json.message).toBe(
      msg('es', 'messages.invite.pending'),
    );
    const inv = await w.t.db.selectFrom('invitations').select('id').where('candidate_id', '=', ana.id).executeTakeFirstOrThrow();
    // Another candidate cannot answer it.
    const bob = await w.account('match');
    expect((await w.post(href('matchPlatform', 'es'), { intent: 'decline', invitation: String(inv.id) }, { as: bob })).status).toBe(404);
    const declined = await w.post(href('matchPlatform', 'es'), { intent: 'decline', invitation: String(inv.id) }, { as: ana });
    expect(declined.json.redirect).toBe(`${href('matchPlatform', 'es')}?rechazada=1#invitations`);
    const again = await w.post(profile('en'), { intent: 'invite', body: 'Please?' }, { as: other });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(msg('en', 'messages.invite.declinedWait', { days: 90 }));
  });

  it('accepting an invitation opens its conversation', async () => {
    const carla = await w.account('match');
    await w.t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', carla.id).execute();
    await w.post(href('talentProfile', 'es', { slug: carla.slug }), { intent: 'invite', body: 'Hola Carla' }, { as: acme });
    const inv = await w.t.db.selectFrom('invitations').select('id').where('candidate_id', '=', carla.id).executeTakeFirstOrThrow();
    const r = await w.post(href('matchPlatform', 'en'), { intent: 'accept', invitation: String(inv.id) }, { as: carla });
    const cv = await w.t.db.selectFrom('conversations').select('id').where('invitation_id', '=', inv.id).executeTakeFirstOrThrow();
    expect(r.json.redirect).toBe(href('matchConversation', 'en', { id: String(cv.id) }));
  });
});
