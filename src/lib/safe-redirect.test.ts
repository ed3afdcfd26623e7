import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeRedirect('/oferta/dev-react?x=1#apply')).toBe('/oferta/dev-react?x=1#apply');
    expect(safeRedirect('/en/hire/site')).toBe('/en/hire/site');
  });
  it.each([
    'https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil', 'javascript:alert(1)', 'oferta/x',
    '/ok\nSet-Cookie: x=1', '', 42, null, undefined, `/${'a'.repeat(2001)}`,
  ])('ignores %j', (v) => {
    expect(safeRedirect(v)).toBeNull();
  });
});
