import { describe, expect, it } from 'vitest';
import { navigationTarget } from './url-guard';

const origin = 'https://tandem.example';

describe('navigation guard', () => {
  it('allows paths of this site', () => {
    expect(navigationTarget('/match/plataforma', origin)).toBe('/match/plataforma');
    expect(navigationTarget('https://tandem.example/en?x=1#y', origin)).toBe('/en?x=1#y');
  });
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'blob:https://tandem.example/123',
    'vbscript:msgbox(1)',
  ])('always refuses %s', (url) => {
    expect(navigationTarget(url, origin, ['tandem.example', 'evil.example'])).toBeNull();
  });
  it('refuses other sites unless allowed', () => {
    expect(navigationTarget('https://evil.example/', origin)).toBeNull();
    expect(navigationTarget('//evil.example/x', origin)).toBeNull();
    expect(navigationTarget('https://calendly.com/tandem', origin, ['calendly.com'])).toBe('https://calendly.com/tandem');
    expect(navigationTarget('ftp://calendly.com/x', origin, ['calendly.com'])).toBeNull();
  });
});
