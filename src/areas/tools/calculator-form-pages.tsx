import 'server-only';
import type { CalcOption, CalculatorFormProps } from './calculator-form-types';
import { CalculatorFormIsland } from './calculator-form-island';
import { PageHero } from '../../components/ui/page-hero';
import { AddSalary } from './add-salary';
import { ToolsNav } from '../../components/layout/tools-nav';
import { countries, employers, englishLevels, modalities, roles, seniorities, skills, type Labelled } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import { pick, type MessageKey, type T } from '../../i18n/translate';
import { href } from '../../routes';
import { getConfig } from '../../server/config';
import type { PageProps } from '../../server/render/page-types';

// The salary calculator: a plain GET form (works without JavaScript) whose result URL
// carries the inputs, so a result can be shared; and its embeddable twin (the iframe).
// The form's selects, in order: field, label, catalogue, and what its empty option says.
const CHOICES: [string, MessageKey, readonly Labelled[], MessageKey][] = [
  ['country', 'profile.country', countries, 'calculator.choose'],
  ['role', 'profile.role', roles, 'calculator.choose'],
  ['seniority', 'profile.seniority', seniorities, 'calculator.choose'],
  ['employer', 'calculator.employer', employers, 'calculator.any'],
  ['english', 'profile.english', englishLevels, 'calculator.any'],
  ['modality', 'calculator.modality', modalities, 'calculator.any'],
];

function Choice({
  id,
  name,
  label,
  list,
  value,
  locale,
  empty,
  error,
  required,
  t,
}: {
  id: string;
  name: string;
  label: string;
  list: readonly Labelled[];
  value: string;
  locale: Locale;
  empty?: string;
  error: boolean;
  required?: boolean;
  t: T;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        required={required}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {list.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label[locale]}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {t('calculator.invalid')}
        </p>
      )}
    </div>
  );
}

const FORM_ID = 'calculator-form';
const options = (list: readonly Labelled[], locale: Locale): CalcOption[] => list.map((o) => ({ id: o.id, label: o.label[locale] }));

/** The island's props: the same choices and strings the server form shows, already translated. */
function formProps(p: PageProps, q: URLSearchParams, invalid: string[]): CalculatorFormProps {
  const { locale, t } = p;
  const v = (f: string) => q.get(f) ?? '';
  return {
    id: FORM_ID,
    action: href('calculatorResult', locale),
    values: {
      country: v('country'),
      role: v('role'),
      seniority: v('seniority'),
      employer: v('employer'),
      english: v('english'),
      modality: v('modality'),
      skills: (q.get('skills') ?? '').split(',').filter(Boolean),
    },
    invalid,
    options: {
      country: options(countries, locale),
      role: options(roles, locale),
      seniority: options(seniorities, locale),
      employer: options(employers, locale),
      english: options(englishLevels, locale),
      modality: options(modalities, locale),
      skills: options(skills, locale),
    },
    labels: {
      ...pick(t, {
        country: 'profile.country',
        role: 'profile.role',
        seniority: 'profile.seniority',
        employer: 'calculator.employer',
        english: 'profile.english',
        modality: 'calculator.modality',
        skills: 'profile.skills',
        choose: 'calculator.choose',
        any: 'calculator.any',
        skillsHint: 'calculator.skillsHint',
        submit: 'calculator.submit',
        invalid: 'calculator.invalid',
        summary: 'forms.summary',
        search: 'calculator.search',
        noResults: 'calculator.noResults',
        showOptions: 'calculator.showOptions',
        filterSkills: 'calculator.filterSkills',
      }),
      // Filled in the browser as the visitor picks: the placeholder has to survive the server's translation.
      skillsChosen: t('calculator.skillsChosen', { n: '{{n}}' }),
      removeSkill: t('picker.remove', { item: '{{item}}' }),
    },
  };
}

export function CalculatorPage(p: PageProps) {
  const { locale, t } = p;
  const q = new URLSearchParams(p.query);
  const invalid = new Set((q.get('invalid') ?? '').split(',').filter(Boolean));
  const chosen = new Set((q.get('skills') ?? '').split(',').filter(Boolean));
  const v = (f: string) => q.get(f) ?? '';
  const embedUrl = getConfig().SITE_URL + href('calculatorIframe', locale);
  // Attribute values are escaped by hand: the snippet is shown as text (React escapes it once more).
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const snippet = `<iframe src="${attr(embedUrl)}" width="360" height="520" style="border:0;max-width:100%" loading="lazy" title="${attr(t('calculator.embed.frameTitle', { brand: p.brand }))}"></iframe>`;
  return (
    <>
      <PageHero heading={t('routes.calculator.heading')} intro={t('routes.calculator.intro')}>
        <AddSalary t={t} to={`#${FORM_ID}`} at="calculator" />
      </PageHero>
      <div className="container page" style={{ paddingTop: 0 }}>
        {/* Without JavaScript (or until its code loads) the plain form below works on its own. */}
        <CalculatorFormIsland props={formProps(p, q, [...invalid])}>
          <form id={FORM_ID} className="form card calculator-form" method="get" action={href('calculatorResult', locale)} noValidate>
            {invalid.size > 0 && (
              <div className="form-summary" role="alert">
                <p className="form-summary-title">{t('forms.summary')}</p>
              </div>
            )}
            <div className="form-grid">
              {CHOICES.map(([name, label, list, empty]) => (
                <Choice
                  key={name}
                  id={`calc-${name}`}
                  name={name}
                  label={t(label)}
                  list={list}
                  value={v(name)}
                  locale={locale}
                  empty={t(empty)}
                  error={invalid.has(name)}
                  t={t}
                />
              ))}
            </div>
            <fieldset className="field">
              <legend>{t('profile.skills')}</legend>
              <p className="field-hint">{t('calculator.skillsHint')}</p>
              <div className="skill-grid">
                {skills.map((s) => (
                  <label key={s.id} className="choice">
                    <input type="checkbox" name="skills" value={s.id} defaultChecked={chosen.has(s.id)} />
                    <span>{s.label[locale]}</span>
                  </label>
                ))}
              </div>
              {invalid.has('skills') && <p className="field-error">{t('calculator.invalid')}</p>}
            </fieldset>
            <button type="submit" className="btn btn-primary btn-lg">
              {t('calculator.submit')}
            </button>
          </form>
        </CalculatorFormIsland>
        <section className="section embed-section" aria-labelledby="embed-title">
          <h2 id="embed-title">{t('calculator.embed.title')}</h2>
          <p>{t('calculator.embed.intro', { brand: p.brand })}</p>
          <div className="field">
            <label htmlFor="embed-code">{t('calculator.embed.code')}</label>
            <textarea
              id="embed-code"
              className="embed-code"
              readOnly
              rows={4}
              spellCheck={false}
              value={snippet}
              data-testid="embed-code"
            />
          </div>
        </section>
        {/* Phones only: the layout's sidebar is hidden there (decision 029). */}
        <ToolsNav locale={locale} t={t} path={p.path} compact />
      </div>
    </>
  );
}

/**
 * The embeddable calculator (decision 014): a compact GET form that opens the result on this site in a
 * new tab, tagged as an iframe visit (the HTTP layer stores the campaign in its cookie on arrival). No
 * JavaScript needed; the browser's own `required` check keeps an empty form from opening a tab.
 */
export function CalculatorIframePage(p: PageProps) {
  const { locale, t } = p;
  const c = (id: string, name: string, label: string, list: readonly Labelled[], empty: string, required: boolean) => (
    <Choice id={id} name={name} label={label} list={list} value="" locale={locale} empty={empty} error={false} required={required} t={t} />
  );
  return (
    <div className="container embed">
      <h1 className="embed-title">{t('routes.calculatorIframe.heading')}</h1>
      <form className="form embed-form" method="get" action={href('calculatorResult', locale)} target="_blank">
        <div className="embed-grid">
          {c('embed-country', 'country', t('profile.country'), countries, t('calculator.choose'), true)}
          {c('embed-role', 'role', t('profile.role'), roles, t('calculator.choose'), true)}
          {c('embed-seniority', 'seniority', t('profile.seniority'), seniorities, t('calculator.choose'), true)}
          {c('embed-english', 'english', t('profile.english'), englishLevels, t('calculator.any'), false)}
          {c('embed-modality', 'modality', t('calculator.modality'), modalities, t('calculator.any'), false)}
        </div>
        <input type="hidden" name="utm_source" value="iframe" />
        <input type="hidden" name="utm_medium" value="embed" />
        <button type="submit" className="btn btn-primary btn-md form-submit" aria-describedby="embed-note">
          {t('calculator.submit')}
        </button>
        <p className="field-hint" id="embed-note">
          {t('calculator.opensNewTab', { brand: p.brand })}
        </p>
      </form>
    </div>
  );
}

/** Inputs of a result or registration URL, or a redirect back to the form with the problems marked. */
