import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The flags' tables: overrides of the versioned file, and the mark of the last change (what pollers compare).

export function lastChange(db: Kysely<DB>, name: string) {
  return db.selectFrom('feature_changes').select('changed_at').where('name', '=', name).executeTakeFirst();
}

/** Every override, by key. */
export function overrides(db: Kysely<DB>) {
  return db.selectFrom('feature_overrides').select(['key', 'definition_json']).orderBy('key').execute();
}

async function touch(trx: Kysely<DB>, name: string, at: string) {
  await trx
    .insertInto('feature_changes')
    .values({ name, changed_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ changed_at: at }))
    .execute();
}

/** Sets an override and moves the change mark, in one transaction. */
export async function upsertOverride(db: Kysely<DB>, mark: string, key: string, definitionJson: string, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feature_overrides')
      .values({ key, definition_json: definitionJson, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ definition_json: definitionJson, updated_at: at }))
      .execute();
    await touch(trx, mark, at);
  });
}

/** Removes an override and moves the change mark; false when there was none. */
export async function deleteOverride(db: Kysely<DB>, mark: string, key: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await trx.deleteFrom('feature_overrides').where('key', '=', key).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await touch(trx, mark, at);
    return true;
  });
}
