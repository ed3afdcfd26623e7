import 'server-only';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Dialect } from '../../db/client';
import { afterKey, type KeyPart, type KeyValue } from '../../db/keyset';
import type { DB } from '../../db/schema';

// The job search's SQL (decision 013). The rules (what "open" means, how a country search includes remote
// offers, folding of free text) are the service's; this module turns a filter into parameterised queries.

export type OfferFilter = {
  area?: string;
  role?: string;
  skill?: string;
  seniority?: string;
  modality?: string;
  english?: string;
  /** Offers located in the country, plus remote-global offers open to it. */
  country?: string;
  /** Folded words ([a-z0-9]+, or alternatives of them joined by "|"), all of which must appear (as word
   * prefixes, any one alternative) in the offer's document. */
  terms?: string[];
  /** The offer's top of range, in USD per month, is at least this. */
  minSalaryUsd?: number;
  /** One company's offers (its public page). */
  companyId?: number;
  /** Published after this moment and at or before `publishedUntil` (a job alert's news; the published_at index). */
  publishedAfter?: Date;
  publishedUntil?: Date;
  /** Published offers valid at this moment. */
  now: Date;
  /** Only the newest this many offers that match the rest (a broad free text's facet counts, decision 060). */
  newest?: number;
};
export type FilterKey = 'area' | 'role' | 'skill' | 'seniority' | 'modality' | 'english' | 'country';
export type OfferSort = 'recent' | 'salary' | 'relevance';

type OfferEB = ExpressionBuilder<DB & { o: DB['offers'] }, 'o'>;
const COLUMN_FACETS = ['area', 'role', 'seniority', 'modality', 'english'] as const;

/** The filter as conditions on `offers o`, leaving one facet out (for that facet's counts). */
function conditions(eb: OfferEB, f: OfferFilter, dialect: Dialect, except?: FilterKey): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [
    // A literal, not a parameter: SQLite uses a partial index (migration 028) only for a condition it can see.
    sql<SqlBool>`o.status = 'published'`,
    eb.or([eb('o.valid_through', 'is', null), eb('o.valid_through', '>', f.now)]),
  ];
  for (const key of COLUMN_FACETS) {
    const v = f[key];
    if (v !== undefined && key !== except) out.push(eb(`o.${key}`, '=', v));
  }
  if (f.skill !== undefined && except !== 'skill') {
    out.push(
      eb.exists(
        eb.selectFrom('offer_skills as fs').select('fs.offer_id').whereRef('fs.offer_id', '=', 'o.id').where('fs.skill', '=', f.skill),
      ),
    );
  }
  if (f.country !== undefined && except !== 'country') out.push(inCountry(eb, f.country));
  if (f.minSalaryUsd !== undefined) out.push(eb('o.salary_max_usd_month', '>=', f.minSalaryUsd));
  if (f.companyId !== undefined) out.push(eb('o.company_id', '=', f.companyId));
  if (f.terms?.length) out.push(matches(f.terms, dialect));
  if (f.publishedAfter) out.push(eb('o.published_at', '>', f.publishedAfter));
  if (f.publishedUntil) out.push(eb('o.published_at', '<=', f.publishedUntil));
  return out;
}

/** Located in the country, or remote-global with no allowed-country list or one that names it. */
function inCountry(eb: OfferEB, country: string): Expression<SqlBool> {
  const allowed = () => eb.selectFrom('offer_countries as ac').select('ac.offer_id').whereRef('ac.offer_id', '=', 'o.id');
  return eb.or([
    eb('o.country', '=', country),
    eb.and([
      eb('o.modality', '=', 'remote-global'),
      eb.or([eb.not(eb.exists(allowed())), eb.exists(allowed().where('ac.country', '=', country))]),
    ]),
  ]);
}

/** The free text as each database's full-text query: every term as a word prefix (folded words only, so
 * nothing in them is syntax). PostgreSQL stems them with the Spanish configuration (migration 028). */
// A term may be alternatives joined by "|" (decision 078: a typo's correction, a synonym): any of them matches.
const alternativesOf = (term: string) => term.split('|').filter(Boolean);
const tsQuery = (terms: string[]) =>
  sql`to_tsquery('tandem_es', ${terms
    .map(
      (t) =>
        `(${alternativesOf(t)
          .map((a) => `${a}:*`)
          .join(' | ')})`,
    )
    .join(' & ')})`;
const ftsQuery = (terms: string[]) =>
  terms
    .map(
      (t) =>
        `(${alternativesOf(t)
          .map((a) => `"${a}"*`)
          .join(' OR ')})`,
    )
    .join(' AND ');

/** Every term as a word prefix, through the database's own full-text index (migrations 005, 028). */
function matches(terms: string[], dialect: Dialect): Expression<SqlBool> {
  if (dialect === 'postgres') {
    return sql<SqlBool>`exists (select 1 from offer_search ts where ts.offer_id = o.id and ts.document @@ ${tsQuery(terms)})`;
  }
  return sql<SqlBool>`o.id in (select rowid from offers_fts where offers_fts match ${ftsQuery(terms)})`;
}

function filtered({ db, dialect }: Database, f: OfferFilter, except?: FilterKey) {
  const all = db.selectFrom('offers as o').where((eb) => eb.and(conditions(eb, f, dialect, except)));
  if (!f.newest) return all;
  // Walked from the recency index: stops after `newest` rows whatever the number of matches.
  const newest = all.select('o.id').orderBy('o.published_at', 'desc').orderBy('o.id', 'desc').limit(f.newest);
  return db.selectFrom('offers as o').where(sql<SqlBool>`o.id in (${newest})`);
}

/** How many offers match; with `cap`, counting stops past it (the answer is then cap + 1: "more than cap"). */
export async function countOffers(database: Database, f: OfferFilter, cap?: number): Promise<number> {
  if (cap !== undefined) {
    const row = await database.db
      .selectFrom(
        filtered(database, f)
          .select(sql<number>`1`.as('one'))
          .limit(cap + 1)
          .as('x'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const row = await filtered(database, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An offer's own columns, as the search and the offer's page read them. */
export const OFFER_COLUMNS = [
  'o.id',
  'o.slug',
  'o.title',
  'o.area',
  'o.role',
  'o.seniority',
  'o.english',
  'o.modality',
  'o.country',
  'o.city',
  'o.employment_type',
  'o.description',
  'o.salary_min',
  'o.salary_max',
  'o.currency',
  'o.period',
  'o.gross',
  'o.salary_min_usd_month',
  'o.salary_max_usd_month',
  'o.published_at',
  'o.valid_through',
  'o.is_demo',
] as const;

/** The list orders read by keyset (decision 057): each ends on the id, each has its partial index (migration 028). */
const OFFER_ORDERS = {
  recent: [
    { ref: 'o.published_at', dir: 'desc' },
    { ref: 'o.id', dir: 'desc' },
  ],
  salary: [
    { ref: 'o.salary_max_usd_month', dir: 'desc' },
    { ref: 'o.salary_min_usd_month', dir: 'desc' },
    { ref: 'o.published_at', dir: 'desc' },
    { ref: 'o.id', dir: 'desc' },
  ],
} as const satisfies Record<string, readonly KeyPart[]>;

/**
 * A page of matching offers with their company: after `after` (a sort key of OFFER_ORDERS[sort]) or past
 * `offset` rows. 'relevance' (with terms only) orders the newest `window` matches (decision 060) by the
 * full-text rank, best first, then newest: SQLite's bm25() over offers_fts (title weighing 5 times the rest),
 * PostgreSQL's ts_rank over the weighted document. Ranking every match would read every offer for a broad
 * word; the window is read from the recency index and stops at `window` rows, so its cost does not grow with
 * the marketplace. A rank moves whenever any offer is written, so relevance pages by offset, never by a key.
 */
export async function findOffers(
  database: Database,
  f: OfferFilter,
  opts: { sort: OfferSort; limit: number; offset?: number; after?: readonly KeyValue[] | null; window?: number },
) {
  const { db, dialect } = database;
  const columns = [...OFFER_COLUMNS, 'c.name as company_name', 'c.slug as company_slug', 'c.logo_path as company_logo'] as const;
  if (opts.sort === 'relevance' && f.terms?.length) {
    const terms = f.terms;
    const window = filtered(database, f)
      .select('o.id')
      .orderBy('o.published_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(opts.window ?? 1000);
    // The window's scores, higher is better on both databases.
    const scored =
      dialect === 'postgres'
        ? sql<{ id: number; score: number }>`(select s.offer_id as id, ts_rank(s.document, ${tsQuery(terms)}) as score
            from offer_search s where s.offer_id in (${window}))`
        : // A join, not `rowid in (...)`: FTS5 would run the whole query again for each rowid of the list.
          sql<{ id: number; score: number }>`(select offers_fts.rowid as id, -bm25(offers_fts, 5.0, 1.0) as score
            from (${window}) w join offers_fts on offers_fts.rowid = w.id where offers_fts match ${ftsQuery(terms)})`;
    return db
      .selectFrom('offers as o')
      .innerJoin(scored.as('r'), (join) => join.on(sql<SqlBool>`r.id = o.id`))
      .innerJoin('companies as c', 'c.id', 'o.company_id')
      .select(columns)
      .orderBy(sql`r.score`, 'desc')
      .orderBy('o.published_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset ?? 0)
      .execute();
  }
  let q = db
    .selectFrom('offers as o')
    .where((eb) => eb.and(conditions(eb, f, dialect)))
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select(columns);
  const order = opts.sort === 'salary' ? OFFER_ORDERS.salary : OFFER_ORDERS.recent;
  if (opts.after) q = q.where(afterKey(order, opts.after));
  for (const part of order) q = q.orderBy(part.ref, part.dir);
  return q
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .execute();
}
export type OfferRow = Awaited<ReturnType<typeof findOffers>>[number];

/** Skills and allowed countries of some offers, by offer id. */
export async function offerExtras(database: Database, ids: number[]) {
  const skills = new Map<number, { skill: string; required: boolean }[]>();
  const allowed = new Map<number, string[]>();
  if (!ids.length) return { skills, allowed };
  const { db } = database;
  const [s, c] = await Promise.all([
    db
      .selectFrom('offer_skills')
      .select(['offer_id', 'skill', 'required'])
      .where('offer_id', 'in', ids)
      .orderBy('offer_id')
      .orderBy('required', 'desc')
      .orderBy('skill')
      .execute(),
    db
      .selectFrom('offer_countries')
      .select(['offer_id', 'country'])
      .where('offer_id', 'in', ids)
      .orderBy('offer_id')
      .orderBy('country')
      .execute(),
  ]);
  for (const r of s) skills.set(r.offer_id, [...(skills.get(r.offer_id) ?? []), { skill: r.skill, required: r.required === 1 }]);
  for (const r of c) allowed.set(r.offer_id, [...(allowed.get(r.offer_id) ?? []), r.country]);
  return { skills, allowed };
}

/** How many offers each value of a facet would give, with the rest of the filter applied. */
export async function facetCounts(database: Database, f: OfferFilter, facet: FilterKey): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const add = (rows: { value: string | null; n: unknown }[]) => {
    for (const r of rows) if (r.value !== null) out[r.value] = (out[r.value] ?? 0) + Number(r.n);
  };
  if (facet === 'skill') {
    add(
      await filtered(database, f, 'skill')
        .innerJoin('offer_skills as os', 'os.offer_id', 'o.id')
        .select((eb) => ['os.skill as value', eb.fn.countAll().as('n')])
        .groupBy('os.skill')
        .execute(),
    );
  } else if (facet === 'country') {
    return countryCounts(database, f);
  } else {
    add(
      await filtered(database, f, facet)
        .select((eb) => [`o.${facet} as value` as const, eb.fn.countAll().as('n')])
        .groupBy(`o.${facet}`)
        .execute(),
    );
  }
  return out;
}

/** Country counts count each offer once per country it is open to; worldwide remote offers count everywhere. */
/** The key of facetCounts(country) that holds the worldwide remote offers, which every country adds. */
export const WORLDWIDE = '*';

async function countryCounts(database: Database, f: OfferFilter): Promise<Record<string, number>> {
  const { db } = database;
  const isWorldwide = (eb: OfferEB) =>
    eb.and([
      eb('o.modality', '=', 'remote-global'),
      eb.not(eb.exists(eb.selectFrom('offer_countries as wc').select('wc.offer_id').whereRef('wc.offer_id', '=', 'o.id'))),
    ]);
  // Offers tied to countries: where they are, plus the countries a remote-global offer names.
  const own = filtered(database, f, 'country')
    .where((eb) => eb.not(isWorldwide(eb)))
    .select(['o.id', 'o.country as c']);
  const allowed = filtered(database, f, 'country')
    .innerJoin('offer_countries as oc', 'oc.offer_id', 'o.id')
    .where('o.modality', '=', 'remote-global')
    .select(['o.id', 'oc.country as c']);
  const [rows, worldwide] = await Promise.all([
    db
      .selectFrom(own.union(allowed).as('x'))
      .select((eb) => ['x.c', eb.fn.countAll().as('n')])
      .groupBy('x.c')
      .execute(),
    filtered(database, f, 'country')
      .where(isWorldwide)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  const out: Record<string, number> = {};
  for (const r of rows) out[r.c] = Number(r.n);
  return { ...out, [WORLDWIDE]: Number(worldwide?.n ?? 0) };
}
