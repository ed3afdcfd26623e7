import type { Stats } from '../../server/salaries/salary-service';

/**
 * The Occupation structured data of a salary page: the monthly gross quartiles in local currency (USD
 * without a country). Null for a group under the floor and for demo figures: search engines get real
 * data only (decision 024).
 */
export function occupationLd(overall: Stats, role: string, country: string | null): Record<string, unknown> | null {
  if (!overall.enough || overall.demoShare > 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Occupation',
    name: role,
    ...(country ? { occupationLocation: { '@type': 'Country', name: country } } : {}),
    estimatedSalary: [
      {
        '@type': 'MonetaryAmountDistribution',
        name: 'base',
        currency: overall.local?.currency ?? 'USD',
        duration: 'P1M',
        percentile25: Math.round(overall.local?.p25 ?? overall.usd.p25),
        median: Math.round(overall.local?.p50 ?? overall.usd.p50),
        percentile75: Math.round(overall.local?.p75 ?? overall.usd.p75),
      },
    ],
  };
}
