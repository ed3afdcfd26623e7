import type { ReactNode } from 'react';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { FilePicker } from '../../components/forms/file-picker';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { MessageKey, T } from '../../i18n/translate';
import type { FormState } from '../../domain/forms/types';
import { MAX_DESCRIPTION, MAX_ENTRIES } from '../../domain/profile-history';
import { href } from '../../routes';
import type { ProfileDetails } from '../../server/accounts/profile-history-service';
import { Textarea } from '../../components/forms/textarea';

// The owner's editor of work history, education, links and CV on /ly/{slug} (decision 050): one plain
// form per entry and per change, told apart by `intent` (and `id`); a failed post comes back as `state` on
// the form it came from, with what was typed.
type Props = {
  action: string;
  slug: string;
  details: ProfileDetails;
  state: FormState | null;
  notice: string | null;
  locale: Locale;
  t: T;
};
type Values = Record<string, string>;

function Field({
  form,
  name,
  label,
  hint,
  value,
  state,
  type = 'text',
  max,
  t,
}: {
  form: string;
  name: string;
  label: MessageKey;
  hint?: MessageKey;
  value: string;
  state: FormState | null;
  type?: 'text' | 'month' | 'url' | 'number' | 'textarea';
  max?: number;
  t: T;
}) {
  const id = `${form}-${name}`;
  const error = state?.errors[name] ?? null;
  const common = {
    id,
    name,
    defaultValue: value,
    'aria-invalid': !!error || undefined,
    'aria-describedby': describedBy(id, !!hint, !!error),
  };
  return (
    <Row id={id} name={name} label={t(label)} hint={hint && t(hint)} error={error}>
      {type === 'textarea' ? (
        <Textarea {...common} rows={4} maxLength={max} />
      ) : (
        <input
          {...common}
          type={type}
          maxLength={type === 'text' || type === 'url' ? max : undefined}
          inputMode={type === 'number' ? 'numeric' : undefined}
        />
      )}
    </Row>
  );
}

function EntryForm({
  action,
  id,
  intent,
  state,
  submit,
  children,
}: {
  action: string;
  id: string;
  intent: string;
  state: FormState | null;
  submit: string;
  children: ReactNode;
}) {
  return (
    <form id={id} className="form history-form" method="post" action={action} noValidate>
      <Summary state={state} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className="btn btn-primary btn-md">
        {submit}
      </button>
    </form>
  );
}

function RemoveForm({ action, intent, id, label }: { action: string; intent: string; id: number; label: string }) {
  return (
    <form method="post" action={action} className="history-remove">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-outline-secondary btn-md" aria-label={label}>
        {label}
      </button>
    </form>
  );
}

export function ProfileHistoryEditor({ action, slug, details, state, notice, locale, t }: Props) {
  // The failed form, if any: its intent and id pick it; the others show what is stored.
  const failed = (intent: string, id = '') => (state && state.values.intent === intent && (state.values.id ?? '') === id ? state : null);
  const values = (intent: string, id: string, stored: Values): Values => {
    const s = failed(intent, id);
    return s ? { ...stored, ...s.values } : stored;
  };
  const experienceFields = (form: string, v: Values, s: FormState | null) => (
    <>
      <Field form={form} name="company" label="profileHistory.company" value={v.company ?? ''} state={s} max={120} t={t} />
      <Field form={form} name="title" label="profileHistory.title" value={v.title ?? ''} state={s} max={120} t={t} />
      <div className="form-grid">
        <Field
          form={form}
          name="start_month"
          label="profileHistory.startMonth"
          hint="profileHistory.monthHint"
          type="month"
          value={v.start_month ?? ''}
          state={s}
          t={t}
        />
        <Field
          form={form}
          name="end_month"
          label="profileHistory.endMonth"
          hint="profileHistory.monthHint"
          type="month"
          value={v.end_month ?? ''}
          state={s}
          t={t}
        />
      </div>
      <label className="choice checkbox-line">
        <input type="checkbox" name="current" defaultChecked={v.current === 'on'} />
        <span>{t('profileHistory.current')}</span>
      </label>
      <Field
        form={form}
        name="description"
        label="profileHistory.description"
        hint="profileHistory.descriptionHint"
        type="textarea"
        max={MAX_DESCRIPTION}
        value={v.description ?? ''}
        state={s}
        t={t}
      />
    </>
  );
  const educationFields = (form: string, v: Values, s: FormState | null) => (
    <>
      <Field form={form} name="school" label="profileHistory.school" value={v.school ?? ''} state={s} max={160} t={t} />
      <Field form={form} name="degree" label="profileHistory.degree" value={v.degree ?? ''} state={s} max={160} t={t} />
      <div className="form-grid">
        <Field form={form} name="start_year" label="profileHistory.startYear" type="number" value={v.start_year ?? ''} state={s} t={t} />
        <Field
          form={form}
          name="end_year"
          label="profileHistory.endYear"
          hint="profileHistory.endYearHint"
          type="number"
          value={v.end_year ?? ''}
          state={s}
          t={t}
        />
      </div>
    </>
  );
  const linkValues = values('links-save', '', {
    linkedin_url: details.links.linkedin_url ?? '',
    github_url: details.links.github_url ?? '',
    portfolio_url: details.links.portfolio_url ?? '',
  });
  const cvState = failed('cv-upload');
  return (
    <section className="card profile-editor" id="profile-history-edit" aria-labelledby="profile-history-title">
      <h2 id="profile-history-title">{t('profileHistory.editHeading')}</h2>
      {notice && (
        <div className="alert alert-success" role="status" data-testid="history-notice">
          {notice}
        </div>
      )}
      <p className="muted">{t('profileHistory.editIntro')}</p>

      <h3 className="section-sm">{t('profileHistory.experience')}</h3>
      <ul className="history-list">
        {details.experience.map((e) => {
          const id = String(e.id);
          const s = failed('experience-save', id);
          const v = values('experience-save', id, {
            company: e.company,
            title: e.title,
            start_month: e.startMonth,
            end_month: e.endMonth ?? '',
            current: e.endMonth ? '' : 'on',
            description: e.description ?? '',
          });
          const name = `${e.title} · ${e.company}`;
          return (
            <li key={e.id} data-testid="experience-item">
              <details open={!!s}>
                <summary className="btn-md">{t('profileHistory.editEntryOf', { name })}</summary>
                <EntryForm
                  action={action}
                  id={`experience-${id}`}
                  intent="experience-save"
                  state={s}
                  submit={t('profileHistory.saveEntry')}
                >
                  <input type="hidden" name="id" value={id} />
                  {experienceFields(`experience-${id}`, v, s)}
                </EntryForm>
              </details>
              <RemoveForm action={action} intent="experience-remove" id={e.id} label={t('profileHistory.removeOf', { name })} />
            </li>
          );
        })}
      </ul>
      {details.experience.length < MAX_ENTRIES && (
        <details open={!!failed('experience-add') || details.experience.length === 0}>
          <summary className="btn-md">{t('profileHistory.newExperience')}</summary>
          <EntryForm
            action={action}
            id="experience-new"
            intent="experience-add"
            state={failed('experience-add')}
            submit={t('profileHistory.addExperience')}
          >
            {experienceFields('experience-new', values('experience-add', '', {}), failed('experience-add'))}
          </EntryForm>
        </details>
      )}

      <h3 className="section-sm">{t('profileHistory.education')}</h3>
      <ul className="history-list">
        {details.education.map((e) => {
          const id = String(e.id);
          const s = failed('education-save', id);
          const v = values('education-save', id, {
            school: e.school,
            degree: e.degree,
            start_year: String(e.startYear),
            end_year: e.endYear ? String(e.endYear) : '',
          });
          const name = `${e.degree} · ${e.school}`;
          return (
            <li key={e.id} data-testid="education-item">
              <details open={!!s}>
                <summary className="btn-md">{t('profileHistory.editEntryOf', { name })}</summary>
                <EntryForm action={action} id={`education-${id}`} intent="education-save" state={s} submit={t('profileHistory.saveEntry')}>
                  <input type="hidden" name="id" value={id} />
                  {educationFields(`education-${id}`, v, s)}
                </EntryForm>
              </details>
              <RemoveForm action={action} intent="education-remove" id={e.id} label={t('profileHistory.removeOf', { name })} />
            </li>
          );
        })}
      </ul>
      {details.education.length < MAX_ENTRIES && (
        <details open={!!failed('education-add') || details.education.length === 0}>
          <summary className="btn-md">{t('profileHistory.newEducation')}</summary>
          <EntryForm
            action={action}
            id="education-new"
            intent="education-add"
            state={failed('education-add')}
            submit={t('profileHistory.addEducation')}
          >
            {educationFields('education-new', values('education-add', '', {}), failed('education-add'))}
          </EntryForm>
        </details>
      )}

      <h3 className="section-sm">{t('profileHistory.links')}</h3>
      <EntryForm action={action} id="links" intent="links-save" state={failed('links-save')} submit={t('profileHistory.saveLinks')}>
        {(['linkedin_url', 'github_url', 'portfolio_url'] as const).map((k) => (
          <Field
            key={k}
            form="links"
            name={k}
            label={
              k === 'linkedin_url' ? 'profileHistory.linkedin' : k === 'github_url' ? 'profileHistory.github' : 'profileHistory.portfolio'
            }
            hint="profileHistory.linkHint"
            type="url"
            max={300}
            value={linkValues[k] ?? ''}
            state={failed('links-save')}
            t={t}
          />
        ))}
      </EntryForm>

      <h3 className="section-sm">{t('profileHistory.cv')}</h3>
      {details.cv ? (
        <p data-testid="cv-current">
          {t('profileHistory.cvCurrent', {
            date: formatDate(details.cv.uploadedAt, locale),
            size: Math.max(1, Math.round(details.cv.bytes / 1024)),
          })}{' '}
          <a href={href('talentCv', locale, { slug })} target="_blank" rel="noopener" data-testid="cv-own-link">
            {t('profileHistory.cvOpen')}
          </a>
        </p>
      ) : (
        <p className="muted">{t('profileHistory.cvNone')}</p>
      )}
      <form id="cv-form" className="form history-form" method="post" action={action} encType="multipart/form-data" noValidate>
        <Summary state={cvState} />
        <input type="hidden" name="intent" value="cv-upload" />
        <Row id="cv-file" name="cv" label={t('profileHistory.cv')} hint={t('profileHistory.cvHint')} error={cvState?.errors.cv ?? null}>
          <FilePicker
            id="cv-file"
            name="cv"
            accept="application/pdf"
            button={t('forms.chooseFile')}
            none={t('forms.noFile')}
            invalid={!!cvState?.errors.cv}
            describedBy={describedBy('cv-file', true, !!cvState?.errors.cv)}
          />
        </Row>
        <button type="submit" className="btn btn-primary btn-md">
          {t(details.cv ? 'profileHistory.cvReplace' : 'profileHistory.cvUpload')}
        </button>
      </form>
      {details.cv && (
        <form method="post" action={action} className="history-remove">
          <input type="hidden" name="intent" value="cv-remove" />
          <button type="submit" className="btn btn-outline-secondary btn-md">
            {t('profileHistory.cvRemove')}
          </button>
        </form>
      )}
    </section>
  );
}
