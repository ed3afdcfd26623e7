import 'server-only';
import { Link } from 'waku';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import { PROFILE_ITEMS, profileCompleteness, type ProfileFacts, type ProfileItem } from '../../domain/profile-completeness';
import { WithdrawConfirm } from './applying-sections';

// The top of the candidate workspace: what a candidate comes back for first (their applications and the
// stage each is at), then how complete their profile is and what to add next.

type Application = {
  id: number;
  status: string;
  createdAt: Date | null;
  message: string | null;
  offer: { slug: string; title: string; company: string; state: string };
};

const canWithdraw = (status: string) => !['withdrawn', 'placed', 'rejected'].includes(status);

/** The candidate's applications with their stage, the withdrawal step and the conversation of each. */
export function ApplicationsSection({
  applications,
  threads,
  withdrawing,
  withdrawn,
  locale,
  t,
}: {
  applications: Application[];
  threads: Map<number, { id: number; unread: number }>;
  withdrawing: { id: number; offer: { title: string }; withdrawable?: boolean } | null;
  withdrawn: boolean;
  locale: Locale;
  t: T;
}) {
  return (
    <section className="section" id="applications" aria-labelledby="applications-title">
      <h2 id="applications-title">{t('platform.applications')}</h2>
      {withdrawn && (
        <p className="alert alert-success" role="status">
          {t('applying.withdraw.done')}
        </p>
      )}
      {withdrawing?.withdrawable && <WithdrawConfirm application={withdrawing} locale={locale} t={t} />}
      {applications.length === 0 ? (
        <p className="notice">
          {t('platform.noApplications')} <Link to={href('jobs', locale)}>{t('platform.findJobs')}</Link>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="group" aria-labelledby="applications-title">
          <table className="salary-table applications-table">
            <thead>
              <tr>
                <th scope="col">{t('platform.offer')}</th>
                <th scope="col">{t('platform.company')}</th>
                <th scope="col">{t('platform.appliedOn')}</th>
                <th scope="col">{t('offer.status')}</th>
                <th scope="col">{t('messages.rows.open')}</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((a) => (
                <tr key={a.id} data-testid="application-row">
                  <th scope="row">
                    <Link to={href('offer', locale, { slug: a.offer.slug })}>{a.offer.title}</Link>
                    {a.offer.state !== 'open' && <span className="badge">{translateIn(t, 'platform.offerState', a.offer.state)}</span>}
                  </th>
                  <td>{a.offer.company}</td>
                  <td>{a.createdAt ? formatDate(a.createdAt, locale) : ''}</td>
                  <td>
                    <strong>{translateIn(t, 'application.status', a.status)}</strong>
                    {a.message && (
                      <details className="company-message" data-testid="application-message">
                        <summary>{t('tracker.companyMessage')}</summary>
                        <p className="note-body">{a.message}</p>
                      </details>
                    )}
                    {canWithdraw(a.status) && (
                      <Link
                        className="row-link"
                        to={`${href('matchPlatform', locale)}?retirar=${a.id}#withdraw`}
                        data-testid="withdraw-link"
                        // A name with the offer, without an sr-only span: absolutely placed, it would widen the page past the table's scroll box.
                        aria-label={`${t('applying.withdraw.action')}: ${a.offer.title}`}
                      >
                        {t('applying.withdraw.action')}
                      </Link>
                    )}
                  </td>
                  <td>
                    {threads.has(a.id) && (
                      <Link
                        className="row-link"
                        to={href('matchConversation', locale, { id: String(threads.get(a.id)!.id) })}
                        data-testid="application-messages"
                      >
                        {t('messages.rows.open')}
                        <span className="sr-only"> {a.offer.title}</span>
                        {threads.get(a.id)!.unread > 0 && (
                          <span className="badge badge-unread" data-testid="unread">
                            {t('messages.rows.unread', { n: threads.get(a.id)!.unread })}
                          </span>
                        )}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const ITEM_FIELD: Record<ProfileItem, string> = {
  role: 'profile-role',
  seniority: 'profile-seniority',
  country: 'profile-country',
  headline: 'profile-headline',
  years: 'profile-years',
  english: 'profile-english',
  skills: 'profile-skills-legend',
  salary: 'profile-salary',
  public: 'profile-form',
};

/** The completeness meter: the share done and links to the next missing items in the profile's editor. */
export function ProfileProgress({ facts, slug, locale, t }: { facts: ProfileFacts | null; slug: string; locale: Locale; t: T }) {
  const { percent, missing } = facts ? profileCompleteness(facts) : { percent: 0, missing: [...PROFILE_ITEMS] };
  const editor = href('talentProfile', locale, { slug });
  return (
    <section className="card section profile-progress" aria-labelledby="profile-progress-title" data-testid="profile-progress">
      <h2 id="profile-progress-title" className="h3">
        {t('platform.progress.title')}
      </h2>
      <p className="profile-progress-figure">
        <progress max={100} value={percent} aria-labelledby="profile-progress-title" /> <strong>{percent} %</strong>
      </p>
      {missing.length ? (
        <>
          <p className="muted">{t('platform.progress.next')}</p>
          <ul className="chips">
            {missing.slice(0, 4).map((item) => (
              <li key={item}>
                <a className="chip" href={`${editor}#${ITEM_FIELD[item]}`}>
                  {translateIn(t, 'platform.progress.item', item)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('platform.progress.done')}</p>
      )}
    </section>
  );
}
