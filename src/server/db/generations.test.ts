import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { bumpGeneration, generationSum, writeWithGeneration } from './generations';

describe.each(testDatabases)('generation sums on %s', (_name, open) => {
  let t: TestDb;
  let clock = 1_000;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  it('moves when any named generation is bumped, at once in this process', async () => {
    const sum = generationSum(t.db, ['gs-a', 'gs-b'], { checkEveryMs: 60_000, now: () => clock });
    const start = await sum.get();
    await bumpGeneration(t.db, 'gs-a');
    const afterA = await sum.get();
    expect(afterA).toBeGreaterThan(start);
    await writeWithGeneration(t.db, 'gs-b', async () => undefined);
    expect(await sum.get()).toBeGreaterThan(afterA);
    // An unrelated generation is not watched.
    const before = await sum.get();
    await bumpGeneration(t.db, 'gs-other');
    expect(await sum.get()).toBe(before);
  });

  it('sees another process’s bump only after its check interval', async () => {
    const sum = generationSum(t.db, ['gs-c'], { checkEveryMs: 1_000, now: () => clock });
    const start = await sum.get();
    // Another instance's write: straight into the table, so this process's local count does not move.
    await t.db
      .insertInto('generations')
      .values({ name: 'gs-c', value: 5 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: 5 }))
      .execute();
    expect(await sum.get()).toBe(start);
    clock += 1_001;
    expect(await sum.get()).toBe(start + 5);
  });
});
