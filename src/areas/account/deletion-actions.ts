import 'server-only';
import { specs } from '../../domain/forms/specs';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { accountFormKit, type AccountFormDeps } from '../../server/http/account-forms';
import { clearedSessionCookies } from '../../server/accounts/session';

// Deleting one's own account (decision 073): the password checked like a sign-in and the confirmation
// ticked; every session ends (this browser's cookies too) and the sign-in page says how to change one's mind.
export function createAccountDeletionAction(deps: AccountFormDeps): FormHandler {
  const { auth, config } = deps;
  const { submit } = accountFormKit(deps);
  return {
    maxBytes: 1024,
    handle: (input) => {
      if (!input.viewer || !input.token)
        return Promise.resolve({ ok: false, status: 401, message: input.t('api.unauthorized'), errors: {}, values: {} });
      const token = input.token;
      return submit(input, specs.deleteAccount, async () => {
        await (await auth()).requestDeletion(token, input.fields.currentPassword!, { ip: input.ip });
        return { ok: true, redirect: `${href('login', input.locale)}?eliminada=1`, cookies: clearedSessionCookies(config) };
      });
    },
  };
}
