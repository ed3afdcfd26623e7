import { availabilities, countries, englishLevels, roles, seniorities, skills } from '../../domain/catalog';
import { describedBy, Row, Select, Summary } from '../../components/forms/form-parts';
import { FilePicker } from '../../components/forms/file-picker';
import { pickerLabels, SkillPicker } from '../../components/forms/skill-picker';
import { ComboSelect, comboLabels } from '../../components/forms/combo-select';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { FormState } from '../../domain/forms/types';

// The candidate's profile editor on /ly/{slug}: a plain multipart form that works without JavaScript. A
// failed post comes back as `state`.
export type ProfileValues = {
  headline: string;
  country: string;
  role: string;
  seniority: string;
  years: string;
  english: string;
  salary_expectation_usd: string;
  availability: string;
  is_public: boolean;
  skills: string[];
};

export function ProfileEditor({
  action,
  values,
  state,
  locale,
  t,
}: {
  action: string;
  values: ProfileValues;
  state: FormState | null;
  locale: Locale;
  t: T;
}) {
  const v = state
    ? {
        ...values,
        ...state.values,
        is_public: state.values.is_public === 'on',
        skills: (state.values.skills ?? '').split(',').filter(Boolean),
      }
    : values;
  const err = (f: string) => state?.errors[f] ?? null;
  const id = (f: string) => `profile-${f}`;
  return (
    <form id="profile-form" className="form profile-form" method="post" action={action} encType="multipart/form-data" noValidate>
      <Summary state={state} />
      <Row id={id('picture')} name="picture" label={t('profile.picture')} hint={t('profile.pictureHint')} error={err('picture')}>
        <FilePicker
          id={id('picture')}
          name="picture"
          accept="image/jpeg,image/png,image/webp"
          button={t('forms.chooseFile')}
          none={t('forms.noFile')}
          invalid={!!err('picture')}
          describedBy={describedBy(id('picture'), true, !!err('picture'))}
        />
      </Row>
      <Row id={id('headline')} name="headline" label={t('profile.headline')} hint={t('profile.headlineHint')} error={err('headline')}>
        <input
          id={id('headline')}
          name="headline"
          type="text"
          maxLength={160}
          defaultValue={v.headline}
          aria-invalid={!!err('headline') || undefined}
          aria-describedby={describedBy(id('headline'), true, !!err('headline'))}
        />
      </Row>
      <div className="form-grid">
        <ComboSelect
          id={id('country')}
          name="country"
          label={t('profile.country')}
          options={countries.map((o) => ({ id: o.id, label: o.label[locale] }))}
          initial={v.country}
          empty={t('profile.choose')}
          labels={comboLabels(t)}
          error={err('country') ?? undefined}
        />
        <ComboSelect
          id={id('role')}
          name="role"
          label={t('profile.role')}
          options={roles.map((o) => ({ id: o.id, label: o.label[locale] }))}
          initial={v.role}
          empty={t('profile.choose')}
          labels={comboLabels(t)}
          error={err('role') ?? undefined}
        />
        <Row id={id('seniority')} name="seniority" label={t('profile.seniority')} error={err('seniority')}>
          <Select
            id={id('seniority')}
            name="seniority"
            value={v.seniority}
            options={seniorities}
            locale={locale}
            empty={t('profile.choose')}
            error={!!err('seniority')}
          />
        </Row>
        <Row id={id('years')} name="years" label={t('profile.years')} error={err('years')}>
          <input
            id={id('years')}
            name="years"
            type="number"
            min={0}
            max={60}
            inputMode="numeric"
            defaultValue={v.years}
            aria-invalid={!!err('years') || undefined}
            aria-describedby={describedBy(id('years'), false, !!err('years'))}
          />
        </Row>
        <Row id={id('english')} name="english" label={t('profile.english')} error={err('english')}>
          <Select
            id={id('english')}
            name="english"
            value={v.english}
            options={englishLevels}
            locale={locale}
            empty={t('profile.choose')}
            error={!!err('english')}
          />
        </Row>
        <Row id={id('salary')} name="salary_expectation_usd" label={t('profile.salary')} error={err('salary_expectation_usd')}>
          <input
            id={id('salary')}
            name="salary_expectation_usd"
            type="number"
            min={1}
            max={100000}
            inputMode="numeric"
            defaultValue={v.salary_expectation_usd}
            aria-invalid={!!err('salary_expectation_usd') || undefined}
            aria-describedby={describedBy(id('salary'), false, !!err('salary_expectation_usd'))}
          />
        </Row>
        <Row id={id('availability')} name="availability" label={t('profile.availability')} error={err('availability')}>
          <Select
            id={id('availability')}
            name="availability"
            value={v.availability}
            options={availabilities.map((a) => ({
              id: a,
              label: { es: t(`profile.availabilityValue.${a}`), en: t(`profile.availabilityValue.${a}`) },
            }))}
            locale={locale}
            error={!!err('availability')}
          />
        </Row>
      </div>
      <fieldset className="field" aria-describedby={`${id('skills')}-hint`}>
        <legend id={`${id('skills')}-legend`}>{t('profile.skills')}</legend>
        <p className="field-hint" id={`${id('skills')}-hint`}>
          {t('profile.skillsHint')}
        </p>
        <SkillPicker
          id={`${id('skills')}-picker`}
          name="skills"
          options={skills.map((s) => ({ id: s.id, label: s.label[locale] }))}
          initial={v.skills}
          labels={pickerLabels(t)}
          labelledBy={`${id('skills')}-legend`}
          describedBy={`${id('skills')}-hint`}
          invalid={!!err('skills')}
        />
        {err('skills') && <p className="field-error">{err('skills')}</p>}
      </fieldset>
      <label className="choice checkbox-line">
        <input type="checkbox" name="is_public" defaultChecked={v.is_public} />
        <span>{t('profile.isPublic')}</span>
      </label>
      <button type="submit" className="btn btn-primary btn-lg">
        {t('profile.save')}
      </button>
    </form>
  );
}
