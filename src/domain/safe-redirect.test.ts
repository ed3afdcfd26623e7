import { describe, expect, it } from 'vitest';
import { REDIRECT_PATH_ATTACKS, REDIRECT_VALUE_ATTACKS, staysOnSite } from '../testing/redirect-attacks';
import { localLocation, safeRedirect } from './safe-redirect';

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
  it.each(REDIRECT_VALUE_ATTACKS)('refuses %j', (attack) => {
    expect(safeRedirect(attack, SITE)).toBeNull();
  });

  it.each([42, null, undefined, {}, ['/x']])('refuses a non-string %j', (v) => {
    expect(safeRedirect(v, SITE)).toBeNull();
  });
});

describe('localLocation', () => {
  it.each([
    ['/trabajos?q=react&pagina=2', '/trabajos?q=react&pagina=2'],
    ['/en', '/en'],
    ['/herramientas/perú?q=ñ', '/herramientas/per%C3%BA?q=%C3%B1'],
    ['trabajos', '/trabajos'],
  ])('keeps the path %j (as %j)', (input, expected) => {
    expect(localLocation(input)).toBe(expected);
  });

  it.each([
    ['//evil.example/x?q=', '/evil.example/x?q='],
    ['/.//evil.example?q=', '/evil.example?q='],
    ['/\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
  ])('turns %j into the local path %j', (input, expected) => {
    expect(localLocation(input)).toBe(expected);
  });

  it.each([...REDIRECT_PATH_ATTACKS, ...REDIRECT_VALUE_ATTACKS])('never leaves the site from %j', (attack) => {
    const location = localLocation(attack);
    expect(staysOnSite(location, SITE)).toBe(true);
    expect(location).toMatch(/^\/[\x21-\x7e]*$/);
  });
});
