import { describe, expect, it } from 'vitest';
import { MAX_ID, isId, parseId } from './ids';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', MAX_ID],
    [7, 7],
    [MAX_ID, MAX_ID],
  ])('reads %j as %j', (v, n) => {
    expect(parseId(v)).toBe(n);
  });
  it.each([
    'abc',
    'NaN',
    '1.5',
    '1e400',
    '1e3',
    '99999999999999999999',
    '2147483648',
    '0',
    '-1',
    '+1',
    ' 1',
    '1 ',
    '0x10',
    '01',
    '',
    '١٢',
    0,
    -1,
    1.5,
    2 ** 31,
    Number.NaN,
    Infinity,
    null,
    undefined,
    {},
    ['1'],
    true,
  ])('refuses %j', (v) => {
    expect(parseId(v)).toBeNull();
  });
  it('agrees with isId on numbers', () => {
    expect([1, MAX_ID, 0, MAX_ID + 1, 2.5].map(isId)).toEqual([true, true, false, false, false]);
  });
});
