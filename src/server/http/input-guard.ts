import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';

// PostgreSQL cannot store a NUL byte in text (SQLite can): an input that carries one is refused at the
// boundary, with a message on the field, on both databases alike (decision 017).
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

/** How deeply a JSON body may nest arrays and objects: far more than any of our requests needs. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deeply a JSON text nests arrays and objects, found by scanning it (no parse, no recursion): a body
 * past MAX_JSON_DEPTH is refused before JSON.parse, a recursive walk (nulFields) or a schema sees it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) max = Math.max(max, ++depth);
    else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

/**
 * Middleware for the JSON doors (/api, /cms): a JSON body nested past MAX_JSON_DEPTH answers `tooDeep`;
 * a NUL byte anywhere in the query or the JSON body answers `nul` with the fields named. The body stays
 * cached for the handler (Hono keeps it).
 */
export function guardJsonInput(refuse: {
  tooDeep: (c: Context) => Response;
  nul: (c: Context, fields: string[]) => Response;
}): MiddlewareHandler {
  return async (c, next) => {
    const fields = nulFields(queryValues(c.req.url)).map((p) => p.replace(/\.\d+$/, ''));
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (jsonDepth(await c.req.text()) > MAX_JSON_DEPTH) return refuse.tooDeep(c);
      try {
        fields.push(...nulFields(await c.req.json()));
      } catch {
        // Not JSON: the handler answers that.
      }
    }
    if (fields.length) return refuse.nul(c, [...new Set(fields)]);
    return next();
  };
}
