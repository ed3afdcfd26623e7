import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { releaseLease, takeLease, withLease } from './job-lease';

describe.each(testDatabases)('job leases on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('one holder at a time; a lease that was not given back ends at its time', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    expect(await takeLease(t.db, 'lease-a', 60_000, at)).toBe(true);
    // Another process (another holder name) cannot take it before it ends.
    await t.db.updateTable('job_leases').set({ holder: 'other-process' }).where('name', '=', 'lease-a').execute();
    expect(await takeLease(t.db, 'lease-a', 60_000, new Date(at.getTime() + 30_000))).toBe(false);
    // The other process died: once its lease ends, this one takes over.
    expect(await takeLease(t.db, 'lease-a', 60_000, new Date(at.getTime() + 60_001))).toBe(true);
    await releaseLease(t.db, 'lease-a');
    expect(await takeLease(t.db, 'lease-a', 60_000, new Date(at.getTime() + 60_002))).toBe(true);
  });

  it('withLease runs the job once while it holds the lease, and gives it back even when the job fails', async () => {
    let runs = 0;
    const job = async () => {
      runs++;
      // A second instance asking while the first runs is told 'busy'.
      await t.db.updateTable('job_leases').set({ holder: 'other-process' }).where('name', '=', 'lease-b').execute();
      const inner = await withLease(t.db, 'lease-b', 60_000, async () => runs++);
      await t.db
        .updateTable('job_leases')
        .set({ holder: (await holderOf()) ?? '' })
        .where('name', '=', 'lease-b')
        .execute();
      return inner;
    };
    let mine = '';
    const holderOf = async () => mine;
    expect(await takeLease(t.db, 'lease-b', 1, new Date(0))).toBe(true);
    mine = (await t.db.selectFrom('job_leases').select('holder').where('name', '=', 'lease-b').executeTakeFirstOrThrow()).holder;
    await releaseLease(t.db, 'lease-b');
    expect(await withLease(t.db, 'lease-b', 60_000, job)).toBe('busy');
    expect(runs).toBe(1);
    await expect(
      withLease(t.db, 'lease-b', 60_000, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await withLease(t.db, 'lease-b', 60_000, async () => 'ran')).toBe('ran');
  });
});
