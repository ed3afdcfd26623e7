import { formatMonthYear } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { ProfileDetails } from '../../server/accounts/profile-history-service';

// A candidate's work history, education and links as others read them (decision 050): on the public
// profile and on a company's view of an applicant. Links leave the site without passing it on or vouching.
type Props = { details: ProfileDetails; locale: Locale; t: T; level?: 2 | 3 | 4 };

const month = (m: string, locale: Locale) => formatMonthYear(`${m}-01T00:00:00Z`, locale);

export function ProfileHistory({ details, locale, t, level = 2 }: Props) {
  const H = `h${level}` as const;
  const { experience, education, links } = details;
  const linkList = (
    [
      ['linkedin_url', 'profileHistory.linkedin'],
      ['github_url', 'profileHistory.github'],
      ['portfolio_url', 'profileHistory.portfolio'],
    ] as const
  ).filter(([k]) => links[k]);
  return (
    <div className="profile-history" data-testid="profile-history">
      <H className="h3 section-sm">{t('profileHistory.experience')}</H>
      {experience.length ? (
        <ul className="history-list">
          {experience.map((e) => (
            <li key={e.id} data-testid="experience-entry">
              <strong>{e.title}</strong> · {e.company}
              <br />
              <span className="muted">
                {t('profileHistory.range', {
                  start: month(e.startMonth, locale),
                  end: e.endMonth ? month(e.endMonth, locale) : t('profileHistory.present'),
                })}
              </span>
              {e.description && <p className="history-text">{e.description}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('profileHistory.experienceEmpty')}</p>
      )}
      <H className="h3 section-sm">{t('profileHistory.education')}</H>
      {education.length ? (
        <ul className="history-list">
          {education.map((e) => (
            <li key={e.id} data-testid="education-entry">
              <strong>{e.degree}</strong> · {e.school}
              <br />
              <span className="muted">
                {t('profileHistory.range', {
                  start: String(e.startYear),
                  end: e.endYear ? String(e.endYear) : t('profileHistory.present'),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('profileHistory.educationEmpty')}</p>
      )}
      {linkList.length > 0 && (
        <>
          <H className="h3 section-sm">{t('profileHistory.links')}</H>
          <ul className="history-links">
            {linkList.map(([k, label]) => (
              <li key={k}>
                <a href={links[k]!} rel="noopener nofollow ugc" target="_blank" data-testid={`link-${k}`}>
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
