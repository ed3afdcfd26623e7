import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { MarketplaceService } from '../../server/offers/marketplace-service';
import type { PageProps } from '../../server/render/page-types';

// /hire/pricing rendered as a visitor without JavaScript gets it (the browser tests cover the rest): the
// currency of ?moneda= / ?currency= when the FX table has it, US dollars for anything else, never an error.
vi.mock('waku', () => import('../../testing/waku-link'));

const { pricingPage } = await import('./pricing-page');
const { StaffingPage } = await import('./staffing-page');

// The page is built from a marketplace that only knows its FX table (the one thing it reads).
const fx = async () => ({
  USD: { rate: 1, asOf: '2026-11-01' },
  COP: { rate: 4100, asOf: '2026-11-20' },
  PEN: { rate: 3.75, asOf: '2026-11-01' },
});
const PricingPage = pricingPage({ marketplace: async () => ({ fx }) as unknown as MarketplaceService });

const props = (locale: Locale, query = ''): PageProps => ({
  id: 'hirePricing',
  locale,
  params: {},
  query,
  path: locale === 'es' ? '/hire/pricing' : '/en/hire/pricing',
  t: getT(locale),
  brand: 'Tandem',
  session: { loggedIn: false } as PageProps['session'],
  viewer: null,
  anonymousId: null,
  country: null,
  form: null,
});
const render = async (locale: Locale, query = '') => renderToStaticMarkup((await PricingPage(props(locale, query))) as ReactElement);

afterEach(() => vi.useRealTimers());

describe('the pricing page', () => {
  it('shows US dollars only by default', async () => {
    const html = await render('es');
    expect(html).toContain('490');
    expect(html).toContain('US$');
    expect(html).not.toContain('data-testid="price-local"');
    expect(html).toContain('<option value="usd" selected="">');
    expect(html).toContain('name="moneda"');
  });

  it('adds the amount in the currency asked for, rounded, with the FX date in words', async () => {
    const html = await render('es', 'moneda=cop');
    expect(html).toContain('data-testid="price-local"');
    expect(html).toMatch(/aprox\. 2\.010\.000\sCOP/);
    expect(html).toContain('20 de noviembre de 2026');
    expect(html).toContain('<option value="cop" selected="">');
    const en = await render('en', 'currency=PEN');
    expect(en).toMatch(/approx\. PEN\s1,840/);
    expect(en).toContain('November 1, 2026');
    expect(en).toContain('name="currency"');
  });

  it('answers bad input with the US dollar page, not an error', async () => {
    for (const q of [
      'moneda=xyz',
      'moneda=%3Cscript%3E',
      'moneda=',
      'currency=eur',
      'moneda=%E0%A4%A',
      `moneda=${'c'.repeat(3000)}`,
      'moneda[]=cop',
    ]) {
      const html = await render('es', q);
      expect(html, q).toContain('data-testid="price-usd"');
      expect(html, q).not.toContain('data-testid="price-local"');
    }
  });

  it('shows the Black November promotion only while it runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    let html = await render('es');
    expect(html).toContain('data-testid="promo-banner"');
    expect(html).toContain('392');
    expect(html).toContain('href="/terminos-y-condiciones-black-november"');
    vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
    html = await render('es');
    expect(html).not.toContain('promo-banner');
    expect(html).not.toContain('392');
    const staffing = renderToStaticMarkup(StaffingPage({ ...props('en'), id: 'hireStaffing' }) as ReactElement);
    expect(staffing).not.toContain('promo-banner');
    expect(staffing).toContain('href="/en/hire/solicitar-reunion"');
    expect(staffing).toContain('href="/en/hire/agendar"');
  });
});
