import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Reads of the precomputed salary figures (the aggregates are rebuilt by ./aggregates.ts).

/** Every aggregate row: the salary service keeps them in memory, refreshed when their generation moves. */
export function allAggregates(db: Kysely<DB>) {
  return db.selectFrom('salary_aggregates').selectAll().execute();
}

/** The country / role / skill groups with at least `minReports` reports and no other filter: the pages that exist. */
export function pageAggregates(db: Kysely<DB>, minReports: number) {
  return db
    .selectFrom('salary_aggregates')
    .select(['country', 'role', 'skill', 'collected_to'])
    .where('n', '>=', minReports)
    .where('seniority', 'is', null)
    .where('modality', 'is', null)
    .where('english', 'is', null)
    .where('area', 'is', null)
    .where('employer', 'is', null)
    .where('pay', 'is', null)
    .where('contract', 'is', null)
    .execute();
}
