import 'server-only';
import { ButtonLink } from '../../components/ui/button';
import { Faq } from '../../components/ui/commercial-blocks';
import { PageHero } from '../../components/ui/page-hero';
import { CURRENCY_PARAMS, currencyOfIso } from '../../domain/pricing';
import { href, type RouteId } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { getConfig } from '../../server/config';
import { FlagVariant } from '../../components/islands/flag-variant';
import { HIRE_FIGURES, HireCta, hireFaq, HireServices, HowItWorks, loadHireData, WhatWeDo } from './hire-page';
import { CompaniesHiring, LiveFigures } from '../../views/commercial/live-figures';

// /hire/landing: the campaign landing for companies, in the variant the `hire-landing-variant` flag picks
// for this visitor (decision 022): `control` leads with publishing an offer, `calculator-first` with what the
// role pays. Evaluated on the server, so there is no flicker; personalised in the route table, so it is
// never cached and the visitor's anonymous id keeps the variant stable. Below the hero come the sections of
// /hire (shared components, decision 027); being personalised anyway, it links the prices in the currency of
// the visitor's country when that is known.
const VARIANTS = ['control', 'calculator-first'] as const;
type Variant = (typeof VARIANTS)[number];

export const hireLandingPage =
  ({ marketplace, evaluateFlags }: Pick<AreaDeps, 'marketplace' | 'evaluateFlags'>): Page =>
  async (p) => {
    const { t, locale, session } = p;
    const attributes = {
      id: p.anonymousId ?? `user-${p.viewer?.id ?? 'unknown'}`,
      accountType: session.loggedIn ? session.type : 'anonymous',
      locale,
      ...(p.country ? { country: p.country } : {}),
    };
    const [{ values, payload }, { figures, companies }] = await Promise.all([
      evaluateFlags(attributes, { 'hire-landing-variant': 'control' }),
      loadHireData(marketplace),
    ]);
    const currency = currencyOfIso(p.country);
    const pricingQuery = currency && currency !== 'USD' ? { [CURRENCY_PARAMS[locale]]: currency.toLowerCase() } : undefined;
    const variant: Variant = (VARIANTS as readonly string[]).includes(values['hire-landing-variant'])
      ? (values['hire-landing-variant'] as Variant)
      : 'control';
    const flags = getConfig();
    const content = (v: Variant) => {
      const calculatorFirst = v === 'calculator-first';
      const primary: { id: RouteId; label: string } = calculatorFirst
        ? { id: 'tools', label: t('hire.landing.seeSalaries') }
        : { id: 'hireStartNow', label: t('home.ctaHire') };
      const secondary: { id: RouteId; label: string } = calculatorFirst
        ? { id: 'hireCreateOffer', label: t('hire.landing.publishFree') }
        : { id: 'hireRequestMeeting', label: t('hire.landing.talkToUs') };
      return (
        <PageHero
          heading={calculatorFirst ? t('hire.landing.calculatorHeading') : t('routes.hireLanding.heading')}
          intro={
            calculatorFirst ? t('hire.landing.calculatorIntro', { brand: p.brand }) : t('routes.hireLanding.intro', { brand: p.brand })
          }
        >
          <div className="actions">
            <ButtonLink to={href(primary.id, locale)} size="lg">
              {primary.label}
            </ButtonLink>
            <ButtonLink to={href(secondary.id, locale)} size="lg" variant="outline-primary">
              {secondary.label}
            </ButtonLink>
          </div>
        </PageHero>
      );
    };
    return answer(
      200,
      <div className="commercial">
        {/* Both variants travel to the browser so that a flag change streamed to this open page can switch them. */}
        <FlagVariant
          flag="hire-landing-variant"
          initial={variant}
          variants={Object.fromEntries(VARIANTS.map((v) => [v, content(v)]))}
          payload={payload}
          attributes={attributes}
          apiHost={flags.FEATURE_FLAGS_API_HOST}
          clientKey={flags.FEATURE_FLAGS_CLIENT_KEY}
          devMode={flags.FEATURE_FLAGS_DEV_MODE}
        />
        <div className="container page commercial-body">
          <WhatWeDo t={t} locale={locale} brand={p.brand} />
          <HowItWorks t={t} locale={locale} />
          <LiveFigures t={t} locale={locale} brand={p.brand} figures={figures} show={HIRE_FIGURES} />
          <CompaniesHiring t={t} locale={locale} companies={companies} />
          <HireServices t={t} locale={locale} pricingQuery={pricingQuery} />
          <Faq heading={t('commercial.faqHeading')} items={hireFaq({ t, locale, brand: p.brand })} />
          <HireCta t={t} locale={locale} />
        </div>
      </div>,
      { 'cache-control': 'private, no-store' },
    );
  };
