// Field rules shared by the server (which decides) and the form islands (which check as the user types).
// Plain data, so that a page can hand its form's rules to the browser as props.
export type Rule = {
  required?: true;
  email?: true;
  min?: number;
  max?: number;
  same?: string;
  oneOf?: readonly string[];
  /** A whole number in this range (thousands separators and spaces allowed: '2.500', '2,500', '2 500'). */
  integer?: { min: number; max: number; /** Money: the message asks for an amount instead of naming the range. */ amount?: true };
};
export type Spec = Record<string, Rule>;
export type ErrorKey = 'required' | 'email' | 'tooShort' | 'tooLong' | 'mismatch' | 'invalid' | 'number' | 'amount';
export type FieldError = { key: ErrorKey; params?: Record<string, number> };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkField(rule: Rule, value: string, values: Record<string, string>): FieldError | null {
  const v = value.trim();
  if (!v) return rule.required ? { key: 'required' } : null;
  if (rule.email && (!EMAIL.test(v) || v.length > 254)) return { key: 'email' };
  if (rule.integer) {
    const n = parseWholeNumber(v);
    const { min, max, amount } = rule.integer;
    if (n !== null && n >= min && n <= max) return null;
    return amount ? { key: 'amount' } : { key: 'number', params: { min, max } };
  }
  if (rule.min !== undefined && value.length < rule.min) return { key: 'tooShort', params: { min: rule.min } };
  if (rule.max !== undefined && value.length > rule.max) return { key: 'tooLong', params: { max: rule.max } };
  if (rule.oneOf && !rule.oneOf.includes(v)) return { key: 'invalid' };
  if (rule.same !== undefined && value !== (values[rule.same] ?? '')) return { key: 'mismatch' };
  return null;
}

export function checkForm(spec: Spec, values: Record<string, string>): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const [name, rule] of Object.entries(spec)) {
    const e = checkField(rule, values[name] ?? '', values);
    if (e) out[name] = e;
  }
  return out;
}

/** Fill {{min}}-style placeholders of an already translated message. */
export function fillMessage(template: string, params?: Record<string, number | string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params?.[k] ?? ''));
}

/** A whole number typed by a person ('2500', '2.500', '2,500', '2 500'), or null. Decimals are refused. */
export function parseWholeNumber(value: string): number | null {
  const v = value.trim();
  if (!/^\d{1,3}([.,\s ]\d{3})*$|^\d+$/.test(v)) return null;
  const n = Number(v.replace(/[.,\s ]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}
