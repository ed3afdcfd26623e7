// Row ids are positive 32-bit integers (serial/integer columns on PostgreSQL). Every id that comes from
// outside (route params, query strings, form fields, API bodies) goes through parseId at the boundary:
// 'abc', '1.5', '1e400', '-1' or 2^31 are simply not ids, so they answer 404 or 422 instead of reaching SQL.
export const MAX_ID = 2_147_483_647;

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** The id a string or number names, or null: decimal digits only (no sign, exponent, spaces or hex). */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return isId(value) ? value : null;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}
