// The salary range chart's rows as one markup string. The chart is decorative (aria-hidden; the table twin
// says the same to screen readers), and as React elements its four per row were a fifth of a salary page's
// elements, each paid for twice per uncached request (RSC payload and HTML). Labels are escaped; everything
// else is numbers and fixed class names.
export const W = 640;
export const ROW_H = 30;
export const LABEL_W = 190;

export type ChartRow = { label: string; usd: { p25: number; p50: number; p75: number } };

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const px = (v: number) => Math.round(v * 10) / 10;

/** `x` maps a USD amount to the chart's horizontal coordinate. */
export function chartMarkup(rows: readonly ChartRow[], x: (usd: number) => number): string {
  return rows
    .map((r, i) => {
      const y = i * ROW_H + 8;
      const label = r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label;
      return (
        `<g><text x="0" y="${y + 15}" class="chart-label">${escapeText(label)}</text>` +
        `<rect x="${px(x(r.usd.p25))}" y="${y + 4}" width="${px(Math.max(2, x(r.usd.p75) - x(r.usd.p25)))}" height="14" rx="4" class="chart-range"></rect>` +
        `<rect x="${px(x(r.usd.p50) - 1.5)}" y="${y}" width="3" height="22" class="chart-median"></rect></g>`
      );
    })
    .join('');
}
