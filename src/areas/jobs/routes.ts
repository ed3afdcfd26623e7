import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createJobSearchGet } from './job-search-get';
import { jobsPage } from './jobs-page';

// The job search, all countries or one: the canonical redirect and the RSS feed answer before the page.
export function jobsRoutes(deps: AreaDeps) {
  const get = createJobSearchGet({ jobs: deps.jobs, siteUrl: deps.config.SITE_URL, brand: deps.config.BRAND_NAME });
  const page = jobsPage(deps);
  return {
    jobs: { page, get },
    countryJobs: { page, get },
  } satisfies AreaRoutes;
}
