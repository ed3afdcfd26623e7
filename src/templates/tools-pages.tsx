import { Link } from 'waku';
import { ButtonLink } from '../components/ui/button';
import { LinkCards } from '../components/ui/link-cards';
import { PageHero } from '../components/ui/page-hero';
import { countries, labelOf, roles, skills } from '../domain/catalog';
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

/** Salary pages for a country, role or skill: links across the dimensions the page belongs to. */
export function SalaryPage(p: TemplateProps) {
  const { locale, t, params } = p;
  const country = s(params.country);
  const role = s(params.rol) || s(params.developer);
  return (
    <ToolsFrame {...p}>
      <p className="section muted">{t('common.comingData')}</p>
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
                : { to: href('toolsCountrySkill', locale, { country: c.id, skill: s(params.skill) }), label: c.label[locale] },
            )}
          />
        </section>
      )}
      {country && (
        <section className="section">
          <h2>{t('tools.skills')}</h2>
          <Chips items={skills.slice(0, 16).map((k) => ({ to: href('toolsCountrySkill', locale, { country, skill: k.id }), label: k.label[locale] }))} />
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

export function CalculatorPage(p: TemplateProps) {
  const { locale, t } = p;
  return (
    <ToolsFrame {...p}>
      <LinkCards
        heading={t('tools.byCountry')}
        cards={countries.slice(0, 6).map((c) => ({
          to: href('toolsCountrySalary', locale, { country: c.id }),
          title: t('routes.toolsCountrySalary.title', { country: c.label[locale] }),
        }))}
      />
    </ToolsFrame>
  );
}
