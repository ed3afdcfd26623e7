import 'server-only';
import { HireLandingPage } from './landing-page';
import { HirePage } from './hire-page';
import { PricingPage } from './pricing-page';
import { StaffingPage } from './staffing-page';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createHireActions } from './hire-actions';
import { HireCreateOfferPage } from './create-offer-page';
import { HireSitePage } from './workspace-page';
import { createMeetingActions } from './meeting-actions';
import { RequestMeetingPage } from './meeting-request-page';
import { ManageBookingPage, SchedulePage } from './schedule-pages';

// The company side: its landing and sales pages, the offer form and the workspace.
export function hireRoutes(deps: AreaDeps) {
  const actions = createHireActions(deps);
  const meetings = createMeetingActions(deps);
  return {
    hire: { page: HirePage },
    hireLanding: { page: HireLandingPage },
    hirePricing: { page: PricingPage },
    hireStaffing: { page: StaffingPage },
    hireSchedule: { page: SchedulePage, action: meetings.hireSchedule },
    hireScheduleManage: { page: ManageBookingPage, action: meetings.hireScheduleManage },
    hireRequestMeeting: { page: RequestMeetingPage, action: meetings.hireRequestMeeting },
    hireCreateOffer: { page: HireCreateOfferPage, action: actions.hireCreateOffer },
    hireSite: { page: HireSitePage, action: actions.hireSite },
  } satisfies AreaRoutes;
}
