import 'server-only';
import type { Kysely } from 'kysely';
import type { CalculatorInput } from '../../domain/calculator';
import type { DB } from '../db/schema';
import { MIN_REPORTS, type Dimension, type GroupFilter } from './data/aggregates';
import { groupsOfReport } from './data/aggregate-groups';
import { hasReport, reportWithSkills, upsertUserReport, usdRate } from './data/reports';
import { SOURCES } from './importers';
import { implausibleReason } from './minimum-wages';
import { currencyOf } from './mapping';
import { outlierFences } from './outlier-fences';

// Salaries that users contribute at the calculator (decision 016). A contribution becomes a report of the
// source 'tandem-users' only when it passes an outlier check against the reports already there, so that a
// typo (a yearly figure, a missing zero, the wrong currency) cannot move anybody's estimate. One report
// per user: contributing again replaces the earlier one.
const CONTRIBUTION_SOURCE = SOURCES['tandem-users']!;

export type ContributionAmount = { amount: number; currency: 'local' | 'USD' };
export type ContributionResult =
  { status: 'accepted'; usdMonth: number; localMonth: number; currency: string } | { status: 'outlier' | 'implausible'; usdMonth: number };

type Stats = { n: number; usd: { p25: number; p75: number } } | null;
type Deps = {
  /** The group statistics the pages read (salary service). */
  stats: (f: GroupFilter) => Promise<Stats>;
  /** Called after a report was stored with the groups it (and the report it replaced) belong to: the
   *  caller refreshes those (debounced). */
  onNewReport: (touched: { dims: Dimension[]; filter: GroupFilter }[]) => void;
  now?: () => Date;
};

export function createContributions(db: Kysely<DB>, { stats, onNewReport, now = () => new Date() }: Deps) {
  /** The most specific group with enough reports to judge a salary against. */
  async function reference(input: CalculatorInput) {
    const { country, role, seniority } = input;
    for (const f of [{ country, role, seniority }, { country, role }, { role, seniority }, { country }] as GroupFilter[]) {
      const s = await stats(f);
      if (s && s.n >= MIN_REPORTS) return s;
    }
    return null;
  }

  /** The user's report, replacing an earlier one, with its skills (one transaction). */
  async function store(
    external_id: string,
    input: CalculatorInput,
    { rate, currency, localMonth, usdMonth }: { rate: number; currency: string; localMonth: number; usdMonth: number },
  ) {
    // One statement inserts the report or replaces the user's earlier one: two contributions of one user at
    // once (two tabs, two instances) queue on the key instead of both inserting; the later one is kept.
    const report = {
      source_licence: CONTRIBUTION_SOURCE.licence,
      country: input.country,
      role: input.role,
      seniority: input.seniority,
      years: null,
      english: input.english ?? null,
      modality: input.modality ?? null,
      employer: input.employer ?? null,
      contract: null,
      currency: rate > 0 ? currency : 'USD',
      amount: rate > 0 ? localMonth : usdMonth,
      period: 'month' as const,
      gross: 1,
      local_month: localMonth,
      usd_month: usdMonth,
      is_demo: 0,
      collected_at: now().toISOString(),
    };
    const skills = [...new Set(input.skills)].slice(0, 10);
    const before = await reportWithSkills(db, CONTRIBUTION_SOURCE.id, external_id);
    await upsertUserReport(db, { source: CONTRIBUTION_SOURCE.id, external_id }, report, skills);
    const currencyOfCountry = (c: string) => currencyOf(c as CalculatorInput['country']);
    // The groups the new report joins and the ones the replaced report leaves.
    return [...(before ? groupsOfReport(before, currencyOfCountry) : []), ...groupsOfReport({ ...report, skills }, currencyOfCountry)];
  }

  return {
    /** Judge a gross monthly salary for the calculator's inputs and store it as the user's report if it passes. */
    async contribute(userId: number, input: CalculatorInput, pay: ContributionAmount): Promise<ContributionResult> {
      const currency = currencyOf(input.country);
      const rate = (await usdRate(db, currency)) ?? NaN;
      if (pay.currency === 'local' && !(rate > 0)) return { status: 'implausible', usdMonth: 0 };
      const usdMonth = Math.round(pay.currency === 'USD' ? pay.amount : pay.amount / rate);
      // The importers' rule: not under the country's minimum wage, not above the plausible maximum.
      if (implausibleReason(input.country, usdMonth, rate > 0 ? { [currency]: rate } : {})) return { status: 'implausible', usdMonth };
      const ref = await reference(input);
      if (ref) {
        const { low, high } = outlierFences(ref.usd.p25, ref.usd.p75);
        if (usdMonth < low || usdMonth > high) return { status: 'outlier', usdMonth };
      }
      const localMonth = rate > 0 ? Math.round(pay.currency === 'local' ? pay.amount : pay.amount * rate) : usdMonth;
      const external_id = `user:${userId}`;
      onNewReport(await store(external_id, input, { rate, currency, localMonth, usdMonth }));
      return { status: 'accepted', usdMonth, localMonth, currency: rate > 0 ? currency : 'USD' };
    },

    async hasContributed(userId: number): Promise<boolean> {
      return hasReport(db, CONTRIBUTION_SOURCE.id, `user:${userId}`);
    },
  };
}
export type Contributions = ReturnType<typeof createContributions>;

/**
 * Runs a refresh at most once per `delayMs`, however many reports arrive, and never two at a time in this
 * process. `flush()` runs a pending refresh now (tests, shutdown).
 */
export function debouncedRefresh(refresh: () => Promise<unknown>, delayMs: number, onError: (e: unknown) => void = () => {}) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    timer = null;
    if (running) {
      again = true;
      return running;
    }
    running = refresh().then(
      () => undefined,
      (e) => onError(e),
    );
    await running;
    running = null;
    if (again) {
      again = false;
      await run();
    }
  };
  return {
    schedule() {
      if (!timer) {
        timer = setTimeout(() => void run(), delayMs);
        timer.unref?.();
      }
    },
    async flush() {
      if (timer) {
        clearTimeout(timer);
        await run();
      } else if (running) await running;
    },
  };
}
