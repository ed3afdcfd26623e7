import 'server-only';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { COMPANY_NAME_KEY } from '../../db/migrations/044-company-directory';
import { companyNotLeaving } from '../../db/pending-deletion';
import type { DB } from '../../db/schema';

// The companies directory (decision 087): companies with a public page in the order of their folded name,
// read one keyset page at a time from the companies_name_key index, and the open offers of one page's
// companies only.

const nameKey = sql.raw(COMPANY_NAME_KEY);

/** True for a company (its id column) whose page is public: not closing with its only owner's account
 * (decision 073), and no member blocked by an operator (a block pauses the whole company's offers). NOT IN
 * over a non-null column, read once: PostgreSQL keeps it a filter of the ordered index scan, where NOT
 * EXISTS would become a join that loses the order. */
export const companyIsPublic = (companyId: string) =>
  sql<SqlBool>`(${companyNotLeaving(companyId)} and ${sql.ref(companyId)} not in (select bcu.company_id from company_users bcu
    inner join users bu on bu.id = bcu.user_id where bu.user_status = 'suspended'))`;

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (escape '!'). */
const likeLiteral = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

export type DirectoryRead = {
  /** A folded search text: names that contain it. */
  folded?: string;
  /** The id of the last company of the previous page: the page starts after it in the order. */
  afterId?: number;
  limit: number;
};

/** One page of public companies in directory order (the query, for EXPLAIN in tests). */
export function directoryQuery(db: Kysely<DB>, r: DirectoryRead) {
  let q = db
    .selectFrom('companies as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.size', 'c.country', 'c.location', 'c.logo_path', 'c.is_demo'])
    .where(companyIsPublic('c.id'));
  if (r.folded) q = q.where(sql<SqlBool>`${nameKey} like ${`%${likeLiteral(r.folded)}%`} escape '!'`);
  // The key at or after the cursor's (a range of the index on both databases), then past its row. A cursor
  // whose company is gone compares with null: no rows, and the caller reads the first page.
  if (r.afterId !== undefined) {
    const key = sql`(select ${nameKey} from companies k where k.id = ${r.afterId})`;
    q = q.where(sql<SqlBool>`${nameKey} >= ${key} and (${nameKey} > ${key} or c.id > ${r.afterId})`);
  }
  return q.orderBy(nameKey).orderBy('c.id').limit(r.limit);
}

export const directoryCompanies = (db: Kysely<DB>, r: DirectoryRead) => directoryQuery(db, r).execute();

/** How many open offers each of these companies has (the ids of one page: a bounded read). */
export async function openOfferCounts(db: Kysely<DB>, ids: number[], now: Date): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('offers as o')
    .select((eb) => ['o.company_id', eb.fn.countAll<number | string>().as('n')])
    .where('o.company_id', 'in', ids)
    .where(sql<SqlBool>`o.status = 'published'`)
    .where((eb) => eb.or([eb('o.valid_through', 'is', null), eb('o.valid_through', '>', now)]))
    .groupBy('o.company_id')
    .execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
}
