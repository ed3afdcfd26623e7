import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import { isLocale, type Locale } from '../../i18n/locales';
import { getT, type MessageKey } from '../../i18n/translate';
import { ServiceError, type ServiceErrorCode } from '../errors';
import { fieldMessages } from './form-fields';

// The product API's answers (docs/api.md): {success: true, result} or {success: false, message, errors},
// messages in the language of the `lang` header.
export const langOf = (c: Context): Locale => {
  const l = c.req.header('lang')?.toLowerCase().slice(0, 2);
  return isLocale(l) ? l : 'es';
};

export const ok = (c: Context, result: unknown, status: 200 | 201 = 200) => c.json({ success: true, result }, status);

type FieldErrors = Record<string, string>;
export function fail(c: Context, status: number, key: MessageKey, errors?: FieldErrors, params?: Record<string, string | number>) {
  const t = getT(langOf(c));
  return c.json({ success: false, message: t(key, params), ...(errors ? { errors } : {}) }, status as 400);
}

export const statusOf: Record<ServiceErrorCode, [number, MessageKey]> = {
  'invalid-input': [422, 'api.invalidInput'],
  'invalid-credentials': [401, 'api.invalidCredentials'],
  'email-taken': [409, 'api.emailTaken'],
  unauthorized: [401, 'api.unauthorized'],
  suspended: [403, 'api.suspended'],
  'not-found': [404, 'api.notFound'],
  'rate-limited': [429, 'api.tooManyRequests'],
  forbidden: [403, 'api.forbidden'],
  conflict: [409, 'api.conflict'],
  gone: [410, 'api.gone'],
};

export function failService(c: Context, err: ServiceError) {
  const [status, key] = statusOf[err.code];
  if (err.retryAfterSeconds !== undefined) {
    c.header('retry-after', String(err.retryAfterSeconds));
    return fail(c, status, key, undefined, { seconds: err.retryAfterSeconds });
  }
  const errors = Object.keys(err.fields).length ? fieldMessages(getT(langOf(c)), err.fields) : undefined;
  return fail(c, status, key, errors);
}

/** Zod issues as one translated message per field. */
export function fieldErrors(c: Context, error: z.ZodError): FieldErrors {
  const t = getT(langOf(c));
  const out: FieldErrors = {};
  for (const i of error.issues) {
    const field = i.path.join('.') || '_';
    if (out[field]) continue;
    const issue = i as { code: string; minimum?: number | bigint; maximum?: number | bigint; format?: string; message: string };
    out[field] =
      issue.code === 'invalid_type' && /undefined/.test(issue.message)
        ? t('api.field.required')
        : issue.code === 'too_small'
          ? Number(issue.minimum) <= 1
            ? t('api.field.required')
            : t('api.field.tooShort', { min: Number(issue.minimum) })
          : issue.code === 'too_big'
            ? t('api.field.tooLong', { max: Number(issue.maximum) })
            : issue.code === 'invalid_format' && issue.format === 'email'
              ? t('api.field.email')
              : issue.code === 'custom' && issue.message === 'mismatch'
                ? t('api.passwordMismatch')
                : t('api.field.invalid');
  }
  return out;
}
