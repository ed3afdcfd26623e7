import 'server-only';
import { parseId } from '../../domain/ids';
import { checkMessage } from '../../domain/messaging';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler, FormOutcome } from '../../server/http/forms';
import { attempt, refusal } from '../../server/http/form-outcome';
import type { MessagingService } from '../../server/messages/messaging-service';

// Invitations (decision 043): a company invites the person of a public profile from that profile's page
// (intent=invite on /ly/{slug}); the candidate accepts or declines in their workspace. Plain posts, PRG.
type Deps = { messages: () => Promise<MessagingService> };

// The service names the field of its refusals (the daily limit, a decline's wait, an offer that closed).
const SUMMARIES = {
  'invalid-input': { field: 'body', else: 'forms.summary' },
  conflict: { field: 'body' },
  'rate-limited': { field: 'body', else: 'api.tooManyRequests' },
} as const;

export function createInvitationActions({ messages }: Deps): { invite: FormHandler; answer: FormHandler } {
  const invite: FormHandler = {
    async handle(input) {
      const slug = String(input.params.slug ?? '');
      const values = { intent: 'invite', body: (input.fields.body ?? '').slice(0, 20_000), offer: input.fields.offer ?? '' };
      const offerId = values.offer ? parseId(values.offer) : null;
      const svc = await messages();
      return attempt(input, { values, summaries: SUMMARIES }, async (): Promise<FormOutcome> => {
        // Who may invite whom first (a stranger or a private profile is a 404), then the text's rules.
        const state = await svc.inviteState(input.viewer, slug);
        if (!state) throw new ServiceError(input.viewer ? 'not-found' : 'unauthorized');
        const c = checkMessage(input.fields.body);
        if (!c.ok) {
          const message = input.t(c.key, c.params);
          return { ok: false, status: 422, message, errors: { body: message }, values };
        }
        if (values.offer && offerId === null) throw new ServiceError('invalid-input', { offer: { key: 'messages.invite.offerClosed' } });
        await svc.invite(input.viewer, { candidateSlug: slug, text: c.value, offerId });
        return { ok: true, redirect: `${href('talentProfile', input.locale, { slug })}?invitada=1#invite` };
      });
    },
  };

  const answer: FormHandler = {
    async handle(input) {
      const intent = input.fields.intent;
      if (intent !== 'accept' && intent !== 'decline')
        return { ok: false, status: 400, message: input.t('forms.unreadable'), errors: {}, values: {} };
      const id = parseId(input.fields.invitation);
      if (id === null) return refusal(input, new ServiceError('not-found'));
      const svc = await messages();
      return attempt(input, { summaries: { conflict: { field: 'invitation' } } }, async () => {
        const r = await svc.answer(input.viewer, id, intent === 'accept');
        return r.conversationId !== null
          ? { ok: true, redirect: href('matchConversation', input.locale, { id: String(r.conversationId) }) }
          : { ok: true, redirect: `${href('matchPlatform', input.locale)}?rechazada=1#invitations` };
      });
    },
  };

  return { invite, answer };
}
