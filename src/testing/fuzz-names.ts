// The fuzz suites' seed and generated names, apart from the rest of the corpus (src/testing/fuzz.ts) so that
// the browser tests can use them without Vitest.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';

/** FUZZ_SEED=<number> replays a run; the default is fixed so that CI runs are identical. */
export const FUZZ_SEED = (() => {
  const env = process.env.FUZZ_SEED;
  if (env === 'random') return randomBytes(4).readUInt32BE(0);
  const n = env ? Number(env) : NaN;
  return Number.isSafeInteger(n) ? n >>> 0 : 0x7a4d3e10;
})();

/**
 * Names every plain object answers to (its prototype's), and the spellings that reach them through nested
 * keys: a form field or JSON key with one of these names must stay data, never Object.prototype's.
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
  '__proto__[admin]',
  'constructor[prototype][x]',
  'constructor.prototype.x',
];

/**
 * Field names and JSON keys to send beside the ones a handler reads: the prototype names, then `n` drawn by
 * fast-check from FUZZ_SEED (any text, prototype names with brackets and dots around them, array-looking
 * names), so that a failure names the seed that replays it.
 */
export function fuzzNames(n: number): string[] {
  const proto = fc.constantFrom(...PROTOTYPE_NAMES);
  const name = fc.oneof(
    fc.string({ maxLength: 24 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.tuple(proto, fc.constantFrom('[]', '[0]', '.a', '[__proto__]')).map(([p, s]) => p + s),
    fc.tuple(fc.constantFrom('a', 'items', 'skills'), proto).map(([a, p]) => `${a}[${p}]`),
  );
  return [...new Set([...PROTOTYPE_NAMES, ...fc.sample(name, { seed: FUZZ_SEED, numRuns: n })])];
}
