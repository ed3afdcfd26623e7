import 'server-only';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { attempt } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';
import { refused } from './operator-access';

// The operators' sections' forms (decision 074): block and unblock an account, revoke a certificate. Each
// refuses anyone but an operator with the area's 404, and writes the audit log (the services do for
// accounts; here for the learning service's revoke, which knows nothing of operators).
type Deps = Pick<AreaDeps, 'operators' | 'learning'>;

const REF_MAX = 200;

export function createSectionActions({ operators, learning }: Deps) {
  const account: FormHandler = {
    async handle(input) {
      const svc = await operators();
      const op = await svc.operatorOf(input.viewer, input.token);
      if (!op) return refused(input);
      const id = Number(input.params.id);
      const intent = input.fields.intent;
      const values = { reason: (input.fields.reason ?? '').slice(0, 500) };
      return attempt(input, { values }, async () => {
        if (intent === 'block') await svc.accounts.block(op, id, input.fields.reason);
        else if (intent === 'unblock') await svc.accounts.unblock(op, id, input.fields.reason);
        return { ok: true, redirect: href('operatorAccount', input.locale, { id: String(id) }) };
      });
    },
  };

  const certificates: FormHandler = {
    async handle(input) {
      const svc = await operators();
      const op = await svc.operatorOf(input.viewer, input.token);
      if (!op) return refused(input);
      const ref = (input.fields.certificate ?? '').trim().slice(0, REF_MAX);
      const reason = input.fields.reason ?? '';
      return attempt(input, { values: { certificate: ref, reason: reason.slice(0, 500) } }, async () => {
        const done = await (await learning()).revoke(ref, reason);
        await svc.record({
          actor: { kind: 'operator', userId: op.id, email: op.email },
          action: 'certificate.revoke',
          target: { type: 'certificate', id: done.slug },
          before: { revoked: false },
          after: { revoked: true, reason: reason.trim(), at: done.revokedAt.toISOString() },
        });
        return { ok: true, redirect: href('operatorCertificates', input.locale) };
      });
    },
  };

  return { account, certificates };
}
