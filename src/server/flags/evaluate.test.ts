import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { evaluateFlags } from './evaluate';
import { createFlagsApp } from '../http/flags-app';
import { createFlagStore, type FlagStore } from './flag-store';

// Server-side evaluation for one request: the shipped experiment buckets by the anonymous id, stably, in
// both variants; an override wins; a mistyped value falls back; and a real GrowthBook (here the embedded
// service over HTTP, which speaks its protocol) gives the same answers as the in-process path.
describe.each(testDatabases)('server-side flags on %s', (_name, open) => {
  let t: TestDb;
  let store: FlagStore;
  let remoteHost = '';
  let close = () => {};
  const local = () => ({ store: async () => store, apiHost: '/flags', clientKey: 'sdk-tandem-local' });
  const variantOf = async (id: string, source = local()) =>
    (await evaluateFlags(source, { id, accountType: 'anonymous', locale: 'es' }, { 'hire-landing-variant': 'none' })).values[
      'hire-landing-variant'
    ];

  beforeAll(async () => {
    t = await open();
    store = createFlagStore(t.db);
    const server = serve({
      fetch: createFlagsApp({ store: async () => store, clientKey: 'sdk-remote' }).fetch,
      hostname: '127.0.0.1',
      port: 0,
    });
    await new Promise((r) => server.once('listening', r));
    remoteHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    store.stop();
    close();
    await t?.cleanup();
  });

  it('buckets visitors by their id: stable for one visitor, both variants across visitors, with the exposure', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `aid-${i}-x`);
    const first = await Promise.all(ids.map((id) => variantOf(id)));
    expect(await Promise.all(ids.map((id) => variantOf(id)))).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['control', 'calculator-first']));
    const r = await evaluateFlags(local(), { id: 'aid-1-x', accountType: 'hire', locale: 'en' }, { 'hire-landing-variant': 'none' });
    expect(r.exposures).toEqual([
      { experiment: 'hire-landing-2026', variation: expect.stringMatching(/^(control|calculator-first)$/) as string },
    ]);
  });

  it('gives the same answers through a GrowthBook-protocol server as in process', async () => {
    const remote = { store: async () => store, apiHost: remoteHost, clientKey: 'sdk-remote' };
    for (const id of ['a-visitor-0001', 'a-visitor-0002', 'a-visitor-0003', 'a-visitor-0004'])
      expect(await variantOf(id, remote)).toBe(await variantOf(id));
  });

  it('lets an override win, and falls back when a value has the wrong type', async () => {
    await store.set('hire-landing-variant', 'calculator-first');
    expect(await variantOf('aid-anyone-000001')).toBe('calculator-first');
    await store.set('hire-landing-variant', 42);
    expect(await variantOf('aid-anyone-000001')).toBe('none');
    await store.unset('hire-landing-variant');
  });
});
