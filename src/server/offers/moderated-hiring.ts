import 'server-only';
import { ServiceError } from '../errors';
import type { HiringService } from './hiring-service';
import type { ModerationService } from './moderation-service';

// The company side with moderation (decision 071): every offer a company saves goes through the flag
// rules, and an offer an operator hid or removed cannot be re-opened by its company.
export function withModeration(hiring: HiringService, moderation: () => Promise<ModerationService>, log = console.error): HiringService {
  return {
    ...hiring,
    async save(viewer, input, opts) {
      const saved = await hiring.save(viewer, input, opts);
      // A flag is for the operators' queue: a failure to record one never fails the company's save.
      await moderation()
        .then((m) => m.screen(saved.id))
        .catch((err: unknown) => log('[moderation] screening failed:', err));
      return saved;
    },
    async act(viewer, id, action) {
      if (await (await moderation()).moderated(id)) {
        await hiring.listedOffer(viewer, id); // another company's offer: its not-found, as before
        throw new ServiceError('conflict', { action: { key: 'moderation.hire.locked' } });
      }
      return hiring.act(viewer, id, action);
    },
  };
}
