import { describe, expect, it } from 'vitest';
import { countries } from '../../domain/catalog';
import { testDatabases } from '../../testing/databases';
import { DEFAULT_FX, ensureFxRates } from './data/default-fx';
import { setFxRate } from './data/salary-data';
import { atTodaysRate } from './data/aggregates';
import { currencyOf } from './mapping';
import {
  ABOVE_MAXIMUM,
  BELOW_MINIMUM_WAGE,
  FALLBACK_MIN_USD_MONTH,
  implausibleReason,
  MINIMUM_WAGES,
  minimumUsdMonth,
} from './minimum-wages';

const rates = DEFAULT_FX.rates;

describe('the minimum-wage floor of salary reports', () => {
  it('has a dated, sourced minimum wage in the currency of every country we cover', () => {
    for (const c of countries) {
      const w = MINIMUM_WAGES[c.id];
      expect(w.currency).toBe(currencyOf(c.id));
      expect(w.monthly).toBeGreaterThan(0);
      expect(w.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(w.source.length).toBeGreaterThan(10);
      expect(w.url).toMatch(/^https:\/\//);
    }
  });

  it('takes the floor in USD at the FX table, and a flat one where a rate is missing', () => {
    expect(minimumUsdMonth('colombia', rates)).toBeCloseTo(1_423_500 / 4100, 5);
    expect(minimumUsdMonth('ecuador', rates)).toBe(470);
    expect(minimumUsdMonth('colombia', {})).toBe(FALLBACK_MIN_USD_MONTH);
    expect(minimumUsdMonth('atlantis', rates)).toBe(FALLBACK_MIN_USD_MONTH);
  });

  it('drops pay under the minimum wage (monthly pay typed as the year) and absurd pay, keeps the minimum itself', () => {
    // 12,280,000 COP "a year" is 1,023,333 a month: under Colombia's 1,423,500.
    expect(implausibleReason('colombia', Math.round(12_280_000 / 12 / 4100), rates)).toBe(BELOW_MINIMUM_WAGE);
    expect(implausibleReason('colombia', Math.round(1_423_500 / 4100), rates)).toBeNull();
    // 300 US$ is under Bolivia's 2,750 BOB (398 US$) and over Peru's 1,130 PEN (301 US$): the floor is per country.
    expect(implausibleReason('bolivia', 300, rates)).toBe(BELOW_MINIMUM_WAGE);
    expect(implausibleReason('peru', 302, rates)).toBeNull();
    expect(implausibleReason('espana', 1200, rates)).toBe(BELOW_MINIMUM_WAGE);
    expect(implausibleReason('mexico', 60_001, rates)).toBe(ABOVE_MAXIMUM);
    expect(implausibleReason('mexico', Number.NaN, rates)).toBe(BELOW_MINIMUM_WAGE);
  });
});

describe('figures at the FX table of the day', () => {
  it('keeps the amount the person gave and converts the other side at the current rate', () => {
    // Reported in pesos: the pesos stay, the dollars follow the rate.
    expect(atTodaysRate({ currency: 'COP', usd_month: 1000, local_month: 4_000_000 }, 'COP', 4100)).toEqual({
      usd_month: 975.61,
      local_month: 4_000_000,
    });
    // Reported in dollars: the dollars stay, the pesos follow the rate.
    expect(atTodaysRate({ currency: 'USD', usd_month: 1000, local_month: 4_000_000 }, 'COP', 4100)).toEqual({
      usd_month: 1000,
      local_month: 4_100_000,
    });
    // No rate: as stored.
    expect(atTodaysRate({ currency: 'USD', usd_month: 1000, local_month: 4_000_000 }, 'COP', undefined)).toEqual({
      usd_month: 1000,
      local_month: 4_000_000,
    });
  });
});

describe.each(testDatabases)('the default FX table on %s', (_name, open) => {
  it('is there without the demo world, and never overwrites a rate set by the operator', async () => {
    const t = await open();
    try {
      await setFxRate(t, 'PEN', 3.7, '2026-11-20');
      await ensureFxRates(t.db);
      const rows = await t.db.selectFrom('fx_rates').selectAll().orderBy('currency').execute();
      expect(rows.map((r) => r.currency)).toEqual(Object.keys(DEFAULT_FX.rates).sort());
      expect(rows.find((r) => r.currency === 'PEN')).toMatchObject({ as_of: '2026-11-20' });
      expect(Number(rows.find((r) => r.currency === 'PEN')!.usd_rate)).toBe(3.7);
    } finally {
      await t.cleanup();
    }
  });
});
