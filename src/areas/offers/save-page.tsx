import 'server-only';
import { Link } from 'waku';
import { href } from '../../routes';
import { SaveOfferForm } from '../../views/jobs/save-offer-form';
import type { Page } from '../../server/render/page-types';

// Saving an offer (decision 049): where a visitor who was asked to sign in comes back. A GET never saves:
// the page asks once more, with the same plain form the cards carry.
export const offerSavePage: Page = (p) => {
  const { t, locale } = p;
  const slug = typeof p.params.slug === 'string' ? p.params.slug : '';
  return (
    <div className="container page narrow">
      <h1>{t('routes.offerSave.heading')}</h1>
      {p.form?.message && (
        <div className="form-summary" role="alert">
          <p className="form-summary-title">{p.form.message}</p>
        </div>
      )}
      <p>{t('applying.saved.saveIntro')}</p>
      <SaveOfferForm slug={slug} locale={locale} label={t('applying.saved.saveOffer')} />
      <p>
        <Link to={href('offer', locale, { slug })}>{t('applying.apply.back')}</Link>
      </p>
    </div>
  );
};
