import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { COMPANY_COLUMNS } from '../../accounts/company-view';
import { companyIsPublic } from './company-directory';

// Companies as the public side reads them: one company's page (only while it is public, like the directory).

export function companyBySlug(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('companies as c')
    .select([...COMPANY_COLUMNS, 'c.is_demo'])
    .where('c.slug', '=', slug)
    .where(companyIsPublic('c.id'))
    .executeTakeFirst();
}
