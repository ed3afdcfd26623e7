import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAVICON_HREF, FAVICON_SVG } from './favicon';

describe('the inline favicon', () => {
  it('is the drawing of public/favicon.svg', () => {
    expect(FAVICON_SVG).toBe(readFileSync(new URL('../../../public/favicon.svg', import.meta.url), 'utf8').trim());
  });

  it('is a data URL a browser decodes back to the SVG', () => {
    expect(FAVICON_HREF.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(FAVICON_HREF.slice('data:image/svg+xml,'.length))).toBe(FAVICON_SVG);
    expect(FAVICON_HREF).not.toMatch(/[<>"\s]/);
  });
});
