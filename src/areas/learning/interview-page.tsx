import 'server-only';
import { cache } from 'react';
import { Link } from 'waku';
import { Summary } from '../../components/forms/form-parts';
import { ButtonLink } from '../../components/ui/button';
import { splitInlineCode } from '../../domain/inline-code';
import { PageError } from '../../domain/page-error';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { href } from '../../routes';
import type { Page, PageProps } from '../../server/render/page-types';
import { renderMarkdown } from '../../server/render/markdown';
import type { AreaDeps } from '../route-module';
import type { AttemptResult, AttemptView, InterviewView } from '../../server/learning/learning-service';
import type { Viewer } from '../../server/accounts/session';
import { InterviewStatus } from '../../views/learning/interview-list';
import { InterviewTimer } from './interview-timer';

// /entrevista/{slug}/intro: what the interview covers and its rules; for a signed-in candidate also the
// running attempt (every drawn question on one page, a plain form) and the last result. The questions'
// answers never reach this page: scoring happens on the server (learning-service.ts).
const slugOf = (p: PageProps) => (typeof p.params.slug === 'string' ? p.params.slug : '');
/** The interview page, built from the learning service it reads. */
export function interviewPage({ learning }: Pick<AreaDeps, 'learning'>): Page {
  // meta() and the page ask with the same arguments: one load per request serves both.
  const loadInterview = cache(async (slug: string, viewer: Viewer, locale: Locale) => (await learning()).interview(slug, viewer, locale));

  const page: Page = async (p) => {
    const { t, locale, viewer, session } = p;
    const slug = slugOf(p);
    const iv = await loadInterview(slug, viewer, locale);
    if (!iv) throw new PageError(404, `Interview not found: ${slug}`);
    const self = href('interviewIntro', locale, { slug });
    const attempt = iv.state?.kind === 'active' ? await (await learning()).activeAttempt(viewer, slug, locale) : null;
    if (attempt) return <AttemptForm iv={iv} attempt={attempt} action={self} p={p} />;
    const showResult = iv.lastResult && new URLSearchParams(p.query).get('result') === String(iv.lastResult.attemptId);
    const login = `${href('login', locale)}?${new URLSearchParams({ redirect: self })}`;
    return (
      <div className="container page interview-page">
        <p>
          <Link to={href('matchCourses', locale)}>{`← ${t('learning.allCourses')}`}</Link>
        </p>
        <h1>{iv.title}</h1>
        <InterviewStatus state={iv.state} locale={locale} t={t} />
        <Summary state={p.form} />
        {showResult && iv.lastResult && <ResultCard result={iv.lastResult} iv={iv} locale={locale} t={t} />}
        <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(iv.intro) }} />
        <dl className="facts-list">
          <dt>{t('learning.facts.questions')}</dt>
          <dd>{t('learning.facts.questionsValue', { n: iv.questions, bank: iv.bankSize })}</dd>
          <dt>{t('learning.facts.duration')}</dt>
          <dd>{t('learning.minutes', { n: iv.minutes })}</dd>
          <dt>{t('learning.facts.passMark')}</dt>
          <dd>{t('learning.facts.passMarkValue', { n: iv.passMark })}</dd>
          <dt>{t('learning.facts.attempts')}</dt>
          <dd>{t('learning.facts.attemptsValue', { days: iv.retakeDays })}</dd>
          <dt>{t('learning.facts.certificate')}</dt>
          <dd>{t('learning.facts.certificateValue')}</dd>
        </dl>
        {iv.studyCourses.length > 0 && (
          <p>
            {`${t('learning.prepareWith')} `}
            {iv.studyCourses.map((c, i) => (
              <span key={c.slug}>
                {i > 0 && ', '}
                <Link to={href('matchCourse', locale, { idCurso: c.slug })}>{c.title}</Link>
              </span>
            ))}
          </p>
        )}
        <div className="actions">
          {!session.loggedIn ? (
            <ButtonLink to={login} size="lg">
              {t('learning.signInToStart')}
            </ButtonLink>
          ) : viewer?.type !== 'match' ? (
            <p className="notice">{t('learning.candidatesOnly')}</p>
          ) : iv.state?.kind === 'available' ? (
            <form method="post" action={self}>
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className="btn btn-primary btn-lg">
                {t('learning.start')}
              </button>
            </form>
          ) : iv.state?.kind === 'failed' ? (
            <p className="notice">{t('learning.retakeOn', { date: formatDate(iv.state.retakeAt, locale) })}</p>
          ) : iv.state?.kind === 'unconfirmed' && session.user ? (
            // A new confirmation link, without leaving the page (the confirmation page's own form).
            <form method="post" action={href('confirmEmail', locale, { token: 'reenviar-confirmacion' })} className="notice">
              <p>{t('learning.confirmFirst')}</p>
              <input type="hidden" name="email" value={session.user.email} />
              <button type="submit" className="btn btn-outline-primary btn-md">
                {t('learning.confirmResend')}
              </button>
            </form>
          ) : null}
        </div>
      </div>
    );
  };
  page.meta = async (p) => {
    const iv = await loadInterview(slugOf(p), p.viewer, p.locale);
    if (!iv) return { title: p.t('routes.interviewIntro.title'), description: p.t('routes.interviewIntro.description'), noindex: true };
    return { title: iv.title, description: p.t('routes.interviewIntro.description'), noindex: true };
  };
  return page;
}

function AttemptForm({ iv, attempt, action, p }: { iv: InterviewView; attempt: AttemptView; action: string; p: PageProps }) {
  const { t, form } = p;
  const leftMin = Math.max(0, Math.ceil((attempt.deadline.getTime() - Date.now()) / 60_000));
  const chosen = (id: number) => form?.values[`q${id}`];
  const total = attempt.questions.length;
  const answered = attempt.questions.filter((q) => chosen(q.id) !== undefined).length;
  const answeredText = t('learning.answered', { n: answered, total });
  return (
    <div className="container page interview-page">
      <h1>{iv.title}</h1>
      <div className="attempt-bar">
        <InterviewTimer
          props={{
            deadline: attempt.deadline.toISOString(),
            formId: 'attempt-form',
            label: t('learning.timeLeft'),
            fallback: t('learning.timeLeftStatic', { n: leftMin }),
            total,
            answered: t('learning.answered', { n: '{{n}}', total }),
            ask: t('learning.unansweredDialog', { n: '{{n}}' }),
            submitAnyway: t('learning.submitAnyway'),
            keepAnswering: t('learning.keepAnswering'),
          }}
        >
          <p className="timer">{t('learning.timeLeftStatic', { n: leftMin })}</p>
          <p className="answered" data-testid="answered">
            {answeredText}
          </p>
        </InterviewTimer>
        <p className="muted">{t('learning.attemptRules', { n: attempt.questions.length })}</p>
      </div>
      <Summary state={form} />
      <form id="attempt-form" method="post" action={action} className="attempt-form">
        <input type="hidden" name="intent" value="submit" />
        <input type="hidden" name="attempt" value={attempt.attemptId} />
        {/* The confirmation step (unanswered questions) came back: the next submit goes through. */}
        {form?.values.confirm === '1' && <input type="hidden" name="confirm" value="1" />}
        <ol className="question-list">
          {attempt.questions.map((q, i) => (
            <li key={q.id}>
              <fieldset className="question" data-testid="question" aria-labelledby={`ql-${q.id} qp-${q.id}`}>
                <legend
                  id={`ql-${q.id}`}
                  className="eyebrow"
                >{`${t('learning.questionN', { n: i + 1, total: attempt.questions.length })} · ${q.topic}`}</legend>
                {/* Sanitised by construction (renderMarkdown). */}
                <div id={`qp-${q.id}`} className="question-prompt prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(q.prompt) }} />
                {q.options.map((o, j) => (
                  <label key={j} className="option">
                    <input type="radio" name={`q${q.id}`} value={j} defaultChecked={chosen(q.id) === String(j)} /> <OptionText text={o} />
                  </label>
                ))}
              </fieldset>
            </li>
          ))}
        </ol>
        <button type="submit" className="btn btn-primary btn-lg">
          {t('learning.submit')}
        </button>
      </form>
    </div>
  );
}

/** An option's text, `backticks` as inline code; React escapes every part. */
function OptionText({ text }: { text: string }) {
  return <span>{splitInlineCode(text).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : part.text))}</span>;
}

function ResultCard({ result, iv, locale, t }: { result: AttemptResult; iv: InterviewView; locale: Locale; t: T }) {
  return (
    <section
      className={`card result-card ${result.passed ? 'is-passed' : 'is-failed'}`}
      aria-labelledby="result-title"
      data-testid="result"
    >
      <h2 id="result-title">{result.passed ? t('learning.result.passed') : t('learning.result.failed')}</h2>
      <p>{translateIn(t, 'learning.band', result.band.id)}</p>
      {result.outcome === 'expired' && <p className="notice">{t('learning.result.expired')}</p>}
      {result.certificate && (
        <p>
          <ButtonLink to={href('certification', locale, { slug: result.certificate })}>{t('learning.result.seeCertificate')}</ButtonLink>
        </p>
      )}
      {!result.passed && result.retakeAt && <p>{t('learning.retakeOn', { date: formatDate(result.retakeAt, locale) })}</p>}
      {result.missedTopics.length > 0 && (
        <>
          <h3 className="h4">{t('learning.result.study')}</h3>
          <ul>
            {result.missedTopics.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          {iv.studyCourses.length > 0 && (
            <ul className="chips">
              {iv.studyCourses.map((c) => (
                <li key={c.slug} className="chip">
                  <Link to={href('matchCourse', locale, { idCurso: c.slug })}>{c.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
