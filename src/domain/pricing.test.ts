import { describe, expect, it } from 'vitest';
import {
  activePromotion,
  BLACK_NOVEMBER,
  currencyFromQuery,
  currencyOfIso,
  discounted,
  discountedRate,
  localPrice,
  PRICE_CURRENCIES,
  PRICES,
  roundIndicative,
  shownCurrency,
  type Promotion,
} from './pricing';

const at = (rate: number, asOf = '2026-11-01') => ({ rate, asOf });
const fx = {
  PEN: at(3.75),
  COP: at(4100, '2026-11-20'),
  CLP: at(950),
  EUR: at(0.92),
  MXN: at(18.2),
  USD: at(1),
  BAD: at(0),
  UNDATED: at(2, ''),
  WRONGDATE: at(2, '2026-13-45'),
};

describe('prices in a local currency', () => {
  it('converts US dollars at the FX table rate and rounds to an indicative amount', () => {
    expect(localPrice(490, 'PEN', fx)).toEqual({ currency: 'PEN', amount: 1840, rate: 3.75, asOf: '2026-11-01' });
    expect(localPrice(490, 'COP', fx)).toEqual({ currency: 'COP', amount: 2_010_000, rate: 4100, asOf: '2026-11-20' });
    expect(localPrice(490, 'CLP', fx)?.amount).toBe(466_000);
    expect(localPrice(490, 'EUR', fx)?.amount).toBe(451);
    expect(localPrice(490, 'MXN', fx)?.amount).toBe(8920);
    expect(localPrice(PRICES.staffingMinimumUsd, 'COP', fx)?.amount).toBe(10_300_000);
  });

  it('rounds whole units under a thousand and to three significant figures above', () => {
    expect(roundIndicative(450.8)).toBe(451);
    expect(roundIndicative(999.4)).toBe(999);
    expect(roundIndicative(1837.5)).toBe(1840);
    expect(roundIndicative(19_600)).toBe(19_600);
    expect(roundIndicative(710_500)).toBe(711_000);
    expect(roundIndicative(0)).toBe(0);
    expect(roundIndicative(Number.NaN)).toBe(0);
  });

  it('falls back to US dollars for USD, an unknown currency, or a rate that is not usable or has no date', () => {
    expect(localPrice(490, 'USD', fx)).toBeNull();
    expect(localPrice(490, 'XYZ', fx)).toBeNull();
    expect(localPrice(490, 'BAD', fx)).toBeNull();
    expect(localPrice(490, 'UYU', fx)).toBeNull();
    expect(localPrice(490, 'UNDATED', fx)).toBeNull();
    expect(localPrice(490, 'WRONGDATE', fx)).toBeNull();
    expect(localPrice(490, 'toString', fx)).toBeNull();
    expect(shownCurrency('UYU', fx)).toBe('USD');
    expect(shownCurrency('COP', fx)).toBe('COP');
  });
});

describe('the currency a pricing URL asks for', () => {
  it('reads ?moneda= and ?currency=, in any case', () => {
    expect(currencyFromQuery('moneda=cop')).toBe('COP');
    expect(currencyFromQuery('currency=PEN')).toBe('PEN');
    expect(currencyFromQuery('a=1&moneda=%20eur%20')).toBe('EUR');
    expect(currencyFromQuery('moneda=xyz&currency=mxn')).toBe('MXN');
  });

  it('answers USD for anything else, without throwing', () => {
    for (const q of [
      '',
      'moneda=',
      'moneda=xyz',
      'moneda=<script>',
      'moneda=%E0%A4%A',
      'moneda[]=cop',
      'moneda=co',
      `moneda=${'c'.repeat(5000)}`,
    ])
      expect(currencyFromQuery(q), q).toBe('USD');
    expect(currencyFromQuery(`moneda=cop&x=${'a'.repeat(3000)}`)).toBe('USD');
  });

  it('offers US dollars and the currency of every country we serve, once each', () => {
    expect(PRICE_CURRENCIES[0]).toBe('USD');
    expect(new Set(PRICE_CURRENCIES).size).toBe(PRICE_CURRENCIES.length);
    expect([...PRICE_CURRENCIES].sort()).toEqual(['ARS', 'BOB', 'CLP', 'COP', 'CRC', 'EUR', 'MXN', 'PEN', 'USD', 'UYU']);
    expect(currencyOfIso('CO')).toBe('COP');
    expect(currencyOfIso('EC')).toBe('USD');
    expect(currencyOfIso('US')).toBeNull();
    expect(currencyOfIso(null)).toBeNull();
  });
});

describe('the Black November promotion', () => {
  it('runs on every day from 1 to 30 November 2026 in each of our time zones', () => {
    // Midnight of 1 November in Madrid (UTC+1) and the end of 30 November in Mexico City (UTC-6).
    expect(activePromotion(new Date('2026-10-31T22:59:59.999Z'))).toBeNull();
    expect(activePromotion(new Date('2026-10-31T23:00:00.000Z'))).toBe(BLACK_NOVEMBER);
    expect(activePromotion(new Date('2026-11-15T12:00:00.000Z'))?.id).toBe('black-november');
    expect(activePromotion(new Date('2026-12-01T05:59:59.999Z'))).toBe(BLACK_NOVEMBER);
    expect(activePromotion(new Date('2026-12-01T06:00:00.000Z'))).toBeNull();
    expect(activePromotion(new Date('2027-11-15T12:00:00.000Z'))).toBeNull();
    expect(activePromotion(new Date(Number.NaN))).toBeNull();
  });

  it('takes its list of promotions, so another one is a row, not code', () => {
    const later: Promotion = { ...BLACK_NOVEMBER, startsAt: new Date('2027-01-01T00:00:00Z'), endsAt: new Date('2027-01-02T00:00:00Z') };
    expect(activePromotion(new Date('2027-01-01T10:00:00Z'), [later])).toBe(later);
    expect(activePromotion(new Date('2026-11-15T10:00:00Z'), [])).toBeNull();
  });

  it('takes 20 % off the paid services', () => {
    expect(discounted(PRICES.shortlistUsd, BLACK_NOVEMBER)).toBe(392);
    expect(discounted(PRICES.staffingMinimumUsd, BLACK_NOVEMBER)).toBe(2000);
    expect(discountedRate(PRICES.staffingRate, BLACK_NOVEMBER)).toBe(0.12);
  });
});
