import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { seedDemoData } from '../demo/seed';
import { createAggregateRunner } from './aggregate-runner';
import { BUILD_LEASE, hasAggregates, rebuildAggregates } from './data/aggregate-build';
import { currencyOf } from './mapping';
import type { CountryId } from '../../domain/catalog';

const currency = (c: string) => currencyOf(c as CountryId);

describe.each(testDatabases)('background rebuilds of the salary figures on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
    await seedDemoData(t, () => {});
    await t.db.deleteFrom('salary_aggregates').execute();
  });
  afterAll(async () => t?.cleanup());

  it('is not ready while the reports have no figures, builds them when asked, then is ready for good', async () => {
    let runs = 0;
    const runner = createAggregateRunner({
      db: t.db,
      currencyOf: currency,
      checkEveryMs: 3_600_000,
      runJob: async () => {
        runs++;
        await rebuildAggregates(t.db, currency, { holdsLease: true });
      },
      log: () => {},
    });
    // A process that cannot serve figures is not ready; ready() starts the background check.
    const first = await runner.ready();
    expect(first).toBe(false);
    await runner.check(); // the start's check, already running: the same promise
    expect(runs).toBe(1);
    expect(await hasAggregates(t.db)).toBe(true);
    expect(await runner.ready()).toBe(true);
    expect(await runner.check()).toBe(false); // nothing due any more
    expect(runs).toBe(1);
    runner.stop();
  });

  it('leaves a due rebuild to the process that holds the lease', async () => {
    await t.db.deleteFrom('salary_aggregates').execute();
    let runs = 0;
    const runner = createAggregateRunner({ db: t.db, currencyOf: currency, runJob: async () => void runs++, log: () => {} });
    // Another instance holds the lease (a holder of its own: written as the row another process would leave).
    await t.db
      .updateTable('job_leases')
      .set({ holder: 'another-instance', locked_until: new Date(Date.now() + 60_000) })
      .where('name', '=', BUILD_LEASE)
      .execute();
    expect(await runner.check()).toBe(false);
    expect(runs).toBe(0);
    await t.db
      .updateTable('job_leases')
      .set({ locked_until: new Date(0) })
      .where('name', '=', BUILD_LEASE)
      .execute();
    expect(await runner.check()).toBe(true);
    expect(runs).toBe(1);
  });
});
