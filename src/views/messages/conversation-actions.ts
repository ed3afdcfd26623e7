import 'server-only';
import { parseId } from '../../domain/ids';
import { checkMessage, type Side } from '../../domain/messaging';
import { href, type RouteId } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler, FormOutcome } from '../../server/http/forms';
import { attempt, refusal } from '../../server/http/form-outcome';
import type { MessagingService } from '../../server/messages/messaging-service';

// The conversation page's forms (decision 043), told apart by `intent`: send (the default), block,
// unblock and report. Plain posts: a 303 back to the page (PRG), or the page again with the error and
// what was typed. A conversation that is not the viewer's is a 404, as on the page.
type Deps = { messages: () => Promise<MessagingService> };

export function createConversationAction({ messages }: Deps, side: Side): FormHandler {
  const self: RouteId = side === 'company' ? 'hireConversation' : 'matchConversation';
  return {
    maxBytes: 64 * 1024,
    async handle(input) {
      const intent = input.fields.intent ?? 'send';
      const id = parseId(input.params.id);
      const values: Record<string, string> = { intent };
      if (intent === 'send') values.body = (input.fields.body ?? '').slice(0, 20_000);
      if (intent === 'report') Object.assign(values, { reason: input.fields.reason ?? '', details: input.fields.details ?? '' });
      // Each route is one side's: the other account type's post is a stranger's (the page redirects it).
      const wrongSide = input.viewer && input.viewer.type !== (side === 'company' ? 'hire' : 'match');
      if (id === null || wrongSide) return refusal(input, new ServiceError('not-found'), { values });
      const back = (q?: string) => `${href(self, input.locale, { id: String(id) })}${q ? `?hecho=${q}` : ''}`;
      const svc = await messages();
      return attempt(
        input,
        { values, summaries: { 'invalid-input': { field: 'body' }, conflict: { field: 'body' } } },
        async (): Promise<FormOutcome> => {
          switch (intent) {
            case 'send': {
              // The text's rules first for a clear message; the service checks again.
              const c = checkMessage(input.fields.body);
              if (!c.ok) {
                await svc.conversation(input.viewer, id); // ownership before validity: a stranger learns nothing
                const message = input.t(c.key, c.params);
                return { ok: false, status: 422, message, errors: { body: message }, values };
              }
              await svc.send(input.viewer, id, c.value);
              return { ok: true, redirect: `${back()}#message-form` };
            }
            case 'block':
              await svc.block(input.viewer, id);
              return { ok: true, redirect: back('bloqueada') };
            case 'unblock':
              await svc.unblock(input.viewer, id);
              return { ok: true, redirect: back('desbloqueada') };
            case 'report':
              await svc.report(input.viewer, id, { reason: input.fields.reason, details: input.fields.details ?? '' });
              return { ok: true, redirect: back('denuncia') };
            default:
              return { ok: false, status: 400, message: input.t('forms.unreadable'), errors: {}, values: {} };
          }
        },
      );
    },
  };
}
