import 'server-only';
import { z } from 'zod';
import type { FieldError } from '../../domain/forms/rules';
import type { FieldErrors } from '../../domain/forms/types';
import type { MessageKey, T, TranslateParams } from '../../i18n/translate';
import type { FormInput } from './forms';

// The pieces of the server-side form schemas (company, profile and meeting forms; the account and offer
// forms have theirs in src/domain, shared with the browser) and the one reading of their zod issues.

/** An empty field, as null. */
export const empty = z.literal('').transform(() => null);
/** One of these values, or empty (null). */
export const oneOf = <V extends readonly string[]>(values: V) => z.union([empty, z.enum(values as unknown as [string, ...string[]])]);

/** What was typed into these fields ('' for a missing one), to check and to show again. */
export const typed = <K extends string>(input: FormInput, names: readonly K[]) =>
  Object.fromEntries(names.map((n) => [n, input.fields[n] ?? ''])) as Record<K, string>;

export async function fileBytes(f: File | undefined): Promise<Uint8Array | undefined> {
  return f ? new Uint8Array(await f.arrayBuffer()) : undefined;
}

/** Message keys (with their parameters) per field, in the page's language: a service's fields, the offer's errors. */
export const fieldMessages = (t: T, keys: Record<string, { key: MessageKey; params?: TranslateParams }>): FieldErrors =>
  Object.fromEntries(Object.entries(keys).map(([f, m]) => [f, t(m.key, m.params)]));

/** The account forms' rule errors (domain/forms/rules.ts) in the page's language. */
export const ruleMessages = (t: T, errors: Record<string, FieldError>): FieldErrors =>
  fieldMessages(
    t,
    Object.fromEntries(Object.entries(errors).map(([f, e]) => [f, { key: `forms.error.${e.key}` as const, params: e.params }])),
  );

/** A field's own message for any of its issues, or chosen by issue (undefined: the usual one). */
export type FieldMessage = MessageKey | [MessageKey, TranslateParams] | ((issue: z.core.$ZodIssue) => MessageKey | undefined);

/**
 * zod issues as one message per field in the page's language: the field's own message (`own`), else
 * "required" for a field too short (they are required fields, min 1), "too long" for text, "invalid".
 * `at` shows a schema key's issues on another field of the form.
 */
export function issueMessages(
  t: T,
  error: z.ZodError,
  own: Record<string, FieldMessage> = {},
  at: Record<string, string> = {},
): FieldErrors {
  const out: FieldErrors = {};
  for (const i of error.issues) {
    const key = String(i.path[0] ?? 'form');
    const field = at[key] ?? key;
    if (out[field]) continue;
    const mine = own[field];
    const chosen = typeof mine === 'function' ? mine(i) : mine;
    out[field] = chosen
      ? Array.isArray(chosen)
        ? t(chosen[0], chosen[1])
        : t(chosen)
      : i.code === 'too_small'
        ? t('forms.error.required')
        : i.code === 'too_big'
          ? t('forms.error.tooLong', { max: Number(i.maximum) })
          : t('forms.error.invalid');
  }
  return out;
}
