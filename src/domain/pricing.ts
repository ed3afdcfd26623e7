// The company side's price table (decision 027). Publishing offers is free (decision 015); the paid services
// are priced in US dollars and invoiced in US dollars. A visitor may ask to see them in the currency of one
// of our countries: the amount is then converted at the FX table's rate and rounded, as an indication.
// Neutral module: the pricing and staffing pages, their tests and any later checkout read it.
import { countries } from './catalog';

export const PRICES = {
  /** Days an offer stays published (free, renewable). */
  offerDays: 60,
  /** A certified shortlist: 3 to 5 candidates holding a valid certificate for the role, per role (vacancy). */
  shortlistUsd: 490,
  shortlistSize: { min: 3, max: 5 },
  shortlistWorkingDays: 5,
  /** Staffing (the managed hiring service): a success fee on the first year's gross salary, with a minimum. */
  staffingRate: 0.15,
  staffingMinimumUsd: 2500,
  staffingShortlistWorkingDays: 10,
  /** Free replacement when the person hired through staffing leaves within this many days. */
  guaranteeDays: 90,
} as const;

/** The currencies prices can be shown in: US dollars and the currency of each country we serve. */
export const PRICE_CURRENCIES: readonly string[] = ['USD', ...new Set(countries.map((c) => c.currency).filter((c) => c !== 'USD'))];

/** The query parameters that choose the currency: `moneda` (Spanish pages) and `currency` (English pages). */
export const CURRENCY_PARAMS = { es: 'moneda', en: 'currency' } as const;

/**
 * The currency a pricing URL asks for (`?moneda=cop` or `?currency=cop`, any case), or USD for anything else:
 * no parameter, an unknown or malformed code, an overlong value. Never throws.
 */
export function currencyFromQuery(query: string): string {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query.length > 2000 ? '' : query);
  } catch {
    return 'USD';
  }
  for (const name of Object.values(CURRENCY_PARAMS)) {
    const code = (params.get(name) ?? '').trim().toUpperCase();
    if (PRICE_CURRENCIES.includes(code)) return code;
  }
  return 'USD';
}

/** The currency of a country given by its ISO code (the visitor country of a personalised page), if it is one of ours. */
export function currencyOfIso(iso: string | null | undefined): string | null {
  return countries.find((c) => c.iso === iso)?.currency ?? null;
}

/**
 * An indicative amount: whole units under 1,000, else three significant figures (1,837.5 → 1,840;
 * 2,009,000 → 2,010,000). The exact figure is the one in US dollars; this one only says "about".
 */
export function roundIndicative(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  if (amount < 1000) return Math.round(amount);
  const unit = 10 ** (Math.floor(Math.log10(amount)) - 2);
  return Math.round(amount / unit) * unit;
}

/** The FX table: local units per US dollar for each currency, with the date of each rate (YYYY-MM-DD). */
export type FxRates = Readonly<Record<string, { rate: number; asOf: string }>>;
export type LocalPrice = { currency: string; amount: number; rate: number; asOf: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A price in US dollars in another currency at the FX table's rate, rounded to an indicative amount; null
 * when the currency is USD or the table has no usable rate for it, with its date (the page then shows US
 * dollars only).
 */
export function localPrice(usd: number, currency: string, fx: FxRates): LocalPrice | null {
  if (currency === 'USD' || !Object.hasOwn(fx, currency)) return null;
  const { rate, asOf } = fx[currency]!;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || !DAY.test(asOf) || Number.isNaN(Date.parse(asOf))) return null;
  return { currency, amount: roundIndicative(usd * rate), rate, asOf };
}

/** The currency a page can really show: the one asked for when the FX table has its rate, else USD. */
export function shownCurrency(asked: string, fx: FxRates): string {
  return localPrice(1, asked, fx) ? asked : 'USD';
}

// ---- promotions --------------------------------------------------------------------------------------------

export type Promotion = {
  id: 'black-november';
  /** Off the paid services (shortlists and staffing); publishing is free anyway. */
  discount: number;
  /** The first and the last day, as the terms state them (YYYY-MM-DD), within one calendar month. */
  firstDay: string;
  lastDay: string;
  /** The instants it runs between: from the first day's midnight in the earliest of our time zones to the
   * last day's end in the latest one, so that it runs on every one of its days wherever the visitor is. */
  startsAt: Date;
  endsAt: Date;
};

/**
 * Black November 2026: 20 % off the paid services contracted between 1 and 30 November 2026 (terms at
 * /terminos-y-condiciones-black-november). Madrid (UTC+1 in November) is the first of our countries to reach
 * 1 November; Mexico City and San José (UTC−6) the last to leave 30 November.
 */
export const BLACK_NOVEMBER: Promotion = {
  id: 'black-november',
  discount: 0.2,
  firstDay: '2026-11-01',
  lastDay: '2026-11-30',
  startsAt: new Date('2026-11-01T00:00:00+01:00'),
  endsAt: new Date('2026-12-01T00:00:00-06:00'),
};

/** The promotion running at `now`, if any (start included, end excluded). */
export function activePromotion(now: Date, promotions: readonly Promotion[] = [BLACK_NOVEMBER]): Promotion | null {
  const t = now.getTime();
  if (!Number.isFinite(t)) return null;
  return promotions.find((p) => t >= p.startsAt.getTime() && t < p.endsAt.getTime()) ?? null;
}

/** A price with a promotion's discount, in whole US dollars. */
export const discounted = (usd: number, promotion: Promotion): number => Math.round(usd * (1 - promotion.discount));

/** A percentage fee with a promotion's discount (0.15 with 20 % off → 0.12), to four decimals. */
export const discountedRate = (rate: number, promotion: Promotion): number => Math.round(rate * (1 - promotion.discount) * 10_000) / 10_000;
