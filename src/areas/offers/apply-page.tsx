import 'server-only';
import { Link } from 'waku';
import { ANSWER_MAX, COVER_NOTE_MAX, answerField } from '../../domain/screening';
import { translateIn } from '../../i18n/translate';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import { PageError } from '../../domain/page-error';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { Textarea } from '../../components/forms/textarea';

// The apply form (decision 049): an optional cover note and the offer's screening questions, posted without
// JavaScript; a refusal comes back with every field as typed and each error beside its field.
type Q = { position: number; kind: string; label: string; required: boolean };

function QuestionField({ q, values, errors, p }: { q: Q; values: Record<string, string>; errors: Record<string, string>; p: PageProps }) {
  const { t } = p;
  const name = answerField(q.position);
  const id = `apply-${name}`;
  const err = errors[name];
  const described = err ? `${id}-error` : undefined;
  const label = (
    <>
      {q.label}
      {!q.required && <span className="muted"> ({t('applying.apply.optional')})</span>}
    </>
  );
  const error = err && (
    <p className="field-error" id={`${id}-error`} data-field={name}>
      {err}
    </p>
  );
  if (q.kind === 'yes-no')
    return (
      <fieldset className="field field-choice" aria-describedby={described} aria-invalid={err ? true : undefined}>
        <legend>{label}</legend>
        <div className="choices">
          {(['yes', 'no'] as const).map((v) => (
            <label key={v} className="choice">
              <input type="radio" name={name} value={v} defaultChecked={values[name] === v} required={q.required} />
              <span>{t(v === 'yes' ? 'applying.apply.yes' : 'applying.apply.no')}</span>
            </label>
          ))}
        </div>
        {error}
      </fieldset>
    );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={q.kind === 'number' ? 'decimal' : undefined}
        maxLength={q.kind === 'number' ? 20 : ANSWER_MAX}
        defaultValue={values[name] ?? ''}
        required={q.required}
        aria-invalid={err ? true : undefined}
        aria-describedby={described}
      />
      {error}
    </div>
  );
}

export const offerApplyPage =
  ({ screening }: Pick<AreaDeps, 'screening'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const slug = typeof p.params.slug === 'string' ? p.params.slug : '';
    let data;
    try {
      data = await (await screening()).applyForm(slug, p.viewer);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found') throw new PageError(404, `Offer not found: ${slug}`);
      throw err;
    }
    const { offer, questions, application } = data;
    const back = href('offer', locale, { slug: offer.slug });
    const form = p.form;
    const values = form?.values ?? {};
    const errors = form?.errors ?? {};
    const closed = offer.state !== 'open';
    return (
      <div className="container page narrow apply-page">
        <h1>{t('applying.apply.title', { offer: offer.title })}</h1>
        <p className="muted">{t('applying.apply.intro', { company: offer.company })}</p>
        {application ? (
          <div className="alert alert-info" role="status" data-testid="application-status">
            <p>
              {application.status === 'withdrawn' ? t('applying.error.withdrawnBefore') : t('offer.alreadyApplied')} {t('offer.status')}:{' '}
              <strong>{translateIn(t, 'application.status', application.status)}</strong>
            </p>
          </div>
        ) : closed ? (
          <p className="notice">{t('offer.notOpen')}</p>
        ) : (
          <form method="post" action={p.path} className="form" id="apply-form" noValidate>
            {form?.message && (
              <div className="form-summary" role="alert">
                <p className="form-summary-title">{form.message}</p>
              </div>
            )}
            {questions.length > 0 && (
              <section aria-labelledby="apply-questions">
                <h2 id="apply-questions" className="h3">
                  {t('applying.apply.questions')}
                </h2>
                {questions.map((q) => (
                  <QuestionField key={q.position} q={q} values={values} errors={errors} p={p} />
                ))}
              </section>
            )}
            <div className="field">
              <label htmlFor="apply-cover-note">{t('applying.apply.coverNote')}</label>
              <Textarea
                id="apply-cover-note"
                name="cover_note"
                rows={6}
                maxLength={COVER_NOTE_MAX}
                defaultValue={values.cover_note ?? ''}
                aria-invalid={errors.cover_note ? true : undefined}
                aria-describedby={`apply-cover-note-hint${errors.cover_note ? ' apply-cover-note-error' : ''}`}
              />
              <p className="field-hint" id="apply-cover-note-hint">
                {t('applying.apply.coverNoteHint')}
              </p>
              {errors.cover_note && (
                <p className="field-error" id="apply-cover-note-error" data-field="cover_note">
                  {errors.cover_note}
                </p>
              )}
            </div>
            <div className="actions">
              <button type="submit" className="btn btn-primary btn-lg" data-testid="apply-submit">
                {t('applying.apply.submit')}
              </button>
            </div>
          </form>
        )}
        <p>
          <Link to={back}>{t('applying.apply.back')}</Link>
        </p>
      </div>
    );
  };
