import 'server-only';
import { Link } from 'waku';
import { countries, englishLevels, labelOf, roles, seniorities, skills } from '../../domain/catalog';
import { parseId } from '../../domain/ids';
import { PageError } from '../../domain/page-error';
import { isPipelineStatus, NOTE_MAX_CHARS, PIPELINE, REJECTION_MESSAGE_MAX_CHARS, REJECTION_REASONS } from '../../domain/pipeline';
import { formatDate, formatMeetingClock, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { ServiceError } from '../../server/errors';
import type { HiringService } from '../../server/offers/hiring-service';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { ApplicantProfile } from '../../views/profile/applicant-profile';
import { ApplicationAnswers } from '../../views/applications/application-answers';
import { Textarea } from '../../components/forms/textarea';

// /hire/site/candidatura/{application id} (decision 048): one applicant for the company's members: the
// profile summary, the stage (a move), the history with who did what, the private notes, the ratings (the
// member's own and everyone's) and the rejection with its reason and an editable message in the
// candidate's language. Plain posts to this page, PRG back with ?hecho=; a refused post keeps what was typed.
type Detail = Awaited<ReturnType<HiringService['application']>>;
// The workspace's times are read in Lima's time until companies have a time zone of their own.
const ZONE = 'America/Lima';
const when = (d: Date | null, locale: Locale) => (d ? `${formatDate(d, locale)} ${formatMeetingClock(d, locale, ZONE)}` : '');

function eventText(e: Detail['events'][number], t: T) {
  const actor = e.actor ?? t('tracker.history.someone');
  if (e.kind === 'moved') return t('tracker.history.moved', { actor, to: translateIn(t, 'application.status', e.to ?? '') });
  return t(`tracker.history.${e.kind}`, { actor });
}

export const hireApplicationPage =
  ({ hiring, profileHistory, screening }: Pick<AreaDeps, 'hiring' | 'profileHistory' | 'screening'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const id = parseId(p.params.id);
    let a: Detail;
    try {
      if (id === null) throw new ServiceError('not-found');
      a = await (await hiring()).application(p.viewer, id);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found')
        throw new PageError(404, `Application not found: ${String(p.params.id)}`);
      throw err;
    }
    // The candidate's work history, education, links and CV (decision 050); a profile without a page has none.
    const background = await (await profileHistory()).applicantProfile(p.viewer, a.id).catch((e: unknown) => {
      if (e instanceof ServiceError && e.code === 'not-found') return null;
      throw e;
    });
    // The cover note and the answers to the offer's questions (decision 049).
    const sent = (await (await screening()).answersFor(p.viewer, [a.id])).get(a.id);
    const action = href('hireApplication', locale, { id: String(a.id) });
    const form = p.form;
    const mine = (intent: string) => (form?.values?.intent === intent ? form : null);
    const err = (intent: string, name: string) => mine(intent)?.errors?.[name] ?? null;
    const done = new URLSearchParams(p.query).get('hecho');
    const movable = isPipelineStatus(a.status);
    const c = a.candidate;
    return (
      <div className="container page narrow tracker">
        <p>
          <Link to={href('hireApplicants', locale, { id: String(a.offer.id) })}>{t('tracker.page.backToApplicants')}</Link>
        </p>
        <h1>{t('tracker.page.title', { name: c.name })}</h1>
        <p className="muted">{t('tracker.page.offer', { title: a.offer.title })}</p>
        {done && ['moved', 'note', 'rating', 'rejected'].includes(done) && (
          <div className="alert alert-success" role="status" data-testid="tracker-notice">
            {translateIn(t, 'tracker.done', done)}
          </div>
        )}
        {form && <Summary state={form} />}

        <section className="card section-sm" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('tracker.page.summary')}</h2>
          <p>{c.slug ? <Link to={href('talentProfile', locale, { slug: c.slug })}>{c.name}</Link> : c.name}</p>
          {c.headline && <p>{c.headline}</p>}
          <p className="muted">
            {[
              c.role && labelOf(roles, c.role, locale),
              c.seniority && labelOf(seniorities, c.seniority, locale),
              c.country && labelOf(countries, c.country, locale),
              c.english && labelOf(englishLevels, c.english, locale),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {c.skills.length > 0 && <p>{c.skills.map((s) => labelOf(skills, s, locale)).join(', ')}</p>}
          {c.certifications.length > 0 && (
            <ul className="chips" aria-label={t('hire.site.certifiedLabel')}>
              {c.certifications.map((x) => (
                <li key={x.slug} className="chip chip-certified">
                  <Link to={href('certification', locale, { slug: x.slug })}>
                    {`✓ ${t('hire.site.certifiedAs', { role: labelOf(roles, x.role, locale), level: labelOf(seniorities, x.level, locale) })}`}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">
            {t('hire.site.appliedOn', { date: a.appliedAt ? formatDate(a.appliedAt, locale) : '' })} ·{' '}
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </p>
          <p>
            <Link className="btn btn-outline-primary btn-md" to={href('hireInterview', locale, { id: String(a.id) })}>
              {t('interviews.propose')}
            </Link>
          </p>
          <ApplicationAnswers sent={sent} t={t} />
          {background && <ApplicantProfile applicant={background} locale={locale} t={t} />}
        </section>

        <section className="section-sm" aria-labelledby="stage-title">
          <h2 id="stage-title">{t('tracker.move.title')}</h2>
          <p data-testid="application-status">
            {t('tracker.page.status', { status: translateIn(t, 'application.status', a.status) })}
            {!movable && ` · ${t('tracker.otherStatus')}`}
          </p>
          {a.rejection && (
            <div className="notice" data-testid="rejection">
              <p>{t('tracker.reject.current', { reason: translateIn(t, 'tracker.reasons', a.rejection.reason ?? 'other') })}</p>
              {a.rejection.message && (
                <>
                  <p>{t('tracker.reject.sent')}</p>
                  <blockquote className="quote">{a.rejection.message}</blockquote>
                </>
              )}
            </div>
          )}
          {movable && (
            <form method="post" action={action} className="inline-form">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="from" value={a.status} />
              <label htmlFor="move-status">{t('offer.status')}</label>
              <select id="move-status" name="status" defaultValue={a.status}>
                {PIPELINE.filter((s) => s !== 'rejected' || a.status === 'rejected').map((s) => (
                  <option key={s} value={s}>
                    {t(`application.status.${s}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-outline-primary btn-md" data-testid="move-submit">
                {t('tracker.move.submit')}
              </button>
            </form>
          )}
        </section>

        <section className="section-sm" id="rating" aria-labelledby="rating-title">
          <h2 id="rating-title">{t('tracker.rating.title')}</h2>
          <p data-testid="rating-average">
            {a.ratings.average === null
              ? t('tracker.rating.none')
              : t('tracker.rating.average', { avg: formatNumber(Math.round(a.ratings.average * 10) / 10, locale), n: a.ratings.count })}
          </p>
          {a.ratings.each.length > 0 && (
            <ul>
              {a.ratings.each.map((r) => (
                <li key={r.member}>{t('tracker.rating.each', { member: r.member, score: r.score })}</li>
              ))}
            </ul>
          )}
          <form method="post" action={action} className="inline-form">
            <input type="hidden" name="intent" value="rating" />
            <fieldset className="rating-options">
              <legend>{t('tracker.rating.legend')}</legend>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="rating-option">
                  <input type="radio" name="rating" value={n} defaultChecked={a.ratings.mine === n} /> {n}
                  <span className="sr-only"> ({t('tracker.rating.option', { n })})</span>
                </label>
              ))}
            </fieldset>
            {err('rating', 'rating') && <p className="field-error">{err('rating', 'rating')}</p>}
            <button type="submit" className="btn btn-outline-primary btn-md" data-testid="rating-submit">
              {t('tracker.rating.submit')}
            </button>
          </form>
        </section>

        <section className="section-sm" id="notes" aria-labelledby="notes-title">
          <h2 id="notes-title">{t('tracker.notes.title')}</h2>
          <p className="muted">{t('tracker.notes.intro')}</p>
          <form method="post" action={action} className="form-stack" noValidate>
            <input type="hidden" name="intent" value="note" />
            <Row id="note" name="note" label={t('tracker.notes.label')} hint={t('tracker.notes.hint')} error={err('note', 'note')}>
              <Textarea
                id="note"
                name="note"
                rows={3}
                maxLength={NOTE_MAX_CHARS}
                defaultValue={mine('note')?.values.note ?? ''}
                aria-invalid={!!err('note', 'note') || undefined}
                aria-describedby={describedBy('note', true, !!err('note', 'note'))}
              />
            </Row>
            <button type="submit" className="btn btn-outline-primary btn-md" data-testid="note-submit">
              {t('tracker.notes.submit')}
            </button>
          </form>
          {a.notes.length === 0 ? (
            <p className="muted">{t('tracker.notes.empty')}</p>
          ) : (
            <ul className="tracker-notes">
              {a.notes.map((n) => (
                <li key={n.id} className="card" data-testid="note">
                  <p className="note-body">{n.body}</p>
                  <p className="muted">
                    {n.author ?? t('tracker.history.someone')} · {when(n.at, locale)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="section-sm" aria-labelledby="history-title">
          <h2 id="history-title">{t('tracker.history.title')}</h2>
          {a.events.length === 0 ? (
            <p className="muted">{t('tracker.history.empty')}</p>
          ) : (
            <ol className="tracker-history">
              {a.events.map((e) => (
                <li key={e.id} data-testid="history-event">
                  {eventText(e, t)} · <span className="muted">{when(e.at, locale)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>

        {movable && a.status !== 'rejected' && (
          <section className="card section-sm" aria-labelledby="reject-title">
            <h2 id="reject-title">{t('tracker.reject.title')}</h2>
            <p className="muted">{t('tracker.reject.intro', { language: translateIn(t, 'tracker.language', c.locale) })}</p>
            <form method="post" action={action} className="form-stack" noValidate>
              <input type="hidden" name="intent" value="reject" />
              <input type="hidden" name="from" value={a.status} />
              <Row id="reason" name="reason" label={t('tracker.reject.reason')} error={err('reject', 'reason')}>
                <select
                  id="reason"
                  name="reason"
                  defaultValue={mine('reject')?.values.reason ?? ''}
                  aria-invalid={!!err('reject', 'reason') || undefined}
                  aria-describedby={describedBy('reason', false, !!err('reject', 'reason'))}
                >
                  <option value="">—</option>
                  {REJECTION_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`tracker.reasons.${r}`)}
                    </option>
                  ))}
                </select>
              </Row>
              <Row
                id="message"
                name="message"
                label={t('tracker.reject.message')}
                hint={t('tracker.reject.hint')}
                error={err('reject', 'message')}
              >
                <Textarea
                  id="message"
                  name="message"
                  rows={10}
                  maxLength={REJECTION_MESSAGE_MAX_CHARS}
                  lang={c.locale}
                  defaultValue={mine('reject')?.values.message ?? a.template}
                  aria-invalid={!!err('reject', 'message') || undefined}
                  aria-describedby={describedBy('message', true, !!err('reject', 'message'))}
                />
              </Row>
              <button type="submit" className="btn btn-primary btn-md" data-testid="reject-submit">
                {t('tracker.reject.submit')}
              </button>
            </form>
          </section>
        )}
      </div>
    );
  };
