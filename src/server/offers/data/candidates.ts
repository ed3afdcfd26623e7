import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
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
 * 1 when the profile `p` holds a valid certificate at `now`, else 0: read from the profile's stored
 * certified_until (decision 054), never by counting certificates per row. An integer on both databases,
 * so that a cursor can carry it.
 */
const certifiedFlag = (now: string) => sql<number>`(case when p.certified_until > ${now} then 1 else 0 end)`;

function candidateQuery(db: Q, f: CandidateFilter) {
  let q = db
    .selectFrom('candidate_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.is_public', '=', 1)
    .where('u.user_status', '!=', 'suspended');
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

/** The candidate browser's order: certified first, then the most recently updated (decision 054). */
const candidatesOrder = (now: string): KeyPart[] => [
  { ref: certifiedFlag(now), dir: 'desc' },
  { ref: 'p.updated_at', dir: 'desc' },
  { ref: 'u.id', dir: 'desc' },
];

/** One page of public profiles after the sort key `after` (the first page without it). */
export function findCandidates(db: Q, f: CandidateFilter, after: readonly KeyValue[] | null, limit: number, now: string) {
  let q = candidateQuery(db, f).select([
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
    certifiedFlag(now).as('certified'),
  ]);
  if (after) q = q.where(afterKey(candidatesOrder(now), after));
  return q.orderBy(certifiedFlag(now), 'desc').orderBy('p.updated_at', 'desc').orderBy('u.id', 'desc').limit(limit).execute();
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
