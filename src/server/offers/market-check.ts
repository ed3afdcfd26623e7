import 'server-only';
import type { Kysely } from 'kysely';
import { countries, type CountryId } from '../../domain/catalog';
import { LOCAL_CURRENCY, type OfferInput } from '../../domain/offer-input';
import type { Viewer } from '../accounts/session';
import type { DB } from '../db/schema';
import { ServiceError } from '../errors';
import type { RateLimiter } from '../limits/rate-limit';
import type { SalaryService } from '../salaries/salary-service';
import { countCandidates } from './data/candidates';

// The market check shown while an offer is written (decision 015, live since decision 088): the range for its
// role, country and seniority from the salary aggregates, the verdict on the typed range, and (on the page
// only) how many public profiles match. The live check a company's browser asks for as it types reads the
// aggregates only, and is counted per account by the shared rate limiter.
export type MarketQuery = Partial<
  Pick<OfferInput, 'role' | 'country' | 'seniority' | 'english' | 'modality' | 'salaryMin' | 'salaryMax' | 'currency' | 'period'>
>;

/** Live checks per account: one a keystroke pause, far above what typing asks for. */
export const LIVE_MARKET_RATE = { max: 120, windowMs: 60_000 };

export function createMarketCheck(
  db: Kysely<DB>,
  deps: {
    salaries: () => Promise<SalaryService>;
    limiter?: () => Promise<RateLimiter>;
    companyFor: (viewer: Viewer) => Promise<unknown>;
    usdMonth: (amount: number, currency: string, period: 'month' | 'year') => Promise<number>;
  },
) {
  async function rangeAndVerdict(o: MarketQuery) {
    if (!o.role || !o.country || !o.seniority) return null;
    const input = {
      country: o.country as CountryId,
      role: o.role,
      seniority: o.seniority,
      english: o.english ?? undefined,
      modality: o.modality,
    };
    const svc = await deps.salaries();
    const estimate = await svc.estimate(input);
    // "Local currency" is the offer country's own.
    const currency = o.currency === LOCAL_CURRENCY ? countries.find((c) => c.id === o.country)?.currency : o.currency;
    let verdict: 'low' | 'competitive' | 'high' | null = null;
    if (estimate && o.salaryMin && o.salaryMax && currency && o.period && o.salaryMin <= o.salaryMax) {
      try {
        const [min, max] = [await deps.usdMonth(o.salaryMin, currency, o.period), await deps.usdMonth(o.salaryMax, currency, o.period)];
        verdict = (await svc.verdict(input, min, max))?.verdict ?? null;
      } catch {
        verdict = null;
      }
    }
    return { estimate, verdict };
  }

  return {
    /** The range, the verdict and the matching public profiles, for the page's server-rendered check. */
    async market(o: MarketQuery) {
      const found = await rangeAndVerdict(o);
      if (!found) return null;
      const candidates = await countCandidates(db, { role: o.role, seniority: o.seniority, country: o.country });
      return { ...found, candidates };
    },

    /** The same range and verdict for a signed-in company's browser, as it types (no profile count). */
    async liveMarket(viewer: Viewer, o: MarketQuery) {
      await deps.companyFor(viewer);
      if (deps.limiter && viewer) {
        const r = await (await deps.limiter()).hit(`market:user:${viewer.id}`, LIVE_MARKET_RATE);
        if (!r.allowed) throw new ServiceError('rate-limited', {}, { retryAfterSeconds: r.retryAfterSeconds });
      }
      return rangeAndVerdict(o);
    },
  };
}
