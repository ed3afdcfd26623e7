import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { loadContentInto } from './content-load';

// Every worker of an instance loads the course files as it starts: on a fresh database they all find them
// missing at once, and all but the first must wait and find them there (not fail on the first's rows).
const FIXTURES = fileURLToPath(new URL('../../testing/fixtures/learning', import.meta.url));

describe.each(testDatabases)('loading the course files on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.cleanup());

  it('loads them once when several processes start together on a fresh database', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => loadContentInto(t, FIXTURES, () => {})));
    expect(results.filter((r) => r.changed).length).toBeGreaterThanOrEqual(1);
    const courses = await t.db.selectFrom('courses').select('slug').execute();
    expect(new Set(courses.map((c) => c.slug)).size).toBe(courses.length);
    expect(courses.length).toBe(results[0]!.courses);
  });
});
