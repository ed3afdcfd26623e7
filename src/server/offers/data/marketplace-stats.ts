import 'server-only';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';

// The commercial pages' live figures (decision 027): counts of open offers, the companies behind them,
// public and certified candidate profiles, each split into real and demo rows so that a page can say when
// a figure includes demo data. Plain grouped counts: the same SQL on SQLite and PostgreSQL.

/** A count and how much of it is demo data. */
export type Count = { total: number; demo: number };

type OfferEB = ExpressionBuilder<DB & { o: DB['offers'] }, 'o'>;

/** Open: published and not past valid_through (the job search's rule). The status is a literal so that
 * SQLite reads the open offers' partial covering index (migration 028), not every offer row. */
const isOpen = (eb: OfferEB, now: Date): Expression<SqlBool> =>
  eb.and([sql<SqlBool>`o.status = 'published'`, eb.or([eb('o.valid_through', 'is', null), eb('o.valid_through', '>', now)])]);

const countOf = (rows: { is_demo: number | string | boolean; n: number | string | bigint }[]): Count => {
  let total = 0;
  let demo = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    if (Number(r.is_demo)) demo += n;
  }
  return { total, demo };
};

export async function openOfferCount(db: Kysely<DB>, now: Date): Promise<Count> {
  const rows = await db
    .selectFrom('offers as o')
    .where((eb) => isOpen(eb, now))
    .select((eb) => ['o.is_demo', eb.fn.countAll<number | string | bigint>().as('n')])
    .groupBy('o.is_demo')
    .execute();
  return countOf(rows);
}

/** Companies with at least one open offer. */
export async function hiringCompanyCount(db: Kysely<DB>, now: Date): Promise<Count> {
  const rows = await db
    .selectFrom('offers as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .where((eb) => isOpen(eb, now))
    .select((eb) => ['c.is_demo', eb.fn.count<number | string | bigint>('o.company_id').distinct().as('n')])
    .groupBy('c.is_demo')
    .execute();
  return countOf(rows);
}

/** Public candidate profiles of accounts that are not suspended; `certified`: those holding a valid certificate. */
export async function publicProfileCount(db: Kysely<DB>, now: Date, certified = false): Promise<Count> {
  let q = db
    .selectFrom('candidate_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.is_public', '=', 1)
    .where('u.user_status', '!=', 'suspended')
    .where('u.deletion_requested_at', 'is', null); // deleted by its owner (decision 073);
  if (certified)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('certifications as c')
          .select('c.id')
          .whereRef('c.user_id', '=', 'p.user_id')
          .where('c.revoked_at', 'is', null)
          .where((ce) => ce.or([ce('c.expires_at', 'is', null), ce('c.expires_at', '>', now)])),
      ),
    );
  const rows = await q
    .select((eb) => ['u.is_demo', eb.fn.countAll<number | string | bigint>().as('n')])
    .groupBy('u.is_demo')
    .execute();
  return countOf(rows);
}

export type HiringCompany = { name: string; slug: string; logo: string | null; openOffers: number; isDemo: boolean };

/** Companies with open offers: most open offers first, then the most recent publication, then by name. */
export async function hiringCompanies(db: Kysely<DB>, now: Date, limit: number): Promise<HiringCompany[]> {
  const rows = await db
    .selectFrom('offers as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .where((eb) => isOpen(eb, now))
    .select((eb) => [
      'c.name',
      'c.slug',
      'c.logo_path',
      'c.is_demo',
      eb.fn.countAll<number | string | bigint>().as('open_offers'),
      eb.fn.max('o.published_at').as('latest'),
    ])
    .groupBy(['c.id', 'c.name', 'c.slug', 'c.logo_path', 'c.is_demo'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(o.published_at)`, 'desc')
    .orderBy('c.name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    name: r.name,
    slug: r.slug,
    logo: r.logo_path,
    openOffers: Number(r.open_offers),
    isDemo: !!Number(r.is_demo),
  }));
}
