import 'server-only';
import type { FieldErrors } from '../../domain/forms/types';
import type { MessageKey } from '../../i18n/translate';
import { statusOf } from './respond';
import { ServiceError, type ServiceErrorCode } from '../errors';
import { fieldMessages } from './form-fields';
import type { FormInput, FormOutcome } from './forms';

// What a service's refusal becomes on a form (the page again, or the island's JSON): the API's status for
// the code (respond.ts), a summary on top, and the service's field messages beside their fields. One table
// for every form action; an action words a code its own way only where it means something else by it.
const SUMMARY: Record<ServiceErrorCode, MessageKey> = {
  // The fields say what is wrong; the summary asks to look at them.
  'invalid-input': 'forms.summary',
  'email-taken': 'forms.summary',
  conflict: 'forms.summary',
  'invalid-credentials': 'api.invalidCredentials',
  unauthorized: 'api.unauthorized',
  suspended: 'api.suspended',
  'not-found': 'api.notFound',
  'rate-limited': 'api.tooManyRequests',
  forbidden: 'api.forbidden',
  gone: 'api.gone',
};

/** A summary of the action's own: a message, or the service's message for one field when it gave one. */
type Summary = MessageKey | { field: string; else?: MessageKey };

export type RefusalOptions = {
  /** What was typed, shown again (never a secret). */
  values?: Record<string, string>;
  /** Codes this action words its own way (say why where it is used). */
  summaries?: Partial<Record<ServiceErrorCode, Summary>>;
  /** false: the page shows no field errors, only the summary. */
  fieldErrors?: false;
};

/** A service's refusal as the form's outcome; anything else is thrown again (a 500, or the database's 503). */
export function refusal(input: Pick<FormInput, 't'>, err: unknown, opts: RefusalOptions = {}): Extract<FormOutcome, { ok: false }> {
  if (!(err instanceof ServiceError)) throw err;
  const { t } = input;
  const errors = fieldMessages(t, err.fields);
  const seconds = err.code === 'rate-limited' ? (err.retryAfterSeconds ?? 60) : undefined;
  const own = opts.summaries?.[err.code];
  const key = typeof own === 'string' ? own : (own?.else ?? SUMMARY[err.code]);
  const message = (typeof own === 'object' && errors[own.field]) || t(key, seconds === undefined ? undefined : { seconds });
  return {
    ok: false,
    status: statusOf[err.code][0],
    message,
    errors: opts.fieldErrors === false ? {} : errors,
    values: opts.values ?? {},
    ...(seconds === undefined ? {} : { retryAfter: seconds }),
  };
}

/** The form again with its field errors (422), what was typed kept. */
export const invalid = (input: Pick<FormInput, 't'>, errors: FieldErrors, values: Record<string, string>): FormOutcome => ({
  ok: false,
  status: 422,
  message: input.t('forms.summary'),
  errors,
  values,
});

/** The last step of every form action: call the service; its refusal comes back as the form. */
export async function attempt(input: Pick<FormInput, 't'>, opts: RefusalOptions, run: () => Promise<FormOutcome>): Promise<FormOutcome> {
  try {
    return await run();
  } catch (err) {
    return refusal(input, err, opts);
  }
}
