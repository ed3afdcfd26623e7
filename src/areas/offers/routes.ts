import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createApplicationActions } from './application-actions';
import { OfferPage } from './offer-page';

// One offer: its page and the one-step application.
export function offerRoutes(deps: AreaDeps) {
  return {
    offer: { page: OfferPage, action: createApplicationActions(deps).offer },
  } satisfies AreaRoutes;
}
