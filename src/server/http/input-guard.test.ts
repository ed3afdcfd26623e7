import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, nulFields } from './input-guard';

describe('jsonDepth', () => {
  it('counts nested arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
    expect(jsonDepth('[' + '['.repeat(30_000))).toBe(30_001);
  });
});

describe('nulFields', () => {
  it('names the field of every NUL byte, keys too', () => {
    expect(nulFields({ a: 'x\u0000', b: ['ok', 'n\u0000'], ['k\u0000']: 1 })).toEqual(['a', 'b.1', 'k']);
  });
  it('walks a body as deep as the depth limit lets through', () => {
    let v: unknown = 'x\u0000';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) v = [v];
    expect(nulFields(v)).toHaveLength(1);
  });
});
