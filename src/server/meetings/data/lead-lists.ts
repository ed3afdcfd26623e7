import 'server-only';
import type { Kysely } from 'kysely';
import { toDate, type DB } from '../../db/schema';

// The operators' lists of meeting requests (leads) and booked meetings (decision 074): newest first, by id
// (the primary key: a keyset page reads `limit` rows, whatever the table's size).

export async function leadsPage(db: Kysely<DB>, before: number | null, limit: number) {
  let q = db
    .selectFrom('leads')
    .select([
      'id',
      'name',
      'email',
      'company',
      'phone',
      'country',
      'company_size',
      'roles',
      'message',
      'locale',
      'created_at',
      'confirmed_at',
    ])
    .orderBy('id', 'desc')
    .limit(limit);
  if (before !== null) q = q.where('id', '<', before);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, created_at: toDate(r.created_at)!, confirmed_at: toDate(r.confirmed_at) }));
}

export async function bookingsPage(db: Kysely<DB>, before: number | null, limit: number) {
  let q = db
    .selectFrom('bookings')
    .select(['id', 'name', 'email', 'company', 'message', 'time_zone', 'locale', 'starts_at', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (before !== null) q = q.where('id', '<', before);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, starts_at: toDate(r.starts_at)!, created_at: toDate(r.created_at)! }));
}
