import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { learningData } from './data/personal-data';

/** What the learning domain holds about a person, for their data export (decision 072). */
export async function learningPart(db: Kysely<DB>, userId: number) {
  return { data: await learningData(db, userId), files: [] };
}
