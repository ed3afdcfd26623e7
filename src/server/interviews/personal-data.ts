import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { interviewsData } from './data/personal-data';

/** What the interviews domain holds about a person, for their data export (decision 072). */
export async function interviewsPart(db: Kysely<DB>, userId: number, accountType: 'match' | 'hire') {
  return { data: { interviews: await interviewsData(db, userId, accountType) }, files: [] };
}
