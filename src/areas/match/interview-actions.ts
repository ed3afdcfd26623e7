import 'server-only';
import { parseId } from '../../domain/ids';
import { parseSlotKey } from '../../domain/scheduling';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler } from '../../server/http/forms';
import { attempt, refusal } from '../../server/http/form-outcome';
import type { InterviewService } from '../../server/interviews/interview-service';

// The candidate's answers to an interview (decision 046), posted to the workspace with an intent:
// interview-pick (a slot key), interview-decline, interview-cancel. PRG back to the list.
type Deps = { interviews: () => Promise<InterviewService> };

export const INTERVIEW_INTENTS = ['interview-pick', 'interview-decline', 'interview-cancel'] as const;

const SUMMARIES = {
  'invalid-input': { field: 'slot' },
  conflict: { field: 'slot', else: 'interviews.error.changed' },
} as const;

export function createCandidateInterviewAction({ interviews }: Deps): FormHandler {
  return {
    async handle(input) {
      const intent = input.fields.intent;
      const id = parseId(input.fields.interview);
      if (id === null) return refusal(input, new ServiceError('not-found'));
      const svc = await interviews();
      return attempt(input, { summaries: SUMMARIES }, async () => {
        if (intent === 'interview-pick') await svc.pick(input.viewer, id, parseSlotKey(input.fields.slot));
        else if (intent === 'interview-decline') await svc.decline(input.viewer, id);
        else await svc.cancel(input.viewer, id);
        const done = intent === 'interview-pick' ? 'picked' : intent === 'interview-decline' ? 'declined' : 'cancelled';
        return { ok: true, redirect: `${href('matchPlatform', input.locale)}?entrevista=${done}#interviews` };
      });
    },
  };
}
