import 'server-only';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { neutralise } from '../offers/applicants-csv';
import { bookingsPage, leadsPage } from './data/lead-lists';

// The operators' leads and meetings section (decision 074): the meeting requests with their state (waiting
// for the requester's confirmation, or confirmed) and the bookings with theirs (confirmed, cancelled,
// rescheduled), keyset-paged, and each list as CSV like the applicants' export (decision 049): RFC 4180,
// UTF-8 with a BOM, formula-like cells neutralised.
const LIST_SIZE = 50;
/** A CSV export holds at most this many rows, newest first (read in keyset pages, never one big read). */
const CSV_MAX = 10_000;

const page = <T extends { id: number }>(rows: T[]) => {
  const items = rows.slice(0, LIST_SIZE);
  return { items, next: rows.length > LIST_SIZE ? items.at(-1)!.id : null };
};

export type LeadState = 'unconfirmed' | 'confirmed';
const stateOf = (confirmedAt: Date | null): LeadState => (confirmedAt ? 'confirmed' : 'unconfirmed');
const iso = (d: Date | null) => d?.toISOString() ?? '';

export function createLeadAdmin(db: Kysely<DB>) {
  async function all<T extends { id: number }>(read: (before: number | null, limit: number) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    let before: number | null = null;
    while (out.length < CSV_MAX) {
      const rows = await read(before, 500);
      out.push(...rows);
      if (rows.length < 500) break;
      before = rows.at(-1)!.id;
    }
    return out.slice(0, CSV_MAX);
  }
  const csv = (header: string[], records: string[][]) =>
    stringify([header, ...records.map((r) => r.map(neutralise))], { bom: true, record_delimiter: 'windows' });

  return {
    async leads(before: number | null) {
      return page((await leadsPage(db, before, LIST_SIZE + 1)).map((r) => ({ ...r, state: stateOf(r.confirmed_at) })));
    },
    async bookings(before: number | null) {
      return page(await bookingsPage(db, before, LIST_SIZE + 1));
    },
    async leadsCsv(): Promise<string> {
      const rows = await all((b, l) => leadsPage(db, b, l));
      return csv(
        ['id', 'created_at', 'state', 'name', 'email', 'company', 'phone', 'country', 'company_size', 'roles', 'message', 'locale'],
        rows.map((r) => [
          String(r.id),
          iso(r.created_at),
          stateOf(r.confirmed_at),
          r.name,
          r.email,
          r.company ?? '',
          r.phone ?? '',
          r.country ?? '',
          r.company_size ?? '',
          r.roles ?? '',
          r.message ?? '',
          r.locale,
        ]),
      );
    },
    async bookingsCsv(): Promise<string> {
      const rows = await all((b, l) => bookingsPage(db, b, l));
      return csv(
        ['id', 'created_at', 'starts_at', 'status', 'name', 'email', 'company', 'time_zone', 'message', 'locale'],
        rows.map((r) => [
          String(r.id),
          iso(r.created_at),
          iso(r.starts_at),
          r.status,
          r.name,
          r.email,
          r.company ?? '',
          r.time_zone,
          r.message ?? '',
          r.locale,
        ]),
      );
    },
  };
}
