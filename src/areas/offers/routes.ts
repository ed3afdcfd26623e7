import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createApplicationActions } from './application-actions';
import { offerPage } from './offer-page';
import { companyPage } from './company-page';
import { ServiceError } from '../../server/errors';

// One offer: its page and the one-step application; the company's public page with its open offers.
export function offerRoutes(deps: AreaDeps) {
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
  } satisfies AreaRoutes;
}
