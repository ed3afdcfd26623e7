import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const SITE = 'https://tandem.example';

describe('safeRedirect', () => {
  it.each([
    ['/oferta/dev-react?x=1#apply', '/oferta/dev-react?x=1#apply'],
    ['/en/hire/site', '/en/hire/site'],
    ['/herramientas/peru/salario?rol=backend&pais=perú', '/herramientas/peru/salario?rol=backend&pais=per%C3%BA'],
    ['/a/./b/../c', '/a/c'],
    ['https://tandem.example/match/plataforma', '/match/plataforma'],
    ['match/plataforma', '/match/plataforma'],
  ])('keeps %j as %j (a path of this site)', (input, expected) => {
    expect(safeRedirect(input, SITE)).toBe(expected);
  });

  // Each of these, passed through as Location, would send the browser to another host or run script.
  it.each([
    '/.//evil.example/x',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/a/../..//evil.example',
    '/..//evil.example',
    '/./..//evil.example/x?y#z',
    '//evil.example/x',
    '///evil.example',
    '////evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/.\\/evil.example',
    'https://evil.example/',
    'http://tandem.example/',
    'https://tandem.example.evil.example/',
    'https://tandem.example@evil.example/',
    'https://user:pass@tandem.example/x',
    'http:evil.example',
    ' //evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ok\r\nSet-Cookie: x=1',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://tandem.example/uuid',
    '',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (attack) => {
    expect(safeRedirect(attack, SITE)).toBeNull();
  });

  it.each([42, null, undefined, {}, ['/x']])('refuses a non-string %j', (v) => {
    expect(safeRedirect(v, SITE)).toBeNull();
  });
});
