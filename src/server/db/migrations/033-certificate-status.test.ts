import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { migrateToLatest, migrations } from '../migrate';
import { addUser } from '../../../testing/marketplace';

// 033 gives the certificates already written their status-list index (their id), and the index stays unique.
describe('migration 033 on a database with certificates (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-033-'));
  const database = openDatabase(`file:${join(dir, 'test.db')}`);
  afterAll(async () => (await database.close(), rmSync(dir, { recursive: true, force: true })));

  it('indexes every certificate by its id, keeps revocations, and refuses a second row on an index', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '033'));
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => Object.fromEntries(Object.entries(before).map(([n, make]) => [n, make('sqlite')])) },
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const ana = await addUser(database.db, 'match', 'Ana');
    const at = new Date().toISOString();
    for (const [slug, revoked] of [
      ['a-1', null],
      ['a-2', at],
    ] as const)
      await sql`insert into certifications (slug, user_id, role, level, score, is_demo, issued_at, revoked_at)
        values (${slug}, ${ana}, 'frontend', 'mid', 80, 0, ${at}, ${revoked})`.execute(database.db);

    await migrateToLatest(database);

    const rows = await database.db
      .selectFrom('certifications')
      .select(['id', 'slug', 'status_index', 'revoked_at', 'revoke_reason'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.slug, r.status_index === r.id, r.revoked_at !== null, r.revoke_reason])).toEqual([
      ['a-1', true, false, null],
      ['a-2', true, true, null],
    ]);
    await expect(
      database.db.updateTable('certifications').set({ status_index: rows[0]!.id }).where('id', '=', rows[1]!.id).execute(),
    ).rejects.toThrow();
    // The revoked ones are read through their own index.
    const plan = await sql<{ detail: string }>`explain query plan select status_index from certifications
      where revoked_at is not null and status_index >= 0 and status_index < 131072`.execute(database.db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/certifications_revoked/);

    const down = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([n, make]) => [n, make('sqlite')])) },
    });
    expect((await down.migrateDown()).error).toBeUndefined();
    expect(await database.db.selectFrom('certifications').select('slug').orderBy('slug').execute()).toEqual([
      { slug: 'a-1' },
      { slug: 'a-2' },
    ]);
  });
});
