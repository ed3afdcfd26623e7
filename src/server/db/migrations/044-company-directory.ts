import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Decision 087. The companies directory reads companies in the order of their folded name (lower case, the
// accents of Spanish and Portuguese letters taken off), then id: one expression index serves that order and
// its keyset pages on both databases. The same expression, written once here, is what the queries sort and
// search by (SQLite's lower() folds ASCII only, so the accented capitals are replaced before it).
const FOLDS: [string, string][] = [
  ['á', 'a'],
  ['à', 'a'],
  ['â', 'a'],
  ['ä', 'a'],
  ['ã', 'a'],
  ['é', 'e'],
  ['è', 'e'],
  ['ê', 'e'],
  ['ë', 'e'],
  ['í', 'i'],
  ['ì', 'i'],
  ['î', 'i'],
  ['ï', 'i'],
  ['ó', 'o'],
  ['ò', 'o'],
  ['ô', 'o'],
  ['ö', 'o'],
  ['õ', 'o'],
  ['ú', 'u'],
  ['ù', 'u'],
  ['û', 'u'],
  ['ü', 'u'],
  ['ñ', 'n'],
  ['ç', 'c'],
];
const PAIRS: [string, string][] = [...FOLDS, ...FOLDS.map(([from, to]): [string, string] => [from.toUpperCase(), to])];

/** The folded name of the companies row in scope, as SQL text (the index's expression, character for character). */
export const COMPANY_NAME_KEY = `lower(${PAIRS.reduce((inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`, 'name')})`;

/** A search text folded as COMPANY_NAME_KEY folds a name. */
export const foldName = (text: string): string => PAIRS.reduce((s, [from, to]) => s.split(from).join(to), text).toLowerCase();

export function companyDirectory(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index companies_name_key on companies (${sql.raw(`(${COMPANY_NAME_KEY})`)}, id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('companies_name_key').execute();
    },
  };
}
