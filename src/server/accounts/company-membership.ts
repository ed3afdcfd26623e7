import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { ServiceError, type ServiceErrorCode } from '../errors';
import type { Viewer } from './session';
import { membershipRow, type Role } from './data/members';

// Which company an account belongs to and with which role (decision 047): the domains ask this of accounts
// instead of reading accounts' tables. A company account belongs to one company at most.
export { companyOfUser } from './data/profiles';

type Q = Kysely<DB> | Transaction<DB>;
export type Membership = {
  companyId: number;
  role: Role;
  company: { id: number; name: string; slug: string };
};

/** The user's company and role, or null (a candidate, or a company account without a company). */
export async function membershipOf(db: Q, userId: number): Promise<Membership | null> {
  const row = await membershipRow(db, userId);
  if (!row) return null;
  return { companyId: row.id, role: row.role, company: { id: row.id, name: row.name, slug: row.slug } };
}

/**
 * The viewer's membership, or the refusal: no viewer is 'unauthorized'; a candidate, or a company account
 * without a company, hears `refuse` (the domains that hide what exists say 'not-found').
 */
export async function requireMembership(db: Q, viewer: Viewer, refuse: ServiceErrorCode = 'not-found'): Promise<Membership> {
  if (!viewer) throw new ServiceError('unauthorized');
  if (viewer.type !== 'hire') throw new ServiceError(refuse);
  const m = await membershipOf(db, viewer.id);
  if (!m) throw new ServiceError(refuse);
  return m;
}

/**
 * The viewer's side of something between a company and a candidate (a conversation, an interview): the
 * candidate themself, or any member of the company; null for anybody else.
 */
export async function sideOf(
  db: Q,
  viewer: Viewer,
  row: { company_id: number; candidate_id: number },
): Promise<'company' | 'candidate' | null> {
  if (!viewer) return null;
  if (viewer.type === 'match') return row.candidate_id === viewer.id ? 'candidate' : null;
  const m = await membershipOf(db, viewer.id);
  return m && m.companyId === row.company_id ? 'company' : null;
}
