import 'server-only';
import { fxRows } from '../salaries/fx-rates';
import type { Database } from '../db/client';
import { generationSum, PUBLIC_PAGES_GENERATION } from '../db/generations';
import { hiringCompanies, hiringCompanyCount, openOfferCount, publicProfileCount, type HiringCompany } from './data/marketplace-stats';
import type { FxRates } from '../../domain/pricing';
import type { SalaryService } from '../salaries/salary-service';

export type { HiringCompany } from './data/marketplace-stats';

// What the commercial pages (/hire, /match, /hire/landing, /hire/pricing) read (decision 027): live figures
// of the marketplace, the companies hiring now, and the FX table prices are shown with.

/** A live figure. `demo`: 'all' when it is demo data only (the salary figures on a demo install, decision
 * 024), 'some' when demo rows are among those counted (the demo world's offers and profiles), else null. */
export type Figure = { value: number; demo: 'all' | 'some' | null };
export type MarketplaceFigures = {
  openOffers: Figure;
  hiringCompanies: Figure;
  publicProfiles: Figure;
  certifiedProfiles: Figure;
  /** The salary reports behind every salary figure: the real ones once real data is in use, else the demo ones. */
  salaryReports: Figure;
};

const figure = ({ total, demo }: { total: number; demo: number }): Figure => ({
  value: total,
  demo: demo === 0 ? null : demo === total ? 'all' : 'some',
});

type Deps = {
  salaries: () => Promise<SalaryService>;
  now?: () => Date;
  /** The data version the counts are kept under (default: the public-pages generation, checked once a second). */
  version?: () => number | Promise<number>;
};

/** The counts are kept at most this long under one data version (offers and certificates expire with the clock). */
const COUNTS_TTL_MS = 60_000;

export function createMarketplaceService(database: Database, { salaries, now = () => new Date(), version }: Deps) {
  const { db } = database;
  const dataVersion =
    version ??
    (
      (watch) => () =>
        watch.get()
    )(generationSum(db, [PUBLIC_PAGES_GENERATION], { checkEveryMs: 1000, now: () => now().getTime() }));
  // The home page and the commercial pages show these on every render: counted once per data version (decision 057).
  let kept: { version: number; at: number; value: Promise<Awaited<ReturnType<typeof countAll>>> } | undefined;
  const countAll = (at: Date) =>
    Promise.all([openOfferCount(db, at), hiringCompanyCount(db, at), publicProfileCount(db, at), publicProfileCount(db, at, true)]);
  async function counts() {
    const v = await dataVersion();
    const at = now();
    if (!kept || kept.version !== v || at.getTime() - kept.at >= COUNTS_TTL_MS) {
      const value = countAll(at);
      kept = { version: v, at: at.getTime(), value };
      value.catch(() => kept?.value === value && (kept = undefined));
    }
    return kept.value;
  }
  return {
    async figures(): Promise<MarketplaceFigures> {
      const [[offers, companies, profiles, certified], all] = await Promise.all([
        counts(),
        // The aggregates are computed from the reports in use (reportsToUse): their widest group counts them.
        salaries().then((s) => s.stats({})),
      ]);
      return {
        openOffers: figure(offers),
        hiringCompanies: figure(companies),
        publicProfiles: figure(profiles),
        certifiedProfiles: figure(certified),
        salaryReports: all
          ? { value: all.n, demo: all.demoShare >= 1 ? 'all' : all.demoShare > 0 ? 'some' : null }
          : { value: 0, demo: null },
      };
    },

    /** Companies with open offers, most open offers first. */
    companiesHiring(limit = 12): Promise<HiringCompany[]> {
      return hiringCompanies(db, now(), Math.max(1, Math.min(48, Math.floor(limit))));
    },

    /** The FX table: local units per USD of each currency, with the date of each rate. */
    async fx(): Promise<FxRates> {
      const rows = await fxRows(db);
      return Object.fromEntries(rows.map((r) => [r.currency, { rate: Number(r.usd_rate), asOf: String(r.as_of) }]));
    },
  };
}
export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
