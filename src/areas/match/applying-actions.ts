import 'server-only';
import { parseId } from '../../domain/ids';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler } from '../../server/http/forms';
import { attempt, refusal } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';

// The workspace's forms of decision 049, told apart by their intent: 'withdraw' (an application, after the
// confirmation step the page shows for ?retirar=<id>) and 'unsave' (a saved offer). PRG back to the list.
export const APPLYING_INTENTS = ['withdraw', 'unsave'] as const;

const SUMMARIES = { conflict: { field: 'application', else: 'applying.error.cannotWithdraw' } } as const;

export function createCandidateApplyingAction({ screening, savedOffers }: Pick<AreaDeps, 'screening' | 'savedOffers'>): FormHandler {
  return {
    maxBytes: 1024,
    async handle(input) {
      const back = href('matchPlatform', input.locale);
      if (input.fields.intent === 'unsave') {
        const offerId = parseId(input.fields.offer);
        if (offerId === null) return refusal(input, new ServiceError('not-found'));
        return attempt(input, {}, async () => {
          await (await savedOffers()).remove(input.viewer, offerId);
          return { ok: true, redirect: `${back}?quitada=1#saved` };
        });
      }
      const id = parseId(input.fields.application);
      if (id === null) return refusal(input, new ServiceError('not-found'));
      return attempt(input, { summaries: SUMMARIES }, async () => {
        await (await screening()).withdraw(input.viewer, id);
        return { ok: true, redirect: `${back}?retirada=1#applications` };
      });
    },
  };
}
