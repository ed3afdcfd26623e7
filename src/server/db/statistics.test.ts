import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { analyzeAll, refreshStatistics } from './statistics';

describe.each(testDatabases)('planner statistics on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.cleanup());

  it('analyzes after a bulk load and refreshes from the housekeeping without error', async () => {
    await t.db.insertInto('companies').values({ name: 'Andes Labs', slug: 'andes-labs' }).execute();
    await analyzeAll(t);
    await refreshStatistics(t);
    if (t.dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'companies'`.execute(t.db);
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    }
  });
});
