import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import { currencyText, mergeProvenance, periodText, type ProvenanceSource, type ProvenanceStats } from './salary-provenance';

// Decision 053: a figure's period is said as precisely as its sources date their reports, and a local figure
// says the FX rate it was converted at beside the rate's date.
const source = (id: string, period?: 'day' | 'year'): ProvenanceSource => ({
  id,
  licence: '',
  licenceUrl: '',
  name: id,
  short: id,
  url: '',
  ...(period ? { period } : {}),
});
const laplaza = source('laplaza-2025', 'day');
const aijobs = source('aijobs.net', 'year');
const es = getT('es');
const en = getT('en');

describe('the period of a figure', () => {
  it('is said by the month when every source dates its reports', () => {
    const stats = { sources: [laplaza], period: { from: '2025-05-20', to: '2025-06-02' } };
    expect(periodText(stats, 'es', es)).toBe('recogidos entre mayo de 2025 y junio de 2025');
    expect(periodText({ ...stats, period: { from: '2025-05-20', to: '2025-05-30' } }, 'en', en)).toBe('collected in May 2025');
  });

  it('is said by the year when one source gives only the year (never "julio de 2021")', () => {
    const years = { sources: [aijobs], period: { from: '2021-07-01', to: '2024-07-01' } };
    expect(periodText(years, 'es', es)).toBe('recogidos en 2021–2024');
    expect(periodText(years, 'en', en)).toBe('collected in 2021–2024');
    expect(periodText({ sources: [aijobs], period: { from: '2024-07-01', to: '2024-07-01' } }, 'es', es)).toBe('recogidos en 2024');
    // Mixed with a dated survey, the figure is as precise as its least precise source.
    expect(periodText({ sources: [laplaza, aijobs], period: { from: '2024-07-01', to: '2025-06-02' } }, 'es', es)).toBe(
      'recogidos en 2024–2025',
    );
    // A source that does not say how it dates its reports is not taken at its day.
    expect(periodText({ sources: [source('other')], period: { from: '2024-07-01', to: '2024-07-01' } }, 'en', en)).toBe(
      'collected in 2024',
    );
  });
});

describe('the currencies of a figure', () => {
  it('say the FX rate beside its date', () => {
    expect(currencyText({ currency: 'COP', asOf: '2025-06-01', rate: 4050.37 }, 'es', es)).toBe(
      'en COP y US$, convertidos a 4050\u00a0COP por US$ (tasa del 1 de junio de 2025)',
    );
    expect(currencyText({ currency: 'PEN', asOf: '2025-06-01', rate: 3.7123 }, 'en', en)).toBe(
      'in PEN and US$, converted at PEN\u00a03.71 per US$ (rate of June 1, 2025)',
    );
  });

  it('say the date alone without a rate, and US$ alone for a dollar country', () => {
    expect(currencyText({ currency: 'COP', asOf: '2025-06-01' }, 'es', es)).toBe('en COP y US$, tipo de cambio del 1 de junio de 2025');
    expect(currencyText({ currency: 'USD', asOf: '2025-06-01', rate: 1 }, 'es', es)).toBe('en US$');
    expect(currencyText(null, 'en', en)).toBe('in US$');
  });
});

describe('the provenance of a table', () => {
  const row = (local: ProvenanceStats['local'], sources = [laplaza]): ProvenanceStats => ({
    n: 12,
    sources,
    demoShare: 0,
    period: { from: '2025-05-20', to: '2025-06-02' },
    local,
  });

  it("keeps its one currency's rate, and no rate for several currencies", () => {
    const one = mergeProvenance([
      row({ currency: 'COP', asOf: '2025-06-01', rate: 4050 }),
      row({ currency: 'COP', asOf: '2025-06-01', rate: 4050 }),
    ]);
    expect(one.local).toEqual({ currency: 'COP', asOf: '2025-06-01', rate: 4050 });
    const several = mergeProvenance([
      row({ currency: 'COP', asOf: '2025-06-01', rate: 4050 }),
      row({ currency: 'PEN', asOf: '2025-06-02', rate: 3.7 }),
    ]);
    expect(several.local).toEqual({ currency: '', asOf: '2025-06-02', rate: 0 });
    expect(currencyText(several.local, 'es', es)).toBe('en moneda local y US$, tipo de cambio del 2 de junio de 2025');
  });

  it('speaks in years when one of its rows has a year-only source', () => {
    const merged = mergeProvenance([row(null), row(null, [aijobs])]);
    expect(periodText(merged, 'es', es)).toBe('recogidos en 2025');
  });
});
