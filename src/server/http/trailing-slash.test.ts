import { describe, expect, it } from 'vitest';
import { trailingSlashRedirect } from './trailing-slash';

describe('trailing slash rule', () => {
  it('removes the slash and keeps the query', () => {
    expect(trailingSlashRedirect('/hire/', '')).toBe('/hire');
    expect(trailingSlashRedirect('/hire/', '?a=1&b=2')).toBe('/hire?a=1&b=2');
    expect(trailingSlashRedirect('/en/tools///', '')).toBe('/en/tools');
  });

  it('leaves the root, paths without a slash and file-like paths alone', () => {
    expect(trailingSlashRedirect('/', '?x=1')).toBeNull();
    expect(trailingSlashRedirect('/hire', '')).toBeNull();
    expect(trailingSlashRedirect('/sitemap.xml/', '')).toBeNull();
    expect(trailingSlashRedirect('/assets/app.js/', '')).toBeNull();
  });

  it('never produces a protocol-relative target', () => {
    expect(trailingSlashRedirect('//evil/', '')).toBe('/evil');
    expect(trailingSlashRedirect('///evil/x/', '')).toBe('/evil/x');
  });
});
