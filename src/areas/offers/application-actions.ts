import 'server-only';
import type { MessageKey } from '../../i18n/translate';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import type { ApplicationService } from '../../server/offers/application-service';
import { ServiceError } from '../../server/errors';

// Applying from the offer page (decision 016): one POST, no fields. Success lands back on the offer, which then
// shows the application; refusals are shown on the offer in the visitor's language.
export function createApplicationActions({ applications }: { applications: () => Promise<ApplicationService> }) {
  return {
    offer: {
      maxBytes: 1024,
      async handle(input) {
        const slug = typeof input.params.slug === 'string' ? input.params.slug : '';
        const here = href('offer', input.locale, { slug });
        const viewer = input.viewer;
        try {
          await (await applications()).apply(slug, viewer);
          return { ok: true, redirect: `${here}?applied=1` };
        } catch (err) {
          if (!(err instanceof ServiceError)) throw err;
          const messages: Partial<Record<ServiceError['code'], [number, MessageKey]>> = {
            unauthorized: [401, 'offer.signInToApply'],
            forbidden: [403, 'offer.companiesCannotApply'],
            conflict: [409, 'offer.alreadyApplied'],
            gone: [410, 'offer.notOpen'],
            'not-found': [404, 'error.offerHelp'],
          };
          const [status, key] = messages[err.code] ?? [422, 'forms.summary'];
          return { ok: false, status, message: input.t(key), errors: {}, values: {} };
        }
      },
    },
  } satisfies Record<string, FormHandler>;
}
