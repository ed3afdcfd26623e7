import { MAX_QUESTIONS, QUESTION_KINDS, QUESTION_MAX, questionFields } from '../../domain/screening';
import { translateIn, type T } from '../../i18n/translate';
import { describedBy } from '../../components/forms/form-parts';

// The offer form's screening questions (decision 049): five fixed rows that work without JavaScript; an
// empty row is ignored. Server component: values and errors come as props.
export function QuestionRows({ values, errors, t }: { values: Record<string, string>; errors: Record<string, string>; t: T }) {
  return (
    <fieldset className="field question-rows" id="offer-questions" aria-describedby="offer-questions-hint">
      <legend>
        <span className="h3">{t('applying.questions.legend')}</span>
      </legend>
      <p className="field-hint" id="offer-questions-hint">
        {t('applying.questions.hint')}
      </p>
      {Array.from({ length: MAX_QUESTIONS }, (_, i) => {
        const n = i + 1;
        const f = questionFields(n);
        const id = `offer-q${n}`;
        const err = errors[f.label];
        const kindErr = errors[f.kind];
        return (
          <div key={n} className="question-row" data-testid="question-row">
            <div className="field">
              <label htmlFor={`${id}-label`}>{t('applying.questions.label', { n })}</label>
              <input
                id={`${id}-label`}
                name={f.label}
                type="text"
                maxLength={QUESTION_MAX}
                defaultValue={values[f.label] ?? ''}
                aria-invalid={err ? true : undefined}
                aria-describedby={describedBy(`${id}-label`, false, !!err)}
              />
              {err && (
                <p className="field-error" id={`${id}-label-error`} data-field={f.label}>
                  {err}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-kind`}>{t('applying.questions.kind')}</label>
              <select
                id={`${id}-kind`}
                name={f.kind}
                defaultValue={values[f.kind] || 'yes-no'}
                aria-invalid={kindErr ? true : undefined}
                aria-describedby={describedBy(`${id}-kind`, false, !!kindErr)}
              >
                {QUESTION_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {translateIn(t, 'applying.questions.kinds', k)}
                  </option>
                ))}
              </select>
              {kindErr && (
                <p className="field-error" id={`${id}-kind-error`} data-field={f.kind}>
                  {kindErr}
                </p>
              )}
            </div>
            <label className="choice">
              <input type="checkbox" name={f.required} value="1" defaultChecked={values[f.required] === '1'} />
              <span>{t('applying.questions.required')}</span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
