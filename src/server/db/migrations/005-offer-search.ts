import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Full-text search over offers (decision 013): each database gets its own index, kept in sync by triggers on
// offers, offer_skills and companies, so whatever writes those tables keeps the index right. A document
// is the title, the description, the company's name and the skill slugs; accents and case are ignored.
//
// - SQLite: an FTS5 table (rowid = offer id) with the unicode61 tokenizer removing diacritics.
// - PostgreSQL: offer_search(offer_id, document tsvector) with a GIN index. `unaccent` is an extension a
//   hosted database may not allow, so tandem_fold() does the folding with translate(): accented Latin
//   letters to their base letter, then lower case, then every other character to a space (the default
//   parser would otherwise keep "ui/ux" as one file-path token). The app folds queries the same way.
export function offerSearch(dialect: Dialect): Migration {
  return dialect === 'postgres' ? postgres : sqlite;
}

// Pairs of accented letters and their base, derived rather than typed so the two strings stay aligned.
const ACCENTED = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';
const BASE = [...ACCENTED]
  .map((ch) =>
    ch
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  )
  .join('');

const sqliteDocument = (o: string) =>
  sql.raw(`${o}.description || ' ' || coalesce((select name from companies where id = ${o}.company_id), '') || ' ' ||
  coalesce((select group_concat(skill, ' ') from offer_skills where offer_id = ${o}.id), '')`);

const sqlite: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create virtual table offers_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    // Re-index the offers that `where` selects (from offers o).
    const reindex = (where: string) =>
      sql`delete from offers_fts where rowid in (select o.id from offers o where ${sql.raw(where)});
        insert into offers_fts (rowid, title, body) select o.id, o.title, ${sqliteDocument('o')} from offers o where ${sql.raw(where)};`;
    const trigger = (name: string, on: string, body: ReturnType<typeof sql>) =>
      sql`create trigger ${sql.raw(name)} ${sql.raw(on)} begin ${body} end`.execute(db);
    await trigger('offers_fts_insert', 'after insert on offers', reindex('o.id = new.id'));
    await trigger('offers_fts_update', 'after update of title, description, company_id on offers', reindex('o.id = new.id'));
    await trigger('offers_fts_delete', 'after delete on offers', sql`delete from offers_fts where rowid = old.id;`);
    await trigger('offer_skills_fts_insert', 'after insert on offer_skills', reindex('o.id = new.offer_id'));
    await trigger('offer_skills_fts_delete', 'after delete on offer_skills', reindex('o.id = old.offer_id'));
    await trigger('offer_skills_fts_update', 'after update on offer_skills', reindex('o.id in (old.offer_id, new.offer_id)'));
    await trigger('companies_fts_update', 'after update of name on companies', reindex('o.company_id = new.id'));
    await sql`insert into offers_fts (rowid, title, body) select o.id, o.title, ${sqliteDocument('o')} from offers o`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'offers_fts_insert',
      'offers_fts_update',
      'offers_fts_delete',
      'offer_skills_fts_insert',
      'offer_skills_fts_delete',
      'offer_skills_fts_update',
      'companies_fts_update',
    ]) {
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    }
    await sql`drop table if exists offers_fts`.execute(db);
  },
};

const postgres: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create function tandem_fold(t text) returns text language sql immutable strict parallel safe as
      $$ select regexp_replace(lower(translate(t, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${BASE}'`)})), '[^a-z0-9]+', ' ', 'g') $$`.execute(
      db,
    );
    await sql`create table offer_search (
      offer_id integer primary key references offers(id) on delete cascade,
      document tsvector not null
    )`.execute(db);
    await sql`create index offer_search_document on offer_search using gin (document)`.execute(db);
    await sql`create function offer_search_refresh(ids integer[]) returns void language sql as $$
      delete from offer_search where offer_id = any(ids);
      insert into offer_search (offer_id, document)
      select o.id, to_tsvector('simple', tandem_fold(concat_ws(' ', o.title, o.description, c.name,
        (select string_agg(s.skill, ' ') from offer_skills s where s.offer_id = o.id))))
      from offers o join companies c on c.id = o.company_id
      where o.id = any(ids);
    $$`.execute(db);
    await sql`create function offer_search_sync() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'offers' then
          perform offer_search_refresh(array[new.id]);
        elsif tg_table_name = 'companies' then
          perform offer_search_refresh(array(select id from offers where company_id = new.id));
        elsif tg_op = 'DELETE' then
          perform offer_search_refresh(array[old.offer_id]);
        elsif tg_op = 'UPDATE' then
          perform offer_search_refresh(array[old.offer_id, new.offer_id]);
        else
          perform offer_search_refresh(array[new.offer_id]);
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger offers_search after insert or update of title, description, company_id on offers
      for each row execute function offer_search_sync()`.execute(db);
    await sql`create trigger offer_skills_search after insert or update or delete on offer_skills
      for each row execute function offer_search_sync()`.execute(db);
    await sql`create trigger companies_search after update of name on companies
      for each row execute function offer_search_sync()`.execute(db);
    await sql`select offer_search_refresh(array(select id from offers))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists companies_search on companies`.execute(db);
    await sql`drop trigger if exists offer_skills_search on offer_skills`.execute(db);
    await sql`drop trigger if exists offers_search on offers`.execute(db);
    await sql`drop function if exists offer_search_sync()`.execute(db);
    await sql`drop function if exists offer_search_refresh(integer[])`.execute(db);
    await sql`drop table if exists offer_search`.execute(db);
    await sql`drop function if exists tandem_fold(text)`.execute(db);
  },
};
