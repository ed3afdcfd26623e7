// Which group of reports a salary page's headline figure is (decision 053): the page shows it, is indexed
// only when it has a figure, and the sitemap lists it only then. One rule for the page and the sitemap.

type PageParams = Readonly<Record<string, string | readonly string[] | undefined>>;
/** A group of the salary aggregates, by its dimensions (a GroupFilter of the salary service). */
export type SalaryGroup = { country?: string; role?: string; skill?: string; area?: string };

const one = (v: string | readonly string[] | undefined) => (typeof v === 'string' && v ? v : undefined);

/**
 * The headline group of a salary page (route id and parameters). "How much does a developer earn in X"
 * counts developer roles only (the tech area), not sales or support; the others are their country, role
 * and skill.
 */
export function salaryPageGroup(id: string, params: PageParams): SalaryGroup {
  const country = one(params.country);
  const group: SalaryGroup =
    id === 'toolsCountrySalary'
      ? { country, area: 'tech' }
      : { country, role: one(params.rol) ?? one(params.developer), skill: one(params.skill) };
  for (const k of ['country', 'role', 'skill', 'area'] as const) if (group[k] === undefined) delete group[k];
  return group;
}
