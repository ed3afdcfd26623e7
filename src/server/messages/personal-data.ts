import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { candidateMessagesData, memberMessagesData } from './data/personal-data';

/** What the messages domain holds about a person, for their data export (decision 072). */
export async function messagesPart(db: Kysely<DB>, userId: number, accountType: 'match' | 'hire') {
  return { data: accountType === 'match' ? await candidateMessagesData(db, userId) : await memberMessagesData(db, userId), files: [] };
}
