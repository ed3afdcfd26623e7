import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Companies as the public side reads them: one company's page, and the companies with open offers.

export function companyBySlug(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'slug', 'website', 'size', 'country', 'location', 'description', 'logo_path', 'is_demo'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** Real companies with at least one open offer at `now`, with their newest open offer's edit, by slug. */
export function sitemapCompanyRows(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom('companies as c')
    .select(['c.slug', 'c.created_at'])
    .select((eb) =>
      eb
        .selectFrom('offers as o')
        .select((o) => o.fn.max('o.updated_at').as('m'))
        .whereRef('o.company_id', '=', 'c.id')
        .where('o.status', '=', 'published')
        .where((w) => w.or([w('o.valid_through', 'is', null), w('o.valid_through', '>', now)]))
        .as('latest'),
    )
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
    .orderBy('c.slug')
    .limit(20_000)
    .execute();
}
