import { request as httpRequest } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectPathRequests, staysOnSite } from '../../testing/redirect-attacks';
import { parseConfig } from '../config';
import { createHttpApp } from './app';

// The redirects that reuse what the request carried (trailing slash, NUL bytes in the query, the first
// visit to '/'), through a real Node server, each path sent on the wire as it is (no client normalising it).
let server: ServerType;
let port = 0;

beforeAll(async () => {
  const { app } = createHttpApp({
    inner: async (req) => new Response(`<p>${new URL(req.url).pathname}</p>`, { headers: { 'content-type': 'text/html' } }),
    config: parseConfig({}),
    prod: true,
    build: { id: 'b', timestamp: 0 },
    staticRoot: '/nonexistent',
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { 'accept-language': 'en' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('redirects built from the request', () => {
  it('answer a 301 to this site for a NUL byte in the query of "//host" and "/.//host"', async () => {
    for (const path of ['//evil.example/x?q=%00', '/.//evil.example?q=%00']) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.location, path).toMatch(/^\/evil\.example/);
    }
  });

  it('never send a browser to another host, whatever path was sent', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const off: string[] = [];
    let redirects = 0;
    for (const path of redirectPathRequests()) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      if (res.status >= 300 && res.status < 400) {
        redirects++;
        if (!res.location || !staysOnSite(res.location, origin)) off.push(`${path} -> ${res.location}`);
      }
    }
    expect(off).toEqual([]);
    // The list does reach the redirects it is about (trailing slash, NUL bytes), not only 404s.
    expect(redirects).toBeGreaterThanOrEqual(90);
  });
});
