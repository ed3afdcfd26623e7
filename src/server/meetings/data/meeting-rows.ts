import 'server-only';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/schema';

// The meetings domain's SQL: meeting requests (leads), booking requests waiting for their email, and
// bookings. The service above decides; these only read and write rows.
export type BookingRow = Selectable<DB['bookings']>;
export type NewBooking = Insertable<DB['bookings']>;

export function meetingRows(db: Kysely<DB>) {
  return {
    /** Slot keys held by bookings starting at or after `from`. */
    async takenSlots(from: Date): Promise<Set<string>> {
      const rows = await db
        .selectFrom('bookings')
        .select('slot_key')
        .where('slot_key', 'is not', null)
        .where('starts_at', '>=', from)
        .execute();
      return new Set(rows.map((r) => r.slot_key!));
    },

    /**
     * Use a manage link once: the confirmed booking it stands for, updated with `set(row)` (which must clear
     * manage_hash) only if nobody used the link in between; null otherwise.
     */
    async consumeLink(q: Kysely<DB>, hash: string, set: (r: BookingRow) => Updateable<DB['bookings']>): Promise<BookingRow | null> {
      const r = await q
        .selectFrom('bookings')
        .selectAll()
        .where('manage_hash', '=', hash)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      if (!r) return null;
      const done = await q.updateTable('bookings').set(set(r)).where('id', '=', r.id).where('manage_hash', '=', hash).executeTakeFirst();
      return Number(done.numUpdatedRows) === 1 ? r : null;
    },

    /** Inserts a booking; a taken slot fails with the database's unique violation. */
    async insertBooking(q: Kysely<DB>, values: NewBooking): Promise<number> {
      return (await q.insertInto('bookings').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async setReminder(id: number, reminder: number): Promise<void> {
      await db.updateTable('bookings').set({ reminder_email_id: reminder }).where('id', '=', id).execute();
    },

    async bookingByHash(hash: string): Promise<BookingRow | undefined> {
      return db.selectFrom('bookings').selectAll().where('manage_hash', '=', hash).executeTakeFirst();
    },

    async insertRequest(values: Insertable<DB['booking_requests']>): Promise<void> {
      await db.insertInto('booking_requests').values(values).execute();
    },

    /** A booking request by its token hash, made after `since`. */
    async requestByHash(hash: string, since: Date) {
      return db
        .selectFrom('booking_requests')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('created_at', '>', since)
        .executeTakeFirst();
    },

    async deleteRequest(id: number): Promise<void> {
      await db.deleteFrom('booking_requests').where('id', '=', id).execute();
    },

    async insertLead(values: Insertable<DB['leads']>): Promise<number> {
      return (await db.insertInto('leads').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async leadWaiting(hash: string): Promise<boolean> {
      return !!(await db
        .selectFrom('leads')
        .select('id')
        .where('confirm_hash', '=', hash)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst());
    },

    /** Marks a waiting lead confirmed (once per link): the lead, or undefined when the link was used or unknown. */
    async confirmLead(hash: string, at: Date) {
      return db
        .updateTable('leads')
        .set({ confirmed_at: at, confirm_hash: null })
        .where('confirm_hash', '=', hash)
        .where('confirmed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Retention: bookings and meeting requests past `keepUntil` (a lead only once no booking points at it),
     * booking requests made before `requestsBefore` and leads unconfirmed since `unconfirmedBefore`.
     */
    async sweep(cut: { keepUntil: Date; requestsBefore: Date; unconfirmedBefore: Date }) {
      const bookings = await db
        .deleteFrom('bookings')
        .where('starts_at', '<', cut.keepUntil)
        .where('created_at', '<', cut.keepUntil)
        .executeTakeFirst();
      const leads = await db
        .deleteFrom('leads')
        .where('created_at', '<', cut.keepUntil)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('bookings').select('bookings.id').whereRef('bookings.lead_id', '=', 'leads.id'))))
        .executeTakeFirst();
      await db.deleteFrom('booking_requests').where('created_at', '<', cut.requestsBefore).execute();
      await db.deleteFrom('leads').where('confirmed_at', 'is', null).where('created_at', '<', cut.unconfirmedBefore).execute();
      return { leads: Number(leads.numDeletedRows ?? 0), bookings: Number(bookings.numDeletedRows ?? 0) };
    },
  };
}

export type MeetingRows = ReturnType<typeof meetingRows>;
