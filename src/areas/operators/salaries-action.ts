import 'server-only';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { attempt } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';
import { refused } from './operator-access';

// The salary-data section's form (decision 075): remove a report (tombstoned, aggregates rebuilt in the
// background) or dismiss its outlier flag, with a reason. The area's 404 for anyone but an operator.
type Deps = Pick<AreaDeps, 'operators'>;

const idOf = (v: string | undefined) => (/^[1-9][0-9]{0,9}$/.test(v ?? '') && Number(v) <= 2_147_483_647 ? Number(v) : null);

export function createSalariesAction({ operators }: Deps): FormHandler {
  return {
    maxBytes: 16 * 1024,
    async handle(input) {
      const svc = await operators();
      const op = await svc.operatorOf(input.viewer, input.token);
      if (!op) return refused(input);
      const report = idOf(input.fields.report);
      const intent = input.fields.intent;
      const values = {
        report: (input.fields.report ?? '').slice(0, 12),
        intent: (intent ?? '').slice(0, 12),
        reason: (input.fields.reason ?? '').slice(0, 500),
      };
      if (report === null || (intent !== 'remove' && intent !== 'dismiss'))
        return { ok: false, status: 422, message: input.t('operatorSections.salaries.actionRequired'), errors: {}, values };
      return attempt(input, { values }, async () => {
        if (intent === 'remove') await svc.salaries.remove(op, report, input.fields.reason);
        else await svc.salaries.dismiss(op, report, input.fields.reason);
        return { ok: true, redirect: `${href('operatorSalaries', input.locale)}?hecho=${intent}` };
      });
    },
  };
}
