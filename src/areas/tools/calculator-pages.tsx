import 'server-only';
import { Link } from 'waku';
import { unstable_redirect as redirect } from 'waku/router/server';
import type { CalcOption, CalculatorFormProps } from './calculator-form-types';
import { CalculatorFormIsland } from './calculator-form-island';
import { PageHero } from '../../components/ui/page-hero';
import { countries, englishLevels, labelOf, modalities, roles, seniorities, skills, type Labelled } from '../../domain/catalog';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { pick, type T } from '../../i18n/translate';
import { calculatorQuery, parseCalculatorQuery } from '../../domain/calculator';
import { utmQuery } from '../../domain/utm';
import { href } from '../../routes';
import { RelatedOffers } from '../jobs/related-offers';
import { jobsHref } from '../jobs/job-search-url';
import type { RoleId } from '../../domain/catalog';
import type { FieldDef } from '../account/account-form-types';
import { specs } from '../../domain/forms/specs';
import type { CalculatorInput } from '../../domain/calculator';
import { currencyOf } from '../../server/salaries/mapping';
import { percentDiff } from './salary-breakdown';
import { getConfig } from '../../server/config';
import { CONTRIBUTION_STATUSES } from './salary-actions';
import { emailField, FormBlock, formProps as accountFormProps, newPasswordField, ProviderButtons } from '../account/account-pages';
import { services } from '../../server/services/container';
import type { PageProps } from '../../server/render/page-types';

// The salary calculator (PRODUCT.md §6): a plain GET form (works without JavaScript) whose result URL
// carries the inputs, so a result can be shared. Anonymous visitors pass through the registration step.

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
      english: v('english'),
      modality: v('modality'),
      skills: (q.get('skills') ?? '').split(',').filter(Boolean),
    },
    invalid,
    options: {
      country: options(countries, locale),
      role: options(roles, locale),
      seniority: options(seniorities, locale),
      english: options(englishLevels, locale),
      modality: options(modalities, locale),
      skills: options(skills, locale),
    },
    labels: {
      ...pick(t, {
        country: 'profile.country',
        role: 'profile.role',
        seniority: 'profile.seniority',
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
      <PageHero heading={t('routes.calculator.heading')} intro={t('routes.calculator.intro')} />
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
              <Choice
                id="calc-country"
                name="country"
                label={t('profile.country')}
                list={countries}
                value={v('country')}
                locale={locale}
                empty={t('calculator.choose')}
                error={invalid.has('country')}
                t={t}
              />
              <Choice
                id="calc-role"
                name="role"
                label={t('profile.role')}
                list={roles}
                value={v('role')}
                locale={locale}
                empty={t('calculator.choose')}
                error={invalid.has('role')}
                t={t}
              />
              <Choice
                id="calc-seniority"
                name="seniority"
                label={t('profile.seniority')}
                list={seniorities}
                value={v('seniority')}
                locale={locale}
                empty={t('calculator.choose')}
                error={invalid.has('seniority')}
                t={t}
              />
              <Choice
                id="calc-english"
                name="english"
                label={t('profile.english')}
                list={englishLevels}
                value={v('english')}
                locale={locale}
                empty={t('calculator.any')}
                error={invalid.has('english')}
                t={t}
              />
              <Choice
                id="calc-modality"
                name="modality"
                label={t('calculator.modality')}
                list={modalities}
                value={v('modality')}
                locale={locale}
                empty={t('calculator.any')}
                error={invalid.has('modality')}
                t={t}
              />
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
      </div>
    </>
  );
}

/**
 * The embeddable calculator (PRODUCT.md §6): a compact GET form that opens the result on this site in a
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
function inputsOr(p: PageProps) {
  const q = new URLSearchParams(p.query);
  const parsed = parseCalculatorQuery(q);
  if (!parsed.ok) {
    const back = new URLSearchParams(calculatorQuery(Object.fromEntries(q)));
    back.set('invalid', parsed.invalid.join(','));
    redirect(`${href('calculator', p.locale)}?${back}`, 307);
  }
  return parsed.input;
}

export async function CalculatorResultPage(p: PageProps) {
  const { locale, t } = p;
  // No inputs at all: the calculator itself (not a form with every field marked).
  if (!p.query) redirect(href('calculator', locale), 307);
  const input = inputsOr(p);
  const { session, viewer } = p;
  const query = calculatorQuery(input);
  // The campaign tags of an arrival (the embedded calculator's utm_source=iframe) stay in the URL, so the
  // registration step's page view is attributed too; the HTTP layer has already kept them in its cookie.
  const utm = utmQuery(new URLSearchParams(p.query));
  if (!session.loggedIn) redirect(`${href('calculatorRegister', locale)}?${query}${utm ? `&${utm}` : ''}`, 307);
  const estimate = await (await services.salaries()).estimate(input);
  const contribution = CONTRIBUTION_STATUSES.find((s) => s === new URLSearchParams(p.query).get('contribution'));
  const role = input.role as RoleId;
  const comparable = await (
    await services.jobs()
  ).related(
    [
      { role, country: input.country, seniority: input.seniority },
      { role, country: input.country },
    ],
    5,
  );
  const canContribute = viewer?.type === 'match' && !(await (await services.contributions()).hasContributed(viewer.id));
  const money = (v: number, c: string) => formatMoney(v, c, locale);
  const what = [
    labelOf(roles, input.role, locale),
    labelOf(seniorities, input.seniority, locale),
    labelOf(countries, input.country, locale),
  ].join(' · ');
  return (
    <>
      <PageHero heading={t('routes.calculatorResult.heading')} intro={what} />
      <div className="container page" style={{ paddingTop: 0 }}>
        {contribution && (
          <div
            className={`alert alert-${contribution === 'accepted' ? 'success' : 'info'} section-gap`}
            role="status"
            data-testid="contribution-status"
          >
            {t(`calculator.contribute.${contribution}`)}
          </div>
        )}
        {!estimate ? (
          <p className="notice">{t('salary.noData')}</p>
        ) : (
          <>
            <section className="card result-card" aria-labelledby="estimate-title">
              <h2 id="estimate-title">{t('calculator.estimate')}</h2>
              <p className="result-median" data-testid="estimate-median">
                {money(estimate.local.median, estimate.local.currency)} <span className="muted">({money(estimate.usd.median, 'USD')})</span>
              </p>
              <p>
                {t('calculator.range', {
                  low: money(estimate.local.low, estimate.local.currency),
                  high: money(estimate.local.high, estimate.local.currency),
                  lowUsd: money(estimate.usd.low, 'USD'),
                  highUsd: money(estimate.usd.high, 'USD'),
                })}
              </p>
              <p className="muted">
                {t('calculator.basis', { n: formatNumber(estimate.basis.n, locale), asOf: estimate.local.asOf })}
                {estimate.fallbacks.map((f) => ` ${t(`calculator.fallback.${f}`)}`).join('')}
              </p>
            </section>
            {estimate.effects.length > 0 && (
              <section className="section" aria-labelledby="effects-title">
                <h2 id="effects-title">{t('calculator.effects')}</h2>
                <ul>
                  {estimate.effects.map((e) => (
                    <li key={`${e.factor}-${e.value}`}>
                      {t('calculator.effect', {
                        what: effectLabel(e.factor, e.value, locale),
                        percent: percentDiff(e.ratio, 1),
                        n: formatNumber(e.n, locale),
                      })}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <p className="section">
              <span>{t('calculator.share')} </span>
              <a
                href={`${href('calculatorResult', locale)}?${query}`}
              >{`${getConfig().SITE_URL}${href('calculatorResult', locale)}?${query}`}</a>
            </p>
          </>
        )}
        <RelatedOffers
          id="comparable-offers"
          title={t('calculator.comparable')}
          items={comparable.items}
          locale={locale}
          t={t}
          empty={t('calculator.noComparable')}
          more={jobsHref(locale, comparable.selection ?? { role, country: input.country })}
          moreLabel={t('calculator.moreOffers')}
        />
        {canContribute && (
          <section className="section card contribute-card" aria-labelledby="contribute-title">
            <h2 id="contribute-title" className="h3">
              {t('calculator.contribute.title')}
            </h2>
            <p className="muted">{t('calculator.register.privacy')}</p>
            <FormBlock
              {...accountFormProps(
                { ...p, query },
                'contribute-form',
                specs.salaryContribution,
                salaryFields(p, input, false),
                t('calculator.contribute.submit'),
                t('calculator.contribute.sending'),
              )}
            />
          </section>
        )}
        <p className="actions">
          <Link className="btn btn-outline-primary btn-md" to={`${href('calculator', locale)}?${query}`}>
            {t('calculator.change')}
          </Link>
        </p>
      </div>
    </>
  );
}

function effectLabel(factor: string, value: string, locale: Locale): string {
  const lists: Record<string, readonly Labelled[]> = {
    seniority: seniorities,
    country: countries,
    english: englishLevels,
    modality: modalities,
    skill: skills,
  };
  return labelOf(lists[factor] ?? [], value, locale);
}

/** The salary fields of the registration step and of the result page's contribution form. */
function salaryFields(p: PageProps, input: CalculatorInput, optional: boolean): FieldDef[] {
  const { t, locale } = p;
  const local = currencyOf(input.country);
  return [
    {
      name: 'salary_amount',
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      label: t(optional ? 'calculator.contribute.amountOptional' : 'calculator.contribute.amount'),
      hint: t('calculator.contribute.hint', {
        role: labelOf(roles, input.role, locale),
        country: labelOf(countries, input.country, locale),
      }),
    },
    {
      name: 'salary_currency',
      type: 'radio',
      label: t('calculator.contribute.currency'),
      initial: 'local',
      options: [{ value: 'local', label: local }, ...(local === 'USD' ? [] : [{ value: 'USD', label: 'USD' }])],
    },
  ];
}

export async function CalculatorRegisterPage(p: PageProps) {
  const { locale, t } = p;
  const input = inputsOr(p);
  const query = calculatorQuery(input);
  const result = `${href('calculatorResult', locale)}?${query}`;
  if (p.session.loggedIn) redirect(result, 307);
  const fields: FieldDef[] = [
    { name: 'name', label: t('auth.name'), type: 'text', autoComplete: 'given-name' },
    { name: 'last_name', label: t('auth.lastName'), type: 'text', autoComplete: 'family-name' },
    emailField(t),
    newPasswordField(t),
    ...salaryFields(p, input, true),
  ];
  const form = accountFormProps(
    { ...p, query },
    'signup-form',
    specs.calculatorRegister,
    fields,
    t('calculator.signUp'),
    t('auth.creating'),
  );
  return (
    <>
      <PageHero heading={t('routes.calculatorRegister.heading')} intro={t('routes.calculatorRegister.intro')} />
      <div className="container page calculator-register" style={{ paddingTop: 0 }}>
        <div className="card auth-card">
          <h2 className="h3">{t('calculator.register.title')}</h2>
          <p className="muted">{t('calculator.register.privacy')}</p>
          <FormBlock {...form} />
          <p className="form-links muted">{t('auth.terms')}</p>
        </div>
        <aside className="auth-aside">
          <h2 className="h3">{t('calculator.register.haveAccount')}</h2>
          <p className="actions">
            <Link className="btn btn-outline-primary btn-lg" to={`${href('login', locale)}?${new URLSearchParams({ redirect: result })}`}>
              {t('calculator.signIn')}
            </Link>
          </p>
          <ProviderButtons p={{ ...p, query: new URLSearchParams({ redirect: result }).toString() }} />
        </aside>
      </div>
    </>
  );
}
