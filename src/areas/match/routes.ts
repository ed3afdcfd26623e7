import 'server-only';
import type { AreaDeps, AreaRoutes } from '../route-module';
import { matchPage } from './match-page';
import { createTalentProfileAction } from './profile-actions';
import { createProfileHistoryAction, isHistoryIntent } from './profile-history-actions';
import { createCvGet, cvPage } from './cv-get';
import { matchPlatformPage, talentProfilePage } from './profile-pages';
import { conversationPage } from '../../views/messages/conversation-page';
import { createConversationAction } from '../../views/messages/conversation-actions';
import { inboxPage } from '../../views/messages/inbox-page';
import { createInvitationActions } from './invitation-actions';
import { createCandidateInterviewAction, INTERVIEW_INTENTS } from './interview-actions';
import { APPLYING_INTENTS, createCandidateApplyingAction } from './applying-actions';

// The candidate side: its landing (/match), the workspace and the public profile with its owner's editor.
export function matchRoutes(deps: AreaDeps) {
  const invitations = createInvitationActions(deps);
  const profile = createTalentProfileAction(deps);
  const history = createProfileHistoryAction(deps);
  const interviews = createCandidateInterviewAction(deps);
  const applying = createCandidateApplyingAction(deps);
  return {
    match: { page: matchPage(deps) },
    // The workspace's forms: answers to invitations (accept, decline), to interviews (interview-*), withdrawals
    // and removing saved offers (withdraw, unsave).
    matchPlatform: {
      page: matchPlatformPage(deps),
      action: {
        handle: (input) =>
          (INTERVIEW_INTENTS as readonly (string | undefined)[]).includes(input.fields.intent)
            ? interviews.handle(input)
            : (APPLYING_INTENTS as readonly (string | undefined)[]).includes(input.fields.intent)
              ? applying.handle(input)
              : invitations.answer.handle(input),
      },
    },
    // The profile page's forms: its owner's editor, their history, links and CV (history intents), and a
    // company's invitation (intent=invite).
    talentProfile: {
      page: talentProfilePage(deps),
      action: {
        maxBytes: Math.max(profile.maxBytes ?? 0, history.maxBytes ?? 0),
        handle: (input) =>
          input.fields.intent === 'invite'
            ? invitations.invite.handle(input)
            : isHistoryIntent(input.fields.intent)
              ? history.handle(input)
              : profile.handle(input),
      },
    },
    talentCv: { page: cvPage, get: createCvGet(deps) },
    matchInbox: { page: inboxPage(deps, 'candidate') },
    matchConversation: { page: conversationPage(deps, 'candidate'), action: createConversationAction(deps, 'candidate') },
  } satisfies AreaRoutes;
}
