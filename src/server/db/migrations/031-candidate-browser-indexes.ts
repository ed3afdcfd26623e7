import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Decision 054. The candidate browser reads certified profiles first, then the others, each phase by
// (updated_at desc, user_id desc) from an index in that order, so that no page sorts the public profiles.
// `is_public` leads both (the browser's equality: the planner then picks them over candidate_profiles_search
// even without statistics); certified_until ends them, so each phase's test is answered from the index. The
// certified phase's index holds only the profiles with a certificate (`certified_until > now` implies not null;
// the clock cannot be part of an index condition).
const INDEXES: [string, string][] = [
  ['candidate_profiles_recent', ''],
  ['candidate_profiles_certified_recent', 'where certified_until is not null'],
];

export function candidateBrowserIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, where] of INDEXES)
        await sql`create index ${sql.raw(name)} on candidate_profiles (is_public, updated_at, user_id, certified_until) ${sql.raw(where)}`.execute(
          db,
        );
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
    },
  };
}
