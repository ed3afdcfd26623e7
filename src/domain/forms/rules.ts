import * as z from 'zod/mini';
import type { $ZodCheck, $ZodIssue } from 'zod/v4/core';

// Field rules shared by the server (which decides) and the form islands (which check as the user types):
// zod/mini schemas (tree-shakable: the islands ship only the checks they use). Every check names its
// message key; a field's error is its first refused check, so checks are listed in the order they are
// judged: required, the format, the length, the allowed values. Lengths are UTF-16 units, as the HTML
// minlength/maxlength attributes the form also carries (zod's own length checks count code points).
export type ErrorKey = 'required' | 'email' | 'tooShort' | 'tooLong' | 'mismatch' | 'invalid' | 'number' | 'amount';
export type FieldError = { key: ErrorKey; params?: Record<string, number> };
/** An account form: one string per field. */
export type FormSchema = z.ZodMiniObject<Record<string, z.ZodMiniString<string>>>;
/** What the HTML input says of its field (the view reads it from the schema). */
export type InputAttributes = { required?: true; minLength?: number; maxLength?: number };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const filled = (v: string) => v.trim() !== '';
/** A check that lets an empty field through (it is `required`'s to refuse) and judges the trimmed value. */
const unlessEmpty = (ok: (v: string) => boolean) => (v: string) => !filled(v) || ok(v.trim());

const attributes = new WeakMap<object, InputAttributes>();
const withAttribute = <C extends object>(check: C, a: InputAttributes): C => (attributes.set(check, a), check);

export const required = () => withAttribute(z.refine<string>(filled, { error: 'required' }), { required: true });
export const email = () =>
  z.refine<string>(
    unlessEmpty((v) => EMAIL.test(v) && v.length <= 254),
    { error: 'email' },
  );
export const minLength = (min: number) =>
  withAttribute(
    z.refine<string>((v) => v.length >= min || !filled(v), { error: 'tooShort', params: { min } }),
    { minLength: min },
  );
export const maxLength = (max: number) =>
  withAttribute(
    z.refine<string>((v) => v.length <= max || !filled(v), { error: 'tooLong', params: { max } }),
    { maxLength: max },
  );
export const oneOf = (values: readonly string[]) =>
  z.refine<string>(
    unlessEmpty((v) => values.includes(v)),
    { error: 'invalid' },
  );
/** A whole number in this range as people type it; `amount`: money, whose message asks for an amount instead of naming the range. */
export const wholeNumber = (min: number, max: number, { amount = false } = {}) =>
  z.refine<string>(
    unlessEmpty((v) => {
      const n = parseWholeNumber(v);
      return n !== null && n >= min && n <= max;
    }),
    amount ? { error: 'amount' } : { error: 'number', params: { min, max } },
  );
/** A field that must repeat another (a password's confirmation): a check of the whole form. */
export const sameAs = (field: string, other: string) =>
  z.refine<Record<string, string>>((o) => !filled(o[field] ?? '') || o[field] === (o[other] ?? ''), {
    error: 'mismatch',
    path: [field],
    // Also when other fields were refused: each field's error is its own.
    when: () => true,
  });

/** A string field with its checks (the first refused one is its error). */
export const field = (...checks: $ZodCheck<string>[]) => z.string().check(...checks);

/** The HTML attributes a field's checks stand for (none for a field the form does not have). */
export function inputAttributes(schema: z.ZodMiniType | undefined): InputAttributes {
  const checks: readonly object[] = schema?._zod.def.checks ?? [];
  return Object.assign({}, ...checks.map((c) => attributes.get(c) ?? {})) as InputAttributes;
}

/** The first issue of each field as a message key with its parameters (`fallback` for an issue of zod's own). */
export function firstErrors<K extends string>(issues: readonly $ZodIssue[], known: (message: string) => message is K, fallback: K) {
  const out: Record<string, { key: K; params?: Record<string, number> }> = {};
  for (const i of issues) {
    const name = String(i.path[0] ?? '');
    if (name in out) continue;
    const params = i.code === 'custom' ? (i.params as Record<string, number> | undefined) : undefined;
    out[name] = !known(i.message) ? { key: fallback } : params ? { key: i.message, params } : { key: i.message };
  }
  return out;
}

const ERROR_KEYS = new Set<string>(['required', 'email', 'tooShort', 'tooLong', 'mismatch', 'invalid', 'number', 'amount']);
const isErrorKey = (m: string): m is ErrorKey => ERROR_KEYS.has(m);

/** Every field's error (none: an empty object); a missing field counts as empty. */
export function checkForm(schema: FormSchema, values: Record<string, string>): Record<string, FieldError> {
  const input = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, values[k] ?? '']));
  const r = schema.safeParse(input);
  return r.success ? {} : firstErrors(r.error.issues, isErrorKey, 'invalid');
}

/** A whole number typed by a person ('2500', '2.500', '2,500', '2 500'), or null. Decimals are refused. */
export function parseWholeNumber(value: string): number | null {
  const v = value.trim();
  if (!/^\d{1,3}([.,\s ]\d{3})*$|^\d+$/.test(v)) return null;
  const n = Number(v.replace(/[.,\s ]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}
