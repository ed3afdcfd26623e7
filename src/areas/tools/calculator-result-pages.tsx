import 'server-only';
import { Link } from 'waku';
import { pageRedirect } from '../../server/render/redirect';
import { PageHero } from '../../components/ui/page-hero';
import { ToolsNav } from '../../components/layout/tools-nav';
import { LegalConsentNote } from '../../components/forms/legal-note';
import { countries, labelOf, roles, seniorities } from '../../domain/catalog';
import { formatMoney, formatNumber, formatPercent } from '../../i18n/format';
import { calculatorQuery, parseCalculatorQuery } from '../../domain/calculator';
import { utmQuery } from '../../domain/utm';
import { href } from '../../routes';
import { RelatedOffers } from '../../views/jobs/related-offers';
import { jobsHref } from '../../views/jobs/job-search-url';
import type { RoleId } from '../../domain/catalog';
import type { FieldDef } from '../../views/account-forms/account-form-types';
import type { CalculatorInput } from '../../domain/calculator';
import { currencyOf } from '../../server/salaries/mapping';
import { NoSalaryData } from './salary-breakdown';
import { Provenance } from '../../views/salary/salary-provenance';
import { effectLabel } from '../../views/salary/effect-label';
import { ConfidenceNote } from '../../views/salary/confidence-note';
import { MIN_FIGURE_REPORTS, showsNumber } from '../../domain/salary-confidence';
import { getConfig } from '../../server/config';
import { CopyLink, copyLinkLabels } from '../../components/ui/copy-link';
import { CONTRIBUTION_STATUSES } from './salary-actions';
import {
  emailField,
  FormBlock,
  formProps as accountFormProps,
  newPasswordField,
  ProviderButtons,
} from '../../views/account-forms/account-form-kit';
import { AddSalary } from './add-salary';
import type { AreaDeps } from '../route-module';
import type { PageProps } from '../../server/render/page-types';

// The calculator's result and its registration step (decision 016): anonymous visitors pass through the
// registration step; both may take the visitor's salary. The inputs come from the result URL.
function inputsOr(p: PageProps) {
  const q = new URLSearchParams(p.query);
  const parsed = parseCalculatorQuery(q);
  if (!parsed.ok) {
    const back = new URLSearchParams(calculatorQuery(Object.fromEntries(q)));
    back.set('invalid', parsed.invalid.join(','));
    pageRedirect(`${href('calculator', p.locale)}?${back}`, 307);
  }
  return parsed.input;
}

export const calculatorResultPage = (deps: Pick<AreaDeps, 'salaries' | 'jobs' | 'contributions'>) => async (p: PageProps) => {
  const { locale, t } = p;
  // No inputs at all: the calculator itself (not a form with every field marked).
  if (!p.query) pageRedirect(href('calculator', locale), 307);
  const input = inputsOr(p);
  const { session, viewer } = p;
  const query = calculatorQuery(input);
  // The campaign tags of an arrival (the embedded calculator's utm_source=iframe) stay in the URL, so the
  // registration step's page view is attributed too; the HTTP layer has already kept them in its cookie.
  const utm = utmQuery(new URLSearchParams(p.query));
  if (!session.loggedIn) pageRedirect(`${href('calculatorRegister', locale)}?${query}${utm ? `&${utm}` : ''}`, 307);
  const salaries = await deps.salaries();
  const estimate = await salaries.estimate(input);
  // Who pays the people behind the figure: the two markets a country's figures mix.
  const byEmployer = async (employer: string) =>
    (await salaries.stats({ country: input.country, role: input.role, seniority: input.seniority, employer }))?.n ?? 0;
  const [foreign, local] = estimate ? await Promise.all([byEmployer('foreign'), byEmployer('local')]) : [0, 0];
  const foreignShare = foreign + local >= MIN_FIGURE_REPORTS ? foreign / (foreign + local) : null;
  // Without an estimate: where this role does have figures, and which roles do in this country.
  const shown = !!estimate && showsNumber(estimate.confidence);
  const covered = shown
    ? []
    : (await salaries.breakdown({ role: input.role }, 'country')).map((r) => ({
        label: labelOf(countries, r.value, locale),
        to: href('toolsCountryRole', locale, { country: r.value, rol: input.role }),
      }));
  const here = shown
    ? undefined
    : {
        country: labelOf(countries, input.country, locale),
        roles: (await salaries.breakdown({ country: input.country }, 'role')).map((r) => ({
          label: labelOf(roles, r.value, locale),
          to: href('toolsCountryRole', locale, { country: input.country, rol: r.value }),
        })),
      };
  const contribution = CONTRIBUTION_STATUSES.find((s) => s === new URLSearchParams(p.query).get('contribution'));
  const role = input.role as RoleId;
  const comparable = await (
    await deps.jobs()
  ).related(
    [
      { role, country: input.country, seniority: input.seniority },
      { role, country: input.country },
    ],
    5,
  );
  const canContribute = viewer?.type === 'match' && !(await (await deps.contributions()).hasContributed(viewer.id));
  const money = (v: number, c: string) => formatMoney(v, c, locale);
  const what = [
    labelOf(roles, input.role, locale),
    labelOf(seniorities, input.seniority, locale),
    labelOf(countries, input.country, locale),
  ].join(' · ');
  return (
    <>
      <PageHero heading={t('routes.calculatorResult.heading')} intro={what}>
        {canContribute && <AddSalary t={t} to="#contribute-title" at="form" />}
      </PageHero>
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
        {!estimate || !shown ? (
          <>
            {estimate && (
              <p className="notice" data-testid="estimate-insufficient">
                {t('calculator.insufficient', { n: formatNumber(estimate.n, locale), what, min: formatNumber(MIN_FIGURE_REPORTS, locale) })}
              </p>
            )}
            <NoSalaryData t={t} role covered={covered} here={here} />
          </>
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
              <p>
                <ConfidenceNote confidence={estimate.confidence} n={estimate.n} locale={locale} t={t} />
              </p>
              {foreignShare !== null && <p className="muted">{t('calculator.mix', { share: formatPercent(foreignShare, locale) })}</p>}
              {estimate.floored && (
                <p className="muted">{t('calculator.floored', { country: labelOf(countries, input.country, locale) })}</p>
              )}
              {estimate.basis && <Provenance stats={{ ...estimate.basis, local: estimate.local }} locale={locale} t={t} />}
            </section>
            <section className="section" aria-labelledby="how-title">
              <h2 id="how-title">{t('calculator.how')}</h2>
              <p className="muted">{t('calculator.howIntro')}</p>
              <ol data-testid="estimate-steps">
                {estimate.steps.map((s) => (
                  <li key={s.dimension}>
                    {t('calculator.step', {
                      what:
                        s.dimension === 'role'
                          ? `${t('calculator.stepRole')}: ${labelOf(roles, s.value, locale)}`
                          : effectLabel(s.dimension, s.value, locale),
                      n: formatNumber(s.n, locale),
                      weight: formatPercent(s.weight, locale),
                    })}
                  </li>
                ))}
              </ol>
              {input.skills.length > 0 && <p className="muted">{t('calculator.skillsIgnored')}</p>}
            </section>
            <section className="section" aria-labelledby="share-title">
              <h2 id="share-title" className="h3">
                {t('calculator.share')}
              </h2>
              <CopyLink
                url={`${getConfig().SITE_URL}${href('calculatorResult', locale)}?${query}`}
                labels={copyLinkLabels(t)}
                testId="share-link"
              />
            </section>
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
                'salaryContribution',
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
        {/* Phones only: the layout's sidebar is hidden there (decision 029). */}
        <ToolsNav locale={locale} t={t} path={p.path} compact />
      </div>
    </>
  );
};

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

export const calculatorRegisterPage =
  ({ oauth }: Pick<AreaDeps, 'oauth'>) =>
  async (p: PageProps) => {
    const { locale, t } = p;
    const input = inputsOr(p);
    const query = calculatorQuery(input);
    const result = `${href('calculatorResult', locale)}?${query}`;
    if (p.session.loggedIn) pageRedirect(result, 307);
    const fields: FieldDef[] = [
      { name: 'name', label: t('auth.name'), type: 'text', autoComplete: 'given-name' },
      { name: 'last_name', label: t('auth.lastName'), type: 'text', autoComplete: 'family-name' },
      emailField(t),
      newPasswordField(t),
      ...salaryFields(p, input, true),
    ];
    const form = accountFormProps({ ...p, query }, 'signup-form', 'calculatorRegister', fields, t('calculator.signUp'), t('auth.creating'));
    return (
      <>
        <PageHero heading={t('routes.calculatorRegister.heading')} intro={t('routes.calculatorRegister.intro')}>
          <AddSalary t={t} to="#signup-form-salary_amount" at="form" />
        </PageHero>
        <div className="container page calculator-register" style={{ paddingTop: 0 }}>
          <div className="card auth-card">
            <h2 className="h3">{t('calculator.register.title')}</h2>
            <p className="muted">{t('calculator.register.privacy')}</p>
            <FormBlock {...form} />
            <LegalConsentNote locale={locale} t={t} terms="termsB2c" />
          </div>
          <aside className="auth-aside">
            <h2 className="h3">{t('calculator.register.haveAccount')}</h2>
            <p className="actions">
              <Link className="btn btn-outline-primary btn-lg" to={`${href('login', locale)}?${new URLSearchParams({ redirect: result })}`}>
                {t('calculator.signIn')}
              </Link>
            </p>
            <ProviderButtons p={{ ...p, query: new URLSearchParams({ redirect: result }).toString() }} providers={oauth.providers} />
          </aside>
        </div>
      </>
    );
  };
