import 'server-only';
import { Link } from 'waku';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import type { OfferView } from '../../server/offers/application-service';
import { PIPELINE } from '../../server/offers/hiring-service';
import { OfferViewer, type AppliedLabels } from './offer-viewer';

// The offer's apply card (decision 016; one HTML for everyone, decision 002).
/** The labels the offer's viewer island fills in for a visitor who has applied. */
export function appliedLabels(t: T, locale: Locale): AppliedLabels {
  const statuses = Object.fromEntries([...PIPELINE, 'withdrawn'].map((k) => [k, translateIn(t, 'application.status', k)]));
  return {
    applied: t('offer.applied', { date: '{{date}}' }),
    status: t('offer.status'),
    statuses,
    seeApplications: t('offer.seeApplications'),
    seeApplicationsHref: href('matchPlatform', locale),
    ownOffer: t('offer.ownOffer'),
  };
}

/**
 * The apply card of the page everyone gets (decision 002): each kind of visitor's box, the one the head
 * script's hint names shown by CSS, and the island that puts a signed-in visitor's own state in place.
 * Without JavaScript a signed-in candidate still applies with the form under <noscript>.
 */
export function SharedApplyBox({ p, o, questions = 0 }: { p: PageProps; o: OfferView; questions?: number }) {
  const { t, locale } = p;
  const here = href('offer', locale, { slug: o.slug });
  if (o.state !== 'open') return <ApplyBox p={p} o={o} type="anonymous" />;
  return (
    <>
      <div className="when-guest">
        <ApplyBox p={p} o={o} type="anonymous" />
        <noscript>
          <form method="post" action={here} className="apply-noscript">
            <p className="muted">{t('offer.applySignedIn')}</p>
            <button type="submit" className="btn btn-outline-primary btn-md">
              {t('offer.apply')}
            </button>
          </form>
        </noscript>
      </div>
      <div className="when-member">
        <OfferViewer part="box" path={here} locale={locale} labels={appliedLabels(t, locale)}>
          <div className="when-match">
            <ApplyBox p={p} o={o} type="match" questions={questions} />
          </div>
          <div className="when-hire">
            <ApplyBox p={p} o={o} type="hire" />
          </div>
        </OfferViewer>
      </div>
    </>
  );
}

/**
 * Apply in one step (or on the apply page when the offer asks screening questions, decision 049): a form
 * for candidates, sign-up or sign-in for visitors, a note for companies.
 */
export function ApplyBox({
  p,
  o,
  type,
  questions = 0,
}: {
  p: PageProps;
  o: OfferView;
  type: 'anonymous' | 'match' | 'hire';
  questions?: number;
}) {
  const { t, locale } = p;
  const here = href('offer', locale, { slug: o.slug });
  const state = p.form;
  if (o.state !== 'open') return <p className="notice">{t('offer.notOpen')}</p>;
  if (o.application) {
    return (
      <div className="alert alert-success" role="status" data-testid="application-status">
        {state?.message && <p>{state.message}</p>}
        <p>{t('offer.applied', { date: o.application.createdAt ? formatDate(o.application.createdAt, locale) : '' })}</p>
        <p>
          {t('offer.status')}: <strong>{translateIn(t, 'application.status', o.application.status)}</strong> ·{' '}
          <Link to={href('matchPlatform', locale)}>{t('offer.seeApplications')}</Link>
        </p>
      </div>
    );
  }
  if (type === 'hire') return <p className="notice">{o.own ? t('offer.ownOffer') : t('offer.companiesCannotApply')}</p>;
  if (type === 'anonymous') {
    const back = new URLSearchParams({ redirect: here });
    return (
      <div className="apply-box">
        <p>{t('offer.signInToApply')}</p>
        <div className="actions">
          <Link
            className="btn btn-primary btn-lg"
            to={`${href('signUp', locale)}?${new URLSearchParams({ origin: 'public-offer', redirect: here })}`}
          >
            {t('offer.signUpToApply')}
          </Link>
          <Link className="btn btn-outline-primary btn-lg" to={`${href('login', locale)}?${back}`}>
            {t('offer.signIn')}
          </Link>
        </div>
      </div>
    );
  }
  const applyPage = href('offerApply', locale, { slug: o.slug });
  if (questions > 0)
    return (
      <div className="apply-box">
        <p>{t('applying.apply.hasQuestions')}</p>
        <Link className="btn btn-primary btn-lg" to={applyPage} data-testid="apply-with-questions">
          {t('offer.apply')}
        </Link>
      </div>
    );
  return (
    <div className="apply-box">
      <form id="apply-form" method="post" action={here} className="form">
        {state?.message && (
          <div className="form-summary" role="alert">
            <p className="form-summary-title">{state.message}</p>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-lg">
          {t('offer.apply')}
        </button>
      </form>
      <p className="muted">{t('offer.applyHint')}</p>
      <p>
        <Link to={applyPage}>{t('applying.apply.withNote')}</Link>
      </p>
    </div>
  );
}
