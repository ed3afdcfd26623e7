import type { Confidence } from '../../domain/salary-confidence';

// The salary range chart's rows and axis as markup strings (HTML, not SVG: an SVG scaled to a phone's width
// shrank its text to ~7 px; HTML labels keep their CSS size and the bars are positioned in percent). As React
// elements the seven spans per row were a large share of a salary page's elements, each paid for twice per
// uncached request (RSC payload and HTML). Labels and notes are escaped; everything else is numbers and fixed names.
export type ChartRow = {
  label: string;
  usd: { p25: number; p50: number; p75: number };
  /** Written small under the label, at the bar: the group's n and confidence grade ("n=52 · media"). */
  note?: string;
  /** For the bar's style (a low one is drawn dashed); the note says the grade in words. */
  grade?: Confidence;
};

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pct = (v: number) => `${Math.round(v * 100) / 100}%`;

/** Round axis values from 0 past `max`: a step of 1, 2, 2.5 or 5 times a power of ten, `count` steps or a few fewer. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const steps = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 1000) / 1000);
}

/**
 * One row per group: its label and note, the 25–75 % range as a bar, the median as a marker, and the three
 * values written at them (median above, low and high below at the bar's ends). `top` is the axis' last tick.
 */
export function chartMarkup(rows: readonly ChartRow[], top: number, format: (usd: number) => string): string {
  const x = (v: number) => pct((100 * Math.min(Math.max(v, 0), top)) / top);
  return rows
    .map((r) => {
      const { p25, p50, p75 } = r.usd;
      const width = Math.max(0.5, (100 * (Math.max(p75, p25) - p25)) / top);
      const grade = r.grade ? ` data-grade="${r.grade}"` : '';
      const note = r.note ? `<span class="rc-n">${escapeText(r.note)}</span>` : '';
      return (
        `<div class="rc-row"${grade}><span class="rc-head"><span class="rc-label">${escapeText(r.label)}</span>${note}</span>` +
        `<span class="rc-track">` +
        `<span class="rc-bar" style="left:${x(p25)};width:${pct(width)}"></span>` +
        `<span class="rc-median" style="left:${x(p50)}"></span>` +
        `<span class="rc-v rc-mid" style="--x:${x(p50)}">${escapeText(format(p50))}</span>` +
        `<span class="rc-v rc-low" style="--x:${x(p25)}">${escapeText(format(p25))}</span>` +
        `<span class="rc-v rc-high" style="--x:${x(p75)}">${escapeText(format(p75))}</span></span></div>`
      );
    })
    .join('');
}

/** The value axis under the bars: one label per tick (the grid lines are the tracks' background, at the same steps). */
export function axisMarkup(ticks: readonly number[], format: (usd: number) => string): string {
  const top = ticks[ticks.length - 1]!;
  return ticks.map((v) => `<span class="rc-tick" style="--x:${pct((100 * v) / top)}">${escapeText(format(v))}</span>`).join('');
}
