// The outlier rule of salaries (decision 016): what a contribution is judged by, and what the aggregates'
// rebuild flags reports with for the operators (decision 075).

/**
 * Tukey's "far out" fences (k = 3) on the logarithm of pay: pay is skewed, so the fences are symmetric in
 * ratios (a third of the 25th percentile is as odd as three times the 75th). The spread is never taken
 * as narrower than 25 %, so a tight group does not refuse ordinary salaries.
 */
export function outlierFences(p25: number, p75: number, k = 3): { low: number; high: number } {
  const a = Math.log(p25);
  const b = Math.log(p75);
  const spread = Math.max(b - a, Math.log(1.25));
  return { low: Math.exp(a - k * spread), high: Math.exp(b + k * spread) };
}
