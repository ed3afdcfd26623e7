import 'server-only';
import { checkForm, type FormSchema } from '../../domain/forms/rules';
import { SECRET_FIELDS } from '../../domain/forms/specs';
import { safeRedirect } from '../../domain/safe-redirect';
import { href } from '../../routes';
import type { ServerConfig } from '../config';
import type { FormHandler, FormInput, FormOutcome } from './forms';
import { ruleMessages } from './form-fields';
import { attempt, invalid } from './form-outcome';
import { utmFromCookies } from './utm';
import { sessionCookies } from '../accounts/session';
import type { AuthService, PublicUser } from '../accounts/auth-service';

// What every account form does (the account pages' forms, and the calculator's sign-up step): check what
// was typed with the form's schema (domain/forms/specs.ts, the one the island checks with), call the
// identity service, sign in with the HttpOnly session cookies and redirect. Page scripts never see the token.
export type AccountFormDeps = {
  /** The identity service, which applies the shared sign-in, sign-up and email-link limits itself. */
  auth: () => Promise<AuthService>;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

const ORIGINS = ['regular', 'public-offer', 'calculator', 'free-course'] as const;
type Origin = (typeof ORIGINS)[number];

/** What was typed, minus secrets, to show again after an error. */
const keep = (fields: Record<string, string>, schema: FormSchema) =>
  Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => !SECRET_FIELDS.has(k))
      .map((k) => [k, fields[k] ?? '']),
  );

export function accountFormKit({ config }: AccountFormDeps) {
  /**
   * An account form's post: the form again with its field errors when what was typed is refused, else
   * `run`, whose service refusals come back as the form (a reset link's code has no field: its message is
   * the summary).
   */
  const submit = async (input: FormInput, schema: FormSchema, run: () => Promise<FormOutcome>): Promise<FormOutcome> => {
    const values = keep(input.fields, schema);
    const errs = checkForm(schema, input.fields);
    if (Object.keys(errs).length) return invalid(input, ruleMessages(input.t, errs), values);
    return attempt(input, { values, summaries: { 'invalid-input': { field: 'code' } } }, run);
  };
  /** Where a signed-in user goes: a safe `redirect` parameter, else their workspace. */
  const landing = (input: FormInput, type: 'match' | 'hire') =>
    safeRedirect(input.query.get('redirect'), config.SITE_URL) ?? href(type === 'hire' ? 'hireSite' : 'matchPlatform', input.locale);
  const signedIn = (input: FormInput, token: string, type: 'match' | 'hire'): FormOutcome => ({
    ok: true,
    redirect: landing(input, type),
    cookies: sessionCookies(config, token, type),
  });
  return { submit, signedIn };
}

export type SignUpOptions = {
  /** The origin recorded on the account (default: the `origin` query parameter, else 'regular'). */
  origin?: Origin;
  /** Runs after the account exists (the user is signed in whatever it does); may choose where to go next. */
  after?: (user: PublicUser, input: FormInput) => Promise<{ redirect?: string } | void>;
};

/** A sign-up form: creates the account, signs the user in and redirects (a safe `redirect`, else the workspace). */
export function createSignUpHandler(
  deps: AccountFormDeps,
  type: 'match' | 'hire',
  schema: FormSchema,
  opts: SignUpOptions = {},
): FormHandler {
  const { auth } = deps;
  const { submit, signedIn } = accountFormKit(deps);
  return {
    handle: (input) =>
      submit(input, schema, async () => {
        const f = input.fields;
        const originParam = input.query.get('origin') ?? '';
        const origin: Origin = opts.origin ?? ((ORIGINS as readonly string[]).includes(originParam) ? (originParam as Origin) : 'regular');
        const { access_token, user } = await (
          await auth()
        ).register(
          type,
          {
            name: f.name!.trim(),
            last_name: f.last_name!.trim(),
            email: f.email!.trim(),
            password: f.password!,
            company_name: type === 'hire' ? f.company_name!.trim() : undefined,
            origin,
            utm: utmFromCookies(input.cookieHeader) ?? {},
            locale: input.locale,
          },
          { ip: input.ip },
        );
        const next = await opts.after?.(user, input);
        const outcome = signedIn(input, access_token, type);
        return next?.redirect && outcome.ok ? { ...outcome, redirect: next.redirect } : outcome;
      }),
  };
}
