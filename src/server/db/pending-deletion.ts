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
