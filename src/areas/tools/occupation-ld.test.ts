import { describe, expect, it } from 'vitest';
import type { Stats } from '../../server/salaries/salary-service';
import { occupationLd } from './occupation-ld';

const stats = (demoShare: number, n = 40): Stats => ({
  key: 'country=colombia|role=backend',
  n,
  enough: n >= 10,
  confidence: n >= 25 ? 'medium' : n >= 10 ? 'low' : 'insufficient',
  usd: { p25: 1000, p50: 1500, p75: 2200 },
  local: { currency: 'COP', p25: 4_000_000.4, p50: 6_000_000, p75: 8_800_000, asOf: '2026-11-01', rate: 4000 },
  sources: [
    {
      id: 'laplaza-2025',
      licence: 'CC BY-SA 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
      name: 'La Plaza',
      short: 'La Plaza',
      url: 'https://github.com/laplazadevs/salarios',
      period: 'day',
    },
  ],
  demoShare,
  period: { from: '2025-05-20', to: '2025-06-02' },
});

describe('Occupation structured data', () => {
  it('publishes real figures in local currency per month', () => {
    expect(occupationLd(stats(0), 'Backend Developer', 'Colombia')).toMatchObject({
      '@type': 'Occupation',
      name: 'Backend Developer',
      occupationLocation: { name: 'Colombia' },
      estimatedSalary: [{ currency: 'COP', duration: 'P1M', percentile25: 4_000_000, median: 6_000_000, percentile75: 8_800_000 }],
    });
  });
  it('never publishes demo figures or a group under the floor', () => {
    expect(occupationLd(stats(1), 'Backend Developer', 'Colombia')).toBeNull();
    expect(occupationLd(stats(0, 4), 'Backend Developer', null)).toBeNull();
  });
});
