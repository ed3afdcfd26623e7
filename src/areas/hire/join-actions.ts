import 'server-only';
import * as z from 'zod/mini';
import { checkForm, field, maxLength, minLength, required } from '../../domain/forms/rules';
import { href } from '../../routes';
import type { ServerConfig } from '../../server/config';
import { sessionCookies } from '../../server/accounts/session';
import type { FormHandler } from '../../server/http/forms';
import { ruleMessages } from '../../server/http/form-fields';
import { attempt, invalid } from '../../server/http/form-outcome';
import type { TeamService } from '../../server/accounts/team-service';

// The accept page's two forms (decision 047): intent=accept (a signed-in company account joins) and
// intent=signup (a visitor creates a company account with the invited address, signed in at once). Both land
// in the company's workspace. Why a token cannot be used (expired, revoked, used, tampered) or why this
// account cannot join comes back as the page's message, never a 500.
type Deps = {
  team: () => Promise<TeamService>;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

const person = () => field(required(), maxLength(100));
const signUpSchema = z.object({ name: person(), last_name: person(), password: field(required(), minLength(8), maxLength(200)) });

const SUMMARIES = {
  gone: { field: 'invitation' },
  conflict: { field: 'invitation' },
  'invalid-input': { field: 'invitation', else: 'forms.summary' },
  'rate-limited': 'api.tooManyRequests',
} as const;

export function createJoinActions({ team, config }: Deps): FormHandler {
  return {
    async handle(input) {
      const intent = input.fields.intent;
      if (intent !== 'accept' && intent !== 'signup')
        return { ok: false, status: 400, message: input.t('forms.unreadable'), errors: {}, values: {} };
      const token = String(input.params.token ?? '');
      const workspace = href('hireSite', input.locale);
      const svc = await team();
      if (intent === 'accept') {
        return attempt(input, { values: { intent }, summaries: SUMMARIES }, async () => {
          await svc.accept(input.viewer, token, { ip: input.ip });
          return { ok: true, redirect: workspace };
        });
      }
      const values = { intent, name: (input.fields.name ?? '').slice(0, 200), last_name: (input.fields.last_name ?? '').slice(0, 200) };
      const errs = checkForm(signUpSchema, input.fields);
      if (Object.keys(errs).length) return invalid(input, ruleMessages(input.t, errs), values);
      return attempt(input, { values, summaries: SUMMARIES }, async () => {
        const { access_token } = await svc.signUpAndJoin(
          token,
          { name: values.name.trim(), last_name: values.last_name.trim(), password: input.fields.password!, locale: input.locale },
          { ip: input.ip },
        );
        return { ok: true, redirect: workspace, cookies: sessionCookies(config, access_token, 'hire') };
      });
    },
  };
}
