import { describe, expect, it } from 'vitest';
import { chartMarkup } from './chart-markup';

describe('salary chart markup', () => {
  it('draws one range and one median per row, at the mapped positions', () => {
    const svg = chartMarkup(
      [
        { label: 'Backend', usd: { p25: 100, p50: 150, p75: 200 } },
        { label: 'Frontend', usd: { p25: 50, p50: 60, p75: 50 } },
      ],
      (v) => v,
    );
    expect(svg.match(/<g>/g)).toHaveLength(2);
    expect(svg).toContain('<text x="0" y="23" class="chart-label">Backend</text>');
    expect(svg).toContain('<rect x="100" y="12" width="100" height="14" rx="4" class="chart-range"></rect>');
    expect(svg).toContain('<rect x="148.5" y="8" width="3" height="22" class="chart-median"></rect>');
    // A range narrower than 2 units is still visible.
    expect(svg).toContain('<rect x="50" y="42" width="2" height="14"');
  });

  it('escapes labels and shortens long ones', () => {
    const svg = chartMarkup([{ label: '<b>R&D</b> & a label that is far too long to fit', usd: { p25: 1, p50: 2, p75: 3 } }], (v) => v);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;R&amp;D&lt;/b&gt; &amp; a label that…</text>');
  });
});
