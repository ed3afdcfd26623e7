import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

// The SQL of deleting an account (decision 073): marking it (hidden, every session ended), its cancellation
// by a sign-in, and the purge of every row of the person after the grace period. Most tables follow the
// users row by their foreign keys (on delete cascade / set null); what is linked by an email address, what
// they wrote in a company's threads and their salary report's link are handled here.

/** The account is hidden from now on and every token it had stops working. */
export async function markForDeletion(db: Q, userId: number, at: Date, purgeAfter: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ deletion_requested_at: at, purge_after: purgeAfter, token_version: sql<number>`token_version + 1`, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** The account's pending deletion is cancelled; whether there was one. */
export async function cancelDeletion(db: Q, userId: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ deletion_requested_at: null, purge_after: null })
    .where('id', '=', userId)
    .where('deletion_requested_at', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Accounts whose grace period ended at `at`, oldest first. */
export async function dueForPurge(db: Q, at: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('purge_after', '<=', at).orderBy('purge_after').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Whether the account is still due at `at` (a sign-in may have cancelled its deletion meanwhile). */
export async function stillDue(db: Q, userId: number, at: Date): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).where('purge_after', '<=', at).executeTakeFirst();
  return !!row;
}

/** The company the user is the only owner of (it closes with their account), or null. */
export async function soleOwnedCompany(db: Q, userId: number) {
  const c = await db
    .selectFrom('companies as c')
    .innerJoin('company_users as cu', 'cu.company_id', 'c.id')
    .select(['c.id', 'c.name', 'c.slug', 'c.logo_path'])
    .where('cu.user_id', '=', userId)
    .where('cu.role', '=', 'owner')
    .executeTakeFirst();
  if (!c) return null;
  const owners = await db
    .selectFrom('company_users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', c.id)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(owners.n) === 1 ? c : null;
}

/** The company's open offers (published or paused) with the people who applied to each and are still there. */
export function openOffersWithApplicants(db: Q, companyId: number) {
  return db
    .selectFrom('offers as o')
    .innerJoin('applications as a', 'a.offer_id', 'o.id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['o.id as offer_id', 'o.title', 'u.email', 'u.name', 'u.locale'])
    .where('o.company_id', '=', companyId)
    .where('o.status', 'in', ['published', 'paused'])
    .where('u.deletion_requested_at', 'is', null)
    .orderBy('o.id')
    .orderBy('u.id')
    .execute();
}

/** Every open offer of the company is closed. */
export async function closeCompanyOffers(db: Q, companyId: number, at: Date): Promise<void> {
  await db
    .updateTable('offers')
    .set({ status: 'closed', updated_at: at })
    .where('company_id', '=', companyId)
    .where('status', 'in', ['published', 'paused', 'draft'])
    .execute();
}

/** What the purge must remove outside the database: the person's uploaded files. */
export async function filesOf(db: Q, userId: number): Promise<{ picture: string | null; cvKey: string | null; exportKeys: string[] }> {
  const u = await db.selectFrom('users').select('profile_picture_path').where('id', '=', userId).executeTakeFirst();
  const d = await db.selectFrom('profile_documents').select('cv_key').where('user_id', '=', userId).executeTakeFirst();
  // Their data exports' files (decision 072): the rows go with the account, the files must go too.
  const exports = await db
    .selectFrom('data_exports')
    .select('file_key')
    .where('user_id', '=', userId)
    .where('file_key', 'is not', null)
    .execute();
  return { picture: u?.profile_picture_path ?? null, cvKey: d?.cv_key ?? null, exportKeys: exports.map((e) => e.file_key!) };
}

/** The slugs of the person's certificates not revoked yet (revoked before their rows go). */
export async function liveCertificates(db: Q, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('certifications').select('slug').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  return rows.map((r) => r.slug);
}

/**
 * Every row of the person goes, in one transaction: what their address links (alerts, meeting requests,
 * team invitations, queued email), what they wrote in threads and notes of a company, the link of their
 * salary report (the report stays, anonymous), a company they were the only owner of, then the account
 * (its profile, history, applications, conversations as a candidate, notifications, sessions... follow it).
 */
export async function purgeAccount(trx: Transaction<DB>, userId: number, contributionSource: string): Promise<boolean> {
  const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  const addresses = [user.email.toLowerCase()];
  for (const c of await trx.selectFrom('email_changes').select(['old_email', 'new_email']).where('user_id', '=', userId).execute())
    addresses.push(c.old_email.toLowerCase(), c.new_email.toLowerCase());
  const byEmail = (column: string) => sql<boolean>`lower(${sql.ref(column)}) in (${sql.join(addresses)})`;
  const recipients = trx
    .selectFrom('alert_recipients')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), byEmail('email')]));
  await trx.deleteFrom('job_alerts').where('recipient_id', 'in', recipients).execute();
  await trx
    .deleteFrom('alert_recipients')
    .where((eb) => eb.or([eb('user_id', '=', userId), byEmail('email')]))
    .execute();
  await trx.deleteFrom('booking_requests').where(byEmail('email')).execute();
  await trx.deleteFrom('bookings').where(byEmail('email')).execute();
  await trx.deleteFrom('leads').where(byEmail('email')).execute();
  await trx.deleteFrom('company_invitations').where(byEmail('email')).execute();
  await trx.deleteFrom('email_outbox').where(byEmail('to_email')).execute();
  await trx.deleteFrom('application_notes').where('author_id', '=', userId).execute();
  // Messages they wrote for a company go; the candidate's thread keeps the rest (its last message re-pointed).
  await trx.deleteFrom('messages').where('sender_id', '=', userId).execute();
  await trx
    .updateTable('conversations')
    .set({
      last_message_id: sql<number | null>`(select max(m.id) from messages m where m.conversation_id = conversations.id)`,
    })
    .where('last_message_id', 'is not', null)
    .where(sql<boolean>`not exists (select 1 from messages m where m.id = conversations.last_message_id)`)
    .execute();
  await trx
    .updateTable('salary_reports')
    .set({ external_id: null })
    .where('source', '=', contributionSource)
    .where('external_id', '=', `user:${userId}`)
    .execute();
  const company = await soleOwnedCompany(trx, userId);
  if (company) await trx.deleteFrom('companies').where('id', '=', company.id).execute();
  // The certificates go with the user (cascade); their revoked bits stay in the status list (decision 073).
  await trx
    .insertInto('revoked_status_entries')
    .columns(['status_index', 'revoked_at'])
    .expression(
      trx
        .selectFrom('certifications')
        .select(['status_index', 'revoked_at'])
        .where('user_id', '=', userId)
        .where('status_index', 'is not', null)
        .where('revoked_at', 'is not', null),
    )
    .onConflict((oc) => oc.column('status_index').doNothing())
    .execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return true;
}
