import { confidenceRank, type Confidence } from '../../domain/salary-confidence';

// Decision 052: a thin group is never ranked above better-supported ones. A list of salary groups (best paid
// first, as the service gives it) keeps its order among the "high" and "medium" groups, and puts the "low"
// ones (and any without a figure) after them, apart, under "Few reports". A handful of reports from one
// survey can pay more than a large group by chance; ranked with the others it would top a "By role" list.

/** Whether a group of this grade is ranked with the others by its median: "medium" or better. */
const isRanked = (c: Confidence) => confidenceRank(c) <= confidenceRank('medium');

/** The rows split in two, each part in the order given: the ranked ones and the few-reports ones. */
export function splitByConfidence<R>(rows: readonly R[], gradeOf: (row: R) => Confidence): { ranked: R[]; few: R[] } {
  const ranked: R[] = [];
  const few: R[] = [];
  for (const r of rows) (isRanked(gradeOf(r)) ? ranked : few).push(r);
  return { ranked, few };
}

/** The rows with the few-reports ones moved after the others (take a list's top N after this, not before). */
export function orderByConfidence<R>(rows: readonly R[], gradeOf: (row: R) => Confidence): R[] {
  const { ranked, few } = splitByConfidence(rows, gradeOf);
  return [...ranked, ...few];
}
