// How sure a salary figure is (decision 051): a grade from the number of reports behind it, how many
// independent sources gave them and how spread their pay is. Pages say the grade in words beside the
// figure; below "low" they show no number at all. Neutral module: pages, the calculator, the offer verdict
// and the validation script all grade alike.
export const CONFIDENCE = ['high', 'medium', 'low', 'insufficient'] as const;
export type Confidence = (typeof CONFIDENCE)[number];

/** Fewer reports than this make no figure anyone should act on: the page names what is missing instead. */
export const MIN_FIGURE_REPORTS = 10;
export const MEDIUM_REPORTS = 25;
export const HIGH_REPORTS = 60;
/** One source must be this large for a high grade: a single survey may reach only part of a market. */
export const HIGH_SINGLE_SOURCE = 100;
/** ln(p75 / p25) above this (the middle half spans more than x3) costs one grade, never below "low". */
export const WIDE_SPREAD = Math.log(3);

export type ConfidenceInput = {
  n: number;
  /** Distinct sources behind the reports. */
  sources: number;
  /** ln(p75 / p25) of the pay; 0 when unknown. */
  spread: number;
};

/** ln(p75 / p25), 0 when either quartile is missing or not positive. */
export const spreadOf = (p25: number, p75: number): number => (p25 > 0 && p75 > 0 ? Math.log(p75 / p25) : 0);

export function confidenceOf({ n, sources, spread }: ConfidenceInput): Confidence {
  if (!(n >= MIN_FIGURE_REPORTS)) return 'insufficient';
  let rank = n >= HIGH_REPORTS && (sources >= 2 || n >= HIGH_SINGLE_SOURCE) ? 0 : n >= MEDIUM_REPORTS ? 1 : 2;
  if (spread > WIDE_SPREAD) rank = Math.min(2, rank + 1);
  return CONFIDENCE[rank]!;
}

/** Whether a figure of this grade may be shown as a number. */
export const showsNumber = (c: Confidence) => c !== 'insufficient';

/** For ordering: better-supported first. */
export const confidenceRank = (c: Confidence) => CONFIDENCE.indexOf(c);
