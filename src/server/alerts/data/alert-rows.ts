import 'server-only';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB } from '../../db/schema';

// The alerts domain's SQL: recipients (an address and its manage link's hash) and their alerts. The service
// decides; these only read and write rows.
export type AlertRow = Selectable<DB['job_alerts']>;
export type RecipientRow = Selectable<DB['alert_recipients']>;
export type DueAlert = AlertRow & { email: string; manage_nonce: string };

export function alertRows(db: Kysely<DB>) {
  return {
    recipientByEmail(email: string) {
      return db.selectFrom('alert_recipients').selectAll().where('email', '=', email).executeTakeFirst();
    },

    recipientByManageHash(hash: string) {
      return db.selectFrom('alert_recipients').selectAll().where('manage_hash', '=', hash).executeTakeFirst();
    },

    recipientById(id: number) {
      return db.selectFrom('alert_recipients').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The recipient of an address, made when missing (two requests at once make one). */
    async ensureRecipient(values: Insertable<DB['alert_recipients']>): Promise<RecipientRow> {
      await db
        .insertInto('alert_recipients')
        .values(values)
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return db.selectFrom('alert_recipients').selectAll().where('email', '=', values.email).executeTakeFirstOrThrow();
    },

    async linkUser(recipientId: number, userId: number): Promise<void> {
      await db.updateTable('alert_recipients').set({ user_id: userId }).where('id', '=', recipientId).execute();
    },

    /** The alerts of a recipient, oldest first. */
    alertsOf(recipientId: number) {
      return db.selectFrom('job_alerts').selectAll().where('recipient_id', '=', recipientId).orderBy('id').execute();
    },

    /** The alerts of an account's recipients (its own address), oldest first. */
    alertsOfUser(userId: number) {
      return db
        .selectFrom('job_alerts as a')
        .innerJoin('alert_recipients as r', 'r.id', 'a.recipient_id')
        .selectAll('a')
        .where('r.user_id', '=', userId)
        .orderBy('a.id')
        .execute();
    },

    async countOf(recipientId: number): Promise<number> {
      const r = await db
        .selectFrom('job_alerts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('recipient_id', '=', recipientId)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    alertBySearch(recipientId: number, key: string) {
      return db
        .selectFrom('job_alerts')
        .selectAll()
        .where('recipient_id', '=', recipientId)
        .where('search_key', '=', key)
        .executeTakeFirst();
    },

    async insertAlert(values: Insertable<DB['job_alerts']>): Promise<number> {
      return (await db.insertInto('job_alerts').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async updateAlert(id: number, set: Updateable<DB['job_alerts']>): Promise<void> {
      await db.updateTable('job_alerts').set(set).where('id', '=', id).execute();
    },

    /** A pending alert by its confirmation hash, while its link is valid at `at`. */
    alertByConfirmHash(hash: string, at: Date) {
      return db
        .selectFrom('job_alerts')
        .selectAll()
        .where('confirm_hash', '=', hash)
        .where('status', '=', 'pending')
        .where('confirm_expires_at', '>', at)
        .executeTakeFirst();
    },

    /** Activate a pending alert once (false: confirmed or removed meanwhile). */
    async activate(id: number, hash: string, set: Updateable<DB['job_alerts']>): Promise<boolean> {
      const r = await db
        .updateTable('job_alerts')
        .set(set)
        .where('id', '=', id)
        .where('confirm_hash', '=', hash)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    alertByUnsubscribeHash(hash: string) {
      return db.selectFrom('job_alerts').selectAll().where('unsubscribe_hash', '=', hash).executeTakeFirst();
    },

    /** Delete an alert of a recipient; false when it was not theirs or is gone. */
    async deleteAlert(id: number, recipientId: number): Promise<boolean> {
      const r = await db.deleteFrom('job_alerts').where('id', '=', id).where('recipient_id', '=', recipientId).executeTakeFirst();
      return Number(r.numDeletedRows ?? 0) === 1;
    },

    async deleteAllOf(recipientId: number): Promise<number> {
      const r = await db.deleteFrom('job_alerts').where('recipient_id', '=', recipientId).executeTakeFirst();
      return Number(r.numDeletedRows ?? 0);
    },

    /** Change an alert of a recipient; false when it was not theirs. */
    async updateOwn(id: number, recipientId: number, set: Updateable<DB['job_alerts']>): Promise<boolean> {
      const r = await db
        .updateTable('job_alerts')
        .set({ ...set, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Active alerts due at `at` with an id above `afterId` (keyset batches), with their address. */
    dueBatch(at: Date, afterId: number, limit: number): Promise<DueAlert[]> {
      return db
        .selectFrom('job_alerts as a')
        .innerJoin('alert_recipients as r', 'r.id', 'a.recipient_id')
        .selectAll('a')
        .select(['r.email', 'r.manage_nonce'])
        .where('a.status', '=', 'active')
        .where('a.next_due_at', '<=', at)
        .where('a.id', '>', afterId)
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },

    /**
     * Move an alert on (cursor, due date, last send) in transaction `q`, only if no other run moved it since
     * it was read (its version): true when this run owns the alert's send.
     */
    async advance(q: Kysely<DB>, id: number, version: number, set: Updateable<DB['job_alerts']>): Promise<boolean> {
      const r = await q
        .updateTable('job_alerts')
        .set({ ...set, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Pending alerts whose confirmation expired before `before`; how many. */
    async sweepPending(before: Date): Promise<number> {
      const r = await db
        .deleteFrom('job_alerts')
        .where('status', '=', 'pending')
        .where('confirm_expires_at', '<=', before)
        .executeTakeFirst();
      return Number(r.numDeletedRows ?? 0);
    },
  };
}
export type AlertRows = ReturnType<typeof alertRows>;
