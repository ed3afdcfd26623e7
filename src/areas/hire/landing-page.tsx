import 'server-only';
import { ButtonLink } from '../../components/ui/button';
import { LinkCards } from '../../components/ui/link-cards';
import { PageHero } from '../../components/ui/page-hero';
import { href, type RouteId } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page } from '../../server/render/page-types';
import { services } from '../../server/services/container';
import { getConfig } from '../../server/config';
import { FlagVariant } from '../../components/islands/flag-variant';

// /hire/landing: the campaign landing for companies, in the variant the `hire-landing-variant` flag picks
// for this visitor (decision 022): `control` leads with publishing an offer, `calculator-first` with what the
// role pays. Evaluated on the server, so there is no flicker; personalised in the route table, so it is
// never cached and the visitor's anonymous id keeps the variant stable.
const VARIANTS = ['control', 'calculator-first'] as const;
type Variant = (typeof VARIANTS)[number];

export const HireLandingPage: Page = async (p) => {
  const { t, locale, session } = p;
  const attributes = {
    id: p.anonymousId ?? `user-${p.viewer?.id ?? 'unknown'}`,
    accountType: session.loggedIn ? session.type : 'anonymous',
    locale,
    ...(p.country ? { country: p.country } : {}),
  };
  const { values, payload } = await services.evaluateFlags(attributes, { 'hire-landing-variant': 'control' });
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
        intro={calculatorFirst ? t('hire.landing.calculatorIntro', { brand: p.brand }) : t('routes.hireLanding.intro', { brand: p.brand })}
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
    <>
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
      <div className="container page" style={{ paddingTop: 0 }}>
        <LinkCards
          heading={t('common.related')}
          cards={(['hirePricing', 'hireSchedule'] as const).map((r) => ({
            to: href(r, locale),
            title: t(`routes.${r}.title`),
            text: t(`routes.${r}.description`),
          }))}
        />
      </div>
    </>,
    { 'cache-control': 'private, no-store' },
  );
};
