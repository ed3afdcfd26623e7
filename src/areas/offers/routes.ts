import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createApplicationActions } from './application-actions';
import { OfferPage } from './offer-page';
import { CompanyPage } from './company-page';

// One offer: its page and the one-step application; the company's public page with its open offers.
export function offerRoutes(deps: AreaDeps) {
  return {
    offer: { page: OfferPage, action: createApplicationActions(deps).offer },
    company: { page: CompanyPage },
  } satisfies AreaRoutes;
}
