import 'server-only';
import { HireLandingPage } from './landing-page';
import { contentPage } from '../content/content-page';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createHireActions } from './hire-actions';
import { HireCreateOfferPage } from './create-offer-page';
import { HireSitePage } from './workspace-page';

// The company side: its landing and sales pages, the offer form and the workspace.
export function hireRoutes(deps: AreaDeps) {
  const actions = createHireActions(deps);
  return {
    hire: {
      page: contentPage({
        primary: { id: 'hireCreateOffer', key: 'home.ctaHire' },
        related: ['hirePricing', 'hireStaffing', 'hireRequestMeeting', 'hireStartNow'],
      }),
    },
    hireLanding: { page: HireLandingPage },
    hirePricing: {
      page: contentPage({ primary: { id: 'hireStartNow', key: 'home.ctaHire' }, related: ['hireStaffing', 'hireRequestMeeting'] }),
    },
    hireStaffing: {
      page: contentPage({
        primary: { id: 'hireRequestMeeting', key: 'routes.hireRequestMeeting.title' },
        related: ['hirePricing', 'hireSchedule'],
      }),
    },
    hireSchedule: { page: contentPage({ related: ['hireRequestMeeting', 'hireStaffing'] }) },
    hireRequestMeeting: { page: contentPage({ related: ['hireSchedule', 'hireStaffing'] }) },
    hireCreateOffer: { page: HireCreateOfferPage, action: actions.hireCreateOffer },
    hireSite: { page: HireSitePage, action: actions.hireSite },
  } satisfies AreaRoutes;
}
