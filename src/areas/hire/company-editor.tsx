import { companySizes, countries, skills } from '../../domain/catalog';
import { PERK_MAX_CHARS, PERKS_MAX, STACK_MAX } from '../../domain/company-profile';
import type { FormState } from '../../domain/forms/types';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { describedBy, Row, Select, Summary } from '../../components/forms/form-parts';
import { ComboSelect, comboLabels } from '../../components/forms/combo-select';
import { FilePicker } from '../../components/forms/file-picker';
import { pickerLabels, SkillPicker } from '../../components/forms/skill-picker';
import { Textarea } from '../../components/forms/textarea';

// The company's details on /hire/site: a plain multipart form (works without JavaScript) posting to the
// workspace with intent=company. A failed post comes back as `state`. Perks are typed one per line; the stack
// is the skills catalogue's checkboxes (a searchable picker once JavaScript runs), comma-joined in `values`.
export type CompanyValues = {
  name: string;
  website: string;
  size: string;
  country: string;
  location: string;
  description: string;
  perks: string;
  stack: string;
};

export function CompanyEditor({
  action,
  values,
  state,
  locale,
  t,
}: {
  action: string;
  values: CompanyValues;
  state: FormState | null;
  locale: Locale;
  t: T;
}) {
  const v = state ? { ...values, ...state.values } : values;
  const err = (f: string) => state?.errors[f] ?? null;
  const id = (f: string) => `company-${f}`;
  return (
    <form id="company-form" className="form" method="post" action={action} encType="multipart/form-data" noValidate>
      <input type="hidden" name="intent" value="company" />
      <Summary state={state} />
      <Row id={id('name')} name="name" label={t('company.name')} error={err('name')}>
        <input
          id={id('name')}
          name="name"
          type="text"
          required
          maxLength={160}
          autoComplete="organization"
          defaultValue={v.name}
          aria-invalid={!!err('name') || undefined}
          aria-describedby={describedBy(id('name'), false, !!err('name'))}
        />
      </Row>
      <Row id={id('website')} name="website" label={t('company.website')} hint={t('company.websiteHint')} error={err('website')}>
        <input
          id={id('website')}
          name="website"
          type="url"
          maxLength={300}
          defaultValue={v.website}
          aria-invalid={!!err('website') || undefined}
          aria-describedby={describedBy(id('website'), true, !!err('website'))}
        />
      </Row>
      <div className="form-grid">
        <Row id={id('size')} name="size" label={t('company.size')} error={err('size')}>
          <Select
            id={id('size')}
            name="size"
            value={v.size}
            options={companySizes}
            locale={locale}
            empty={t('profile.choose')}
            error={!!err('size')}
          />
        </Row>
        <ComboSelect
          id={id('country')}
          name="country"
          label={t('company.country')}
          options={countries.map((o) => ({ id: o.id, label: o.label[locale] }))}
          initial={v.country}
          empty={t('profile.choose')}
          labels={comboLabels(t)}
          error={err('country') ?? undefined}
        />
      </div>
      <Row id={id('location')} name="location" label={t('company.location')} hint={t('company.locationHint')} error={err('location')}>
        <input
          id={id('location')}
          name="location"
          type="text"
          maxLength={120}
          defaultValue={v.location}
          aria-invalid={!!err('location') || undefined}
          aria-describedby={describedBy(id('location'), true, !!err('location'))}
        />
      </Row>
      <Row
        id={id('description')}
        name="description"
        label={t('company.description')}
        hint={t('company.descriptionHint')}
        error={err('description')}
      >
        <Textarea
          id={id('description')}
          name="description"
          rows={5}
          maxLength={2000}
          defaultValue={v.description}
          aria-invalid={!!err('description') || undefined}
          aria-describedby={describedBy(id('description'), true, !!err('description'))}
        />
      </Row>
      <Row id={id('perks')} name="perks" label={t('company.perks')} hint={t('company.perksHint')} error={err('perks')}>
        <Textarea
          id={id('perks')}
          name="perks"
          rows={5}
          maxLength={PERKS_MAX * (PERK_MAX_CHARS + 2) * 2}
          defaultValue={v.perks}
          aria-invalid={!!err('perks') || undefined}
          aria-describedby={describedBy(id('perks'), true, !!err('perks'))}
        />
      </Row>
      <fieldset className="field" id={id('stack')} aria-describedby={describedBy(id('stack'), true, !!err('stack'))}>
        <legend id={id('stack-legend')}>{t('company.stack')}</legend>
        <p className="field-hint" id={id('stack-hint')}>
          {t('company.stackHint')}
        </p>
        <SkillPicker
          id={id('stack-picker')}
          name="stack"
          options={skills.map((o) => ({ id: o.id, label: o.label[locale] }))}
          initial={v.stack.split(',').filter(Boolean)}
          labels={pickerLabels(t)}
          labelledBy={id('stack-legend')}
          describedBy={describedBy(id('stack'), true, !!err('stack'))}
          invalid={!!err('stack')}
          max={STACK_MAX}
        />
        {err('stack') && (
          <p className="field-error" id={id('stack-error')} data-field="stack">
            {err('stack')}
          </p>
        )}
      </fieldset>
      <Row id={id('logo')} name="logo" label={t('company.logo')} hint={t('company.logoHint')} error={err('logo')}>
        <FilePicker
          id={id('logo')}
          name="logo"
          accept="image/jpeg,image/png,image/webp"
          button={t('forms.chooseFile')}
          none={t('forms.noFile')}
          invalid={!!err('logo')}
          describedBy={describedBy(id('logo'), true, !!err('logo'))}
        />
      </Row>
      <button type="submit" className="btn btn-primary btn-lg">
        {t('company.save')}
      </button>
    </form>
  );
}
