import { href } from '../../routes';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { ApplicantProfile as Applicant } from '../../server/accounts/profile-history-service';
import { ProfileHistory } from './profile-history';

// An applicant's background for the company's pages (decision 050): work history, education, links and a
// link to their CV, from profileHistory.applicantProfile(viewer, applicationId). Placed on the applicant's
// card or page; a plain link, so the PDF opens in the browser's own viewer.
export function CvLink({ slug, name, locale, t }: { slug: string; name: string; locale: Locale; t: T }) {
  return (
    <a
      className="btn btn-outline-secondary btn-md cv-link"
      href={href('talentCv', locale, { slug })}
      target="_blank"
      rel="noopener"
      data-testid="cv-link"
    >
      {t('profileHistory.cvOpen')}
      <span className="sr-only"> {name}</span>
    </a>
  );
}

export function ApplicantProfile({ applicant, locale, t, level = 3 }: { applicant: Applicant; locale: Locale; t: T; level?: 3 | 4 }) {
  return (
    <section className="applicant-profile" aria-label={t('profileHistory.applicantHeading')} data-testid="applicant-profile">
      <ProfileHistory details={applicant} locale={locale} t={t} level={level} />
      {applicant.cv && (
        <p className="section-sm">
          <CvLink slug={applicant.slug} name={applicant.name} locale={locale} t={t} />
        </p>
      )}
    </section>
  );
}
