import 'server-only';
import { Link } from 'waku';
import IconBadgeCheck from '~icons/lucide/badge-check';
import IconChartLine from '~icons/lucide/chart-line';
import IconHandshake from '~icons/lucide/handshake';
import IconListChecks from '~icons/lucide/list-checks';
import IconMegaphone from '~icons/lucide/megaphone';
import { Actions, CtaBand, Faq, FeatureGrid, Steps, Section, type FaqItem } from '../../components/ui/commercial-blocks';
import { PageHero } from '../../components/ui/page-hero';
import { countries } from '../../domain/catalog';
import { PRICES } from '../../domain/pricing';
import { localeInfo, type Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import type { MarketplaceService } from '../../server/offers/marketplace-service';
import type { AreaDeps } from '../route-module';
import { AreasSection, CompaniesHiring, LiveFigures } from '../../views/commercial/live-figures';

// /hire: what Tandem does for companies, how it works, the five areas, live figures, the companies hiring
// now, the paid services, an FAQ and the calls to action (decision 027). The sections below are shared
// with the campaign landing (/hire/landing), which shows them under its flag-chosen hero.

type Common = { t: T; locale: Locale };
type Branded = Common & { brand: string };

export const HIRE_FIGURES = ['openOffers', 'hiringCompanies', 'publicProfiles', 'certifiedProfiles', 'salaryReports'] as const;

/** The live figures and the companies hiring now, read once per render. */
export async function loadHireData(marketplace: () => Promise<MarketplaceService>) {
  const m = await marketplace();
  const [figures, companies] = await Promise.all([m.figures(), m.companiesHiring(8)]);
  return { figures, companies };
}

export function WhatWeDo({ t, brand }: Branded) {
  return (
    <Section id="what" heading={t('hireHome.what.heading', { brand })} intro={t('hireHome.what.intro')}>
      <FeatureGrid
        items={[
          {
            icon: <IconMegaphone />,
            title: t('hireHome.what.publish.title'),
            text: t('hireHome.what.publish.text', { days: PRICES.offerDays }),
          },
          { icon: <IconBadgeCheck />, title: t('hireHome.what.certified.title'), text: t('hireHome.what.certified.text') },
          { icon: <IconChartLine />, title: t('hireHome.what.market.title'), text: t('hireHome.what.market.text') },
        ]}
      />
    </Section>
  );
}

export function HowItWorks({ t }: Common) {
  return (
    <Section id="how" heading={t('hireHome.steps.heading')}>
      <Steps
        items={(['publish', 'review', 'hire'] as const).map((s) => ({
          title: t(`hireHome.steps.${s}.title`),
          text: t(`hireHome.steps.${s}.text`),
        }))}
      />
    </Section>
  );
}

/** The paid services, each linking to its page (pricing first: the sales pages' loading-bar tests rely on it). */
export function HireServices({ t, locale, pricingQuery }: Common & { pricingQuery?: Record<string, string> }) {
  return (
    <Section id="services" heading={t('hireHome.services.heading')} intro={t('hireHome.services.intro')}>
      <FeatureGrid
        items={[
          {
            icon: <IconListChecks />,
            title: t('routes.hirePricing.title'),
            text: t('hireHome.services.pricing', { days: PRICES.shortlistWorkingDays }),
            to: href('hirePricing', locale, undefined, pricingQuery),
          },
          {
            icon: <IconHandshake />,
            title: t('routes.hireStaffing.title'),
            text: t('hireHome.services.staffing', { days: PRICES.guaranteeDays }),
            to: href('hireStaffing', locale),
          },
        ]}
      />
    </Section>
  );
}

export function hireFaq({ t, locale, brand }: Branded): FaqItem[] {
  const list = new Intl.ListFormat(localeInfo[locale].language, { type: 'conjunction' }).format(countries.map((c) => c.label[locale]));
  const more = (id: 'hirePricing' | 'hireStaffing' | 'tools') => (
    <Link to={href(id, locale)}>{t(id === 'tools' ? 'hireHome.faq.toolsLink' : `routes.${id}.title`)}</Link>
  );
  return [
    { q: t('hireHome.faq.cost.q'), a: <p>{t('hireHome.faq.cost.a', { days: PRICES.offerDays })}</p> },
    { q: t('hireHome.faq.certified.q'), a: <p>{t('hireHome.faq.certified.a', { brand })}</p> },
    { q: t('hireHome.faq.countries.q'), a: <p>{t('hireHome.faq.countries.a', { countries: list })}</p> },
    {
      q: t('hireHome.faq.salary.q'),
      a: (
        <p>
          {t('hireHome.faq.salary.a')} {more('tools')}
        </p>
      ),
    },
    {
      q: t('hireHome.faq.help.q'),
      a: (
        <>
          <p>
            {t('hireHome.faq.help.a', {
              min: PRICES.shortlistSize.min,
              max: PRICES.shortlistSize.max,
              days: PRICES.shortlistWorkingDays,
            })}
          </p>
          <p className="faq-links">
            {more('hirePricing')} · {more('hireStaffing')}
          </p>
        </>
      ),
    },
    { q: t('hireHome.faq.account.q'), a: <p>{t('hireHome.faq.account.a')}</p> },
  ];
}

export function HireCta({ t, locale }: Common) {
  return (
    <CtaBand
      heading={t('hireHome.cta.heading')}
      text={t('hireHome.cta.text')}
      actions={[
        { to: href('hireCreateOffer', locale), label: t('home.ctaHire') },
        { to: href('hireRequestMeeting', locale), label: t('commercial.talkToSales') },
        { to: href('hireSchedule', locale), label: t('commercial.bookCall'), variant: 'ghost' },
      ]}
    />
  );
}

export const hirePage =
  ({ marketplace }: Pick<AreaDeps, 'marketplace'>) =>
  async (p: PageProps) => {
    const { t, locale } = p;
    const { figures, companies } = await loadHireData(marketplace);
    return (
      <div className="commercial">
        <PageHero eyebrow={t('hireHome.eyebrow')} heading={t('routes.hire.heading')} intro={t('routes.hire.intro', { brand: p.brand })}>
          <Actions
            items={[
              { to: href('hireCreateOffer', locale), label: t('home.ctaHire') },
              { to: href('hireRequestMeeting', locale), label: t('commercial.talkToSales') },
            ]}
          />
        </PageHero>
        <div className="container page commercial-body">
          <WhatWeDo t={t} locale={locale} brand={p.brand} />
          <HowItWorks t={t} locale={locale} />
          <LiveFigures t={t} locale={locale} brand={p.brand} figures={figures} show={HIRE_FIGURES} />
          <AreasSection t={t} locale={locale} intro={t('hireHome.areasIntro', { brand: p.brand })} />
          <CompaniesHiring t={t} locale={locale} companies={companies} />
          <HireServices t={t} locale={locale} />
          <Faq heading={t('commercial.faqHeading')} items={hireFaq({ t, locale, brand: p.brand })} />
          <HireCta t={t} locale={locale} />
        </div>
      </div>
    );
  };
