import 'server-only';
import { specs } from '../../domain/forms/specs';
import { hireLandingPage } from './landing-page';
import { hirePage } from './hire-page';
import { pricingPage } from './pricing-page';
import { StaffingPage } from './staffing-page';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { createHireActions } from './hire-actions';
import { hireCreateOfferPage } from './create-offer-page';
import { hireSitePage, oldApplicantsLink } from './workspace-page';
import { hireInterviewPage } from './interview-page';
import { hireApplicantsPage } from './applicants-page';
import { hireApplicationPage } from './application-page';
import { createTrackerActions } from './tracker-actions';
import { createInterviewActions } from './interview-actions';
import { createMeetingActions } from './meeting-actions';
import { requestMeetingPage } from './meeting-request-page';
import { manageBookingPage, schedulePage } from './schedule-pages';
import { HireStartNowPage } from './start-now-page';
import { conversationPage } from '../../views/messages/conversation-page';
import { createConversationAction } from '../../views/messages/conversation-actions';
import { inboxPage } from '../../views/messages/inbox-page';
import { hireTeamPage } from './team-page';
import { createTeamActions } from './team-actions';
import { hireJoinPage } from './join-page';
import { createJoinActions } from './join-actions';
// Known exception to "areas never import each other", removed when the sign-up handler leaves the account
// area (KNOWN_AREA_IMPORTS in eslint/tandem.js and src/architecture.test.ts).
import { createSignUpHandler } from '../../server/http/account-forms';

// The company side: its landing and sales pages, the company sign-up, the offer form and the workspace.
export function hireRoutes(deps: AreaDeps) {
  const actions = createHireActions(deps);
  const meetings = createMeetingActions(deps);
  const tracker = createTrackerActions(deps);
  return {
    hire: { page: hirePage(deps) },
    hireLanding: { page: hireLandingPage(deps) },
    hirePricing: { page: pricingPage(deps) },
    hireStaffing: { page: StaffingPage },
    hireStartNow: { page: HireStartNowPage, action: createSignUpHandler(deps, 'hire', specs.hireStartNow) },
    hireSchedule: { page: schedulePage(deps), action: meetings.hireSchedule },
    hireScheduleManage: { page: manageBookingPage(deps), action: meetings.hireScheduleManage },
    hireRequestMeeting: { page: requestMeetingPage(deps), action: meetings.hireRequestMeeting },
    hireCreateOffer: { page: hireCreateOfferPage(deps), action: actions.hireCreateOffer },
    hireSite: { page: hireSitePage(deps), action: actions.hireSite, get: oldApplicantsLink },
    hireApplicants: { page: hireApplicantsPage(deps), action: tracker.hireApplicants },
    hireApplication: { page: hireApplicationPage(deps), action: tracker.hireApplication },
    hireInbox: { page: inboxPage(deps, 'company') },
    hireConversation: { page: conversationPage(deps, 'company'), action: createConversationAction(deps, 'company') },
    hireInterview: { page: hireInterviewPage(deps), action: createInterviewActions(deps) },
    hireTeam: { page: hireTeamPage(deps), action: createTeamActions(deps) },
    hireJoin: { page: hireJoinPage(deps), action: createJoinActions(deps) },
  } satisfies AreaRoutes;
}
