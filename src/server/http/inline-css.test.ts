import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { builtCssReader, inlineHeadStylesheets, type HeadParts } from './inline-css';

const root = mkdtempSync(join(tmpdir(), 'inline-css-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets/app-Ab_1.css'), 'body{color:red}.x::after{content:"é"}');
writeFileSync(join(root, 'assets/bad-1.css'), 'a{}</style><script>alert(1)</script>');
writeFileSync(join(root, 'secret.css'), 'not an asset');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The link as React and plugin-rsc write it in the head.
const LINK =
  '<link rel="stylesheet" crossorigin="anonymous" href="/assets/app-Ab_1.css" data-rsc-css-href="/assets/app-Ab_1.css" data-precedence="vite-rsc/importer-resources"/>';
const INLINED =
  '<style data-precedence="vite-rsc/importer-resources" data-href="/assets/app-Ab_1.css">body{color:red}.x::after{content:"é"}</style>' +
  '<link rel="stylesheet" crossorigin="anonymous" href="/assets/app-Ab_1.css" data-rsc-css-href="/assets/app-Ab_1.css" data-precedence="vite-rsc/importer-resources" type="text/x-inlined" disabled=""/>';

const text = (bytes: Uint8Array | null) => bytes && new TextDecoder().decode(bytes);
/** The head as sent: its parts one after the other. */
const joined = (parts: HeadParts) => parts.map((p) => (typeof p === 'string' ? p : text(p))).join('');

describe('builtCssReader', () => {
  it('reads a build CSS file once, and nothing outside /assets/<name>.css', () => {
    const cssOf = builtCssReader(root);
    expect(text(cssOf('/assets/app-Ab_1.css'))).toBe('body{color:red}.x::after{content:"é"}');
    // Read once: every page is sent the same bytes.
    expect(cssOf('/assets/app-Ab_1.css')).toBe(cssOf('/assets/app-Ab_1.css'));
    for (const href of ['/secret.css', '/assets/../secret.css', '/assets/app-Ab_1.css?x', '//evil/assets/a.css', '/assets/missing.css'])
      expect(cssOf(href)).toBeNull();
  });
  it('keeps a file linked when its text would close the <style> element', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(builtCssReader(root)('/assets/bad-1.css')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('inlineHeadStylesheets', () => {
  const cssOf = builtCssReader(root);
  it('puts the text before the same link, made inert (never fetched nor applied; React finds its resource)', () => {
    const parts = inlineHeadStylesheets(`<head><meta charSet="utf-8"/>${LINK}<link rel="modulepreload" href="/assets/a.js"/>`, cssOf);
    expect(joined(parts)).toBe(`<head><meta charSet="utf-8"/>${INLINED}<link rel="modulepreload" href="/assets/a.js"/>`);
    // The CSS goes out as the bytes read once, not copied into the head's text.
    expect(parts).toContain(cssOf('/assets/app-Ab_1.css'));
  });
  it('inlines each linked build file in its place', () => {
    const two = `${LINK}<meta name="x"/>${LINK}`;
    expect(joined(inlineHeadStylesheets(two, cssOf))).toBe(`${INLINED}<meta name="x"/>${INLINED}`);
  });
  it('leaves other links as they are', () => {
    const others = [
      '<link rel="stylesheet" href="/assets/app-Ab_1.css"/>', // not a React resource
      '<link rel="stylesheet" href="/assets/missing.css" data-precedence="p"/>',
      '<link rel="stylesheet" href="https://cdn.example/assets/app-Ab_1.css" data-precedence="p"/>',
      '<link rel="preload" href="/assets/app-Ab_1.css" as="style" data-precedence="p"/>',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    ].join('');
    expect(inlineHeadStylesheets(others, cssOf)).toEqual([others]);
    expect(inlineHeadStylesheets(INLINED, cssOf)).toEqual([INLINED]);
  });
});
