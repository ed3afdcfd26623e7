import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { addUser } from '../../../testing/marketplace';
import { operators } from './035-operators';

// Migration 035 goes down and up again on a database with accounts; the role follows its account.
describe.each(testDatabases)('migration 035 on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.cleanup());

  it('makes the operator tables again, an operator row goes with its account, the log does not', async () => {
    const step = operators(t.dialect);
    await step.down!(t.db);
    await step.up(t.db);
    const ana = await addUser(t.db, 'match', 'Ana');
    await t.db.insertInto('operators').values({ user_id: ana }).execute();
    await t.db
      .insertInto('operator_audit')
      .values({
        actor: 'cli',
        actor_user_id: null,
        action: 'operator.add',
        target_type: 'user',
        target_id: String(ana),
        before_json: null,
        after_json: null,
      })
      .execute();
    await expect(t.db.insertInto('operators').values({ user_id: ana }).execute()).rejects.toThrow();
    await t.db.deleteFrom('users').where('id', '=', ana).execute();
    expect(await t.db.selectFrom('operators').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('operator_audit').select('action').execute()).toEqual([{ action: 'operator.add' }]);
  });
});
