import 'server-only';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { afterKey, type KeyPart, type KeyValue } from '../../db/keyset';

// The candidate browser's SQL (decision 015): public profiles by role, seniority, country, English, skill and
// certification, certified first, read one keyset page at a time (decision 054).
type Q = Kysely<DB> | Transaction<DB>;

export type CandidateFilter = {
  area?: string;
  roles?: string[];
  role?: string;
  skill?: string;
  seniority?: string;
  country?: string;
  english?: string;
  /** Only candidates holding a valid certificate. */
  certified?: boolean;
};

/**
 * The browser's two phases (decision 054): the profiles holding a valid certificate at `now`
 * (`certified_until > now`), then the others. Each is read in `(updated_at desc, user_id desc)` order from its
 * own index (migration 031), so no page sorts the public profiles; certified first is the phases' order.
 */
export type CandidatePhase = 0 | 1;
const inPhase = (phase: CandidatePhase, now: string) =>
  phase === 1 ? sql<SqlBool>`p.certified_until > ${now}` : sql<SqlBool>`(p.certified_until is null or p.certified_until <= ${now})`;

function candidateQuery(db: Q, f: CandidateFilter) {
  let q = db
    .selectFrom('candidate_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.is_public', '=', 1)
    .where('u.user_status', '!=', 'suspended')
    .where('u.deletion_requested_at', 'is', null); // deleted by its owner (decision 073);
  if (f.role) q = q.where('p.role', '=', f.role);
  else if (f.roles) q = q.where('p.role', 'in', f.roles.length ? f.roles : ['-']);
  if (f.seniority) q = q.where('p.seniority', '=', f.seniority);
  if (f.country) q = q.where('p.country', '=', f.country);
  if (f.english) q = q.where('p.english', '=', f.english);
  if (f.certified) q = q.where('p.certified_until', '>', new Date().toISOString());
  if (f.skill)
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('candidate_skills as s').select('s.user_id').whereRef('s.user_id', '=', 'p.user_id').where('s.skill', '=', f.skill!),
      ),
    );
  return q;
}

export async function countCandidates(db: Q, f: CandidateFilter): Promise<number> {
  const r = await candidateQuery(db, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Within a phase: the most recently updated first (the order of the indexes of migration 031). */
const RECENT_FIRST: KeyPart[] = [
  { ref: 'p.updated_at', dir: 'desc' },
  { ref: 'p.user_id', dir: 'desc' },
];

/** One page of a phase's public profiles after its sort key `after` (the phase's first page without it). */
export function findCandidates(
  db: Q,
  f: CandidateFilter,
  phase: CandidatePhase,
  after: readonly [KeyValue, KeyValue] | null,
  limit: number,
  now: string,
) {
  let q = candidateQuery(db, f)
    .where(inPhase(phase, now))
    .select([
      'u.id as user_id',
      'u.name',
      'u.last_name',
      'u.profile_slug',
      'p.headline',
      'p.role',
      'p.seniority',
      'p.country',
      'p.english',
      'p.availability',
      'p.updated_at',
    ]);
  if (after) q = q.where(afterKey(RECENT_FIRST, after));
  return q.orderBy('p.updated_at', 'desc').orderBy('p.user_id', 'desc').limit(limit).execute();
}

/** Each user's valid certificates, as a count (the users of one page). */
export async function certificateCounts(db: Q, userIds: number[], now: string): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('certifications')
    .select(['user_id', (eb) => eb.fn.countAll().as('n')])
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}
