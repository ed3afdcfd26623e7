import 'server-only';
import { Link } from 'waku';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { InterviewCard, InterviewState } from '../../server/learning/learning-service';

// The interviews with where the candidate stands on each: available, in progress, passed (with the
// certificate), failed (with the retake date). Used by the catalogue, /match and the candidate workspace.
export function InterviewStatus({ state, locale, t }: { state: InterviewState | null; locale: Locale; t: T }) {
  if (!state) return null;
  switch (state.kind) {
    case 'available':
      return <span className="badge">{t('learning.state.available')}</span>;
    case 'active':
      return <span className="badge badge-warning">{t('learning.state.active')}</span>;
    case 'passed':
      return (
        <span className="badge badge-success">
          {state.certificate ? (
            <Link to={href('certification', locale, { slug: state.certificate })}>{t('learning.state.passed')}</Link>
          ) : (
            t('learning.state.passed')
          )}
        </span>
      );
    case 'failed':
      return <span className="badge badge-danger">{t('learning.state.failed', { date: formatDate(state.retakeAt, locale) })}</span>;
    case 'unconfirmed':
      return <span className="badge badge-warning">{t('learning.state.unconfirmed')}</span>;
  }
}

export function InterviewList({ interviews, locale, t }: { interviews: InterviewCard[]; locale: Locale; t: T }) {
  return (
    <ul className="grid interview-grid">
      {interviews.map((iv) => (
        <li key={iv.slug} className="card" data-testid="interview-card">
          <h3 className="h4">
            <Link to={href('interviewIntro', locale, { slug: iv.slug })}>{iv.title}</Link>
          </h3>
          <p className="muted">{t('learning.interviewFacts', { questions: iv.questions, minutes: iv.minutes, pass: iv.passMark })}</p>
          <InterviewStatus state={iv.state} locale={locale} t={t} />
        </li>
      ))}
    </ul>
  );
}
