import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { uploadKeyOf } from '../uploads/upload-store';
import { accountPersonalData } from './data/personal-data';

// What the accounts domain holds about a person, for their data export (decision 072), and the files of it.
export async function accountsPart(db: Kysely<DB>, userId: number) {
  const data = await accountPersonalData(db, userId);
  const files = [uploadKeyOf(data.account?.profile_picture_path), data.cv?.key ?? null].filter((k): k is string => !!k);
  return { data, files };
}
