import { describe, expect, it } from 'vitest';
import { formatAtLeast, formatDate, formatDaysAgo, formatLongDate, formatMoney, formatMonthYear, formatNumber } from './format';

const d = new Date(Date.UTC(2026, 10, 22));

describe('formatting per locale', () => {
  it('says how many days ago in words, in both languages', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(formatDaysAgo('2026-11-22T01:00:00Z', now, 'es')).toBe('hoy');
    expect(formatDaysAgo('2026-11-21T23:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatDaysAgo('2026-11-19T12:00:00Z', now, 'es')).toBe('hace 3 días');
    expect(formatDaysAgo('2026-11-19T12:00:00Z', now, 'en')).toBe('3 days ago');
    expect(formatDaysAgo('2026-10-01T12:00:00Z', now, 'en')).toBe('52 days ago');
    expect(formatDaysAgo('2026-09-01T12:00:00Z', now, 'es')).toBe('hace 2 meses');
    expect(formatDaysAgo('2026-11-25T12:00:00Z', now, 'en')).toBe('today');
  });

  it('writes dates as DD/MM/YYYY in Spanish and the locale form in English', () => {
    expect(formatDate(d, 'es')).toBe('22/11/2026');
    expect(formatDate(d, 'en')).toBe('11/22/2026');
    expect(formatDate('2026-01-05T12:00:00Z', 'es')).toBe('05/01/2026');
  });

  it('writes month plus year', () => {
    expect(formatMonthYear(d, 'es')).toBe('noviembre de 2026');
    expect(formatMonthYear(d, 'en')).toBe('November 2026');
  });

  it("writes a date in words (an FX rate's date)", () => {
    expect(formatLongDate('2026-11-01', 'es')).toBe('1 de noviembre de 2026');
    expect(formatLongDate('2026-11-01', 'en')).toBe('November 1, 2026');
  });

  it('formats money with Intl per locale and currency', () => {
    expect(formatMoney(1500, 'USD', 'en')).toBe('$1,500');
    expect(formatMoney(1500.5, 'USD', 'en')).toBe('$1,500.50');
    expect(formatMoney(4500, 'PEN', 'es').replace(/\s/g, ' ')).toBe('4500 PEN');
    expect(formatMoney(12000, 'EUR', 'es').replace(/\s/g, ' ')).toBe('12.000 €');
    expect(formatNumber(20000, 'es').replace(/\s/g, ' ')).toBe('20.000');
  });

  it('writes a capped count as "at least", grouped in both languages', () => {
    expect(formatAtLeast(1000, 'es')).toBe('1.000+');
    expect(formatAtLeast(1000, 'en')).toBe('1,000+');
  });
});
