import 'server-only';
import { isModerationAction } from '../../domain/offer-moderation';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { attempt } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';
import { refused } from './operator-access';

// The moderation queue's form (decision 071): hide, restore or remove one offer, with a reason. Refused
// with the area's 404 for anyone but an operator past the second step.
type Deps = Pick<AreaDeps, 'operators' | 'moderation'>;

const idOf = (v: string | undefined) => (/^[1-9][0-9]{0,9}$/.test(v ?? '') && Number(v) <= 2_147_483_647 ? Number(v) : null);

export function createModerationAction({ operators, moderation }: Deps): FormHandler {
  return {
    maxBytes: 16 * 1024,
    async handle(input) {
      const op = await (await operators()).operatorOf(input.viewer, input.token);
      if (!op) return refused(input);
      const offer = idOf(input.fields.offer);
      const intent = input.fields.intent;
      const values = { offer: input.fields.offer?.slice(0, 12) ?? '', reason: (input.fields.reason ?? '').slice(0, 1200) };
      if (offer === null || !isModerationAction(intent))
        return { ok: false, status: 422, message: input.t('moderation.queue.actionRequired'), errors: {}, values };
      return attempt(input, { values }, async () => {
        await (await moderation()).decide(op, offer, intent, values.reason);
        return { ok: true, redirect: `${href('operatorModeration', input.locale)}?hecho=${intent}` };
      });
    },
  };
}
