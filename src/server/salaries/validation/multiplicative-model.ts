import 'server-only';
import type { GroupFilter } from '../data/aggregates';

// The estimate the calculator used before decision 051, kept only so `npm run salaries:validate` can print
// the new model beside it: the most specific group with enough reports (falling back to wider ones, moved by
// ratios of medians), then multiplied by the ratio of medians of each answer (English, modality), each
// measured on its own population and clamped to 0.6-1.6; its range is the base group's quartiles, scaled.
export type Quartiles = { n: number; p25: number; p50: number; p75: number };
export type QuartilesLookup = (filter: GroupFilter) => Quartiles | undefined;

const MIN = 5;
const clamp = (r: number) => Math.min(1.6, Math.max(0.6, r));

export function multiplicativeEstimate(
  input: { country: string; role: string; seniority: string; english?: string; modality?: string },
  lookup: QuartilesLookup,
): { low: number; median: number; high: number } | null {
  const usable = (f: GroupFilter) => {
    const s = lookup(f);
    return s && s.n >= MIN ? s : null;
  };
  const ratio = (narrow: GroupFilter, wide: GroupFilter) => {
    const a = usable(narrow);
    const b = usable(wide);
    return a && b ? clamp(a.p50 / b.p50) : null;
  };
  const first = (pairs: [GroupFilter, GroupFilter][]) => {
    for (const [n, w] of pairs) {
      const r = ratio(n, w);
      if (r) return r;
    }
    return null;
  };
  const { country, role, seniority } = input;
  const seniorityRatio = () =>
    first([
      [{ role, seniority }, { role }],
      [{ seniority }, {}],
    ]);
  let basis = usable({ country, role, seniority });
  let scale = 1;
  if (!basis) {
    const wide = usable({ country, role });
    const sr = seniorityRatio();
    if (wide && sr) [basis, scale] = [wide, sr];
  }
  if (!basis) {
    const across = usable({ role, seniority });
    const cr = first([[{ country }, {}]]);
    if (across && cr) [basis, scale] = [across, cr];
  }
  if (!basis) {
    const only = usable({ role });
    const cr = first([[{ country }, {}]]);
    const sr = seniorityRatio();
    if (!only || !cr || !sr) return null;
    [basis, scale] = [only, cr * sr];
  }
  for (const factor of ['english', 'modality'] as const) {
    const v = input[factor];
    if (!v) continue;
    const r = first([
      [
        { country, role, [factor]: v },
        { country, role },
      ],
      [{ role, [factor]: v }, { role }],
      [{ country, [factor]: v }, { country }],
    ]);
    if (r) scale *= r;
  }
  return { low: basis.p25 * scale, median: basis.p50 * scale, high: basis.p75 * scale };
}
