import { describe, expect, it } from 'vitest';
import { errorKind } from './page-error';

describe('errorKind', () => {
  it('picks the permissions screen for a page of the other account type, the dedicated screens first', () => {
    expect(errorKind({ audience: 'match' })).toBe('forbidden');
    expect(errorKind({ audience: 'hire' })).toBe('forbidden');
    expect(errorKind({ offerId: 'x', audience: 'hire' })).toBe('offer');
    expect(errorKind({})).toBe('generic');
    expect(errorKind(undefined)).toBe('generic');
  });
});
