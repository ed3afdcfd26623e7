import type { ReactNode } from 'react';
import {
  areas,
  countries,
  employmentTypes,
  englishLevels,
  modalities,
  roles,
  seniorities,
  skills,
  labelOf,
  type Labelled,
} from '../../domain/catalog';
import { LOCAL_CURRENCY } from '../../domain/offer-input';
import type { Locale } from '../../i18n/locales';
import { translateIn, type T } from '../../i18n/translate';
import { pickerLabels, SkillPicker, type SkillPickerLabels } from '../../components/forms/skill-picker';
import { ComboSelect, comboLabels } from '../../components/forms/combo-select';
import { describedBy, Row } from '../../components/forms/form-parts';
import { QuestionRows } from './question-rows';
import { Textarea } from '../../components/forms/textarea';

// The offer form (decision 015): plain HTML that posts to its page without JavaScript; three submit buttons
// carry the intent (publish, preview, save a draft). Server component: values and errors come as props.
export type OfferFormValues = Record<string, string>;

const CURRENCIES = ['USD', ...new Set(countries.map((c) => c.currency).filter((c) => c !== 'USD'))];

type Common = { values: OfferFormValues; errors: Record<string, string>; locale: Locale; t: T };

function Select({
  name,
  label,
  list,
  values,
  errors,
  locale,
  empty,
  t,
  hint,
  fallback,
  children,
}: Common & {
  name: string;
  label: string;
  list?: readonly Labelled[];
  empty?: string | null;
  hint?: string;
  fallback?: string;
  children?: ReactNode;
}) {
  const id = `offer-${name}`;
  const err = errors[name];
  return (
    <Row id={id} name={name} label={label} error={err} hint={hint}>
      <select
        id={id}
        name={name}
        defaultValue={values[name] || fallback || ''}
        aria-invalid={err ? true : undefined}
        aria-describedby={describedBy(id, !!hint, !!err)}
      >
        {empty !== null && <option value="">{empty ?? t('calculator.choose')}</option>}
        {children ??
          list!.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label[locale]}
            </option>
          ))}
      </select>
    </Row>
  );
}

function Checks({
  name,
  legend,
  list,
  values,
  errors,
  locale,
  hint,
  picker,
}: Omit<Common, 't'> & { name: string; legend: string; list: readonly Labelled[]; hint?: string; picker?: SkillPickerLabels }) {
  const chosen = new Set((values[name] ?? '').split(',').filter(Boolean));
  const err = errors[name];
  const id = `offer-${name}`;
  return (
    <fieldset className="field" id={id} aria-describedby={describedBy(id, !!hint, !!err)}>
      <legend id={`${id}-legend`}>{legend}</legend>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {picker ? (
        // A long list: a searchable multi-select once JavaScript runs, these checkboxes before and without it.
        <SkillPicker
          id={`${id}-picker`}
          name={name}
          options={list.map((o) => ({ id: o.id, label: o.label[locale] }))}
          initial={list.filter((o) => chosen.has(o.id)).map((o) => o.id)}
          labels={picker}
          labelledBy={`${id}-legend`}
          describedBy={describedBy(id, !!hint, !!err)}
          invalid={!!err}
        />
      ) : (
        <div className="skill-grid">
          {list.map((o) => (
            <label key={o.id} className="choice">
              <input type="checkbox" name={name} value={o.id} defaultChecked={chosen.has(o.id)} />
              <span>{o.label[locale]}</span>
            </label>
          ))}
        </div>
      )}
      {err && (
        <p className="field-error" id={`${id}-error`}>
          {err}
        </p>
      )}
    </fieldset>
  );
}

export function OfferForm({ action, values, errors, message, locale, t }: Common & { action: string; message: string | null }) {
  const c: Common = { values, errors, locale, t };
  const text = (name: string, label: string, opts: { hint?: string; numeric?: boolean; maxLength?: number } = {}) => {
    const id = `offer-${name}`;
    const err = errors[name];
    return (
      <Row id={id} name={name} label={label} error={err} hint={opts.hint}>
        <input
          id={id}
          name={name}
          type="text"
          inputMode={opts.numeric ? 'numeric' : undefined}
          defaultValue={values[name] ?? ''}
          maxLength={opts.maxLength}
          aria-invalid={err ? true : undefined}
          aria-describedby={describedBy(id, !!opts.hint, !!err)}
        />
      </Row>
    );
  };
  const listed = Object.entries(errors);
  return (
    <form id="offer-form" className="form card offer-form" method="post" action={action} noValidate>
      {message && (
        <div className="form-summary" role="alert" tabIndex={-1}>
          <p className="form-summary-title">{message}</p>
          {listed.length > 0 && (
            <ul>
              {listed.map(([f, m]) => (
                <li key={f}>
                  <a href={`#offer-${f}`}>{`${translateIn(t, 'hire.field', f)}: ${m}`}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h2 className="h3">{t('hire.form.what')}</h2>
      {text('title', t('hire.field.title'), { maxLength: 160, hint: t('hire.form.titleHint') })}
      <div className="form-grid">
        <Select {...c} name="area" label={t('hire.field.area')} list={areas} />
        {/* The long choices are searchable (the same combobox as the calculator's) once JavaScript runs. */}
        <ComboSelect
          id="offer-role"
          name="role"
          label={t('hire.field.role')}
          options={roles.map((r) => ({ id: r.id, label: r.label[locale], group: labelOf(areas, r.area, locale) }))}
          initial={values.role ?? ''}
          empty={t('calculator.choose')}
          labels={comboLabels(t)}
          error={errors.role}
        />
        <Select {...c} name="seniority" label={t('hire.field.seniority')} list={seniorities} />
        <Select {...c} name="english" label={t('hire.field.english')} list={englishLevels} empty={t('offer.englishNone')} />
        <Select
          {...c}
          name="employment_type"
          label={t('hire.field.employment_type')}
          list={employmentTypes}
          empty={null}
          fallback="full-time"
        />
      </div>
      <h2 className="h3">{t('hire.form.where')}</h2>
      <div className="form-grid">
        <Select {...c} name="modality" label={t('hire.field.modality')} list={modalities} />
        <ComboSelect
          id="offer-country"
          name="country"
          label={t('hire.field.country')}
          options={countries.map((o) => ({ id: o.id, label: o.label[locale] }))}
          initial={values.country ?? ''}
          empty={t('calculator.choose')}
          labels={comboLabels(t)}
          error={errors.country}
        />
        {text('city', t('hire.field.city'), { maxLength: 100 })}
      </div>
      <Checks
        {...c}
        name="allowed_countries"
        legend={t('hire.field.allowed_countries')}
        hint={t('hire.form.allowedHint')}
        list={countries}
      />
      <h2 className="h3">{t('hire.form.pay')}</h2>
      <div className="form-grid">
        {text('salary_min', t('hire.field.salary_min'), { numeric: true })}
        {text('salary_max', t('hire.field.salary_max'), { numeric: true })}
        <Select
          {...c}
          name="currency"
          label={t('hire.field.currency')}
          empty={null}
          fallback={LOCAL_CURRENCY}
          hint={t('hire.form.currencyHint')}
        >
          <option value={LOCAL_CURRENCY}>{t('hire.form.localCurrency')}</option>
          {CURRENCIES.map((cur) => (
            <option key={cur} value={cur}>
              {cur}
            </option>
          ))}
        </Select>
        <Select {...c} name="period" label={t('hire.field.period')} empty={null} fallback="month">
          <option value="month">{t('hire.form.perMonth')}</option>
          <option value="year">{t('hire.form.perYear')}</option>
        </Select>
      </div>
      <p className="field-hint">{t('hire.form.grossHint')}</p>
      <h2 className="h3">{t('hire.form.skills')}</h2>
      <Checks
        {...c}
        name="skills_required"
        legend={t('hire.field.skills_required')}
        hint={t('hire.form.skillsHint')}
        list={skills}
        picker={pickerLabels(t)}
      />
      <Checks {...c} name="skills_nice" legend={t('hire.field.skills_nice')} list={skills} picker={pickerLabels(t)} />
      <Row
        id="offer-description"
        name="description"
        label={t('hire.field.description')}
        error={errors.description}
        hint={t('hire.form.markdownHint')}
      >
        <Textarea
          id="offer-description"
          name="description"
          rows={12}
          maxLength={10_000}
          defaultValue={values.description ?? ''}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('offer-description', true, !!errors.description)}
        />
      </Row>
      <QuestionRows values={values} errors={errors} t={t} />
    </form>
  );
}

/** The form's submit buttons, outside it (form="offer-form"): the page puts the market check between the
 * two on phones, so it is read before publishing. Plain HTML buttons: they post without JavaScript. */
export function OfferFormActions({ t, editing }: { t: T; editing: boolean }) {
  return (
    <div className="actions offer-form-actions">
      <button type="submit" form="offer-form" name="intent" value="publish" className="btn btn-primary btn-lg">
        {t(editing ? 'hire.form.saveAndPublish' : 'hire.form.publish')}
      </button>
      <button type="submit" form="offer-form" name="intent" value="preview" className="btn btn-outline-primary btn-lg">
        {t('hire.form.preview')}
      </button>
      <button type="submit" form="offer-form" name="intent" value="draft" className="btn btn-outline-secondary btn-lg">
        {t('hire.form.draft')}
      </button>
    </div>
  );
}
