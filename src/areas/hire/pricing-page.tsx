import 'server-only';
import { CtaBand, Faq, Section, type FaqItem } from '../../components/ui/commercial-blocks';
import { PageHero } from '../../components/ui/page-hero';
import { activePromotion, currencyFromQuery, PRICES, shownCurrency, type FxRates } from '../../domain/pricing';
import { formatUsd } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import type { MarketplaceService } from '../../server/offers/marketplace-service';
import type { AreaDeps } from '../route-module';
import { CompareTable, CurrencyForm, percent, PlanCards, PromoBanner, TaxNotes } from './pricing-parts';

// /hire/pricing (decision 027): the free plan and the paid services with their prices in US dollars, and in
// the currency the visitor picks (?moneda=cop, ?currency=cop in English) at the FX table's rate. Anything
// else in that parameter shows US dollars. The page is the same for every visitor of a URL, so caches may
// keep it; the promotion shows while it runs (activePromotion), within the page cache's short life.

type PricingView = { currency: string; fx: FxRates; now: Date };

/** What the URL asks for, read through the services: the currency shown (USD unless the table has the one asked). */
async function pricingView(marketplace: () => Promise<MarketplaceService>, query: string, now = new Date()): Promise<PricingView> {
  const fx = await (await marketplace()).fx();
  return { currency: shownCurrency(currencyFromQuery(query), fx), fx, now };
}

function pricingFaq(t: T, locale: Locale): FaqItem[] {
  const fee = {
    rate: percent(PRICES.staffingRate, locale),
    minimum: formatUsd(PRICES.staffingMinimumUsd, locale),
  };
  return [
    { q: t('pricing.faq.free.q'), a: <p>{t('pricing.faq.free.a', { days: PRICES.offerDays })}</p> },
    { q: t('pricing.faq.shortlist.q'), a: <p>{t('pricing.faq.shortlist.a')}</p> },
    { q: t('pricing.faq.fee.q'), a: <p>{t('pricing.faq.fee.a', fee)}</p> },
    { q: t('pricing.faq.guarantee.q'), a: <p>{t('pricing.faq.guarantee.a', { days: PRICES.guaranteeDays })}</p> },
    { q: t('pricing.faq.currency.q'), a: <p>{t('pricing.faq.currency.a')}</p> },
    { q: t('pricing.faq.taxes.q'), a: <p>{t('pricing.faq.taxes.a')}</p> },
  ];
}

export const pricingPage =
  ({ marketplace }: Pick<AreaDeps, 'marketplace'>) =>
  async (p: PageProps) => {
    const { t, locale } = p;
    const { currency, fx, now } = await pricingView(marketplace, p.query);
    const promotion = activePromotion(now);
    const money = { t, locale, currency, fx };
    return (
      <div className="commercial">
        <PageHero
          eyebrow={t('pricing.eyebrow')}
          heading={t('routes.hirePricing.heading')}
          intro={t('routes.hirePricing.intro', { brand: p.brand })}
        >
          <CurrencyForm t={t} locale={locale} currency={currency} />
        </PageHero>
        <div className="container page commercial-body">
          {promotion && <PromoBanner t={t} locale={locale} promotion={promotion} />}
          <Section id="plans" heading={t('pricing.plans.heading')} intro={t('pricing.plans.intro')}>
            <PlanCards {...money} promotion={promotion} />
          </Section>
          <CompareTable {...money} />
          <TaxNotes {...money} />
          <Faq heading={t('commercial.faqHeading')} items={pricingFaq(t, locale)} />
          <CtaBand
            heading={t('pricing.cta.heading')}
            text={t('pricing.cta.text')}
            actions={[
              { to: href('hireCreateOffer', locale), label: t('home.ctaHire') },
              { to: href('hireRequestMeeting', locale), label: t('commercial.talkToSales') },
              { to: href('hireSchedule', locale), label: t('commercial.bookCall'), variant: 'ghost' },
            ]}
          />
        </div>
      </div>
    );
  };
