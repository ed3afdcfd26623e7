import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WEB_FONT_KEY, WEB_FONT_STEP } from './web-font';

/** Runs the head script's step against a stand-in document and storage; returns the attributes it set on <html>. */
function run(stored: Record<string, string>, storageThrows = false) {
  const attributes: Record<string, string> = {};
  const localStorage = {
    getItem: (k: string) => {
      if (storageThrows) throw new Error('SecurityError');
      return stored[k] ?? null;
    },
  };
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } };
  runInNewContext(`(function(d){${WEB_FONT_STEP}})(document.documentElement)`, { localStorage, document });
  return attributes;
}

describe('the web font head script', () => {
  it('names the web font once the after-load chunk has noted it', () => {
    expect(run({ [WEB_FONT_KEY]: '/assets/inter-latin-wght-normal-abc.woff2' })).toEqual({ 'data-font': 'web' });
  });

  it('leaves a first visit, or a browser without storage, on the fallback face', () => {
    expect(run({})).toEqual({});
    expect(run({}, true)).toEqual({});
  });
});
