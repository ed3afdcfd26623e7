import 'server-only';
import { specs } from '../../domain/forms/specs';
import { href } from '../../routes';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { accountFormKit, type AccountFormDeps } from '../../server/http/account-forms';
import { clearedSessionCookies, sessionCookies } from '../../server/accounts/session';
import { attempt } from '../../server/http/form-outcome';
import type { AreaDeps } from '../route-module';
import { DATA_EXPORT_INTENT, requestDataExport } from './data-export-actions';

// The account page's forms (decision 069), for both account types: a new password, a new email; and the
// buttons of the two emailed links (confirm the new address, undo from the old one). The page holds two
// forms posting to it; the email form is the one with an `email` field. A third, "download my data", posts
// its intent (data-export-actions.ts).
const unauthorized = (input: FormInput): FormOutcome => ({
  ok: false,
  status: 401,
  message: input.t('api.unauthorized'),
  errors: {},
  values: {},
});

export function createAccountSettingsActions(deps: AccountFormDeps & Partial<Pick<AreaDeps, 'dataExports'>>) {
  const { auth, config } = deps;
  const { submit } = accountFormKit(deps);
  const meta = (input: FormInput) => ({ ip: input.ip });
  const self = (input: FormInput, done: string) => `${href('account', input.locale)}?hecho=${done}`;

  const account: FormHandler = {
    maxBytes: 4096,
    handle: (input) => {
      if (!input.viewer || !input.token) return Promise.resolve(unauthorized(input));
      const token = input.token;
      const { dataExports } = deps;
      if (input.fields.intent === DATA_EXPORT_INTENT && dataExports) return requestDataExport(input, { dataExports });
      if ('email' in input.fields)
        return submit(input, specs.changeEmail, async () => {
          await (
            await auth()
          ).requestEmailChange(token, input.fields.currentPassword!, input.fields.email!.trim(), input.locale, meta(input));
          return { ok: true, redirect: self(input, 'correo') };
        });
      return submit(input, specs.changePassword, async () => {
        const { access_token, user } = await (
          await auth()
        ).changePassword(token, input.fields.currentPassword!, input.fields.password!, meta(input), input.locale);
        // Every token of the account ended with the change: this browser goes on with the new one.
        return { ok: true, redirect: self(input, 'contrasena'), cookies: sessionCookies(config, access_token, user.account_type) };
      });
    },
  };

  const confirm: FormHandler = {
    maxBytes: 1024,
    handle: (input) =>
      attempt(
        input,
        { summaries: { 'invalid-input': { field: 'code' }, 'email-taken': { field: 'email' } }, fieldErrors: false },
        async () => {
          await (await auth()).confirmEmailChange(String(input.params.token ?? ''), input.locale, meta(input));
          return { ok: true, redirect: `${href('accountEmailConfirm', input.locale, input.params)}?hecho=1` };
        },
      ),
  };

  const undo: FormHandler = {
    maxBytes: 1024,
    handle: (input) =>
      attempt(input, { summaries: { 'invalid-input': { field: 'code' } }, fieldErrors: false }, async () => {
        const { resetCode } = await (await auth()).undoEmailChange(String(input.params.token ?? ''), meta(input));
        // Every session ended, this browser's too; the owner chooses a new password straight away.
        return { ok: true, redirect: href('resetPassword', input.locale, { token: resetCode }), cookies: clearedSessionCookies(config) };
      }),
  };

  return { account, confirm, undo };
}
