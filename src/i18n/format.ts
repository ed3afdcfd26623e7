// Dates and money per locale (as the original app had them: DD/MM/YYYY and "noviembre de 2026" in Spanish; the locale's own
// forms in English). Intl formatters are cached: creating them is the expensive part.
import { localeInfo, type Locale } from './locales';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function memo<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** 22/11/2026 in Spanish, 11/22/2026 in English. UTC, so the server and the browser agree. */
export function formatDate(d: Date | string | number, locale: Locale): string {
  const f = memo(
    `d:${locale}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
  );
  return f.format(toDate(d));
}

/** How long ago, in whole days (UTC calendar days): "hoy", "ayer", "hace 3 días" / "today", "yesterday", "3 days
 * ago"; from 60 days in months ("hace 2 meses"). A date in the future reads as today. */
export function formatDaysAgo(d: Date | string | number, now: Date | number, locale: Locale): string {
  const language = localeInfo[locale].language;
  const day = (t: number) => Math.floor(t / 86_400_000);
  const days = Math.max(0, day(toDate(now).getTime()) - day(toDate(d).getTime()));
  if (days >= 60) return memo(`rel-m:${locale}`, () => new Intl.RelativeTimeFormat(language)).format(-Math.floor(days / 30), 'month');
  return memo(`rel:${locale}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' })).format(-days, 'day');
}

/** "noviembre de 2026" in Spanish, "November 2026" in English. */
export function formatMonthYear(d: Date | string | number, locale: Locale): string {
  const f = memo(
    `my:${locale}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  return f.format(toDate(d));
}

/** "1 de noviembre de 2026" in Spanish, "November 1, 2026" in English (the FX date of a salary figure). */
export function formatLongDate(d: Date | string | number, locale: Locale): string {
  const f = memo(
    `ld:${locale}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  return f.format(toDate(d));
}

/** Money in the locale's format for a currency; whole units unless the amount has cents. */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  const cents = !Number.isInteger(amount);
  const f = memo(
    `m:${locale}:${currency}:${cents}`,
    () =>
      new Intl.NumberFormat(localeInfo[locale].language, {
        style: 'currency',
        currency,
        maximumFractionDigits: cents ? 2 : 0,
        minimumFractionDigits: cents ? 2 : 0,
      }),
  );
  return f.format(amount);
}

/** US dollars said as such in both languages ("US$490", "490 US$"): "$" alone reads as pesos in Latin America. */
export function formatUsd(amount: number, locale: Locale): string {
  const s = formatMoney(amount, 'USD', locale);
  return s.startsWith('$') ? `US${s}` : s;
}

export function formatNumber(n: number, locale: Locale): string {
  return memo(`n:${locale}`, () => new Intl.NumberFormat(localeInfo[locale].language)).format(n);
}

/** A count that stopped at a cap, as "at least": "1.000+" in Spanish, "1,000+" in English (grouped always: Spanish
 * leaves four digits ungrouped, and "1000+" reads like a code). */
export function formatAtLeast(n: number, locale: Locale): string {
  return `${formatGrouped(n, locale)}+`;
}

/** A number grouped in thousands even where four digits usually are not (Spanish): "1.000", "1,000". */
export function formatGrouped(n: number, locale: Locale): string {
  return memo(`g:${locale}`, () => new Intl.NumberFormat(localeInfo[locale].language, { useGrouping: 'always' })).format(n);
}

/** "martes, 1 de diciembre de 2026, 10:00" in a timezone (meeting times: the visitor's own). */
/** A share as people read it: "50 %" in Spanish, "50%" in English (whole percent). */
export function formatPercent(share: number, locale: Locale): string {
  const f = memo(`p:${locale}`, () => new Intl.NumberFormat(localeInfo[locale].language, { style: 'percent', maximumFractionDigits: 0 }));
  return f.format(share);
}

export function formatMeetingTime(d: Date, locale: Locale, timeZone: string): string {
  const f = memo(
    `mt:${locale}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(localeInfo[locale].language, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  );
  return f.format(d);
}

/** "martes, 1 de diciembre" (a day heading in the slot list). */
export function formatMeetingDay(d: Date, locale: Locale, timeZone: string): string {
  const f = memo(
    `md:${locale}:${timeZone}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].language, { weekday: 'long', day: 'numeric', month: 'long', timeZone }),
  );
  return f.format(d);
}

/** "10:00" in a timezone. */
export function formatMeetingClock(d: Date, locale: Locale, timeZone: string): string {
  const f = memo(
    `mc:${locale}:${timeZone}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  );
  return f.format(d);
}

/** "lun 30 nov" in Spanish, "Mon, Nov 30" in English (a day chip of the booking page). */
export function formatMeetingChip(d: Date, locale: Locale, timeZone: string): string {
  const f = memo(
    `mp:${locale}:${timeZone}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].language, { weekday: 'short', day: 'numeric', month: 'short', timeZone }),
  );
  return f.format(d);
}
