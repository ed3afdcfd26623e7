import 'server-only';
import type { T } from '../../i18n/translate';
import { checkForm, type Spec } from '../../domain/forms/rules';
import { SECRET_FIELDS, specs } from '../../domain/forms/specs';
import type { FieldErrors } from '../../domain/forms/types';
import { safeRedirect } from '../../domain/safe-redirect';
import { href } from '../../routes';
import type { ServerConfig } from '../../server/config';
import type { FormHandler, FormInput, FormOutcome } from '../../server/http/forms';
import { utmFromCookies } from '../../server/http/utm';
import type { AuthService, PublicUser } from '../../server/accounts/auth-service';
import { ServiceError } from '../../server/errors';
import { sessionCookies } from '../../server/accounts/session';

// The account pages' forms (decision 011): sign-in, sign-up (candidate and company), forgot and reset
// password, and asking again for a confirmation link. They run on the server, set the HttpOnly session
// cookies and redirect; page scripts never see the token.
export type AccountFormDeps = Deps;
type Deps = {
  /** The identity service, which applies the shared sign-in, sign-up and email-link limits itself. */
  auth: () => Promise<AuthService>;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

const ORIGINS = ['regular', 'public-offer', 'calculator', 'free-course'] as const;
type Origin = (typeof ORIGINS)[number];

/** What was typed, minus secrets, to show again after an error. */
const keep = (fields: Record<string, string>, spec: Spec) =>
  Object.fromEntries(
    Object.keys(spec)
      .filter((k) => !SECRET_FIELDS.has(k))
      .map((k) => [k, fields[k] ?? '']),
  );

function invalid(t: T, input: FormInput, spec: Spec, errors: FieldErrors, status = 422, message?: string): FormOutcome {
  return { ok: false, status, message: message ?? t('forms.summary'), errors, values: keep(input.fields, spec) };
}

function translateErrors(t: T, errs: ReturnType<typeof checkForm>): FieldErrors {
  return Object.fromEntries(Object.entries(errs).map(([f, e]) => [f, t(`forms.error.${e.key}`, e.params)]));
}

/** What every account form does: check, sign in, and turn service refusals into form errors. */
function formKit({ config }: Deps) {
  /** Validate against the spec; null when valid. */
  const check = (input: FormInput, spec: Spec): FormOutcome | null => {
    const errs = checkForm(spec, input.fields);
    return Object.keys(errs).length ? invalid(input.t, input, spec, translateErrors(input.t, errs)) : null;
  };
  /** Where a signed-in user goes: a safe `redirect` parameter, else their workspace. */
  const landing = (input: FormInput, type: 'match' | 'hire') =>
    safeRedirect(input.query.get('redirect'), config.SITE_URL) ?? href(type === 'hire' ? 'hireSite' : 'matchPlatform', input.locale);
  const signedIn = (input: FormInput, token: string, type: 'match' | 'hire'): FormOutcome => ({
    ok: true,
    redirect: landing(input, type),
    cookies: sessionCookies(config, token, type),
  });
  /** Service refusals as form errors in the page's language. */
  const refusal = (input: FormInput, spec: Spec, err: unknown): FormOutcome => {
    if (!(err instanceof ServiceError)) throw err;
    const t = input.t;
    const fields = Object.fromEntries(Object.entries(err.fields).map(([f, m]) => [f, t(m.key, m.params)]));
    switch (err.code) {
      case 'invalid-credentials':
        return invalid(t, input, spec, {}, 401, t('api.invalidCredentials'));
      case 'email-taken':
        return invalid(t, input, spec, { email: t('api.emailTaken') }, 409);
      case 'suspended':
        return invalid(t, input, spec, {}, 403, t('api.suspended'));
      case 'rate-limited': {
        const seconds = err.retryAfterSeconds ?? 60;
        return { ...invalid(t, input, spec, {}, 429, t('api.tooManyRequests', { seconds })), retryAfter: seconds } as FormOutcome;
      }
      default:
        return invalid(t, input, spec, fields, 422, Object.values(fields)[0] ?? t('forms.summary'));
    }
  };
  return { check, landing, signedIn, refusal };
}

export type SignUpOptions = {
  /** The origin recorded on the account (default: the `origin` query parameter, else 'regular'). */
  origin?: Origin;
  /** Runs after the account exists (the user is signed in whatever it does); may choose where to go next. */
  after?: (user: PublicUser, input: FormInput) => Promise<{ redirect?: string } | void>;
};

/** A sign-up form: creates the account, signs the user in and redirects (a safe `redirect`, else the workspace). */
export function createSignUpHandler(deps: Deps, type: 'match' | 'hire', spec: Spec, opts: SignUpOptions = {}): FormHandler {
  const { auth } = deps;
  const { check, signedIn, refusal } = formKit(deps);
  return {
    async handle(input) {
      const bad = check(input, spec);
      if (bad) return bad;
      const f = input.fields;
      const originParam = input.query.get('origin') ?? '';
      const origin: Origin = opts.origin ?? ((ORIGINS as readonly string[]).includes(originParam) ? (originParam as Origin) : 'regular');
      try {
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
      } catch (err) {
        return refusal(input, spec, err);
      }
    },
  };
}

export function createAccountActions(deps: Deps) {
  const { auth } = deps;
  const { check, signedIn, refusal } = formKit(deps);
  const signUp = (type: 'match' | 'hire', spec: Spec) => createSignUpHandler(deps, type, spec);

  /**
   * A form that emails a link (password reset, a new confirmation link): limited per address and per IP,
   * and the same answer whether or not the account exists; the page then says the link is on its way.
   */
  const emailLink = (spec: Spec, send: (a: AuthService, email: string, input: FormInput) => Promise<void>): FormHandler => ({
    async handle(input) {
      const email = (input.fields.email ?? '').trim();
      const bad = check(input, spec);
      if (bad) return bad;
      try {
        await send(await auth(), email, input);
      } catch (err) {
        return refusal(input, spec, err);
      }
      return { ok: true, redirect: `${href(input.id, input.locale, input.params)}?sent=1` };
    },
  });

  return {
    login: {
      async handle(input) {
        const spec = specs.login;
        const bad = check(input, spec);
        if (bad) return bad;
        const type = input.fields.type as 'match' | 'hire';
        try {
          const { access_token } = await (await auth()).login(type, input.fields.email!.trim(), input.fields.password!, { ip: input.ip });
          return signedIn(input, access_token, type);
        } catch (err) {
          return refusal(input, spec, err);
        }
      },
    },
    signUp: signUp('match', specs.signUp),
    forgotPassword: emailLink(specs.forgotPassword, (a, email, input) => a.forgotPassword(email, input.locale, { ip: input.ip })),
    resetPassword: {
      async handle(input) {
        const spec = specs.resetPassword;
        const bad = check(input, spec);
        if (bad) return bad;
        try {
          const { access_token, user } = await (
            await auth()
          ).resetPassword(String(input.params.token ?? ''), input.fields.password!, { ip: input.ip });
          return signedIn(input, access_token, user.account_type);
        } catch (err) {
          return refusal(input, spec, err);
        }
      },
    },
    confirmEmail: emailLink(specs.resendConfirmation, (a, email, input) => a.sendEmailConfirmation(email, input.locale, { ip: input.ip })),
  } satisfies Record<string, FormHandler>;
}
