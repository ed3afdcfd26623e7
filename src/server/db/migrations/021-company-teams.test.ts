import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { addCompany } from '../../../testing/marketplace';
import { toDate } from '../schema';
import { companyTeams } from './021-company-teams';

// Migration 021 on a database that had companies before it: every existing member becomes its company's
// owner, joined when the company was created; nothing else changes.
describe.each(testDatabases)('migration 021 on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.cleanup());

  it('makes existing members owners, joined at the company creation', async () => {
    const step = companyTeams(t.dialect);
    const acme = await addCompany(t.db, 'Acme');
    const created = new Date('2025-03-04T05:06:07.000Z');
    await t.db.updateTable('companies').set({ created_at: created }).where('id', '=', acme.companyId).execute();
    // Back to before 021, with a member written then, and forward again.
    await step.down!(t.db);
    await step.up(t.db);
    const row = await t.db
      .selectFrom('company_users')
      .select(['role', 'joined_at'])
      .where('user_id', '=', acme.userId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('owner');
    expect(toDate(row.joined_at)?.getTime()).toBe(created.getTime());
  });
});
