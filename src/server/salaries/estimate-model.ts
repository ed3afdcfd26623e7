import 'server-only';
import { groupKey, type GroupFilter } from './data/aggregates';
import { confidenceOf, type Confidence } from '../../domain/salary-confidence';

// The calculator's estimate (decision 051): partial pooling on log pay. A profile is a chain of nested
// groups, country → role → seniority → each optional answer (employer, English, modality) in that order.
// Each group's own mean log pay is pooled with a prior by how many reports it has:
//   estimate = (n · own mean + κ · prior) / (n + κ)
// The role's prior is the country's mean. Every later step's prior is the step before moved by what that
// same answer does in the same country among all roles at the same seniority and earlier answers (a second
// chain without the role, pooled the same way). So each effect is measured on the population it is applied
// to, and a thin group is drawn toward its well-measured parent instead of being multiplied by effects
// measured elsewhere. The range is the middle half of a log-normal with the pooled spread, widened by the
// estimate's own uncertainty; nothing goes below the country's minimum wage.

/** A group's statistics as the model reads them (from the aggregates). */
export type Moments = { n: number; mean: number; sd: number; sources: number };
export type MomentsLookup = (filter: GroupFilter) => Moments | undefined;

const OPTIONAL_ANSWERS = ['employer', 'english', 'modality'] as const;
type OptionalAnswer = (typeof OPTIONAL_ANSWERS)[number];
export type Profile = { country: string; role: string; seniority: string } & Partial<Record<OptionalAnswer, string>>;

/**
 * How many reports' worth of weight the prior gets at each step (the ratio of the spread within groups to
 * the spread between sibling groups, σ²/τ²). Chosen by the cross-validation of `npm run salaries:validate`
 * on the public surveys; the committed baseline keeps them honest.
 */
const KAPPA = { role: 10, seniority: 8, answer: 12, spread: 10 } as const;
/** The 25th and 75th percentiles of a normal distribution are this many standard deviations from its mean. */
const Z_QUARTILE = 0.6744897501960817;

export type Step = {
  /** What this step adds to the group: 'role', 'seniority' or an optional answer. */
  dimension: 'country' | 'role' | 'seniority' | OptionalAnswer;
  value: string;
  /** Reports in the group of this step (0 when there are none). */
  n: number;
  /** The share of the step's estimate that comes from its own reports (the rest from its prior). */
  weight: number;
};

export type ModelEstimate = {
  /** US$ a month. */
  low: number;
  median: number;
  high: number;
  confidence: Confidence;
  /** Reports of the role at the seniority in the country: what the grade counts. */
  n: number;
  sources: number;
  steps: Step[];
  /** Whether the minimum wage raised the range. */
  floored: boolean;
};

const pool = (g: Moments | undefined, prior: number, kappa: number) =>
  g && g.n > 0 ? (g.n * g.mean + kappa * prior) / (g.n + kappa) : prior;
const poolSd = (g: Moments | undefined, prior: number) =>
  g && g.n > 1 ? Math.sqrt((g.n * g.sd ** 2 + KAPPA.spread * prior ** 2) / (g.n + KAPPA.spread)) : prior;

/**
 * The estimate for a profile, or null when the country has no reports at all. `minUsd` is the country's
 * minimum monthly wage for full-time work in US$.
 */
export function estimateProfile(profile: Profile, lookup: MomentsLookup, minUsd: number): ModelEstimate | null {
  const country = lookup({ country: profile.country });
  if (!country || country.n === 0) return null;
  const answers = OPTIONAL_ANSWERS.filter((a) => profile[a]);
  const later: { dimension: 'seniority' | OptionalAnswer; value: string }[] = [
    { dimension: 'seniority', value: profile.seniority },
    ...answers.map((a) => ({ dimension: a, value: profile[a]! })),
  ];

  // The chain without the role: what seniority and each answer do in the country, among all roles.
  const base: number[] = [country.mean];
  let wide: GroupFilter = { country: profile.country };
  for (const s of later) {
    wide = { ...wide, [s.dimension]: s.value };
    const kappa = s.dimension === 'seniority' ? KAPPA.seniority : KAPPA.answer;
    base.push(pool(lookup(wide), base[base.length - 1]!, kappa));
  }

  // The profile's own chain.
  const steps: Step[] = [{ dimension: 'country', value: profile.country, n: country.n, weight: 1 }];
  let filter: GroupFilter = { country: profile.country, role: profile.role };
  const role = lookup(filter);
  let theta = pool(role, country.mean, KAPPA.role);
  let sd = poolSd(role, country.sd);
  let n = role?.n ?? 0;
  steps.push({ dimension: 'role', value: profile.role, n, weight: n / (n + KAPPA.role) });
  let core: Moments | undefined;
  later.forEach((s, i) => {
    filter = { ...filter, [s.dimension]: s.value };
    const g = lookup(filter);
    const kappa = s.dimension === 'seniority' ? KAPPA.seniority : KAPPA.answer;
    const prior = theta + (base[i + 1]! - base[i]!);
    theta = pool(g, prior, kappa);
    sd = poolSd(g, sd);
    n = g?.n ?? 0;
    steps.push({ dimension: s.dimension, value: s.value, n, weight: n / (n + kappa) });
    if (s.dimension === 'seniority') core = g;
  });

  // The middle half of the reports like this one, widened by how uncertain the estimate itself is.
  const last = steps[steps.length - 1]!;
  const se2 = sd ** 2 / (last.n + KAPPA.answer);
  const half = Z_QUARTILE * Math.sqrt(sd ** 2 + se2);
  let low = Math.exp(theta - half);
  let median = Math.exp(theta);
  let high = Math.exp(theta + half);
  const floored = low < minUsd;
  if (floored) {
    low = minUsd;
    median = Math.max(median, minUsd);
    high = Math.max(high, minUsd);
  }
  const coreN = core?.n ?? 0;
  const sources = core?.sources ?? 0;
  return {
    low: Math.round(low),
    median: Math.round(median),
    high: Math.round(high),
    confidence: confidenceOf({ n: coreN, sources, spread: Math.log(high / low) }),
    n: coreN,
    sources,
    steps,
    floored,
  };
}

/** The key under which a lookup finds a filter's group (the aggregates' group key). */
export const momentsKey = groupKey;
