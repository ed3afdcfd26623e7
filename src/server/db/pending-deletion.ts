import 'server-only';
import { sql } from 'kysely';

// Accounts their owners asked to delete are hidden at once (decisions 073 and 076). A candidate's own row
// says so (users.deletion_requested_at, filtered where the users row is joined); a company is pending
// deletion when it has an owner leaving and none staying (its only owner deleted their account).

/** True for a company (its id column, e.g. 'cv.company_id') that is not closing with its owner's account. */
export const companyNotLeaving = (companyId: string) => sql<boolean>`(
  not exists (select 1 from company_users dcu inner join users du on du.id = dcu.user_id
    where dcu.company_id = ${sql.ref(companyId)} and dcu.role = 'owner' and du.deletion_requested_at is not null)
  or exists (select 1 from company_users lcu inner join users lu on lu.id = lcu.user_id
    where lcu.company_id = ${sql.ref(companyId)} and lcu.role = 'owner' and lu.deletion_requested_at is null))`;

/** True unless the user of the id column (nullable) is pending deletion. */
export const userNotLeaving = (userId: string) =>
  sql<boolean>`not exists (select 1 from users lu where lu.id = ${sql.ref(userId)} and lu.deletion_requested_at is not null)`;

/** 1 when the company of the id column is closing with its only owner's account, else 0 (a selectable column). */
export const companyLeaving = (companyId: string) => sql<number>`case when ${companyNotLeaving(companyId)} then 0 else 1 end`;

/** 1 when the user of the id column is pending deletion, else 0 (a selectable column). */
export const userLeaving = (userId: string) => sql<number>`case when ${userNotLeaving(userId)} then 0 else 1 end`;

/**
 * Whether the other side of a conversation or interview is pending deletion, for the side that opens it:
 * opened by its address, it is then as unknown as it is in the lists.
 */
export const otherSideLeaving = (
  row: { candidate_leaving: number | string; company_leaving: number | string },
  side: 'company' | 'candidate',
) => Number(side === 'company' ? row.candidate_leaving : row.company_leaving) === 1;
