import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Companies as the public side reads them: one company's page, and the companies with open offers.

export function companyBySlug(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'slug', 'website', 'size', 'country', 'location', 'description', 'logo_path', 'perks', 'tech_stack', 'is_demo'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}
