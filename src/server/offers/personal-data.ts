import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { uploadKeyOf } from '../uploads/upload-store';
import { candidateOffersData, memberCompanyData } from './data/personal-data';

// What the offers domain holds about a person, for their data export (decision 072): a candidate's
// applications and saved offers; a company member's company (its logo among the files) and, for an owner,
// its offers.
export async function offersPart(db: Kysely<DB>, userId: number, accountType: 'match' | 'hire') {
  if (accountType === 'match') return { data: await candidateOffersData(db, userId), files: [] };
  const data = await memberCompanyData(db, userId);
  return { data, files: data.companies.map((c) => uploadKeyOf(c.logo_path)).filter((k): k is string => !!k) };
}
