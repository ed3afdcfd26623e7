import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import {
  PASSWORD,
  cookieValue,
  createFormWorld,
  expectRefusal,
  msg,
  setCookie,
  type Account,
  type FormWorld,
} from '../../testing/form-app';
import { config } from '../../testing/form-app';

// The team page's forms (team-actions.ts) and the invitation's accept page (join-actions.ts), through the
// HTTP layer on real services: PRG on success, the reason in the visitor's language on a refusal, 403 for a
// recruiter, 404 for another company's ids, and the invited person signed in after signing up.
describe.each(testDatabases)('team actions on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let other: Account;
  let ana: Account;
  const team = (locale: 'es' | 'en' = 'es') => href('hireTeam', locale);
  const join = (token: string, locale: 'es' | 'en' = 'es') => href('hireJoin', locale, { token });
  const tokenFor = async (email: string) => {
    const row = await w.t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_email', '=', email)
      .where('kind', '=', 'team-invitation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\/hire\/(?:unirse|join)\/([\w.-]+)/.exec(row.text_body)![1]!;
  };
  const membership = async (userId: number) =>
    w.t.db.selectFrom('company_users').select(['company_id', 'role']).where('user_id', '=', userId).executeTakeFirst();

  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, other, ana] = await Promise.all([w.account('hire', 'Acme'), w.account('hire', 'Otra'), w.account('match')]);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  it('invites without JavaScript (PRG), keeps what was typed and says why in the visitor language', async () => {
    const ok = await w.post(
      team(),
      { intent: 'invite', email: 'Nueva@Acme.example', role: 'recruiter', language: 'en' },
      { as: acme, json: false },
    );
    expect(ok.status, ok.text).toBe(303);
    expect(ok.location).toBe(`${team()}?hecho=invited`);
    expect(await tokenFor('nueva@acme.example')).toMatch(/\./);
    for (const locale of locales) {
      const bad = await w.post(
        team(locale),
        { intent: 'invite', email: 'no-es-correo', role: 'recruiter', language: 'es' },
        { as: acme, json: false },
      );
      expectRefusal(bad, 422, {
        errors: { email: msg(locale, 'forms.error.email') },
        values: { intent: 'invite', email: 'no-es-correo', role: 'recruiter', language: 'es' },
      });
    }
    expect((await w.post(team(), { intent: 'nope' }, { as: acme })).status).toBe(400);
  });

  it('signs a visitor up on the accept page: a company account in the inviting company, signed in, in its workspace', async () => {
    await w.post(team(), { intent: 'invite', email: 'rita@acme.example', role: 'recruiter', language: 'es' }, { as: acme });
    const token = await tokenFor('rita@acme.example');
    const short = await w.post(
      join(token, 'en'),
      { intent: 'signup', name: 'Rita', last_name: 'Reyes', password: 'corta' },
      { json: false },
    );
    expectRefusal(short, 422, { values: { intent: 'signup', name: 'Rita', last_name: 'Reyes' } });
    const r = await w.post(join(token), { intent: 'signup', name: 'Rita', last_name: 'Reyes', password: PASSWORD }, { json: false });
    expect(r.status, r.text).toBe(303);
    expect(r.location).toBe(href('hireSite', 'es'));
    // Signed in: a session token (a compact JWS) in the cookie.
    expect(cookieValue(setCookie(r, config.AUTH_COOKIE_TOKEN))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const user = await w.t.db
      .selectFrom('users')
      .select(['id', 'account_type'])
      .where('email', '=', 'rita@acme.example')
      .executeTakeFirstOrThrow();
    expect(user.account_type).toBe('hire');
    const acmeCompany = (await membership(acme.id))!.company_id;
    expect(await membership(user.id)).toEqual({ company_id: acmeCompany, role: 'recruiter' });
    // Used: a second post says so, never a 500.
    const again = await w.post(join(token), { intent: 'signup', name: 'X', last_name: 'Y', password: PASSWORD });
    expectRefusal(again, 410, { message: msg('es', 'team.join.state.used') });
    // A tampered token.
    const tampered = await w.post(join(`${token.slice(0, -3)}abc`, 'en'), {
      intent: 'signup',
      name: 'X',
      last_name: 'Y',
      password: PASSWORD,
    });
    expectRefusal(tampered, 410, { message: msg('en', 'team.join.state.invalid') });
  });

  it('refuses a recruiter management (403, the reason), and another company ids answer 404', async () => {
    const rita = await w.svc.auth.login('hire', 'rita@acme.example', PASSWORD, { ip: 'setup' });
    const R = { ...acme, id: rita.user.id, cookie: `${config.AUTH_COOKIE_TOKEN}=${rita.access_token}; ${config.AUTH_COOKIE_TYPE}=hire` };
    for (const locale of locales) {
      const r = await w.post(team(locale), { intent: 'invite', email: 'x@acme.example', role: 'owner', language: 'es' }, { as: R });
      expectRefusal(r, 403, { message: msg(locale, 'team.error.ownersOnly') });
    }
    expect((await w.post(team(), { intent: 'remove', member: String(acme.id) }, { as: R })).status).toBe(403);
    expect((await w.post(team(), { intent: 'delete', confirm: 'Acme' }, { as: R })).status).toBe(403);
    const pending = (await w.svc.team.team(acme)).invitations[0]!;
    expect((await w.post(team(), { intent: 'revoke', invitation: String(pending.id) }, { as: other })).status).toBe(404);
    expect((await w.post(team(), { intent: 'remove', member: String(R.id) }, { as: other })).status).toBe(404);
    expect((await w.post(team(), { intent: 'role', member: String(R.id), role: 'owner' }, { as: other })).status).toBe(404);
    expect((await w.post(team(), { intent: 'remove', member: 'abc' }, { as: acme })).status).toBe(404);
    // The last owner cannot leave; the owner removes the recruiter.
    const last = await w.post(team('en'), { intent: 'leave' }, { as: acme });
    expectRefusal(last, 409, { message: msg('en', 'team.error.lastOwner') });
    const removed = await w.post(team(), { intent: 'remove', member: String(R.id) }, { as: acme, json: false });
    expect(removed.location).toBe(`${team()}?hecho=removed`);
    expect(await membership(R.id)).toBeUndefined();
  });

  it('explains to a candidate and to a company account with a company why they cannot accept', async () => {
    await w.post(team(), { intent: 'invite', email: ana.email, role: 'recruiter', language: 'es' }, { as: acme });
    const token = await tokenFor(ana.email);
    expectRefusal(await w.post(join(token), { intent: 'accept' }, { as: ana }), 409, { message: msg('es', 'team.join.candidate') });
    expectRefusal(await w.post(join(token, 'en'), { intent: 'accept' }, { as: other }), 409, {
      message: msg('en', 'team.join.hasCompany'),
    });
    expect((await w.post(join('a.b.c'), { intent: 'accept' }, { as: other })).status).toBe(410);
  });

  it('deletes the company only after its exact name is typed; the owner keeps the account', async () => {
    const doomed = await w.account('hire', 'Borrame');
    expectRefusal(await w.post(team(), { intent: 'delete', confirm: 'Acme' }, { as: doomed, json: false }), 422, {
      errors: { confirm: msg('es', 'team.delete.mismatch') },
      values: { intent: 'delete', confirm: 'Acme' },
    });
    const r = await w.post(team(), { intent: 'delete', confirm: 'Borrame' }, { as: doomed, json: false });
    expect(r.location).toBe(`${team()}?hecho=deleted`);
    expect(await membership(doomed.id)).toBeUndefined();
    expect(await w.t.db.selectFrom('users').select('id').where('id', '=', doomed.id).executeTakeFirst()).toEqual({ id: doomed.id });
  });
});
