import 'server-only';
import { FIGURES_TAG, profileTag } from '../../../domain/page-purge';
import type { Database } from '../../db/client';
import { writeWithPurge } from '../../db/page-purges';
import { toDate } from '../../db/schema';
import { ServiceError } from '../../errors';
import { offersForPurge, offersPurge } from '../../offers/offer-purge';
import { companyOfUser } from '../data/profiles';
import {
  accountActivity,
  accountById,
  closeBlock,
  insertBlock,
  moveOffers,
  openBlock,
  publishedOfferIds,
  restoreUser,
  searchAccounts,
  suspendUser,
} from '../data/account-blocks';
import type { AuditEntry } from './operator-service';

// The operators' account section (decision 074): search, an account's page, block and unblock. A block
// suspends the account (sign-in refused with its own message, every session ends: the token version
// moves), hides its public profile (the profile queries leave suspended accounts out) and pauses its
// company's published offers; an unblock restores the status it had and publishes those offers again
// (those still paused). Both purge the pages they touch and write the audit log, before and after.

const PAGE_SIZE = 50;
const REASON_MAX = 500;
const ACTIVITY = 10;

/** The operator acting (operatorOf's answer). */
export type Actor = { id: number; email: string };

/** A reason typed in a form: required, at most REASON_MAX characters. */
function reasonOf(raw: string | undefined): string {
  const why = (raw ?? '').trim();
  if (!why) throw new ServiceError('invalid-input', { reason: { key: 'api.field.required' } });
  if (why.length > REASON_MAX)
    throw new ServiceError('invalid-input', { reason: { key: 'api.field.tooLong', params: { max: REASON_MAX } } });
  return why;
}

export function createAccountAdmin(
  database: Database,
  operators: { record: (entry: AuditEntry) => Promise<void> },
  now: () => number = Date.now,
) {
  const { db } = database;
  const actorOf = (a: Actor) => ({ kind: 'operator' as const, userId: a.id, email: a.email });

  async function purgeOf(trx: Parameters<Parameters<typeof writeWithPurge>[1]>[0], slug: string | null, offerIds: number[], at: Date) {
    const offers = await offersForPurge(trx, { ids: offerIds });
    return offersPurge(offers, at, slug ? [profileTag(slug), FIGURES_TAG] : [FIGURES_TAG]);
  }

  return {
    /**
     * Accounts by a prefix of their email (when the query has an @) or of their first name, newest first,
     * PAGE_SIZE a page; `next` is the cursor (an id) of the following page.
     */
    async search(query: string, before: number | null) {
      const q = query.trim().toLowerCase().slice(0, 254);
      if (q.length < 2) return { items: [], next: null };
      const rows = await searchAccounts(db, q.includes('@') ? 'email' : 'name', q, before, PAGE_SIZE + 1);
      const items = rows.slice(0, PAGE_SIZE);
      return { items, next: rows.length > PAGE_SIZE ? items.at(-1)!.id : null };
    },

    /** An account with its recent activity and its open block; null when there is none. */
    async account(id: number) {
      const user = await accountById(db, id);
      if (!user) return null;
      const company = user.account_type === 'hire' ? await companyOfUser(db, id) : undefined;
      const [activity, block] = await Promise.all([accountActivity(db, id, company?.id ?? null, ACTIVITY), openBlock(db, id)]);
      return {
        ...user,
        created_at: toDate(user.created_at)!,
        company: company ? { name: company.name, slug: company.slug } : null,
        activity,
        block,
      };
    },

    async block(actor: Actor, userId: number, rawReason: string | undefined) {
      const reason = reasonOf(rawReason);
      const user = await accountById(db, userId);
      if (!user) throw new ServiceError('not-found');
      if (user.user_status === 'suspended') throw new ServiceError('conflict');
      if (user.id === actor.id) throw new ServiceError('forbidden');
      const company = user.account_type === 'hire' ? await companyOfUser(db, userId) : undefined;
      const at = new Date(now());
      const paused = await writeWithPurge(
        db,
        async (trx) => {
          if (!(await suspendUser(trx, userId, at))) return null;
          const ids = company ? await publishedOfferIds(trx, company.id) : [];
          const before = await offersForPurge(trx, { ids });
          await moveOffers(trx, ids, 'published', 'paused', at);
          await insertBlock(trx, {
            user_id: userId,
            reason,
            previous_status: user.user_status as 'active' | 'pending-confirmation',
            paused_offer_ids: ids,
            blocked_by: actor.email.slice(0, 300),
            blocked_at: at,
          });
          return { ids, purge: offersPurge(before, at, user.profile_slug ? [profileTag(user.profile_slug), FIGURES_TAG] : [FIGURES_TAG]) };
        },
        (out) => out?.purge ?? null,
      );
      if (!paused) throw new ServiceError('conflict');
      await operators.record({
        actor: actorOf(actor),
        action: 'account.block',
        target: { type: 'user', id: userId },
        before: { status: user.user_status },
        after: { status: 'suspended', reason, pausedOffers: paused.ids },
      });
    },

    async unblock(actor: Actor, userId: number, rawReason: string | undefined) {
      const reason = reasonOf(rawReason);
      const block = await openBlock(db, userId);
      const user = await accountById(db, userId);
      if (!user || !block) throw new ServiceError('not-found');
      const at = new Date(now());
      const done = await writeWithPurge(
        db,
        async (trx) => {
          if (!(await restoreUser(trx, userId, block.previous_status, at))) return null;
          await moveOffers(trx, block.pausedOfferIds, 'paused', 'published', at);
          await closeBlock(trx, block.id, actor.email.slice(0, 300), reason, at);
          return purgeOf(trx, user.profile_slug, block.pausedOfferIds, at);
        },
        (purge) => purge,
      );
      if (!done) throw new ServiceError('conflict');
      await operators.record({
        actor: actorOf(actor),
        action: 'account.unblock',
        target: { type: 'user', id: userId },
        before: { status: 'suspended', blockReason: block.reason },
        after: { status: block.previous_status, reason, republishedOffers: block.pausedOfferIds },
      });
    },
  };
}
