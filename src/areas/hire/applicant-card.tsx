import 'server-only';
import { Link } from 'waku';
import { countries, englishLevels, labelOf, roles, seniorities, skills } from '../../domain/catalog';
import { isPipelineStatus, neighbours } from '../../domain/pipeline';
import { formatDate, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import type { HiringService } from '../../server/offers/hiring-service';

// One applicant on the tracker's list or board (decision 048): the profile summary, certificates, the
// conversation (with its unread badge) and interview links, the members' average rating, a checkbox for
// bulk moves (it belongs to the bulk form by its form attribute) and a labelled move to the previous or next
// stage, a plain post that works from the keyboard without JavaScript. A status outside the pipeline (one
// the candidate set) shows read-only.
export type Applicant = Awaited<ReturnType<HiringService['applicants']>>['applicants'][number];

export const BULK_FORM = 'bulk-move';

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
      <p className="muted">
        {[
          a.candidate.role && labelOf(roles, a.candidate.role, locale),
          a.candidate.seniority && labelOf(seniorities, a.candidate.seniority, locale),
          a.candidate.country && labelOf(countries, a.candidate.country, locale),
          a.candidate.english && labelOf(englishLevels, a.candidate.english, locale),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {a.candidate.skills.length > 0 && <p>{a.candidate.skills.map((s) => labelOf(skills, s, locale)).join(', ')}</p>}
      {a.candidate.certifications.length > 0 && (
        <ul className="chips" aria-label={t('hire.site.certifiedLabel')}>
          {a.candidate.certifications.map((c) => (
            <li key={c.slug} className="chip chip-certified" data-testid="applicant-certificate">
              <Link to={href('certification', locale, { slug: c.slug })}>
                {`✓ ${t('hire.site.certifiedAs', { role: labelOf(roles, c.role, locale), level: labelOf(seniorities, c.level, locale) })}${c.isDemo ? ` (${t('learning.cert.demo')})` : ''}`}
              </Link>
            </li>
          ))}
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
