import { describe, expect, it } from 'vitest';
import { axisMarkup, chartMarkup, niceTicks } from './chart-markup';

const fmt = (v: number) => `$${v}`;

describe('salary chart markup', () => {
  it('draws one range and one median per row, at percent positions of the axis, with the three values written', () => {
    const html = chartMarkup(
      [
        { label: 'Backend', usd: { p25: 100, p50: 150, p75: 200 } },
        { label: 'Frontend', usd: { p25: 50, p50: 60, p75: 50 } },
      ],
      400,
      fmt,
    );
    expect(html.match(/class="rc-row"/g)).toHaveLength(2);
    expect(html).toContain('<span class="rc-label">Backend</span>');
    expect(html).toContain('<span class="rc-bar" style="left:25%;width:25%"></span>');
    expect(html).toContain('<span class="rc-median" style="left:37.5%"></span>');
    expect(html).toContain('<span class="rc-v rc-mid" style="--x:37.5%">$150</span>');
    expect(html).toContain('<span class="rc-v rc-low" style="--x:25%">$100</span>');
    expect(html).toContain('<span class="rc-v rc-high" style="--x:50%">$200</span>');
    // A range narrower than half a percent is still visible.
    expect(html).toContain('<span class="rc-bar" style="left:12.5%;width:0.5%"></span>');
  });

  it("writes each group's n and grade at its bar, and marks a low one for its dashed style (decision 052)", () => {
    const html = chartMarkup(
      [
        { label: 'Backend', usd: { p25: 100, p50: 150, p75: 200 }, note: 'n=52 · media', grade: 'medium' },
        { label: 'Go <1>', usd: { p25: 100, p50: 150, p75: 200 }, note: 'n=12 · <baja>', grade: 'low' },
      ],
      400,
      fmt,
    );
    expect(html).toContain(
      '<div class="rc-row" data-grade="medium"><span class="rc-head"><span class="rc-label">Backend</span><span class="rc-n">n=52 · media</span></span>',
    );
    expect(html).toContain('<div class="rc-row" data-grade="low">');
    expect(html).toContain('<span class="rc-n">n=12 · &lt;baja&gt;</span>');
  });

  it('escapes labels and values, and keeps whole labels (CSS wraps them)', () => {
    const html = chartMarkup(
      [{ label: '<b>R&D</b> & a label that is far too long to fit', usd: { p25: 1, p50: 2, p75: 3 } }],
      4,
      () => '<i>',
    );
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toContain('&lt;b&gt;R&amp;D&lt;/b&gt; &amp; a label that is far too long to fit</span>');
  });

  it('puts round ticks from 0 past the largest value, four to six ticks', () => {
    expect(niceTicks(3100)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(niceTicks(4000)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(niceTicks(15_000)).toEqual([0, 5000, 10_000, 15_000]);
    expect(niceTicks(870)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(4669)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('labels each tick at its position, the last at 100 %', () => {
    expect(axisMarkup([0, 500, 1000], fmt)).toBe(
      '<span class="rc-tick" style="--x:0%">$0</span><span class="rc-tick" style="--x:50%">$500</span>' +
        '<span class="rc-tick" style="--x:100%">$1000</span>',
    );
  });
});
