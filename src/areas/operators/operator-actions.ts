import 'server-only';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { attempt } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';
import { SecretKeyError } from '../../server/accounts/operators/secret-box';
import { refused } from './operator-access';

// The operator area's forms: the second step (and the enrolment of the factor), and leaving operator mode.
type Deps = Pick<AreaDeps, 'operators'>;

/** A typed code: six digits, or a recovery code (XXXXX-XXXXX); anything longer is no code. */
const codeOf = (v: string | undefined) => (v ?? '').replace(/\s/g, '').slice(0, 20);

export function createOperatorActions({ operators }: Deps) {
  const verify: FormHandler = {
    async handle(input) {
      if (!input.viewer) return refused(input);
      const svc = await operators();
      const status = await svc.status(input.viewer.id);
      if (!status) return refused(input);
      const code = codeOf(input.fields.code);
      const wrong = {
        ok: false as const,
        status: 422,
        message: input.t('operators.verify.wrong'),
        errors: { code: input.t('operators.verify.wrong') },
        values: {},
      };
      return attempt(input, {}, async () => {
        if (!status.enrolled) {
          const codes = await svc.enrol(input.viewer!.id, input.token, code, { ip: input.ip });
          if (!codes) return wrong;
          // The recovery codes are shown once, in the page this post renders (never in a URL or a cookie).
          return {
            ok: false,
            status: 200,
            message: input.t('operators.verify.codesHeading'),
            errors: {},
            values: { recoveryCodes: codes.join(' ') },
          };
        }
        // A factor encrypted under another key (OPERATOR_KEY changed): say so, and that the code is not at fault.
        const passed = await svc.verify(input.viewer!.id, input.token, code, { ip: input.ip }).catch((err: unknown) => {
          if (err instanceof SecretKeyError) return 'unreadable' as const;
          throw err;
        });
        if (passed === 'unreadable') {
          const message = input.t('operators.verify.unreadable');
          return { ok: false, status: 422, message, errors: { code: message }, values: {} };
        }
        if (!passed) return wrong;
        return { ok: true, redirect: href('operator', input.locale) };
      });
    },
  };

  const dashboard: FormHandler = {
    async handle(input) {
      const svc = await operators();
      if (!(await svc.operatorOf(input.viewer, input.token))) return refused(input);
      if (input.fields.intent !== 'leave') return { ok: true, redirect: href('operator', input.locale) };
      await svc.endSession(input.token);
      return { ok: true, redirect: href('home', input.locale) };
    },
  };

  return { verify, dashboard };
}
