import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { TEAM_INVITE_RATE } from '../../domain/team';
import { createRateLimiter } from '../limits/rate-limit';
import { createEmailService } from '../email/email-service';
import { createSalaryService } from '../salaries/salary-service';
import { createHiringService } from '../offers/hiring-service';
import { createMessagingService } from '../messages/messaging-service';
import { ServiceError } from '../errors';
import { createAuthService } from './auth-service';
import { membershipOf } from './company-membership';
import { signInvitation } from './invitation-token';
import { createTeamService, type TeamService } from './team-service';

const SECRET = 'team-test-secret-0123456789-abcdefghij';
const meta = { ip: '203.0.113.9' };

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof ServiceError) return `${err.code}${Object.keys(err.fields).length ? `:${Object.values(err.fields)[0]!.key}` : ''}`;
    throw err;
  }
};

describe.each(testDatabases)('company teams on %s', (_name, open) => {
  let t: TestDb;
  let svc: TeamService;
  let clock = new Date('2026-11-27T12:00:00Z');
  let acme: { companyId: number; userId: number };
  let other: { companyId: number; userId: number };
  const hire = (id: number) => ({ id, type: 'hire' as const });
  const A = () => hire(acme.userId);
  const O = () => hire(other.userId);
  const person = { name: 'Rita', last_name: 'Reclutadora', password: 'a-long-password-1', locale: 'es' as const };

  /** The token in the newest invitation email to an address (the outbox keeps it until delivery). */
  const tokenFor = async (email: string) => {
    const row = await t.db
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body', 'subject', 'locale'])
      .where('to_email', '=', email)
      .where('kind', '=', 'team-invitation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const m = /\/hire\/(?:unirse|join)\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(row.text_body);
    return { token: m![1]!, row };
  };

  beforeAll(async () => {
    t = await open();
    const mail = createEmailService(t, { log: () => {} });
    svc = createTeamService(t, {
      auth: async () => createAuthService(t, SECRET),
      email: async () => mail,
      limiter: async () => createRateLimiter(t, () => clock.getTime()),
      secret: SECRET,
      siteUrl: 'https://tandem.example',
      brand: 'Tandem',
      now: () => clock,
    });
    acme = await addCompany(t.db, 'Acme');
    other = await addCompany(t.db, 'Otra');
  });
  afterAll(async () => t.cleanup());

  it('makes existing members owners', async () => {
    expect(await membershipOf(t.db, acme.userId)).toMatchObject({ companyId: acme.companyId, role: 'owner', company: { name: 'Acme' } });
    expect(await membershipOf(t.db, await addUser(t.db, 'match'))).toBeNull();
  });

  it('invites by email; the invited person signs up, joins without a company of their own and sees the company', async () => {
    const offer = await addOffer(t.db, acme.companyId, { title: 'Data Engineer' });
    const ana = await addUser(t.db, 'match', 'Ana');
    const app = (
      await t.db
        .insertInto('applications')
        .values({ offer_id: offer.id, candidate_id: ana, created_at: clock, updated_at: clock })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await svc.invite(A(), { email: 'Rita@Example.com', role: 'recruiter', locale: 'en' });
    const { token, row } = await tokenFor('rita@example.com');
    expect(row.locale).toBe('en');
    expect(row.subject).toBe("Acme User invites you to Acme's team on Tandem");
    expect(row.html_body).toContain('Accept the invitation');
    expect(await svc.invitation(token)).toEqual({ state: 'valid', company: 'Acme', email: 'rita@example.com', role: 'recruiter' });
    expect((await svc.team(A())).invitations).toMatchObject([{ email: 'rita@example.com', role: 'recruiter' }]);

    const companies = Number(
      (
        await t.db
          .selectFrom('companies')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { user } = await svc.signUpAndJoin(token, person, meta);
    expect(user).toMatchObject({ email: 'rita@example.com', account_type: 'hire', user_status: 'active' });
    expect(
      Number(
        (
          await t.db
            .selectFrom('companies')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(companies);
    expect(await membershipOf(t.db, user.id)).toMatchObject({ companyId: acme.companyId, role: 'recruiter' });
    // No confirmation email: the invitation proved the address.
    expect(await t.db.selectFrom('email_outbox').select('kind').where('to_email', '=', 'rita@example.com').execute()).toEqual([
      { kind: 'team-invitation' },
    ]);

    // The new member works on the company's offers, applicants and conversations.
    const hiring = createHiringService(t, { salaries: async () => createSalaryService(t) });
    expect((await hiring.offers(hire(user.id))).offers.map((o) => o.title)).toContain('Data Engineer');
    expect((await hiring.applicants(hire(user.id), offer.id)).applicants.map((a) => a.id)).toEqual([app]);
    const messages = createMessagingService(t, {});
    const threads = await messages.forApplications(hire(user.id), [app]);
    const conv = threads.get(app)!.id;
    await messages.send(hire(acme.userId), conv, 'Hola Ana');
    await messages.send(hire(user.id), conv, 'Soy Rita, del equipo');
    const seen = await messages.conversation(hire(user.id), conv);
    expect(seen.messages.map((m) => [m.body, m.author])).toEqual([
      ['Hola Ana', 'Acme User'],
      ['Soy Rita, del equipo', null],
    ]);
    // The candidate sees the company, not who wrote.
    expect((await messages.conversation({ id: ana, type: 'match' }, conv)).messages.map((m) => m.author)).toEqual([null, null]);

    const team = await svc.team(hire(user.id));
    expect(team.members.map((m) => [m.email.startsWith('acme-') ? 'owner@' : m.email, m.role, m.me])).toEqual([
      ['owner@', 'owner', false],
      ['rita@example.com', 'recruiter', true],
    ]);
    expect(team.invitations).toEqual([]);
    // The link works once.
    expect(await svc.invitation(token)).toEqual({ state: 'used' });
    expect(await code(svc.signUpAndJoin(token, person, meta))).toBe('gone:team.join.state.used');
  });

  it('refuses recruiters every management action, and strangers see 404', async () => {
    const rita = (await membershipOf(
      t.db,
      (await t.db.selectFrom('users').select('id').where('email', '=', 'rita@example.com').executeTakeFirstOrThrow()).id,
    ))!;
    const R = hire((await t.db.selectFrom('users').select('id').where('email', '=', 'rita@example.com').executeTakeFirstOrThrow()).id);
    expect(rita.role).toBe('recruiter');
    expect(await code(svc.invite(R, { email: 'x@example.com', role: 'owner', locale: 'es' }))).toBe('forbidden:team.error.ownersOnly');
    expect(await code(svc.remove(R, acme.userId))).toBe('forbidden:team.error.ownersOnly');
    expect(await code(svc.changeRole(R, R.id, 'owner'))).toBe('forbidden:team.error.ownersOnly');
    expect(await code(svc.deleteCompany(R, 'Acme'))).toBe('forbidden:team.error.ownersOnly');
    expect(await code(svc.revoke(R, 1))).toBe('forbidden:team.error.ownersOnly');
    // Another company's owner: our members and invitations are unknown ids.
    await svc.invite(A(), { email: 'pending@example.com', role: 'recruiter', locale: 'es' });
    const pending = (await svc.team(A())).invitations[0]!;
    expect(await code(svc.remove(O(), R.id))).toBe('not-found');
    expect(await code(svc.changeRole(O(), R.id, 'owner'))).toBe('not-found');
    expect(await code(svc.revoke(O(), pending.id))).toBe('not-found');
    expect(await code(svc.remove(O(), 99999))).toBe('not-found');
    // Candidates and visitors.
    expect(await code(svc.team({ id: await addUser(t.db, 'match'), type: 'match' }))).toBe('not-found');
    expect(await code(svc.team(null))).toBe('unauthorized');
    // A member already on the team is not invited again.
    const ritaEmail = 'rita@example.com';
    expect(await code(svc.invite(A(), { email: ritaEmail, role: 'owner', locale: 'es' }))).toBe('conflict:team.error.alreadyMember');
  });

  it('keeps one owner at least: the last one can neither leave nor be demoted; owners promote, demote and remove', async () => {
    const R = hire((await t.db.selectFrom('users').select('id').where('email', '=', 'rita@example.com').executeTakeFirstOrThrow()).id);
    expect(await code(svc.leave(A()))).toBe('conflict:team.error.lastOwner');
    expect(await code(svc.changeRole(A(), acme.userId, 'recruiter'))).toBe('conflict:team.error.lastOwner');
    expect(await code(svc.remove(A(), acme.userId))).toBe('conflict:team.error.lastOwner');
    expect(await code(svc.changeRole(A(), R.id, 'boss'))).toBe('invalid-input:forms.error.invalid');
    await svc.changeRole(A(), R.id, 'owner');
    // Two owners: either may now step down.
    await svc.changeRole(R, acme.userId, 'recruiter');
    expect((await membershipOf(t.db, acme.userId))!.role).toBe('recruiter');
    await svc.changeRole(R, acme.userId, 'owner');
    await svc.remove(A(), R.id);
    expect(await membershipOf(t.db, R.id)).toBeNull();
    // A recruiter may leave.
    await svc.invite(A(), { email: 'leo@example.com', role: 'recruiter', locale: 'es' });
    const { user: leo } = await svc.signUpAndJoin((await tokenFor('leo@example.com')).token, { ...person, name: 'Leo' }, meta);
    await svc.leave(hire(leo.id));
    expect(await membershipOf(t.db, leo.id)).toBeNull();
  });

  it('tells expired, tampered, revoked and foreign tokens apart, never throwing', async () => {
    await svc.invite(A(), { email: 'late@example.com', role: 'recruiter', locale: 'es' });
    const { token } = await tokenFor('late@example.com');
    const [h, p, s] = token.split('.');
    expect(await svc.invitation(`${h}.${p}.${s!.slice(0, -2)}xx`)).toEqual({ state: 'invalid' });
    expect(await svc.invitation('not-a-token')).toEqual({ state: 'invalid' });
    // Signed with the session key, or another type: not an invitation.
    const forged = await new SignJWT({ c: acme.companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('x')
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode(SECRET));
    expect(await svc.invitation(forged)).toEqual({ state: 'invalid' });
    // A genuine token the database does not know (never sent).
    expect(await svc.invitation(await signInvitation(acme.companyId, new Date(clock.getTime() + 60_000), SECRET))).toEqual({
      state: 'invalid',
    });
    const saved = clock;
    clock = new Date(saved.getTime() + 8 * 86_400_000);
    expect(await svc.invitation(token)).toEqual({ state: 'expired' });
    expect(await code(svc.signUpAndJoin(token, person, meta))).toBe('gone:team.join.state.expired');
    clock = saved;
    const pending = (await svc.team(A())).invitations.find((i) => i.email === 'late@example.com')!;
    await svc.revoke(A(), pending.id);
    expect(await svc.invitation(token)).toEqual({ state: 'revoked' });
    expect(await code(svc.revoke(A(), pending.id))).toBe('not-found');
    // A new invitation to the same address replaces the earlier one.
    await svc.invite(A(), { email: 'twice@example.com', role: 'recruiter', locale: 'es' });
    const first = (await tokenFor('twice@example.com')).token;
    await svc.invite(A(), { email: 'twice@example.com', role: 'owner', locale: 'es' });
    expect(await svc.invitation(first)).toEqual({ state: 'revoked' });
    expect(await svc.invitation((await tokenFor('twice@example.com')).token)).toMatchObject({ state: 'valid', role: 'owner' });
  });

  it('accepts for a signed-in company account without a company of the invited address; explains every other case', async () => {
    await svc.invite(A(), { email: 'solo@example.com', role: 'recruiter', locale: 'es' });
    const { token } = await tokenFor('solo@example.com');
    const candidate = await addUser(t.db, 'match', 'Cand');
    expect(await code(svc.accept({ id: candidate, type: 'match' }, token, meta))).toBe('conflict:team.join.candidate');
    expect(await code(svc.accept(O(), token, meta))).toBe('conflict:team.join.hasCompany');
    const stranger = await addUser(t.db, 'hire', 'Stranger');
    expect(await code(svc.accept(hire(stranger), token, meta))).toBe('conflict:team.join.otherEmail');
    const solo = await addUser(t.db, 'hire', 'Solo');
    await t.db.updateTable('users').set({ email: 'SOLO@example.com' }).where('id', '=', solo).execute();
    // The address has an account: signing up is refused, signing in and accepting works.
    expect(await code(svc.signUpAndJoin(token, person, meta))).toBe('conflict:team.join.accountExists');
    expect(await svc.accept(hire(solo), token, meta)).toEqual({ companyId: acme.companyId });
    expect((await membershipOf(t.db, solo))!.role).toBe('recruiter');
    expect(await code(svc.accept(hire(solo), token, meta))).toBe('gone:team.join.state.used');
    expect(await code(svc.accept(null, token, meta))).toBe('unauthorized');
  });

  it('limits invitations per company', async () => {
    const limited = await addCompany(t.db, 'Limitada');
    for (let i = 0; i < TEAM_INVITE_RATE.max; i++)
      await svc.invite(hire(limited.userId), { email: `p${i}@limitada.example`, role: 'recruiter', locale: 'es' });
    expect(await code(svc.invite(hire(limited.userId), { email: 'one-more@limitada.example', role: 'recruiter', locale: 'es' }))).toBe(
      'rate-limited',
    );
  });

  it('deletes the company with everything of it after its name is typed; the accounts stay, without a company', async () => {
    const gone = await addCompany(t.db, 'Borrame SA');
    const offer = await addOffer(t.db, gone.companyId);
    const cand = await addUser(t.db, 'match', 'Cand');
    await t.db
      .insertInto('applications')
      .values({ offer_id: offer.id, candidate_id: cand, created_at: clock, updated_at: clock })
      .execute();
    await svc.invite(hire(gone.userId), { email: 'later@borrame.example', role: 'recruiter', locale: 'es' });
    const { token } = await tokenFor('later@borrame.example');
    expect(await code(svc.deleteCompany(O(), 'Borrame SA'))).toBe('invalid-input:team.delete.mismatch');
    expect(await code(svc.deleteCompany(hire(gone.userId), 'Borrame'))).toBe('invalid-input:team.delete.mismatch');
    await svc.deleteCompany(hire(gone.userId), '  borrame   sa ');
    expect(await t.db.selectFrom('companies').select('id').where('id', '=', gone.companyId).execute()).toEqual([]);
    expect(await t.db.selectFrom('offers').select('id').where('id', '=', offer.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('applications').select('id').where('offer_id', '=', offer.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', gone.userId).execute()).toHaveLength(1);
    expect(await membershipOf(t.db, gone.userId)).toBeNull();
    expect(await svc.invitation(token)).toEqual({ state: 'invalid' });
  });
});
