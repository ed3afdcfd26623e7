import 'server-only';
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { candidateSlots, slotKey, type ScheduleRules } from '../../domain/scheduling';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/client';
import { toDate } from '../db/schema';
import { createBookingMail } from './booking-emails';
import type { EmailService } from '../email/email-service';
import { isUniqueViolation, ServiceError } from '../errors';
import { addressChecks, type RateLimiter } from '../limits/rate-limit';
import { meetingRows, type BookingRow } from './data/meeting-rows';
import { createLeads, type LeadInput } from './leads';
import { createLeadAdmin } from './lead-admin';

// Meeting requests (leads) and bookings with the sales team (decision 028). A booking is first a request
// that holds nothing: the visitor confirms it from the link emailed to them (decision 017: nobody books,
// or fills the calendar, with someone else's address). A booking holds its slot through a unique column,
// so two visitors can never take one slot; its manage link (cancel or move) is signed and works once; the
// attendee and sales get an iCalendar invite, and the outbox holds a reminder until 24 h before it.
export type { LeadInput } from './leads';
export type BookingInput = { slot: Date; name: string; email: string; company: string; message: string; timeZone: string };
export type BookingView = {
  startsAt: Date;
  endsAt: Date;
  name: string;
  company: string | null;
  timeZone: string;
  locale: Locale;
  /** `requested`: asked for, waiting for its email to be confirmed (holds no slot). */
  status: 'requested' | 'confirmed' | 'cancelled' | 'rescheduled';
};

type Deps = {
  email: () => Promise<EmailService>;
  limiter: () => Promise<RateLimiter>;
  rules: ScheduleRules;
  secret: string;
  siteUrl: string;
  brand: string;
  salesEmail: string;
  now?: () => number;
};

const HOUR = 3_600_000;
/** Meeting requests: per work address and per client address (spam protection with the honeypot). */
const LEAD_LIMITS = { email: { max: 3, windowMs: 24 * HOUR }, ip: { max: 10, windowMs: HOUR } };
const BOOKING_LIMITS = { email: { max: 4, windowMs: 24 * HOUR }, ip: { max: 12, windowMs: HOUR } };
/** How long a booking request waits for its confirmation. */
const REQUEST_TTL_MS = 24 * HOUR;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export function createMeetingService(database: Database, deps: Deps) {
  const rows = meetingRows(database.db);
  const now = deps.now ?? Date.now;
  const sign = (nonce: string) => createHmac('sha256', deps.secret).update(`booking:${nonce}`).digest('base64url').slice(0, 22);

  /** A manage token: a random nonce (stored hashed) and its signature, 44 URL-safe characters. */
  function newToken(): { token: string; hash: string } {
    const nonce = randomBytes(16).toString('base64url');
    return { token: `${nonce}${sign(nonce)}`, hash: sha256(nonce) };
  }
  /** The stored hash a token stands for, or null when its signature does not hold (no database read). */
  function hashOf(token: string): string | null {
    if (!/^[A-Za-z0-9_-]{44}$/.test(token)) return null;
    const nonce = token.slice(0, 22);
    const given = Buffer.from(token.slice(22));
    const expected = Buffer.from(sign(nonce));
    return given.length === expected.length && timingSafeEqual(given, expected) ? sha256(nonce) : null;
  }

  async function limit(keys: [string, { max: number; windowMs: number }][]) {
    const limiter = await deps.limiter();
    for (const [key, l] of keys) {
      const r = await limiter.hit(key, l);
      if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
    }
  }

  const mail = createBookingMail(deps);
  const { notify, queueReminder, withdrawReminder } = mail;

  /** Refuse a start the rules do not offer (past, off hours, too far, a day off). */
  function checkOffered(slot: Date) {
    const offered = candidateSlots(deps.rules, new Date(now())).some((s) => s.getTime() === slot.getTime());
    if (!offered) throw new ServiceError('invalid-input', { slot: { key: 'meetings.error.slotUnavailable' } });
  }

  type Row = BookingRow;
  const localeOf = (r: Row): Locale => (r.locale === 'en' ? 'en' : 'es');
  const viewOf = (r: Row, status: BookingView['status'] = r.status): BookingView => ({
    startsAt: toDate(r.starts_at)!,
    endsAt: toDate(r.ends_at)!,
    name: r.name,
    company: r.company,
    timeZone: r.time_zone,
    locale: localeOf(r),
    status,
  });

  /** Use a manage link once (see meetingRows.consumeLink); `gone` when it was used or never existed. */
  async function consumeLink(
    q: Parameters<typeof rows.consumeLink>[0],
    hash: string,
    set: Parameters<typeof rows.consumeLink>[2],
  ): Promise<Row> {
    const r = await rows.consumeLink(q, hash, set);
    if (!r) throw new ServiceError('gone');
    return r;
  }

  /** A waiting booking request by its link (null: forged, used or past its day). */
  async function requestOf(token: string) {
    const hash = hashOf(token);
    if (!hash) return undefined;
    return rows.requestByHash(hash, new Date(now() - REQUEST_TTL_MS));
  }

  /** The booking itself: holds the slot (or `conflict`), invites both sides, queues the reminder. */
  async function createBooking(input: BookingInput, locale: Locale): Promise<{ token: string; startsAt: Date }> {
    const { token, hash } = newToken();
    const start = input.slot;
    const values = {
      uid: `${randomUUID()}@${new URL(deps.siteUrl).hostname}`,
      sequence: 0,
      name: input.name,
      email: input.email,
      company: input.company || null,
      message: input.message || null,
      time_zone: input.timeZone,
      locale,
      starts_at: start,
      ends_at: new Date(start.getTime() + deps.rules.slotMinutes * 60_000),
      slot_key: slotKey(start),
      manage_hash: hash,
    };
    let id: number;
    try {
      id = await rows.insertBooking(database.db, values);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ServiceError('conflict', { slot: { key: 'meetings.error.slotTaken' } });
      throw err;
    }
    const booked = {
      id,
      uid: values.uid,
      sequence: 0,
      name: values.name,
      email: values.email,
      company: values.company,
      message: values.message,
    };
    await notify('booked', booked, start, input.timeZone, locale, token);
    const reminder = await queueReminder(booked, start, input.timeZone, locale, token);
    if (reminder !== null) await rows.setReminder(id, reminder);
    return { token, startsAt: start };
  }

  const leads = createLeads(rows, { ...deps, now, newToken, hashOf });

  const service = {
    rules: deps.rules,
    /** The operators' lists and CSV exports (decision 074). */
    admin: createLeadAdmin(database.db),

    ...leads,

    /** A meeting request, limited per work address and per client address; confirmed from its email. */
    async requestMeeting(input: LeadInput, locale: Locale, ip: string): Promise<number> {
      await limit([[`lead:email:${input.email.toLowerCase()}`, LEAD_LIMITS.email], ...addressChecks('lead', ip, LEAD_LIMITS.ip)]);
      return leads.requestMeeting(input, locale);
    },

    /**
     * Retention (privacy policy, decision 028): meeting requests and bookings 24 months after the last
     * contact (the request, or the meeting), and delivered or failed emails 12 months after they were made.
     */
    async sweep(): Promise<{ leads: number; bookings: number; emails: number }> {
      const t = now();
      const twoYears = new Date(t - 730 * 24 * HOUR);
      // Requests nobody confirmed: a day for a booking (it held no slot), a week for a meeting request.
      const swept = await rows.sweep({
        keepUntil: twoYears,
        requestsBefore: new Date(t - REQUEST_TTL_MS),
        unconfirmedBefore: new Date(t - 7 * 24 * HOUR),
      });
      const emails = await (await deps.email()).sweepFinished(new Date(t - 365 * 24 * HOUR));
      return { ...swept, emails };
    },

    /** The starts still free, in time order. */
    async freeSlots(): Promise<Date[]> {
      const all = candidateSlots(deps.rules, new Date(now()));
      if (all.length === 0) return [];
      const taken = await rows.takenSlots(all[0]!);
      return all.filter((s) => !taken.has(slotKey(s)));
    },

    /**
     * Ask for a slot: the request holds nothing until the visitor confirms it from the link emailed to them
     * (confirmRequest), so an address typed by someone else never books a meeting.
     */
    async book(input: BookingInput, locale: Locale, ip: string): Promise<{ token: string; startsAt: Date }> {
      checkOffered(input.slot);
      await limit([
        [`booking:email:${input.email.toLowerCase()}`, BOOKING_LIMITS.email],
        ...addressChecks('booking', ip, BOOKING_LIMITS.ip),
      ]);
      const { token, hash } = newToken();
      await rows.insertRequest({
        token_hash: hash,
        name: input.name,
        email: input.email,
        company: input.company || null,
        message: input.message || null,
        time_zone: input.timeZone,
        locale,
        starts_at: input.slot,
        created_at: new Date(now()),
      });
      await mail.askToConfirm({ name: input.name, email: input.email }, input.slot, input.timeZone, locale, token);
      return { token, startsAt: input.slot };
    },

    /** The request a confirmation link stands for, while it waits (a day); else null. */
    async findRequest(token: string): Promise<BookingView | null> {
      const r = await requestOf(token);
      if (!r) return null;
      const startsAt = toDate(r.starts_at)!;
      const locale: Locale = r.locale === 'en' ? 'en' : 'es';
      const endsAt = new Date(startsAt.getTime() + deps.rules.slotMinutes * 60_000);
      return { startsAt, endsAt, name: r.name, company: r.company, timeZone: r.time_zone, locale, status: 'requested' };
    },

    /**
     * Confirm a request (its slot, or another free one when that was taken meanwhile): the booking is made
     * and both sides get the invite. The unique slot key decides between two visitors; the loser gets
     * `conflict` and keeps their request, to choose again.
     */
    async confirmRequest(token: string, slot?: Date, timeZone?: string): Promise<{ token: string; startsAt: Date }> {
      const r = await requestOf(token);
      if (!r) throw new ServiceError('gone');
      const start = slot ?? toDate(r.starts_at)!;
      checkOffered(start);
      const locale: Locale = r.locale === 'en' ? 'en' : 'es';
      const made = await createBooking(
        {
          name: r.name,
          email: r.email,
          company: r.company ?? '',
          message: r.message ?? '',
          timeZone: timeZone ?? r.time_zone,
          slot: start,
        },
        locale,
      );
      await rows.deleteRequest(r.id);
      return made;
    },

    /** The booking a manage link stands for, while the link is unused; else null. */
    async findByToken(token: string): Promise<BookingView | null> {
      const hash = hashOf(token);
      if (!hash) return null;
      const r = await rows.bookingByHash(hash);
      return r ? viewOf(r) : null;
    },

    /** Cancel through the manage link (single use): the slot is free again; both sides get a CANCEL invite. */
    async cancel(token: string): Promise<BookingView> {
      const hash = hashOf(token);
      if (!hash) throw new ServiceError('gone');
      const r = await consumeLink(database.db, hash, (b) => ({
        status: 'cancelled',
        slot_key: null,
        manage_hash: null,
        ended_at: new Date(now()),
        sequence: b.sequence + 1,
      }));
      await withdrawReminder(r.reminder_email_id);
      const view = viewOf(r, 'cancelled');
      await notify('cancelled', { ...r, sequence: r.sequence + 1 }, view.startsAt, r.time_zone, view.locale, null);
      return view;
    },

    /** Move to another free slot through the manage link (single use): same event, next SEQUENCE, new link. */
    async reschedule(token: string, slot: Date, timeZone: string): Promise<{ token: string; startsAt: Date }> {
      const hash = hashOf(token);
      if (!hash) throw new ServiceError('gone');
      checkOffered(slot);
      const next = newToken();
      const moved = await database.db.transaction().execute(async (trx) => {
        const r = await consumeLink(trx, hash, () => ({
          status: 'rescheduled',
          slot_key: null,
          manage_hash: null,
          ended_at: new Date(now()),
        }));
        let id: number;
        try {
          id = await rows.insertBooking(trx, {
            lead_id: r.lead_id,
            uid: r.uid,
            sequence: r.sequence + 1,
            name: r.name,
            email: r.email,
            company: r.company,
            message: r.message,
            time_zone: timeZone,
            locale: r.locale,
            starts_at: slot,
            ends_at: new Date(slot.getTime() + deps.rules.slotMinutes * 60_000),
            slot_key: slotKey(slot),
            manage_hash: next.hash,
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw new ServiceError('conflict', { slot: { key: 'meetings.error.slotTaken' } });
          throw err;
        }
        return { old: r, id };
      });
      const { old, id } = moved;
      await withdrawReminder(old.reminder_email_id);
      const locale = localeOf(old);
      const booked = {
        id,
        uid: old.uid,
        sequence: old.sequence + 1,
        name: old.name,
        email: old.email,
        company: old.company,
        message: old.message,
      };
      await notify('moved', booked, slot, timeZone, locale, next.token);
      const reminder = await queueReminder(booked, slot, timeZone, locale, next.token);
      if (reminder !== null) await rows.setReminder(id, reminder);
      return { token: next.token, startsAt: slot };
    },
  };
  return service;
}

export type MeetingService = ReturnType<typeof createMeetingService>;
