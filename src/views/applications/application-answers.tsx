import type { T } from '../../i18n/translate';
import type { SentAnswers } from '../../server/offers/screening-service';

// What an applicant sent with their application (decision 049): the cover note and each screening question
// with its answer, as the question read when they applied. Server component for the company's applicant
// card or page; nothing when they sent neither.
export function ApplicationAnswers({ sent, t }: { sent: SentAnswers | undefined; t: T }) {
  if (!sent || (!sent.coverNote && !sent.answers.length)) return null;
  const word = (a: SentAnswers['answers'][number]) =>
    a.kind === 'yes-no' ? t(a.answer === 'yes' ? 'applying.answers.yes' : 'applying.answers.no') : a.answer;
  return (
    <details className="application-answers" data-testid="application-answers" open>
      <summary>{t('applying.answers.heading')}</summary>
      {sent.coverNote && (
        <div className="application-note">
          <p className="muted">{t('applying.answers.coverNote')}</p>
          <p className="pre-wrap">{sent.coverNote}</p>
        </div>
      )}
      {sent.answers.length > 0 && (
        <dl className="application-qa">
          {sent.answers.map((a) => (
            <div key={a.question}>
              <dt>{a.question}</dt>
              <dd>{word(a)}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}
