import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { companyIsPublic } from './company-directory';

// Companies as the public side reads them: one company's page (only while it is public, like the directory).

export function companyBySlug(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('companies as c')
    .select([
      'c.id',
      'c.name',
      'c.slug',
      'c.website',
      'c.size',
      'c.country',
      'c.location',
      'c.description',
      'c.logo_path',
      'c.perks',
      'c.tech_stack',
      'c.is_demo',
    ])
    .where('c.slug', '=', slug)
    .where(companyIsPublic('c.id'))
    .executeTakeFirst();
}
