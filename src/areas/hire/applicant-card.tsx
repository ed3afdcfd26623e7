import 'server-only';
import { Link } from 'waku';
import { countries, englishLevels, labelOf, roles, seniorities, skills } from '../../domain/catalog';
import { isPipelineStatus, neighbours } from '../../domain/pipeline';
import { formatDate, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import type { HiringService } from '../../server/offers/hiring-service';

// One applicant on the tracker's list or board (decision 048): the profile's facts (role, seniority, years,
// country, English) and top skills, read with the page's one applicants query (decision 088), certificates, the
// conversation (with its unread badge) and interview links, the members' average rating, a checkbox for
// bulk moves (it belongs to the bulk form by its form attribute) and a labelled move to the previous or next
// stage, a plain post that works from the keyboard without JavaScript. A status outside the pipeline (one
// the candidate set) shows read-only.
export type Applicant = Awaited<ReturnType<HiringService['applicants']>>['applicants'][number];

export const BULK_FORM = 'bulk-move';
/** Skills named on a card; the rest are counted (the application page lists them all). */
const TOP_SKILLS = 6;

export function ApplicantCard({
  a,
  thread,
  action,
  locale,
  t,
}: {
  a: Applicant;
  thread: { id: number; unread: number } | undefined;
  action: string;
  locale: Locale;
  t: T;
}) {
  const { prev, next } = neighbours(a.status);
  const movable = isPipelineStatus(a.status);
  const name = a.candidate.name;
  const c = a.candidate;
  // The profile's facts in the order a recruiter reads them, each only when the profile says it.
  const facts = [
    c.role && labelOf(roles, c.role, locale),
    c.seniority && labelOf(seniorities, c.seniority, locale),
    c.years !== null && t('profile.yearsValue', { years: formatNumber(c.years, locale) }),
    c.country && labelOf(countries, c.country, locale),
    c.english && `${t('hire.field.english')}: ${labelOf(englishLevels, c.english, locale)}`,
  ].filter((f): f is string => !!f);
  const top = c.skills.slice(0, TOP_SKILLS).map((s) => labelOf(skills, s, locale));
  const more = c.skills.length - top.length;
  return (
    <li className="card applicant" id={`applicant-${a.id}`} data-testid="applicant" data-status={a.status}>
      <div className="applicant-head">
        {movable && (
          <input
            type="checkbox"
            className="applicant-select"
            name="application"
            value={a.id}
            form={BULK_FORM}
            aria-label={t('tracker.select', { name })}
            data-testid="applicant-select"
          />
        )}
        <h3 className="h3">
          <Link to={href('hireApplication', locale, { id: String(a.id) })} data-testid="applicant-open">
            {name}
          </Link>
        </h3>
      </div>
      <ul className="applicant-facts" aria-label={t('hire.site.factsLabel')} data-testid="applicant-facts">
        {facts.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {a.candidate.skills.length > 0 && (
        <p className="applicant-skills" data-testid="applicant-skills">
          <span className="sr-only">{t('hire.site.skillsLabel')}: </span>
          {top.join(', ')}
          {more > 0 && <span className="muted"> {t('hire.site.moreSkills', { n: more })}</span>}
        </p>
      )}
      {a.candidate.certifications.length > 0 && (
        <ul className="chips" aria-label={t('hire.site.certifiedLabel')}>
          {a.candidate.certifications.map((c) => {
            const what = { role: labelOf(roles, c.role, locale), level: labelOf(seniorities, c.level, locale) };
            return (
              // A demo certificate says so, without the check mark a real one carries.
              <li key={c.slug} className={c.isDemo ? 'chip chip-demo' : 'chip chip-certified'} data-testid="applicant-certificate">
                <Link to={href('certification', locale, { slug: c.slug })}>
                  {c.isDemo ? t('hire.site.certifiedDemo', what) : `✓ ${t('hire.site.certifiedAs', what)}`}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted">
        {t('hire.site.appliedOn', { date: a.appliedAt ? formatDate(a.appliedAt, locale) : '' })} ·{' '}
        <a href={`mailto:${a.candidate.email}`}>{a.candidate.email}</a>
      </p>
      {a.rating && (
        <p className="muted" data-testid="applicant-rating">
          {t('tracker.ratingAverage', { avg: formatNumber(Math.round(a.rating.average * 10) / 10, locale), n: a.rating.count })}
        </p>
      )}
      <p className="applicant-links">
        {thread && (
          <Link
            className="btn btn-outline-primary btn-md"
            to={href('hireConversation', locale, { id: String(thread.id) })}
            data-testid="applicant-messages"
          >
            {thread.unread > 0 ? t('messages.rows.open') : t('messages.rows.write')}
            <span className="sr-only"> {name}</span>
            {thread.unread > 0 && (
              <span className="badge badge-unread" data-testid="unread">
                {t('messages.rows.unread', { n: thread.unread })}
              </span>
            )}
          </Link>
        )}
        <Link
          className="btn btn-outline-primary btn-md"
          to={href('hireInterview', locale, { id: String(a.id) })}
          data-testid="applicant-interview"
        >
          {t('interviews.propose')}
          <span className="sr-only"> ({name})</span>
        </Link>
      </p>
      {movable ? (
        (prev || next) && (
          // No accessible name on the form: a named form is a landmark, and two applicants may share a name. The
          // buttons carry the name and the stage.
          <form method="post" action={action} className="inline-form card-moves">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="application" value={a.id} />
            <input type="hidden" name="from" value={a.status} />
            {prev && (
              <button type="submit" name="status" value={prev} className="btn btn-outline-secondary btn-md" data-testid="move-prev">
                ← {t('tracker.card.prev')}
                <span className="sr-only">
                  {' '}
                  ({name}: {translateIn(t, 'application.status', prev)})
                </span>
              </button>
            )}
            {next && (
              <button type="submit" name="status" value={next} className="btn btn-outline-primary btn-md" data-testid="move-next">
                {t('tracker.card.next')} →
                <span className="sr-only">
                  {' '}
                  ({name}: {translateIn(t, 'application.status', next)})
                </span>
              </button>
            )}
          </form>
        )
      ) : (
        <p className="muted" data-testid="applicant-readonly">
          <strong>{translateIn(t, 'application.status', a.status)}</strong> · {t('tracker.otherStatus')}
        </p>
      )}
    </li>
  );
}
