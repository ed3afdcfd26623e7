import 'server-only';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { CountryId } from '../../domain/catalog';
import type { Database } from '../db/client';
import { writeWithGeneration } from '../db/generations';
import { writeWithPurge } from '../db/page-purges';
import { ALL_PAGES } from '../../domain/page-purge';
import type { DB } from '../db/schema';
import { SALARY_REPORTS_GENERATION } from '../salaries/data/aggregates';
import { rebuildAggregates } from '../salaries/data/aggregate-build';
import { refreshCertifiedUntil } from '../learning/data/learning';
import { currencyOf } from '../salaries/mapping';
import { ensureAggregates } from '../salaries/data/salary-data';
import { DEMO_ACCOUNTS } from './seed';

// `npm run db:grow -- --factor N` (decision 056): the demo world N times over, to measure pages at the size
// of a busy marketplace. Copy k (1..N-1) of every demo row is an SQL copy of the seed's row (INSERT ... SELECT,
// one statement per table and copy) with a suffix that keeps the unique columns unique: slugs end in `-xK`,
// emails get `+xK` before the @, salary reports' external ids end in `-xK`. Foreign keys of a copy are found
// through those unique columns, so a copy points to copies of its own k. Nothing is random: the same factor
// gives the same rows, and a copy already there is skipped (a second run adds nothing; a larger factor adds
// the missing copies). Each copy of a part is one transaction: an interrupted run leaves whole copies.

export const GROW_PARTS = ['offers', 'candidates', 'certificates', 'applications', 'salaries'] as const;
export type GrowPart = (typeof GROW_PARTS)[number];
/** What a part's copies point to: grown first, whatever `only` says. */
const NEEDS: Record<GrowPart, readonly GrowPart[]> = {
  offers: [],
  candidates: [],
  certificates: ['candidates'],
  applications: ['offers', 'candidates'],
  salaries: [],
};

const MAX_FACTOR = 1000;
/** The seed makes no applications: each copied offer gets this many from its copy's candidates. */
export const APPLICANTS_PER_OFFER = 5;
/** And the demo company's first offer this many per copy (about 1,500 at x100: the tracker's heavy case). */
export const BUSY_OFFER_APPLICANTS = 15;
/** Copies of the demo company's offers stay with it one copy in this many (about 175 offers at x100). */
const DEMO_COMPANY_EVERY = 4;

const DEMO_SOURCE = 'tandem-demo';
const COPY_SLUG = /-x\d+$/;
const slugSuffix = (k: number) => `-x${k}`;
const emailAt = (k: number) => `+x${k}@`;
/** The last group of a copied certificate's verification id: the copy number in hex (the rest is the original's). */
const verificationTail = (k: number) => k.toString(16).padStart(12, '0');

type GrowOptions = {
  factor: number;
  /** Parts to grow (and what they need); all by default. */
  only?: readonly GrowPart[];
  /** Recompute the salary aggregates after growing the reports (default true); false keeps the seed's figures. */
  refresh?: boolean;
  log?: (m: string) => void;
};
export type GrowSummary = { factor: number; parts: GrowPart[]; copiesAdded: Record<GrowPart, number>; rowsAdded: Record<string, number> };

/** The seed's rows, which every copy is made from (rows whose key ends in a copy suffix are copies). */
type Originals = {
  companies: { id: number; slug: string }[];
  offers: { id: number; slug: string }[];
  candidates: { id: number; email: string }[];
  certificates: { id: number; slug: string }[];
  /** The first of the seed's salary reports, and the id range they sit in. */
  reports: { first: string; lo: number; hi: number } | null;
  demoCompany: number | null;
  busyOffer: number | null;
};

type Q = Kysely<DB> | Transaction<DB>;
const ids = (rows: { id: number }[]) => sql.join(rows.map((r) => r.id));

/** Which parts a request grows: the named ones and what they need, in GROW_PARTS order. */
export function partsToGrow(only?: readonly GrowPart[]): GrowPart[] {
  const wanted = new Set<GrowPart>();
  const add = (p: GrowPart) => {
    if (wanted.has(p)) return;
    wanted.add(p);
    NEEDS[p].forEach(add);
  };
  (only?.length ? only : GROW_PARTS).forEach(add);
  return GROW_PARTS.filter((p) => wanted.has(p));
}

async function readOriginals(db: Q): Promise<Originals> {
  const notCopy = <T extends { slug: string }>(rows: T[]) => rows.filter((r) => !COPY_SLUG.test(r.slug));
  const companies = notCopy(await db.selectFrom('companies').select(['id', 'slug']).where('is_demo', '=', 1).orderBy('id').execute());
  const offers = notCopy(
    await db.selectFrom('offers').select(['id', 'slug', 'company_id']).where('is_demo', '=', 1).orderBy('id').execute(),
  );
  const candidates = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('is_demo', '=', 1)
    .where('account_type', '=', 'match')
    .where('email', 'not like', '%+x%')
    .orderBy('id')
    .execute();
  const certificates = notCopy(
    await db.selectFrom('certifications').select(['id', 'slug']).where('is_demo', '=', 1).orderBy('id').execute(),
  );
  const range = await db
    .selectFrom('salary_reports')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .where('source', '=', DEMO_SOURCE)
    .where('is_demo', '=', 1)
    .where('external_id', 'not like', '%-x%')
    .executeTakeFirst();
  const first =
    range?.lo == null
      ? undefined
      : await db.selectFrom('salary_reports').select('external_id').where('id', '=', Number(range.lo)).executeTakeFirst();
  const demo = await db
    .selectFrom('company_users')
    .innerJoin('users', 'users.id', 'company_users.user_id')
    .select('company_users.company_id')
    .where('users.email', '=', DEMO_ACCOUNTS.company.email)
    .orderBy('company_users.company_id')
    .executeTakeFirst();
  const demoCompany = demo && companies.some((c) => c.id === demo.company_id) ? demo.company_id : null;
  return {
    companies,
    offers,
    candidates,
    certificates,
    reports: first?.external_id ? { first: first.external_id, lo: Number(range!.lo), hi: Number(range!.hi) } : null,
    demoCompany,
    busyOffer: offers.find((o) => o.company_id === demoCompany)?.id ?? null,
  };
}

/** Rows a statement wrote (both drivers report it for INSERT ... SELECT). */
async function run(q: Q, query: RawBuilder<unknown>): Promise<number> {
  return Number((await query.execute(q)).numAffectedRows ?? 0);
}
const exists = async (q: Q, query: RawBuilder<unknown>) => (await query.execute(q)).rows.length > 0;

/** `count` distinct offsets below `n`, spread out (so the pairs a copy makes never repeat). */
const offsets = (count: number, n: number) => {
  const c = Math.min(count, n);
  const step = Math.max(1, Math.floor(n / c));
  return sql.join(
    Array.from({ length: c }, (_, j) => sql`select ${sql.lit(j * step)} as d`),
    sql` union all `,
  );
};

/** Whether a part has something to copy at all. */
function hasOriginals(part: GrowPart, o: Originals): boolean {
  switch (part) {
    case 'offers':
      return o.companies.length > 0 && o.offers.length > 0;
    case 'candidates':
      return o.candidates.length > 0;
    case 'certificates':
      return o.certificates.length > 0;
    case 'applications':
      return o.offers.length > 0 && o.candidates.length > 0;
    case 'salaries':
      return o.reports !== null;
  }
}

/** Whether copy k of a part is there: one indexed look-up of the copy of its first original row. */
function hasCopy(db: Q, part: GrowPart, k: number, o: Originals): Promise<boolean> {
  const s = slugSuffix(k);
  switch (part) {
    case 'offers':
      return exists(db, sql`select 1 from companies where slug = ${o.companies[0]!.slug + s}`);
    case 'candidates':
      return exists(db, sql`select 1 from users where lower(email) = lower(${o.candidates[0]!.email.replace('@', emailAt(k))})`);
    case 'certificates':
      return exists(db, sql`select 1 from certifications where slug = ${o.certificates[0]!.slug + s}`);
    case 'applications':
      return exists(db, sql`select 1 from applications a join offers n on n.id = a.offer_id where n.slug = ${o.offers[0]!.slug + s}`);
    case 'salaries':
      return exists(db, sql`select 1 from salary_reports where source = ${DEMO_SOURCE} and external_id = ${o.reports!.first + s}`);
  }
}

/** Copy k of one part (hasOriginals is true), adding the rows written per table to `rows`. */
async function copyPart(trx: Transaction<DB>, part: GrowPart, k: number, o: Originals, rows: Record<string, number>): Promise<void> {
  const s = slugSuffix(k);
  const e = emailAt(k);
  const add = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);
  // The copy n of user u, found through the unique lower(email) index.
  const userCopy = sql`users n on lower(n.email) = lower(replace(u.email, '@', ${e}))`;
  switch (part) {
    case 'offers': {
      add(
        'companies',
        await run(
          trx,
          sql`insert into companies (name, slug, website, size, country, logo_path, description, location, perks, tech_stack, is_demo)
            select name, slug || ${s}, website, size, country, logo_path, description, location, perks, tech_stack, 1
            from companies where id in (${ids(o.companies)}) order by id`,
        ),
      );
      const keep = o.demoCompany !== null && k % DEMO_COMPANY_EVERY === 0 ? o.demoCompany : -1;
      add(
        'offers',
        await run(
          trx,
          sql`insert into offers (slug, company_id, title, area, role, seniority, english, modality, country, city, employment_type,
              description, salary_min, salary_max, currency, period, gross, salary_min_usd_month, salary_max_usd_month, status,
              published_at, valid_through, is_demo)
            select o.slug || ${s}, case when o.company_id = ${sql.lit(keep)} then o.company_id else nc.id end, o.title, o.area, o.role,
              o.seniority, o.english, o.modality, o.country, o.city, o.employment_type, o.description, o.salary_min, o.salary_max,
              o.currency, o.period, o.gross, o.salary_min_usd_month, o.salary_max_usd_month, o.status, o.published_at, o.valid_through, 1
            from offers o join companies c on c.id = o.company_id join companies nc on nc.slug = c.slug || ${s}
            where o.id in (${ids(o.offers)}) order by o.id`,
        ),
      );
      add(
        'offer_skills',
        await run(
          trx,
          sql`insert into offer_skills (offer_id, skill, required)
            select n.id, os.skill, os.required
            from offer_skills os join offers o on o.id = os.offer_id join offers n on n.slug = o.slug || ${s}
            where o.id in (${ids(o.offers)}) order by n.id, os.skill`,
        ),
      );
      return;
    }
    case 'candidates': {
      // Copies cannot sign in (no password), like the seed's demo profiles.
      add(
        'users',
        await run(
          trx,
          sql`insert into users (email, password_hash, account_type, name, last_name, profile_slug, user_status, email_confirmed_at,
              is_demo, locale)
            select replace(email, '@', ${e}), null, account_type, name, last_name, profile_slug || ${s}, user_status, email_confirmed_at,
              1, locale
            from users where id in (${ids(o.candidates)}) order by id`,
        ),
      );
      add(
        'candidate_profiles',
        await run(
          trx,
          sql`insert into candidate_profiles (user_id, headline, country, role, seniority, years, english, salary_expectation_usd,
              availability, is_public)
            select n.id, p.headline, p.country, p.role, p.seniority, p.years, p.english, p.salary_expectation_usd, p.availability,
              p.is_public
            from candidate_profiles p join users u on u.id = p.user_id join ${userCopy}
            where u.id in (${ids(o.candidates)}) order by n.id`,
        ),
      );
      add(
        'candidate_skills',
        await run(
          trx,
          sql`insert into candidate_skills (user_id, skill)
            select n.id, cs.skill from candidate_skills cs join users u on u.id = cs.user_id join ${userCopy}
            where u.id in (${ids(o.candidates)}) order by n.id, cs.skill`,
        ),
      );
      return;
    }
    case 'certificates': {
      add(
        'certifications',
        await run(
          trx,
          sql`insert into certifications (slug, user_id, interview_id, role, level, score, is_demo, issued_at, verification_id, expires_at)
            select c.slug || ${s}, n.id, c.interview_id, c.role, c.level, c.score, 1, c.issued_at,
              substr(c.verification_id, 1, 24) || ${verificationTail(k)}, c.expires_at
            from certifications c join users u on u.id = c.user_id join ${userCopy}
            where c.id in (${ids(o.certificates)}) order by c.id`,
        ),
      );
      return;
    }
    case 'applications': {
      const n = o.candidates.length;
      // The copy's offers and candidates numbered in the originals' order: candidate pairs are arithmetic on
      // those numbers, so they are the same on every run and each (offer, candidate) pair is made once.
      const copies = sql`offer_copy as (
          select n.id, coalesce(n.published_at, n.created_at) as at, row_number() over (order by o.id) - 1 as i
          from offers o join offers n on n.slug = o.slug || ${s} where o.id in (${ids(o.offers)})),
        candidate_copy as (
          select n.id, row_number() over (order by u.id) - 1 as i
          from users u join ${userCopy} where u.id in (${ids(o.candidates)}))`;
      add(
        'applications',
        await run(
          trx,
          sql`with ${copies}, d as (${offsets(APPLICANTS_PER_OFFER, n)})
            insert into applications (offer_id, candidate_id, status, created_at, updated_at)
            select oc.id, cc.id,
              case (oc.i + d.d) % 10 when 0 then 'approved' when 1 then 'initial-interview' when 2 then 'rejected' else 'sent' end,
              oc.at, oc.at
            from offer_copy oc cross join d join candidate_copy cc on cc.i = (oc.i * 13 + d.d + ${sql.lit(k)}) % ${sql.lit(n)}
            order by oc.id, cc.id`,
        ),
      );
      if (o.busyOffer !== null)
        add(
          'applications',
          await run(
            trx,
            sql`with ${copies}, d as (${offsets(BUSY_OFFER_APPLICANTS, n)})
              insert into applications (offer_id, candidate_id, status, created_at, updated_at)
              select o.id, cc.id, 'sent', coalesce(o.published_at, o.created_at), coalesce(o.published_at, o.created_at)
              from offers o cross join d join candidate_copy cc on cc.i = (d.d + ${sql.lit(k)}) % ${sql.lit(n)}
              where o.id = ${sql.lit(o.busyOffer)} order by cc.id`,
          ),
        );
      return;
    }
    case 'salaries': {
      const r = o.reports!;
      const originals = (a: string) =>
        sql`${sql.ref(`${a}.source`)} = ${DEMO_SOURCE} and ${sql.ref(`${a}.is_demo`)} = 1 and ${sql.ref(`${a}.id`)} between ${sql.lit(r.lo)} and ${sql.lit(r.hi)}
          and ${sql.ref(`${a}.external_id`)} not like ${'%-x%'}`;
      add(
        'salary_reports',
        await run(
          trx,
          sql`insert into salary_reports (source, source_licence, external_id, country, role, seniority, years, english, modality, employer,
              contract, currency, amount, period, gross, local_month, usd_month, is_demo, collected_at)
            select r.source, r.source_licence, r.external_id || ${s}, r.country, r.role, r.seniority, r.years, r.english, r.modality,
              r.employer, r.contract, r.currency, r.amount, r.period, r.gross, r.local_month, r.usd_month, 1, r.collected_at
            from salary_reports r where ${originals('r')} order by r.id`,
        ),
      );
      add(
        'salary_report_skills',
        await run(
          trx,
          sql`insert into salary_report_skills (report_id, skill)
            select n.id, rs.skill
            from salary_report_skills rs join salary_reports r on r.id = rs.report_id
              join salary_reports n on n.source = r.source and n.external_id = r.external_id || ${s}
            where ${originals('r')} order by n.id, rs.skill`,
        ),
      );
      return;
    }
  }
}

/**
 * Grow the demo world to `factor` times its seeded size (the seed must have run). Returns how many copies
 * and rows each part added; a copy already there is left alone.
 */
export async function growDemoData(database: Database, opts: GrowOptions): Promise<GrowSummary> {
  const { factor, refresh = true, log = console.log } = opts;
  if (!Number.isInteger(factor) || factor < 1 || factor > MAX_FACTOR)
    throw new Error(`factor must be a whole number from 1 to ${MAX_FACTOR}`);
  const { db } = database;
  const parts = partsToGrow(opts.only);
  const originals = await readOriginals(db);
  if (!originals.companies.length && !originals.reports) throw new Error('no demo world to grow: run npm run db:seed first');
  const copiesAdded = Object.fromEntries(GROW_PARTS.map((p) => [p, 0])) as Record<GrowPart, number>;
  const rowsAdded: Record<string, number> = {};
  for (const part of parts) {
    const started = Date.now();
    // Without the refresh, figures built from the seed's reports (the copies' percentiles are the same): a
    // server starting on the grown database then finds figures and does not build them from every report.
    if (part === 'salaries' && !refresh) await ensureAggregates(database);
    // Salary reports move their own generation (what the aggregates are built from); the rest changes public
    // pages in bulk: every cached page goes (decision 058).
    for (let k = 1; k < factor && hasOriginals(part, originals); k++) {
      if (await hasCopy(db, part, k, originals)) continue;
      const copy = (trx: Transaction<DB>) => copyPart(trx, part, k, originals, rowsAdded);
      if (part === 'salaries') await writeWithGeneration(db, SALARY_REPORTS_GENERATION, copy);
      else await writeWithPurge(db, copy, ALL_PAGES);
      copiesAdded[part]++;
    }
    log(`[grow] ${part}: ${copiesAdded[part]} copies added in ${Date.now() - started} ms`);
  }
  // The candidate browser's "certified first" reads a stored expiry (decision 054), set from the certificates.
  if (copiesAdded.certificates > 0 || copiesAdded.candidates > 0) await refreshCertifiedUntil(db);
  if (refresh && copiesAdded.salaries > 0) {
    const started = Date.now();
    const groups = await rebuildAggregates(db, (country) => currencyOf(country as CountryId));
    log(`[grow] salary aggregates: ${groups} groups in ${Date.now() - started} ms`);
  }
  log(`[grow] rows added: ${JSON.stringify(rowsAdded)}`);
  return { factor, parts, copiesAdded, rowsAdded };
}
