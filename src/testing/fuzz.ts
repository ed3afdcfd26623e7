// Shared pieces of the API and form fuzz suites (decision 017): the hostile corpus, a seeded generator for a
// few extra random strings, and a collector that records every answer >= 500 with the server's own log
// lines, so that one assertion lists all of them (grouped by cause) instead of stopping at the first.
import { writeFileSync } from 'node:fs';
import { vi } from 'vitest';
import { FUZZ_SEED } from './fuzz-names';

export { FUZZ_SEED, fuzzNames, PROTOTYPE_NAMES } from './fuzz-names';

/** mulberry32: a small, well-mixed 32-bit generator; enough to make the random strings reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` random strings of 1-24 code units drawn from the ranges that break things: controls, surrogates, RTL, emoji. */
function randomStrings(seed: number, n: number): string[] {
  const rnd = prng(seed);
  const ranges: [number, number][] = [
    [0x00, 0x1f],
    [0x20, 0x7e],
    [0x7f, 0x9f],
    [0xd800, 0xdfff],
    [0x202a, 0x202e],
    [0x0590, 0x06ff],
    [0xfff0, 0xffff],
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 1 + Math.floor(rnd() * 24);
    let s = '';
    for (let j = 0; j < len; j++) {
      const [lo, hi] = ranges[Math.floor(rnd() * ranges.length)]!;
      s += String.fromCharCode(lo + Math.floor(rnd() * (hi - lo + 1)));
    }
    out.push(s);
  }
  return out;
}

export type Hostile = { label: string; value: string };
const h = (label: string, value: string): Hostile => ({ label, value });

/** Values for numeric ids (path parameters, id fields). */
export const ID_VALUES: Hostile[] = [
  'abc',
  'NaN',
  '1.5',
  '-1',
  '0',
  '1e400',
  '99999999999999999999',
  '2147483647',
  '2147483648',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '1e3',
  'Infinity',
  '-0',
  '00001',
  '9007199254740993',
].map((v) => h(JSON.stringify(v), v));

const LONG = 'a'.repeat(100 * 1024);

/** Hostile text (any string field). */
export const STRING_VALUES: Hostile[] = [
  h('empty', ''),
  h('spaces', '   '),
  h('NUL', '\u0000'),
  h('a<NUL>b', 'a\u0000b'),
  h('C0 controls', '\u0001\u0002\u0008\u000b\u001b[31m\u001f'),
  h('CR LF TAB', 'line\r\nnext\tcol'),
  h('DEL + C1', '\u007f\u0085\u009f'),
  h('lone high surrogate', '\ud800'),
  h('lone low surrogate in text', 'a\udfffb'),
  h('100 kB', LONG),
  h('4 kB', 'b'.repeat(4096)),
  h('emoji', '👩🏽‍💻🚀✨'),
  h('RTL override + Hebrew/Arabic', '\u202eשלום مرحبا\u202c'),
  h('zero-width + BOM', '\u200b\u200d\ufeff'),
  h('percent', '%'),
  h('underscore', '_'),
  h('LIKE wildcards', '%_%\\'),
  h('SQL injection', "' or 1=1 --"),
  h('SQL quote', 'O\'Brien"; drop table users; --'),
  h('script tag', '<script>alert(1)</script>'),
  h('path traversal', '../../etc/passwd'),
  h('url', 'https://evil.example/x?y=1#z'),
  h('protocol-relative', '//evil.example'),
  h('javascript url', 'javascript:alert(1)'),
  h('backslashes', '\\\\server\\share'),
  h('json text', '{"a":1}'),
  h('proto', '__proto__'),
  h('fullwidth digits', '１２３'),
  h('accented', 'José Ñúñez'),
  h('ligature', 'ﬁ'),
  ...randomStrings(FUZZ_SEED, 4).map((v, i) => h(`random #${i} (seed ${FUZZ_SEED})`, v)),
];

/** A short list of valid-shaped hostile strings, for endpoints where each valid-shaped request costs a password hash. */
export const SHORT_STRINGS: Hostile[] = STRING_VALUES.filter((x) =>
  [
    'NUL',
    'a<NUL>b',
    'C0 controls',
    'lone high surrogate',
    'emoji',
    'RTL override + Hebrew/Arabic',
    'SQL injection',
    'LIKE wildcards',
    'script tag',
    'path traversal',
    '100 kB',
    'empty',
  ].includes(x.label),
);

/** Hostile pieces appended to an otherwise valid value, so that they get past length and format checks. */
const SUFFIXES: Hostile[] = [
  h('NUL', '\u0000'),
  h('C0 controls', '\u0001\u001b[31m\u001f'),
  h('lone high surrogate', '\ud800'),
  h('RTL override', '\u202eevil'),
  h('SQL injection', "' or 1=1 --"),
];

/**
 * How many values a field gets: 'full' (the whole corpus), 'short' (for enum-like fields and second variants
 * of one code path) or 'tiny' (fields of endpoints where each valid-shaped request costs an argon2 hash).
 */
export type Tier = 'full' | 'short' | 'tiny';
const TINY_LABELS = [
  'NUL',
  'a<NUL>b',
  'C0 controls',
  'lone high surrogate',
  'RTL override + Hebrew/Arabic',
  'SQL injection',
  '100 kB',
  'empty',
];
export const TINY_STRINGS: Hostile[] = STRING_VALUES.filter((x) => TINY_LABELS.includes(x.label));

/** Hostile strings for a text field of a tier, the same pieces appended to its valid value, and a few ids. */
export function textValues(valid: string, tier: Tier): Hostile[] {
  const strings = tier === 'full' ? STRING_VALUES : tier === 'short' ? SHORT_STRINGS : TINY_STRINGS;
  const suffixes = tier === 'tiny' ? SUFFIXES.slice(0, 1) : SUFFIXES;
  const ids = tier === 'tiny' ? ID_VALUES.slice(0, 1) : ID_VALUES.slice(0, 3);
  return [...strings, ...suffixes.map((x) => h(`valid + ${x.label}`, valid + x.value)), ...ids];
}

/** JSON values of the wrong type. */
export const TYPE_VALUES: { label: string; value: unknown }[] = [
  { label: 'number 1', value: 1 },
  { label: 'number 0', value: 0 },
  { label: 'number -1', value: -1 },
  { label: 'number 1.5', value: 1.5 },
  { label: 'number 2147483648', value: 2147483648 },
  { label: 'number 1e308', value: 1e308 },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'null', value: null },
  { label: 'empty array', value: [] },
  { label: 'array of strings', value: ['a', 'b'] },
  { label: 'array of numbers', value: [1, 2] },
  { label: 'empty object', value: {} },
  { label: 'nested object', value: { a: { b: { c: [1, { d: null }] } } } },
  { label: 'array of objects', value: [{ a: 1 }, { b: '2' }] },
  { label: 'array with NUL', value: ['\u0000'] },
];

/** Bodies sent as application/json that are not what the endpoint reads. */
export const INVALID_JSON: Hostile[] = [
  h('empty body', ''),
  h('truncated', '{"a":'),
  h('single quotes', "{'a':1}"),
  h('trailing garbage', '{"a":1}garbage'),
  h('null', 'null'),
  h('array', '[]'),
  h('string', '"text"'),
  h('number', '42'),
  h('raw 1e400', '{"id":1e400,"status":1e400,"title":1e400}'),
  h('duplicate keys', '{"email":"a@b.co","email":"b@c.co","status":"sent","status":"placed"}'),
  h('proto keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
  h('BOM', '\ufeff{}'),
  h('NUL byte', '\u0000'),
  h('deep nesting', '['.repeat(5000) + ']'.repeat(5000)),
  h('invalid UTF-8 escapes', '{"a":"\\ud800\\udc00\\udfff"}'),
];

/** Content types for a body that is otherwise fine. */
export const WRONG_CONTENT_TYPES: (string | null)[] = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

/** Whether a string can be a header value (the fetch API refuses NUL, CR, LF and chars above 0xFF). */
export function headerSafe(value: string): boolean {
  try {
    new Headers({ x: value });
    return true;
  } catch {
    return false;
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * encodeURIComponent that does not throw on lone surrogates: they go out as their (invalid) 3-byte UTF-8
 * form, %ED%A0%80 for U+D800, which is what a hostile client can send.
 */
export function urlEncode(value: string): string {
  let out = '';
  let at = 0;
  for (const m of value.matchAll(LONE_SURROGATE)) {
    out += encodeURIComponent(value.slice(at, m.index));
    const c = m[0].charCodeAt(0);
    out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    at = m.index + 1;
  }
  return out + encodeURIComponent(value.slice(at));
}

/** A short label for a value in a report line. */
export function show(value: unknown): string {
  if (value === undefined) return '(missing)';
  // Invisible and direction-changing characters are written as escapes, so that a report line shows what was sent.
  const s = (JSON.stringify(value) ?? String(value)).replace(
    /[\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufff0-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return s.length > 70 ? `${s.slice(0, 60)}…(${s.length} chars)` : s;
}

export type Failure = { method: string; path: string; field: string; value: string; who: string; status: number; log: string };

/**
 * Catches console.error (the apps log every unexpected error there) so that each answer >= 500 is recorded
 * with the log lines of its request. Requests must be sent one at a time for the lines to be theirs.
 */
export function createCollector(suite: string) {
  const failures: Failure[] = [];
  let lines: string[] = [];
  let sent = 0;
  const keep = (...args: unknown[]) => {
    lines.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a === 'string' ? a : show(a))).join(' '));
  };
  // Warnings (refused provider sign-ins and the like) are kept with the request too, and kept out of the test output.
  const spies = [vi.spyOn(console, 'error').mockImplementation(keep), vi.spyOn(console, 'warn').mockImplementation(keep)];
  return {
    failures,
    get sent() {
      return sent;
    },
    /** Forget the log lines of the previous request. */
    begin() {
      lines = [];
      sent++;
    },
    /** Record the answer of the current request when it is a server error. */
    check(f: Omit<Failure, 'log'>) {
      if (f.status >= 500) failures.push({ ...f, log: lines.join(' | ').replace(/\s+/g, ' ').slice(0, 300) || '(nothing logged)' });
    },
    restore() {
      for (const s of spies) s.mockRestore();
    },
    /** One message: the seed, the failures grouped by the server's error message, then every failure. */
    report(): string {
      const cause = (f: Failure) => f.log.replace(/\b\d{3,}\b/g, 'N').slice(0, 200);
      const groups = new Map<string, Failure[]>();
      for (const f of failures) groups.set(cause(f), [...(groups.get(cause(f)) ?? []), f]);
      const out = [`${suite}: ${failures.length} answers >= 500 out of ${sent} requests (FUZZ_SEED=${FUZZ_SEED})`];
      for (const [c, fs] of groups) {
        out.push(`\n== ${fs.length} x ${c}`);
        for (const f of fs) out.push(`  ${f.status} ${f.method} ${f.path} [${f.who}] ${f.field} = ${f.value}`);
      }
      if (process.env.FUZZ_REPORT)
        writeFileSync(`${process.env.FUZZ_REPORT}.${suite.replace(/\W+/g, '-')}.json`, JSON.stringify(failures, null, 1));
      return out.join('\n');
    },
  };
}
export type Collector = ReturnType<typeof createCollector>;

/** Run `fn` with console.error and console.warn caught; answers its result and the distinct lines logged (for messages). */
export async function withLogs<T>(fn: () => Promise<T>): Promise<{ result: T; logs: string }> {
  const lines = new Set<string>();
  const keep = (...args: unknown[]) => {
    lines.add(
      args
        .map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a)))
        .join(' ')
        .replace(/\s+/g, ' ')
        .slice(0, 200),
    );
  };
  const spies = [vi.spyOn(console, 'error').mockImplementation(keep), vi.spyOn(console, 'warn').mockImplementation(keep)];
  try {
    const result = await fn();
    return { result, logs: lines.size ? ` (server log: ${[...lines].join(' | ')})` : '' };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}
