import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createApplicationActions } from './application-actions';
import { offerPage } from './offer-page';
import { companyPage } from './company-page';
import { companiesPage } from './companies-page';
import { offerApplyPage } from './apply-page';
import { createApplyingActions } from './applying-actions';
import { offerSavePage } from './save-page';
import { ServiceError } from '../../server/errors';
import { createReportAction, offerReportPage } from './report-page';

// One offer: its page and the one-step application; the company's public page with its open offers.
export function offerRoutes(deps: AreaDeps) {
  const applying = createApplyingActions(deps);
  return {
    offer: {
      page: offerPage(deps),
      action: createApplicationActions(deps).offer,
      // The offer page is one HTML for everyone: the visitor's application and whether the offer is theirs.
      viewer: async ({ match, viewer }) => {
        const slug = typeof match.params.slug === 'string' ? match.params.slug : '';
        try {
          return await (await deps.applications()).viewerState(slug, viewer);
        } catch (err) {
          if (err instanceof ServiceError && err.code === 'not-found') return null;
          throw err;
        }
      },
    },
    company: { page: companyPage(deps) },
    // The directory of companies (decision 087).
    companies: { page: companiesPage(deps) },
    // Applying with a cover note and answers, and saving an offer (decision 049).
    offerApply: { page: offerApplyPage(deps), action: applying.apply },
    offerSave: { page: offerSavePage, action: applying.save },
    // Reporting an offer (decision 071).
    offerReport: { page: offerReportPage, action: createReportAction(deps) },
  } satisfies AreaRoutes;
}
