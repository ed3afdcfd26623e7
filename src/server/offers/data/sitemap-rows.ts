import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The sitemap's offer and company pages, read one file at a time by keyset on the id (decision 055): each
// call is one query that starts after the last id of the previous file, so every page is listed once and a
// long list never costs an OFFSET.

/** Open, real (not demo) offers with an id above `after`, by id, at most `limit`. */
export function openOffersAfter(db: Kysely<DB>, now: Date, after: number, limit: number) {
  return db
    .selectFrom('offers')
    .select(['id', 'slug', 'published_at', 'updated_at'])
    .where('id', '>', after)
    .where('status', '=', 'published')
    .where('is_demo', '=', 0)
    .where((eb) => eb.or([eb('valid_through', 'is', null), eb('valid_through', '>', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Real companies with an id above `after` that have an open offer, by id, at most `limit`, with their newest
 * open offer's edit. */
export function companiesWithOpenOffersAfter(db: Kysely<DB>, now: Date, after: number, limit: number) {
  return db
    .selectFrom('companies as c')
    .select(['c.id', 'c.slug', 'c.created_at'])
    .select((eb) =>
      eb
        .selectFrom('offers as o')
        .select((o) => o.fn.max('o.updated_at').as('m'))
        .whereRef('o.company_id', '=', 'c.id')
        .where('o.status', '=', 'published')
        .where((w) => w.or([w('o.valid_through', 'is', null), w('o.valid_through', '>', now)]))
        .as('latest'),
    )
    .where('c.id', '>', after)
    .where('c.is_demo', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('offers as o')
          .select('o.id')
          .whereRef('o.company_id', '=', 'c.id')
          .where('o.status', '=', 'published')
          .where((w) => w.or([w('o.valid_through', 'is', null), w('o.valid_through', '>', now)])),
      ),
    )
    .orderBy('c.id')
    .limit(limit)
    .execute();
}
