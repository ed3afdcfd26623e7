import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { addCompany } from '../../../testing/marketplace';
import { demoCompanyProfile } from '../demo-vocabulary';
import { companyProfile } from './043-company-profile';

// Migration 043 on SQLite and PostgreSQL: the perks and stack columns go and come back, a demo company
// already there gets its perks and stack, a real company none.
describe.each(testDatabases)('migration 043 on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t.cleanup());

  it('goes down and up again, filling in the demo companies only', async () => {
    const { companyId } = await addCompany(t.db, 'Acme');
    const demo = await t.db
      .insertInto('companies')
      .values({ name: 'Andes Demo', slug: 'andes-demo-043', is_demo: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const step = companyProfile();
    await step.down!(t.db);
    await step.up(t.db);
    const rows = await t.db.selectFrom('companies').select(['id', 'perks', 'tech_stack', 'is_demo']).orderBy('id').execute();
    expect(rows.find((r) => r.id === companyId)).toMatchObject({ perks: null, tech_stack: null });
    const place = rows.filter((r) => r.is_demo).findIndex((r) => r.id === demo.id);
    const mine = rows.find((r) => r.id === demo.id)!;
    expect(JSON.parse(mine.perks!)).toEqual(demoCompanyProfile(place).perks);
    expect(JSON.parse(mine.tech_stack!)).toEqual(demoCompanyProfile(place).stack);
    await t.db.updateTable('companies').set({ perks: '["Café"]', tech_stack: '["go"]' }).where('id', '=', companyId).execute();
    expect(await t.db.selectFrom('companies').select(['perks', 'tech_stack']).where('id', '=', companyId).executeTakeFirst()).toEqual({
      perks: '["Café"]',
      tech_stack: '["go"]',
    });
  });
});
