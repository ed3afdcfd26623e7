import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { countDraftsOf, deleteDraft, draftExists, loadDraft, saveDraft, sweepDrafts } from './data/company-offers';
import { ServiceError } from '../errors';
import { addressChecks, addressGroup, type RateLimiter } from '../limits/rate-limit';

// Offers typed before signing up (decision 015): kept server-side for 7 days under a token that lives in
// the visitor's cookie, limited per client address. Part of the hiring service (createHiringService).
const DAY = 86_400_000;
const DRAFT_DAYS = 7;
/** Anonymous drafts: what one client address may keep, and how big one may be. */
export const DRAFT_LIMITS = { perClient: 5, maxChars: 24_000, rate: { max: 20, windowMs: 15 * 60_000 } } as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createOfferDrafts(db: Kysely<DB>, deps: { limiter?: () => Promise<RateLimiter>; now: () => Date }) {
  const { now } = deps;
  return {
    /** Anonymous drafts older than 7 days are deleted (run at start-up and hourly). */
    sweepDrafts: () => sweepDrafts(db, new Date(now().getTime() - DRAFT_DAYS * DAY)),

    /**
     * Keep what an anonymous visitor typed until they have an account; the token goes in their cookie. A
     * visitor who already holds a draft overwrites it; a new draft counts against the client address's rate
     * and its number of live drafts, and nothing over the size cap is kept.
     */
    async stashDraft(values: Record<string, string | string[]>, meta: { ip: string; token?: string }): Promise<string> {
      const data = JSON.stringify(values);
      if (data.length > DRAFT_LIMITS.maxChars)
        throw new ServiceError('invalid-input', { description: { key: 'hire.error.draftTooLarge' } });
      const since = new Date(now().getTime() - DRAFT_DAYS * DAY);
      if (meta.token && /^[A-Za-z0-9_-]{20,64}$/.test(meta.token) && (await draftExists(db, hashToken(meta.token), since))) {
        await saveDraft(db, hashToken(meta.token), data, now(), null);
        return meta.token;
      }
      const clientKey = createHash('sha256')
        .update(`draft:${addressGroup(meta.ip)}`)
        .digest('hex');
      if (deps.limiter) {
        const limiter = await deps.limiter();
        for (const [key, limit] of addressChecks('draft', meta.ip, DRAFT_LIMITS.rate)) {
          const r = await limiter.hit(key, limit);
          if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
        }
      }
      if ((await countDraftsOf(db, clientKey, since)) >= DRAFT_LIMITS.perClient)
        throw new ServiceError('rate-limited', {}, { retryAfterSeconds: DRAFT_DAYS * 86_400 });
      const token = randomBytes(24).toString('base64url');
      await saveDraft(db, hashToken(token), data, now(), clientKey);
      return token;
    },
    async draft(token: string | undefined): Promise<Record<string, string | string[]> | null> {
      if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
      const row = await loadDraft(db, hashToken(token), new Date(now().getTime() - DRAFT_DAYS * DAY));
      if (!row) return null;
      try {
        const v = JSON.parse(row.data) as unknown;
        return v && typeof v === 'object' ? (v as Record<string, string | string[]>) : null;
      } catch {
        return null;
      }
    },
    async dropDraft(token: string | undefined) {
      if (token) await deleteDraft(db, hashToken(token), new Date(now().getTime() - DRAFT_DAYS * DAY));
    },
  };
}
