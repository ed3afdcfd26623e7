import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HEAD_SCRIPT } from './inline-scripts';

type Run = {
  stored?: Record<string, string>;
  storageThrows?: boolean;
  cookie?: string;
  cookieThrows?: boolean;
  forced?: string;
  deviceDark?: boolean;
};

/** Runs the document head's script against a stand-in <html>, storage, cookies and media query. */
function run({ stored = {}, storageThrows = false, cookie = '', cookieThrows = false, forced, deviceDark = false }: Run) {
  const classes: string[] = [];
  const attributes: Record<string, string> = {};
  const documentElement = {
    classList: { add: (c: string) => classes.push(c) },
    getAttribute: (k: string) => (k === 'data-color-mode-forced' ? (forced ?? null) : null),
    setAttribute: (k: string, v: string) => (attributes[k] = v),
  };
  const document = Object.defineProperty({ documentElement }, 'cookie', {
    get: () => {
      if (cookieThrows) throw new Error('SecurityError: the document is sandboxed');
      return cookie;
    },
  });
  const localStorage = {
    getItem: (k: string) => {
      if (storageThrows) throw new Error('SecurityError: storage blocked');
      return stored[k] ?? null;
    },
  };
  const matchMedia = (q: string) => ({ matches: q === '(prefers-color-scheme: dark)' && deviceDark });
  runInNewContext(HEAD_SCRIPT, { document, localStorage, matchMedia });
  return { classes, attributes };
}

describe('the document head script', () => {
  it('follows the device when nothing is stored, or the stored value is not a mode', () => {
    expect(run({ deviceDark: true }).classes).toEqual(['dark']);
    expect(run({ deviceDark: false }).classes).toEqual(['light']);
    expect(run({ stored: { 'tandem-color-mode': 'system' }, deviceDark: true }).classes).toEqual(['dark']);
    expect(run({ stored: { 'tandem-color-mode': 'sepia' } }).classes).toEqual(['light']);
  });

  it('applies a chosen mode over the device, and a page that forces one over both', () => {
    expect(run({ stored: { 'tandem-color-mode': 'dark' } }).classes).toEqual(['dark']);
    expect(run({ stored: { 'tandem-color-mode': 'light' }, deviceDark: true }).classes).toEqual(['light']);
    expect(run({ stored: { 'tandem-color-mode': 'dark' }, forced: 'light', deviceDark: true }).classes).toEqual(['light']);
  });

  it('marks the web font and the session hint', () => {
    const { attributes } = run({ stored: { 'tandem-web-font': '/assets/inter.woff2' }, cookie: 'a=1; tandem_signed_in=hire' });
    expect(attributes).toEqual({ 'data-font': 'web', 'data-session': 'hire' });
    expect(run({ cookie: 'tandem_signed_in=admin' }).attributes).toEqual({});
  });

  it('does every step it can when storage is blocked or cookies throw (a sandboxed frame)', () => {
    expect(run({ storageThrows: true, deviceDark: true, cookie: 'tandem_signed_in=match' })).toEqual({
      classes: ['dark'],
      attributes: { 'data-session': 'match' },
    });
    expect(run({ cookieThrows: true, stored: { 'tandem-color-mode': 'dark', 'tandem-web-font': 'x' } })).toEqual({
      classes: ['dark'],
      attributes: { 'data-font': 'web' },
    });
  });
});
