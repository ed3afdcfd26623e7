import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { addCompany, addOffer } from '../../../testing/marketplace';
import { createAuthService, type AuthService } from '../auth-service';
import { createProfileService } from '../profile-service';
import { createOperatorService, type OperatorService } from './operator-service';

// The operators' account section (decision 074) on SQLite and PostgreSQL: the search by a prefix, block
// (sign-in refused, sessions ended, profile and offers hidden, pages purged) and unblock (all restored).
const SECRET = 's'.repeat(40);
const IP = { ip: '198.51.100.20' };
const PASSWORD = 'clave-segura-1';

describe.each(testDatabases)('the account section on %s', (_name, open) => {
  let t: TestDb;
  let auth: AuthService;
  let operators: OperatorService;
  const op = { id: 0, email: 'op@example.com' };

  beforeAll(async () => {
    t = await open();
    auth = createAuthService(t, SECRET);
    operators = createOperatorService(t, { secret: SECRET });
  });
  afterAll(async () => t?.cleanup());

  it('finds accounts by a prefix of the email or the name, newest first, in keyset pages', async () => {
    for (let i = 0; i < 53; i++)
      await auth.register('match', { name: `Zoe${i}`, last_name: 'Ruiz', email: `zoe${i}@busca.example`, password: PASSWORD }, IP);
    const first = await operators.accounts.search('ZOE', null);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.email).toBe('zoe52@busca.example');
    const second = await operators.accounts.search('zoe', first.next);
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    expect((await operators.accounts.search('zoe7@', null)).items.map((a) => a.email)).toEqual(['zoe7@busca.example']);
    expect((await operators.accounts.search('z', null)).items).toEqual([]);
    expect((await operators.accounts.search('nadie', null)).items).toEqual([]);
  });

  it('blocks an account: no sign-in, sessions over, profile and offers hidden; unblock restores them', async () => {
    await auth.register('match', { name: 'Eva', last_name: 'Sol', email: 'eva@bloqueo.example', password: PASSWORD }, IP);
    const { access_token, user } = await auth.login('match', 'eva@bloqueo.example', PASSWORD, IP);
    await t.db.updateTable('users').set({ profile_slug: 'eva-sol-bloqueo' }).where('id', '=', user.id).execute();
    await t.db
      .insertInto('candidate_profiles')
      .values({ user_id: user.id, is_public: 1, updated_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ is_public: 1 }))
      .execute();
    const profiles = createProfileService(t, {} as never);
    expect(await profiles.view('eva-sol-bloqueo', null)).not.toBeNull();
    const statusBefore = (await operators.accounts.account(user.id))!.user_status;

    await expect(operators.accounts.block(op, user.id, '  ')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(operators.accounts.block(op, user.id, 'x'.repeat(501))).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(operators.accounts.block(op, 999_999, 'spam')).rejects.toMatchObject({ code: 'not-found' });
    await operators.accounts.block(op, user.id, 'Spam');
    await expect(operators.accounts.block(op, user.id, 'again')).rejects.toMatchObject({ code: 'conflict' });
    await expect(auth.me('match', access_token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(auth.login('match', 'eva@bloqueo.example', PASSWORD, IP)).rejects.toMatchObject({ code: 'suspended' });
    expect(await profiles.view('eva-sol-bloqueo', null)).toBeNull();
    const page = (await operators.accounts.account(user.id))!;
    expect(page).toMatchObject({ user_status: 'suspended', block: { reason: 'Spam', blocked_by: 'op@example.com' } });
    expect(page.activity.audit[0]).toMatchObject({ action: 'account.block', actor: 'op@example.com' });
    const purges = await t.db.selectFrom('page_purges').selectAll().execute();
    expect(JSON.stringify(purges)).toContain('profile:eva-sol-bloqueo');

    await operators.accounts.unblock(op, user.id, 'Mistake');
    await expect(operators.accounts.unblock(op, user.id, 'again')).rejects.toMatchObject({ code: 'not-found' });
    expect((await operators.accounts.account(user.id))!).toMatchObject({ user_status: statusBefore, block: undefined });
    expect(await profiles.view('eva-sol-bloqueo', null)).not.toBeNull();
    await auth.login('match', 'eva@bloqueo.example', PASSWORD, IP);
    // The old session stays over: a block ends sessions for good.
    await expect(auth.me('match', access_token)).rejects.toMatchObject({ code: 'unauthorized' });
    const log = (await operators.audit(null)).items.filter((e) => e.target_id === String(user.id));
    expect(log.map((e) => e.action)).toEqual(['account.unblock', 'account.block']);
    expect(JSON.parse(log[1]!.before_json!)).toEqual({ status: statusBefore });
    expect(JSON.parse(log[0]!.after_json!)).toMatchObject({ status: statusBefore, reason: 'Mistake' });
  });

  it("pauses a blocked company's published offers and publishes those again on unblock", async () => {
    const { companyId, userId } = await addCompany(t.db, 'Bloq');
    const open1 = await addOffer(t.db, companyId);
    const draft = await addOffer(t.db, companyId, { status: 'draft', published_at: null });
    const statuses = async () =>
      (await t.db.selectFrom('offers').select(['id', 'status']).where('company_id', '=', companyId).orderBy('id').execute()).map(
        (r) => r.status,
      );
    await operators.accounts.block(op, userId, 'Fake offers');
    expect(await statuses()).toEqual(['paused', 'draft']);
    expect((await operators.accounts.account(userId))!.activity.offers.map((o) => o.id)).toEqual([draft.id, open1.id]);
    await operators.accounts.unblock(op, userId, 'Checked');
    expect(await statuses()).toEqual(['published', 'draft']);
  });

  it('refuses an operator blocking their own account', async () => {
    const { user } = await auth.login('match', 'zoe1@busca.example', PASSWORD, IP);
    await expect(operators.accounts.block({ id: user.id, email: 'zoe1@busca.example' }, user.id, 'me')).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
