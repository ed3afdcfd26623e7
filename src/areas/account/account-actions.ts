import 'server-only';
import { specs } from '../../domain/forms/specs';
import type { FormSchema } from '../../domain/forms/rules';
import { href } from '../../routes';
import type { FormHandler, FormInput } from '../../server/http/forms';
import { accountFormKit, createSignUpHandler, type AccountFormDeps } from '../../server/http/account-forms';
import type { AuthService } from '../../server/accounts/auth-service';
import type { OperatorService } from '../../server/accounts/operators/operator-service';

// The account pages' forms (decision 011): sign-in, sign-up (candidate and company), forgot and reset
// password, and asking again for a confirmation link. The steps they share (check, sign in, refusals)
// are in server/http/account-forms.ts, with the sign-up that the calculator's form uses too.

/** With the operator service, an operator's sign-in goes on to the second step (decision 070). */
export function createAccountActions(deps: AccountFormDeps & { operators?: () => Promise<OperatorService> }) {
  const { auth } = deps;
  const { submit, signedIn } = accountFormKit(deps);
  const signUp = (type: 'match' | 'hire', schema: FormSchema) => createSignUpHandler(deps, type, schema);

  /**
   * A form that emails a link (password reset, a new confirmation link): limited per address and per IP,
   * and the same answer whether or not the account exists; the page then says the link is on its way.
   */
  const emailLink = (schema: FormSchema, send: (a: AuthService, email: string, input: FormInput) => Promise<void>): FormHandler => ({
    handle: (input) =>
      submit(input, schema, async () => {
        await send(await auth(), (input.fields.email ?? '').trim(), input);
        return { ok: true, redirect: `${href(input.id, input.locale, input.params)}?sent=1` };
      }),
  });

  return {
    login: {
      handle: (input) =>
        submit(input, specs.login, async () => {
          // One form for both kinds of account: the account found by its address says which it is.
          const { access_token, user, deletionCancelled } = await (
            await auth()
          ).loginAnyType(input.fields.email!.trim(), input.fields.password!, { ip: input.ip });
          const outcome = signedIn(input, access_token, user.account_type);
          // A deletion this sign-in cancelled (decision 073): the account page says so.
          if (outcome.ok && deletionCancelled) return { ...outcome, redirect: `${href('account', input.locale)}?hecho=recuperada` };
          // The password is the first step only: until the code, the session is an ordinary one.
          if (outcome.ok && deps.operators && (await (await deps.operators()).isOperator(user.id)))
            return { ...outcome, redirect: href('operatorVerify', input.locale) };
          return outcome;
        }),
    },
    signUp: signUp('match', specs.signUp),
    forgotPassword: emailLink(specs.forgotPassword, (a, email, input) => a.forgotPassword(email, input.locale, { ip: input.ip })),
    resetPassword: {
      handle: (input) =>
        submit(input, specs.resetPassword, async () => {
          const token = String(input.params.token ?? '');
          const { access_token, user } = await (await auth()).resetPassword(token, input.fields.password!, { ip: input.ip });
          return signedIn(input, access_token, user.account_type);
        }),
    },
    confirmEmail: emailLink(specs.resendConfirmation, (a, email, input) => a.sendEmailConfirmation(email, input.locale, { ip: input.ip })),
  } satisfies Record<string, FormHandler>;
}
