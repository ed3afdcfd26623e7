import 'server-only';
import { salaryPageGroup } from '../../domain/salary-pages';
import type { SalaryService } from '../salaries/salary-service';

/**
 * The salary pages of the sitemap (decision 053): those the salary service lists as having enough reports,
 * each checked against the figure its page shows, so that no page without a figure (noindex) is listed. The
 * two can differ: a country's developer page counts the tech area only, the service lists the country.
 */
export async function salarySitemapPages(svc: Pick<SalaryService, 'pagesWithData' | 'stats'>) {
  const pages = await svc.pagesWithData();
  const out = {} as typeof pages;
  for (const id of Object.keys(pages) as (keyof typeof pages)[]) {
    const shown = await Promise.all(pages[id].map(async (p) => ((await svc.stats(salaryPageGroup(id, p.params)))?.enough ? p : null)));
    out[id] = shown.filter((p) => p !== null);
  }
  return out;
}
