import { Link } from 'waku';
import { ButtonLink } from '../components/ui/button';
import { LinkCards } from '../components/ui/link-cards';
import { PageHero } from '../components/ui/page-hero';
import { SalaryBreakdown, SalarySources, type BreakdownRow } from '../components/salary/salary-breakdown';
import { countries, englishLevels, labelOf, modalities, roles, seniorities, skills } from '../domain/catalog';
import { formatMoney, formatNumber } from '../i18n/format';
import { JsonLd } from '../components/layout/json-ld';
import { services } from '../server/services/container';
import { href, type Params } from '../routes';
import type { TemplateProps } from './types';

const s = (v: Params[string] | undefined) => (typeof v === 'string' ? v : '');

function labels({ params, locale }: TemplateProps) {
  return {
    country: labelOf(countries, s(params.country), locale),
    role: labelOf(roles, s(params.rol) || s(params.developer), locale),
    skill: labelOf(skills, s(params.skill), locale),
  };
}

/** Shared frame of the salary pages: heading, method note, the figures block and related links. */
function ToolsFrame(p: TemplateProps & { children?: React.ReactNode }) {
  const { id, locale, t } = p;
  return (
    <>
      <PageHero heading={t(`routes.${id}.heading`, labels(p))} intro={t(`routes.${id}.intro`, labels(p))}>
        <div className="actions">
          <ButtonLink to={href('calculator', locale)}>{t('tools.calculator')}</ButtonLink>
        </div>
      </PageHero>
      <div className="container page" style={{ paddingTop: 0 }}>
        <p className="notice" role="note">{t('tools.method')}</p>
        {p.children}
      </div>
    </>
  );
}

function Chips({ items }: { items: { to: string; label: string }[] }) {
  return (
    <ul className="chips">
      {items.map((i) => (
        <li key={i.to}>
          <Link to={i.to} className="chip">{i.label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function ToolsHubPage(p: TemplateProps) {
  const { locale, t } = p;
  return (
    <ToolsFrame {...p}>
      <section className="section">
        <h2>{t('tools.byCountry')}</h2>
        <Chips items={countries.map((c) => ({ to: href('toolsCountrySalary', locale, { country: c.id }), label: c.label[locale] }))} />
      </section>
      <section className="section">
        <h2>{t('tools.byRole')}</h2>
        <Chips items={roles.map((r) => ({ to: href('toolsDeveloper', locale, { developer: r.id }), label: r.label[locale] }))} />
      </section>
      <section className="section">
        <h2>{t('tools.bySkill')}</h2>
        <Chips items={skills.map((k) => ({ to: href('toolsSkill', locale, { skill: k.id }), label: k.label[locale] }))} />
      </section>
    </ToolsFrame>
  );
}

type Dim = 'country' | 'role' | 'seniority' | 'skill' | 'modality' | 'english';
const LISTS = { country: countries, role: roles, seniority: seniorities, skill: skills, modality: modalities, english: englishLevels } as const;

/** Salary pages for a country, role or skill: figures from the aggregates, plus links across dimensions. */
export async function SalaryPage(p: TemplateProps) {
  const { locale, t, params } = p;
  const country = s(params.country) || undefined;
  const role = s(params.rol) || s(params.developer) || undefined;
  const skill = s(params.skill) || undefined;
  const svc = await services.salaries();
  const filter = { country, role, skill };
  const overall = await svc.stats(filter);

  // Where a row of each dimension leads (the page one level more specific).
  const link = (dim: Dim, value: string): string | undefined => {
    if (dim === 'role') return country ? href('toolsCountryRole', locale, { country, rol: value }) : href('toolsDeveloper', locale, { developer: value });
    if (dim === 'country') return role ? href('toolsCountryDeveloper', locale, { country: value, developer: role }) : skill ? href('toolsCountrySkill', locale, { country: value, skill }) : href('toolsCountrySalary', locale, { country: value });
    if (dim === 'skill') return country ? href('toolsCountrySkill', locale, { country, skill: value }) : href('toolsSkill', locale, { skill: value });
    return undefined;
  };
  const block = async (dim: Dim, title: string, limit = 30): Promise<BreakdownProps | null> => {
    const rows = (await svc.breakdown(filter, dim)).slice(0, limit);
    if (!rows.length) return null;
    return {
      id: `by-${dim}`,
      title,
      rows: rows.map((r) => ({ label: labelOf(LISTS[dim], r.value, locale), to: link(dim, r.value), ...r.stats })),
    };
  };
  const wanted: [Dim, string][] = role
    ? [['seniority', t('salary.bySeniority')], ['modality', t('salary.byModality')], ['english', t('salary.byEnglish')], ...(country ? [] : [['country', t('salary.byCountry')]] as [Dim, string][]), ['skill', t('salary.bySkill')]]
    : skill
      ? [['role', t('salary.byRole')], ...(country ? [] : [['country', t('salary.byCountry')]] as [Dim, string][])]
      : [['role', t('salary.byRole')], ['seniority', t('salary.bySeniority')], ['modality', t('salary.byModality')], ['english', t('salary.byEnglish')], ['skill', t('salary.bySkill')]];
  const blocks = (await Promise.all(wanted.map(([d, title]) => block(d, title, d === 'skill' ? 12 : 30)))).filter((b): b is BreakdownProps => !!b);
  const money = (v: number, c: string) => formatMoney(Math.round(v), c, locale);

  return (
    <ToolsFrame {...p}>
      {overall?.enough ? (
        <p className="salary-headline" data-testid="salary-headline">
          {overall.local
            ? t('salary.headline', { local: money(overall.local.p50, overall.local.currency), usd: money(overall.usd.p50, 'USD'), n: formatNumber(overall.n, locale) })
            : t('salary.headlineUsd', { usd: money(overall.usd.p50, 'USD'), n: formatNumber(overall.n, locale) })}
        </p>
      ) : (
        <p className="notice">{t('salary.noData')}</p>
      )}
      {overall?.enough && role && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Occupation',
            name: labelOf(roles, role, locale),
            ...(country ? { occupationLocation: { '@type': 'Country', name: labelOf(countries, country, locale) } } : {}),
            estimatedSalary: [
              {
                '@type': 'MonetaryAmountDistribution',
                name: 'base',
                currency: overall.local?.currency ?? 'USD',
                duration: 'P1M',
                percentile25: Math.round(overall.local?.p25 ?? overall.usd.p25),
                median: Math.round(overall.local?.p50 ?? overall.usd.p50),
                percentile75: Math.round(overall.local?.p75 ?? overall.usd.p75),
              },
            ],
          }}
        />
      )}
      {blocks.map((b) => (
        <SalaryBreakdown key={b.id} {...b} locale={locale} t={t} />
      ))}
      {overall && <SalarySources sources={overall.sources} demoShare={overall.demoShare} t={t} />}
      {country ? (
        <section className="section">
          <h2>{t('tools.roles')}</h2>
          <Chips items={roles.map((r) => ({ to: href('toolsCountryRole', locale, { country, rol: r.id }), label: r.label[locale] }))} />
        </section>
      ) : (
        <section className="section">
          <h2>{t('tools.countries')}</h2>
          <Chips
            items={countries.map((c) =>
              role
                ? { to: href('toolsCountryDeveloper', locale, { country: c.id, developer: role }), label: c.label[locale] }
                : { to: href('toolsCountrySkill', locale, { country: c.id, skill: skill ?? '' }), label: c.label[locale] },
            )}
          />
        </section>
      )}
      <LinkCards
        heading={t('common.related')}
        cards={[
          { to: href('calculator', locale), title: t('routes.calculator.title'), text: t('routes.calculator.description') },
          ...(country
            ? [{ to: href('countryJobs', locale, { country, filters: [] }), title: t('routes.countryJobs.title', labels(p)), text: t('routes.countryJobs.description', labels(p)) }]
            : [{ to: href('jobs', locale), title: t('routes.jobs.title'), text: t('routes.jobs.description') }]),
        ]}
      />
    </ToolsFrame>
  );
}

type BreakdownProps = { id: string; title: string; rows: BreakdownRow[] };
