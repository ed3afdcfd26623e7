import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';

// PostgreSQL cannot store a NUL byte in text (SQLite can): an input that carries one is refused at the
// boundary, with a message on the field, on both databases alike (issue 10).
const NUL = '\u0000';

/** The paths ('title', 'skills.2', 'a.b') of every string in a parsed body or query that holds a NUL byte. */
export function nulFields(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.includes(NUL) ? [path || '_'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulFields(v, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      const at = path ? `${path}.${k}` : k;
      return k.includes(NUL) ? [at.replaceAll(NUL, '')] : nulFields(v, at);
    });
  }
  return [];
}

/** The query's parameters as a name -> values record, for nulFields. */
const queryValues = (url: string): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const [k, v] of new URL(url).searchParams) (out[k] ??= []).push(v);
  return out;
};

/** A copy of a value without NUL bytes (to show back what was typed). */
export const withoutNul = (s: string) => s.replaceAll(NUL, '');

/**
 * Middleware for the JSON doors (/api, /cms): a NUL byte anywhere in the query or the JSON body answers
 * `refuse` with the fields named. The parsed body stays cached for the handler (Hono keeps it).
 */
export function refuseNul(refuse: (c: Context, fields: string[]) => Response): MiddlewareHandler {
  return async (c, next) => {
    const fields = nulFields(queryValues(c.req.url)).map((p) => p.replace(/\.\d+$/, ''));
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      try {
        fields.push(...nulFields(await c.req.json()));
      } catch {
        // Not JSON: the handler answers that.
      }
    }
    if (fields.length) return refuse(c, [...new Set(fields)]);
    return next();
  };
}
