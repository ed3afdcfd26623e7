import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Decision 057. The job search at 35,000 open offers:
// - Partial indexes on the open-offer predicate's fixed half (`status = 'published'`; valid_through moves with
//   the clock, so it is a column of the index, not its condition): one per list order (newest, best paid)
//   and one covering every facet column, so a facet count reads a narrow index instead of every offer row
//   with its description.
// - PostgreSQL ranks with ts_rank on a Spanish document: `tandem_es` is the simple parser with the Spanish
//   Snowball stemmer and no stop words (a search for "de" still prefix-matches), fed with text already folded
//   by tandem_fold() (migration 005: accents, case, punctuation), the same folding the queries get. No
//   extension is needed (unaccent would need the right to create one, and lives in one schema of a shared server).
//   The title weighs most (A), then company and skills (B), then the description (C).
const OPEN = sql.raw(`status = 'published'`);
const INDEXES: [string, string][] = [
  ['offers_open_recent', 'published_at, id'],
  ['offers_open_salary', 'salary_max_usd_month, salary_min_usd_month, published_at, id'],
  ['offers_open_facets', 'valid_through, area, role, seniority, modality, english, country, salary_max_usd_month, company_id, id'],
];

export function jobSearchAtScale(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of INDEXES)
        await sql`create index ${sql.raw(name)} on offers (${sql.raw(columns)}) where ${OPEN}`.execute(db);
      if (dialect === 'postgres') await spanishDocuments(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
      if (dialect === 'postgres') await simpleDocuments(db);
    },
  };
}

async function spanishDocuments(db: Kysely<unknown>) {
  await sql`create text search dictionary tandem_es_stem (template = snowball, language = spanish)`.execute(db);
  await sql`create text search configuration tandem_es (copy = simple)`.execute(db);
  await sql`alter text search configuration tandem_es
    alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
    with tandem_es_stem`.execute(db);
  await sql`create or replace function offer_search_refresh(ids integer[]) returns void language sql as $$
      delete from offer_search where offer_id = any(ids);
      insert into offer_search (offer_id, document)
      select o.id,
        setweight(to_tsvector('tandem_es', tandem_fold(o.title)), 'A') ||
        setweight(to_tsvector('tandem_es', tandem_fold(concat_ws(' ', c.name,
          (select string_agg(s.skill, ' ') from offer_skills s where s.offer_id = o.id)))), 'B') ||
        setweight(to_tsvector('tandem_es', tandem_fold(o.description)), 'C')
      from offers o join companies c on c.id = o.company_id
      where o.id = any(ids);
    $$`.execute(db);
  await sql`select offer_search_refresh(array(select id from offers))`.execute(db);
}

async function simpleDocuments(db: Kysely<unknown>) {
  await sql`create or replace function offer_search_refresh(ids integer[]) returns void language sql as $$
      delete from offer_search where offer_id = any(ids);
      insert into offer_search (offer_id, document)
      select o.id, to_tsvector('simple', tandem_fold(concat_ws(' ', o.title, o.description, c.name,
        (select string_agg(s.skill, ' ') from offer_skills s where s.offer_id = o.id))))
      from offers o join companies c on c.id = o.company_id
      where o.id = any(ids);
    $$`.execute(db);
  await sql`select offer_search_refresh(array(select id from offers))`.execute(db);
  await sql`drop text search configuration if exists tandem_es`.execute(db);
  await sql`drop text search dictionary if exists tandem_es_stem`.execute(db);
}
