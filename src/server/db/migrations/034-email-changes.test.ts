import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { addUser } from '../../../testing/marketplace';
import { emailChanges } from './034-email-changes';

// Migration 034 on SQLite and PostgreSQL: the email changes' table goes and comes back, each link's hash is
// unique (the lookup by hash finds one request), and an account's requests go with the account.
describe.each(testDatabases)('migration 034 on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.cleanup());

  const change = (userId: number, confirm: string, undo: string | null = null) =>
    t.db
      .insertInto('email_changes')
      .values({
        user_id: userId,
        old_email: 'vieja@example.com',
        new_email: 'nueva@example.com',
        confirm_hash: confirm,
        confirm_expires_at: new Date(Date.now() + 60_000),
        undo_hash: undo,
      })
      .execute();

  it('goes down and up again, keeps hashes unique and follows the account', async () => {
    const step = emailChanges(t.dialect);
    await step.down!(t.db);
    await step.up(t.db);
    const ana = await addUser(t.db, 'match', 'Ana');
    await change(ana, 'a'.repeat(64), 'u'.repeat(64));
    // Several requests may have no undo link yet.
    await change(ana, 'b'.repeat(64));
    await change(ana, 'c'.repeat(64));
    await expect(change(ana, 'a'.repeat(64))).rejects.toThrow();
    await expect(change(ana, 'd'.repeat(64), 'u'.repeat(64))).rejects.toThrow();
    await t.db.deleteFrom('users').where('id', '=', ana).execute();
    expect(await t.db.selectFrom('email_changes').select('id').where('user_id', '=', ana).execute()).toEqual([]);
  });
});
