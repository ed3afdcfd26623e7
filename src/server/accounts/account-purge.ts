import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { UploadStore } from '../uploads/upload-store';
import { uploadKeyOf } from '../uploads/upload-store';
import { dueForPurge, filesOf, liveCertificates, purgeAccount, soleOwnedCompany, stillDue } from './data/account-deletion';

// The housekeeping's step of account deletion (decision 073): every account whose 30 days of grace are over
// is purged, each in its own transaction (a run cut short is finished by the next one). Its certificates are
// revoked first (the status list says so to whoever holds one), then every row of the person goes, then its
// uploaded files (picture, CV, the logo of a company that closed with it, their data exports).

/** The salary source of users' contributions (salaries/importers.ts): their report stays, unlinked. */
const CONTRIBUTION_SOURCE = 'tandem-users';
const BATCH = 50;

type Deps = {
  db: Kysely<DB>;
  now: () => number;
  store?: () => Promise<UploadStore>;
  /** The learning service's revoke (decision 067). */
  revoke?: (slug: string, reason: string) => Promise<unknown>;
};

export function createAccountPurge({ db, now, store, revoke }: Deps) {
  return {
    /** Purge the accounts due; how many went. */
    async purgeDue(): Promise<number> {
      let purged = 0;
      for (;;) {
        const due = await dueForPurge(db, new Date(now()), BATCH);
        for (const userId of due) if (await this.purge(userId)) purged++;
        if (due.length < BATCH) return purged;
      }
    },

    /** One account's purge (only when it is due: a sign-in may have cancelled it meanwhile). */
    async purge(userId: number): Promise<boolean> {
      for (const slug of await liveCertificates(db, userId))
        await revoke?.(slug, 'account deleted').catch((e: unknown) => console.warn(`[accounts] certificate ${slug} not revoked:`, e));
      const files = await filesOf(db, userId);
      const logo = (await soleOwnedCompany(db, userId))?.logo_path ?? null;
      const done = await db.transaction().execute(async (trx) => {
        if (!(await stillDue(trx, userId, new Date(now())))) return false;
        return purgeAccount(trx, userId, CONTRIBUTION_SOURCE);
      });
      if (!done) return false;
      const s = await store?.();
      for (const key of [uploadKeyOf(files.picture), files.cvKey, uploadKeyOf(logo), ...files.exportKeys])
        if (s && key) await s.delete(key).catch((e: unknown) => console.warn(`[accounts] could not remove ${key}:`, e));
      console.log(`[accounts] account ${userId} purged (deleted by its owner 30 days ago)`);
      return true;
    },
  };
}
