// Route patterns ('/oferta/[slug]', '/trabajos/[...filters]'): parsing, matching, filling and Waku's order
// of priority. Neutral module, pure: the route table (routes.ts) is built on it.
export type Params = Record<string, string | string[]>;

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'wildcard'; name: string };

const parsed = new Map<string, Segment[]>();

/** The segments of a pattern; parsed once per pattern (matching runs on every request). */
export function parsePattern(pattern: string): Segment[] {
  let segments = parsed.get(pattern);
  if (!segments) {
    segments = parseSegments(pattern);
    parsed.set(pattern, segments);
  }
  return segments;
}

function parseSegments(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((s): Segment => {
      const w = /^\[\.\.\.(\w+)\]$/.exec(s);
      if (w) return { kind: 'wildcard', name: w[1]! };
      const p = /^\[(\w+)\]$/.exec(s);
      if (p) return { kind: 'param', name: p[1]! };
      return { kind: 'literal', value: s };
    });
}

export const paramNames = (pattern: string) => parsePattern(pattern).flatMap((s) => (s.kind === 'literal' ? [] : [s.name]));

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Params of a pathname against a pattern, or null. A trailing wildcard also matches zero segments. */
export function matchPattern(pattern: string, pathname: string): Params | null {
  return matchSegments(pattern, pathSegments(pathname));
}

/** A pathname's segments, split once for matching it against many patterns. */
export const pathSegments = (pathname: string): string[] => pathname.split('/').filter(Boolean);

/** matchPattern on a pathname already split (pathSegments). */
export function matchSegments(pattern: string, parts: readonly string[]): Params | null {
  const spec = parsePattern(pattern);
  const params: Params = {};
  for (let i = 0; i < spec.length; i++) {
    const s = spec[i]!;
    if (s.kind === 'wildcard') {
      params[s.name] = parts.slice(i).map(safeDecode);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (s.kind === 'literal') {
      if (s.value !== part) return null;
    } else params[s.name] = safeDecode(part);
  }
  return parts.length === spec.length ? params : null;
}

/** Fill a pattern with params; an empty wildcard drops its segment. */
export function fillPattern(pattern: string, params: Params = {}): string {
  const out = parsePattern(pattern).flatMap((s) => {
    if (s.kind === 'literal') return [s.value];
    const v = params[s.name];
    if (s.kind === 'wildcard') return (Array.isArray(v) ? v : v ? [v] : []).map(encodeURIComponent);
    if (v === undefined || Array.isArray(v)) throw new Error(`Missing route parameter "${s.name}" for ${pattern}`);
    return [encodeURIComponent(v)];
  });
  return '/' + out.join('/');
}

// Waku's priority: more segments first, literal beats param segment by segment, wildcard last.
export function comparePatterns(a: string, b: string): number {
  const sa = parsePattern(a);
  const sb = parsePattern(b);
  const wa = sa.at(-1)?.kind === 'wildcard';
  const wb = sb.at(-1)?.kind === 'wildcard';
  if (wa !== wb) return wa ? 1 : -1;
  if (sa.length !== sb.length) return sb.length - sa.length;
  for (let i = 0; i < sa.length; i++) {
    const la = sa[i]!.kind === 'literal';
    const lb = sb[i]!.kind === 'literal';
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}
