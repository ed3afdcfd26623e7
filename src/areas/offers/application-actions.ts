import 'server-only';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { attempt, type RefusalOptions } from '../../server/http/form-outcome';
import type { ApplicationService } from '../../server/offers/application-service';

// Applying from the offer page (decision 016): one POST, no fields. Success lands back on the offer, which then
// shows the application; refusals are shown on the offer in the visitor's language.

// The offer page has no fields: each refusal says, in the offer's words, what stands in the way.
const REFUSALS: RefusalOptions = {
  summaries: {
    unauthorized: 'offer.signInToApply',
    forbidden: 'offer.companiesCannotApply',
    conflict: 'offer.alreadyApplied',
    gone: 'offer.notOpen',
    'not-found': 'error.offerHelp',
  },
  fieldErrors: false,
};

export function createApplicationActions({ applications }: { applications: () => Promise<ApplicationService> }) {
  return {
    offer: {
      maxBytes: 1024,
      async handle(input) {
        const slug = typeof input.params.slug === 'string' ? input.params.slug : '';
        const here = href('offer', input.locale, { slug });
        const viewer = input.viewer;
        return attempt(input, REFUSALS, async () => {
          await (await applications()).apply(slug, viewer);
          return { ok: true, redirect: `${here}?applied=1` };
        });
      },
    },
  } satisfies Record<string, FormHandler>;
}
