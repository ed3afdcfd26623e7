import 'server-only';
import { Link } from 'waku';
import { LinkCards } from '../../components/ui/link-cards';
import { missingText, NoSalaryData, SalaryBreakdown, SalarySources, type BreakdownRow } from './salary-breakdown';
import { orderByConfidence } from './confidence-order';
import { SalaryAnswer } from './salary-answer';
import { whyNoFigure } from './salary-method';
import { marketMix } from './salary-markets';
import { Chips, labels, s, ToolsFrame } from './tools-frame';
import { RelatedOffers } from '../../views/jobs/related-offers';
import { jobsHref } from '../../views/jobs/job-search-url';
import {
  type CountryId,
  contracts,
  countries,
  employers,
  englishLevels,
  labelOf,
  modalities,
  payCurrencies,
  roles,
  seniorities,
  skillLinkHint,
  skills,
} from '../../domain/catalog';
import { JsonLd } from '../../components/layout/json-ld';
import { occupationLd } from './occupation-ld';
import type { AreaDeps } from '../route-module';
import type { GroupFilter } from '../../server/salaries/salary-service';
import { href } from '../../routes';
import type { Page, PageProps } from '../../server/render/page-types';
import { salaryPageGroup } from '../../domain/salary-pages';

/** The hub lists every country, role and skill itself: no second navigation on phones. */
export function ToolsHubPage(p: PageProps) {
  const { locale, t } = p;
  return (
    <ToolsFrame {...p} method>
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
        <Chips
          items={skills.map((k) => ({
            to: href('toolsSkill', locale, { skill: k.id }),
            label: k.label[locale],
            hint: skillLinkHint(k.id, locale),
          }))}
        />
      </section>
    </ToolsFrame>
  );
}

type Dim = 'country' | 'role' | 'seniority' | 'skill' | 'modality' | 'english' | 'employer' | 'pay' | 'contract';
const LISTS = {
  country: countries,
  role: roles,
  seniority: seniorities,
  skill: skills,
  modality: modalities,
  english: englishLevels,
  employer: employers,
  pay: payCurrencies,
  contract: contracts,
} as const;

/**
 * Salary pages for a country, role or skill: figures from the aggregates, plus links across dimensions. A page
 * without a headline figure is kept out of search engines (decision 053; the sitemap leaves it out too).
 */
export function salaryPage(deps: Pick<AreaDeps, 'salaries' | 'jobs'>): Page {
  const page: Page = salaryContent(deps);
  page.meta = async (p) => {
    const overall = await (await deps.salaries()).stats(salaryPageGroup(p.id, p.params));
    return {
      title: p.t(`routes.${p.id}.title`, labels(p)),
      description: p.t(`routes.${p.id}.description`, labels(p)),
      noindex: !overall?.enough,
    };
  };
  return page;
}

const salaryContent =
  ({ salaries, jobs }: Pick<AreaDeps, 'salaries' | 'jobs'>) =>
  async (p: PageProps) => {
    const { id, locale, t, params } = p;
    const country = s(params.country) || undefined;
    const role = s(params.rol) || s(params.developer) || undefined;
    const skill = s(params.skill) || undefined;
    const svc = await salaries();
    // "How much does a developer earn in X" counts developer roles only (the tech area), not sales or support.
    const filter: GroupFilter = salaryPageGroup(id, params);
    const overall = await svc.stats(filter);
    const reference = overall?.enough ? { usd: overall.usd.p50, label: t('salary.vsMedian') } : undefined;

    // Where a row of each dimension leads (the page one level more specific).
    const link = (dim: Dim, value: string): string | undefined => {
      if (dim === 'role')
        return country ? href('toolsCountryRole', locale, { country, rol: value }) : href('toolsDeveloper', locale, { developer: value });
      if (dim === 'country')
        return role
          ? href('toolsCountryDeveloper', locale, { country: value, developer: role })
          : skill
            ? href('toolsCountrySkill', locale, { country: value, skill })
            : href('toolsCountrySalary', locale, { country: value });
      if (dim === 'skill')
        return country ? href('toolsCountrySkill', locale, { country, skill: value }) : href('toolsSkill', locale, { skill: value });
      return undefined;
    };
    type Want = {
      dim: Dim;
      title: string;
      limit?: number;
      keep?: (value: string) => boolean;
      compare?: boolean;
      intro?: string;
      /** Another filter than the page's (the developer page's roles are the country's, kept to the tech area). */
      within?: GroupFilter;
      /** Shown from two rows on: one value alone is the page's own figure again. */
      several?: boolean;
    };
    // Decision 052: low-confidence groups after the others (then the top N), so a thin group never tops a list.
    const block = async ({
      dim,
      title,
      limit = 30,
      keep,
      compare,
      intro,
      within = filter,
      several,
    }: Want): Promise<BreakdownProps | null> => {
      const rows = orderByConfidence(
        (await svc.breakdown(within, dim)).filter((r) => !keep || keep(r.value)),
        (r) => r.stats.confidence,
      ).slice(0, limit);
      if (rows.length < (several ? 2 : 1)) return null;
      return {
        id: `by-${dim}`,
        title,
        intro,
        reference: compare ? reference : undefined,
        rows: rows.map((r) => ({
          label: labelOf(LISTS[dim], r.value, locale),
          to: link(dim, r.value),
          linkHint: dim === 'skill' ? skillLinkHint(r.value, locale) : undefined,
          ...r.stats,
        })),
      };
    };
    const area = role ? roles.find((r) => r.id === role)?.area : undefined;
    const effects = { compare: true, intro: t('salary.effectIntro') };
    // Each page type answers its own question: the hub what each role earns, the "how much does
    // a developer earn" page developers by seniority with the effects of modality, English and skills, a role
    // page the role in depth with similar roles, a skill page who is paid for it and where. A page across
    // countries shows its countries first: a median of several markets is read country by country.
    const byCountry: Want[] = country ? [] : [{ dim: 'country', title: t('salary.byCountry') }];
    // A country's figures mix two markets: who pays (a local or a foreign employer), in what currency, on what
    // contract. Grouped within one country only, and shown where the reports say both values.
    const markets: Want[] = country
      ? [
          { dim: 'employer', title: t('salary.byEmployer'), several: true, ...effects },
          { dim: 'pay', title: t('salary.byPay'), several: true, ...effects },
          { dim: 'contract', title: t('salary.byContract'), several: true, ...effects },
        ]
      : [];
    const plan: Want[] =
      id === 'toolsCountry'
        ? [{ dim: 'role', title: t('salary.byRole') }, ...markets]
        : id === 'toolsCountrySalary'
          ? [
              { dim: 'seniority', title: t('salary.bySeniority') },
              ...markets,
              {
                dim: 'role',
                title: t('salary.developerRoles'),
                within: { country },
                keep: (v) => roles.some((r) => r.id === v && r.area === 'tech'),
              },
              { dim: 'modality', title: t('salary.byModality'), ...effects },
              { dim: 'english', title: t('salary.byEnglish'), ...effects },
              { dim: 'skill', title: t('salary.bySkill'), limit: 10, ...effects },
            ]
          : role
            ? [
                ...byCountry,
                { dim: 'seniority', title: t('salary.bySeniority') },
                ...markets,
                { dim: 'modality', title: t('salary.byModality'), ...effects },
                { dim: 'english', title: t('salary.byEnglish'), ...effects },
                { dim: 'skill', title: t('salary.bySkill'), limit: 12, ...effects },
              ]
            : [...byCountry, { dim: 'role', title: t('salary.byRole') }];
    const blocks = (await Promise.all(plan.map(block))).filter((b): b is BreakdownProps => !!b);
    // Similar roles: the other roles of the same area, in the same country (or everywhere).
    const similar = role
      ? orderByConfidence(
          (await svc.breakdown({ country }, 'role')).filter(
            (r) => r.value !== role && roles.some((x) => x.id === r.value && x.area === area),
          ),
          (r) => r.stats.confidence,
        )
          .slice(0, 8)
          .map((r) => ({ label: labelOf(roles, r.value, locale), to: link('role', r.value), ...r.stats }))
      : [];
    // Open offers for the role (in the country when the page has one).
    const offers = role
      ? await (await jobs()).related([country ? { role: role, country: country as CountryId } : { role: role }], 2)
      : null;
    // The hub links to the skill pages that have data in the country.
    const hubSkills =
      id === 'toolsCountry'
        ? orderByConfidence(
            (await svc.breakdown({ country }, 'skill')).filter((r) => r.stats.enough),
            (r) => r.stats.confidence,
          ).slice(0, 24)
        : [];
    const ld =
      overall && role ? occupationLd(overall, labelOf(roles, role, locale), country ? labelOf(countries, country, locale) : null) : null;

    /** On a page across countries: the country every report behind the headline comes from, if there is one. */
    async function onlyCountryOf(n: number): Promise<string | undefined> {
      const rows = await svc.breakdown(filter, 'country');
      return rows.length === 1 && rows[0]!.stats.n === n ? labelOf(countries, rows[0]!.value, locale) : undefined;
    }

    /** No figure: why (on a role page), and where the figures are (decision 053). */
    async function noData() {
      const countryLabel = country ? labelOf(countries, country, locale) : '';
      // On a role page: how many reports there are, and whether a source cannot give the role at all.
      const why = role
        ? whyNoFigure({
            t,
            locale,
            role,
            country: countryLabel || undefined,
            n: overall?.n ?? 0,
            sources: (await svc.stats(country ? { country } : {}))?.sources ?? [],
          })
        : [];
      const covered = (await svc.breakdown(role ? { role } : {}, 'country'))
        .filter((r) => r.value !== country)
        .map((r) => ({
          label: labelOf(countries, r.value, locale),
          to: role ? href('toolsCountryRole', locale, { country: r.value, rol: role }) : href('toolsCountry', locale, { country: r.value }),
        }));
      const here = country
        ? {
            country: countryLabel,
            roles: (await svc.breakdown({ country }, 'role'))
              .filter((r) => r.value !== role)
              .map((r) => ({ label: labelOf(roles, r.value, locale), to: link('role', r.value)! })),
          }
        : undefined;
      const anywhere =
        covered.length || here?.roles.length
          ? []
          : (await svc.breakdown({}, 'role'))
              .filter((r) => r.value !== role)
              .map((r) => ({ label: labelOf(roles, r.value, locale), to: href('toolsDeveloper', locale, { developer: r.value }) }));
      // A role page's reasons already count its reports; other pages say what their figure lacks.
      const missing =
        !role && overall && overall.n > 0 ? missingText(t, locale, { n: overall.n, sources: overall.sources.length }) : undefined;
      return <NoSalaryData t={t} role={!!role} why={why} missing={missing} covered={covered} here={here} anywhere={anywhere} />;
    }

    const answer = overall?.enough ? (
      <SalaryAnswer
        stats={overall}
        locale={locale}
        t={t}
        onlyCountry={country ? undefined : await onlyCountryOf(overall.n)}
        mix={country ? await marketMix((f) => svc.stats(f), filter, locale, t) : undefined}
      />
    ) : (
      await noData()
    );
    // Each list of links is shown once: the closing chips only where no table lists that dimension.
    const listed = new Set(blocks.map((b) => b.id));

    return (
      <ToolsFrame {...p} answer={answer} method={!overall} nav>
        {/* Search engines get real figures only (decision 024). */}
        {ld && <JsonLd data={ld} />}
        {/* Decision 082: the first block open, the others closed behind their headings (a phone's page stays short). */}
        {blocks.map((b, i) => (
          <SalaryBreakdown key={b.id} {...b} locale={locale} t={t} open={i === 0} />
        ))}
        {similar.length > 0 && (
          <SalaryBreakdown id="similar-roles" title={t('salary.similarRoles')} rows={similar} locale={locale} t={t} open={false} />
        )}
        {offers && role && (
          <RelatedOffers
            id="open-offers"
            title={t('salary.openOffers', labels(p))}
            items={offers.items}
            dense
            locale={locale}
            t={t}
            empty={t('salary.noOpenOffers')}
            more={jobsHref(locale, country ? { role: role, country: country as CountryId } : { role: role })}
            moreLabel={t('salary.allOffers', labels(p))}
          />
        )}
        {id === 'toolsCountry' && country && (
          <>
            <section className="section">
              <h2>{t('tools.developerPages')}</h2>
              <Chips
                items={roles
                  .filter((r) => r.area === 'tech')
                  .map((r) => ({ to: href('toolsCountryDeveloper', locale, { country, developer: r.id }), label: r.label[locale] }))}
              />
              <p>
                <Link to={href('toolsCountrySalary', locale, { country })}>{t('routes.toolsCountrySalary.title', labels(p))}</Link>
              </p>
            </section>
            {hubSkills.length > 0 && (
              <section className="section">
                <h2>{t('tools.skillPages')}</h2>
                <Chips
                  items={hubSkills.map((k) => ({
                    to: href('toolsCountrySkill', locale, { country, skill: k.value }),
                    label: labelOf(skills, k.value, locale),
                    hint: skillLinkHint(k.value, locale),
                  }))}
                />
              </section>
            )}
          </>
        )}
        {overall && <SalarySources stats={overall} locale={locale} t={t} />}
        {country
          ? !listed.has('by-role') && (
              <section className="section" aria-labelledby="more-roles-title">
                <details className="block-more">
                  <summary>
                    <h2 id="more-roles-title">{t('tools.roles')}</h2>
                  </summary>
                  <Chips
                    items={roles.map((r) => ({ to: href('toolsCountryRole', locale, { country, rol: r.id }), label: r.label[locale] }))}
                  />
                </details>
              </section>
            )
          : !listed.has('by-country') && (
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
              ? [
                  {
                    to: href('countryJobs', locale, { country, filters: [] }),
                    title: t('routes.countryJobs.title', labels(p)),
                    text: t('routes.countryJobs.description', labels(p)),
                  },
                ]
              : [{ to: href('jobs', locale), title: t('routes.jobs.title'), text: t('routes.jobs.description') }]),
          ]}
        />
      </ToolsFrame>
    );
  };

type BreakdownProps = { id: string; title: string; rows: BreakdownRow[]; intro?: string; reference?: { usd: number; label: string } };
