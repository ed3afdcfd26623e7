import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { migrateToLatest, migrations } from '../migrate';
import { addCompany, addOffer, addUser } from '../../../testing/marketplace';

// SQLite cannot alter a check: 023 rebuilds `applications`. What referenced it (conversations, answers to
// come) must survive, and no cascade may fire while the old table goes.
describe('migration 023 on a database with applications (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-023-'));
  const database = openDatabase(`file:${join(dir, 'test.db')}`);
  afterAll(async () => (await database.close(), rmSync(dir, { recursive: true, force: true })));

  it('keeps every application and what points at it, and then accepts withdrawn', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== '023-applying-extras'));
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => Object.fromEntries(Object.entries(before).map(([n, make]) => [n, make('sqlite')])) },
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const acme = await addCompany(database.db, 'Acme');
    const ana = await addUser(database.db, 'match', 'Ana');
    const offer = await addOffer(database.db, acme.companyId);
    const at = new Date().toISOString();
    const app = await sql<{ id: number }>`insert into applications (offer_id, candidate_id, status, created_at, updated_at)
      values (${offer.id}, ${ana}, 'approved', ${at}, ${at}) returning id`.execute(database.db);
    const id = app.rows[0]!.id;
    await sql`insert into conversations (company_id, candidate_id, application_id, offer_id) values (${acme.companyId}, ${ana}, ${id}, ${offer.id})`.execute(
      database.db,
    );

    await migrateToLatest(database);

    const rows = await database.db.selectFrom('applications').select(['id', 'status', 'cover_note']).execute();
    expect(rows).toEqual([{ id, status: 'approved', cover_note: null }]);
    expect(await database.db.selectFrom('conversations').select('application_id').execute()).toEqual([{ application_id: id }]);
    await database.db.updateTable('applications').set({ status: 'withdrawn' }).where('id', '=', id).execute();
    await expect(database.db.updateTable('applications').set({ status: 'gone' }).where('id', '=', id).execute()).rejects.toThrow();
    // Still one application per candidate and offer, still cascading from offers.
    await expect(
      sql`insert into applications (offer_id, candidate_id, status, created_at, updated_at) values (${offer.id}, ${ana}, 'sent', ${at}, ${at})`.execute(
        database.db,
      ),
    ).rejects.toThrow();
    await database.db.deleteFrom('offers').where('id', '=', offer.id).execute();
    expect(await database.db.selectFrom('conversations').select('id').execute()).toEqual([]);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db)).rows[0]!.foreign_keys).toBe(1);
  });
});
