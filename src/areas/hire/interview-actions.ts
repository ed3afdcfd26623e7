import 'server-only';
import { parseId } from '../../domain/ids';
import { MAX_SLOTS } from '../../domain/interviews';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler } from '../../server/http/forms';
import { attempt, refusal } from '../../server/http/form-outcome';
import type { InterviewService } from '../../server/interviews/interview-service';

// The interview page's two forms (decision 046): intent=propose (new, or a move of the open interview)
// and intent=cancel. Plain posts; PRG back to the page with ?hecho=.
type Deps = { interviews: () => Promise<InterviewService> };

const SUMMARIES = {
  'invalid-input': { field: 'slots', else: 'forms.summary' },
  conflict: { field: 'interview' },
  'rate-limited': 'api.tooManyRequests',
} as const;

export function createInterviewActions({ interviews }: Deps): FormHandler {
  return {
    async handle(input) {
      const intent = input.fields.intent;
      if (intent !== 'propose' && intent !== 'cancel')
        return { ok: false, status: 400, message: input.t('forms.unreadable'), errors: {}, values: {} };
      const applicationId = parseId(input.params.id);
      if (applicationId === null) return refusal(input, new ServiceError('not-found'));
      const slots = (input.lists.slot ?? []).slice(0, MAX_SLOTS + 1).map((s) => s.slice(0, 40));
      const values: Record<string, string> = {
        intent,
        duration: (input.fields.duration ?? '').slice(0, 10),
        timeZone: (input.fields.timeZone ?? '').slice(0, 64),
        videoUrl: (input.fields.videoUrl ?? '').slice(0, 600),
        ...Object.fromEntries(slots.slice(0, MAX_SLOTS).map((s, n) => [`slot-${n + 1}`, s])),
      };
      const svc = await interviews();
      const back = (done: string) => `${href('hireInterview', input.locale, { id: String(applicationId) })}?hecho=${done}`;
      return attempt(input, { values, summaries: SUMMARIES }, async () => {
        if (intent === 'cancel') {
          const id = parseId(input.fields.interview);
          if (id === null) throw new ServiceError('not-found');
          // Only an interview of this application (the service checks the viewer's side).
          const { interview } = await svc.forApplication(input.viewer, applicationId);
          if (!interview || interview.id !== id) throw new ServiceError('conflict', { interview: { key: 'interviews.error.changed' } });
          await svc.cancel(input.viewer, id);
          return { ok: true, redirect: back('cancelled') };
        }
        await svc.propose(input.viewer, applicationId, {
          slots,
          duration: values.duration,
          timeZone: values.timeZone,
          videoUrl: values.videoUrl,
        });
        return { ok: true, redirect: back('proposed') };
      });
    },
  };
}
