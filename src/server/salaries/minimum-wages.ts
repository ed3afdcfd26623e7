import 'server-only';
import type { CountryId } from '../../domain/catalog';

// The lowest full-time gross monthly pay a salary report may show (decision 025): the country's legal minimum
// wage. A survey answer below it is almost always monthly pay typed where the year was asked (La Plaza's
// "remuneración base anual"), so it is dropped instead of dragging the figures down; the same rule judges
// contributed salaries. Where the law counts the year in 14 payments (Spain), the floor is the year over
// 12, like the reports. Update a row when a new decree applies: `asOf` is when the figure took effect.
export type MinimumWage = { country: CountryId; currency: string; monthly: number; asOf: string; source: string; url: string };

export const MINIMUM_WAGES: Record<CountryId, MinimumWage> = {
  peru: {
    country: 'peru',
    currency: 'PEN',
    monthly: 1130,
    asOf: '2025-01-01',
    source: 'Remuneración mínima vital, D.S. 006-2024-TR',
    url: 'https://www.gob.pe/mtpe',
  },
  mexico: {
    country: 'mexico',
    currency: 'MXN',
    // 278.80 MXN a day (general zone) times the 30.4 days of CONASAMI's monthly figure.
    monthly: 8475.52,
    asOf: '2025-01-01',
    source: 'Salario mínimo general, CONASAMI',
    url: 'https://www.gob.mx/conasami',
  },
  colombia: {
    country: 'colombia',
    currency: 'COP',
    monthly: 1_423_500,
    asOf: '2025-01-01',
    source: 'Salario mínimo mensual legal vigente, Decreto 1572 de 2024',
    url: 'https://www.mintrabajo.gov.co',
  },
  chile: {
    country: 'chile',
    currency: 'CLP',
    monthly: 529_000,
    asOf: '2025-05-01',
    source: 'Ingreso mínimo mensual, Ley 21.751',
    url: 'https://www.dt.gob.cl',
  },
  argentina: {
    country: 'argentina',
    currency: 'ARS',
    monthly: 317_800,
    asOf: '2025-07-01',
    source: 'Salario mínimo, vital y móvil, Resolución 5/2025 CNEPSMVM',
    url: 'https://www.argentina.gob.ar/trabajo',
  },
  ecuador: {
    country: 'ecuador',
    currency: 'USD',
    monthly: 470,
    asOf: '2025-01-01',
    source: 'Salario básico unificado 2025, Ministerio del Trabajo',
    url: 'https://www.trabajo.gob.ec',
  },
  uruguay: {
    country: 'uruguay',
    currency: 'UYU',
    monthly: 23_604,
    asOf: '2025-01-01',
    source: 'Salario mínimo nacional 2025, MTSS',
    url: 'https://www.gub.uy/ministerio-trabajo-seguridad-social',
  },
  bolivia: {
    country: 'bolivia',
    currency: 'BOB',
    monthly: 2750,
    asOf: '2025-05-01',
    source: 'Salario mínimo nacional, D.S. 5383',
    url: 'https://www.mintrabajo.gob.bo',
  },
  'costa-rica': {
    country: 'costa-rica',
    currency: 'CRC',
    monthly: 365_052,
    asOf: '2025-01-01',
    source: 'Salario mínimo, trabajador en ocupación no calificada, MTSS',
    url: 'https://www.mtss.go.cr',
  },
  espana: {
    country: 'espana',
    currency: 'EUR',
    // 1,184 EUR in 14 payments a year.
    monthly: Math.round(((1184 * 14) / 12) * 100) / 100,
    asOf: '2025-01-01',
    source: 'Salario mínimo interprofesional, Real Decreto 87/2025',
    url: 'https://www.boe.es',
  },
};

/** Monthly pay above this (USD) is taken for a typo or a unit mistake. */
const MAX_USD_MONTH = 60_000;
/** The floor where a country has no minimum wage in the table or no FX rate (USD a month). */
export const FALLBACK_MIN_USD_MONTH = 150;

export const BELOW_MINIMUM_WAGE = 'below the minimum wage';
export const ABOVE_MAXIMUM = 'above the plausible maximum';

/** The country's minimum wage in USD at the given rates (local units per USD), or the fallback floor. */
export function minimumUsdMonth(country: string, rates: Readonly<Record<string, number>>): number {
  const wage = MINIMUM_WAGES[country as CountryId];
  const rate = wage ? rates[wage.currency] : undefined;
  return wage && rate && rate > 0 ? wage.monthly / rate : FALLBACK_MIN_USD_MONTH;
}

/** Why a gross monthly pay (USD) cannot be right for the country, or null when it can. */
export function implausibleReason(country: string, usdMonth: number, rates: Readonly<Record<string, number>>): string | null {
  // A cent under the floor is rounding, not a wrong unit.
  if (!(usdMonth >= Math.floor(minimumUsdMonth(country, rates)))) return BELOW_MINIMUM_WAGE;
  if (usdMonth > MAX_USD_MONTH) return ABOVE_MAXIMUM;
  return null;
}
