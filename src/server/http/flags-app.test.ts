import { serve } from '@hono/node-server';
import { GrowthBook } from '@growthbook/growthbook';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { valueOf } from '../flags/cli';
import { createFlagsApp } from './flags-app';
import { createFlagStore, type FlagStore } from '../flags/flag-store';

// The embedded flag service on both databases: GrowthBook's features and remote-evaluation endpoints,
// the 404 for an unknown key, overrides set and unset, and a change pushed down the event stream. The stock
// GrowthBook SDK is pointed at it over real HTTP (127.0.0.1), as the pages and islands will be.
const KEY = 'sdk-test';
const FILE = {
  dateUpdated: '2026-11-01T00:00:00.000Z',
  features: {
    'hire-landing-variant': {
      defaultValue: 'control',
      rules: [
        { key: 'hire-landing-test', hashAttribute: 'id', variations: ['control', 'calculator-first'], weights: [0.5, 0.5], coverage: 1 },
      ],
    },
    'show-banner': { defaultValue: false },
  },
};

describe.each(testDatabases)('flag service on %s', (_name, open) => {
  let t: TestDb;
  let store: FlagStore;
  let base = '';
  let close = () => {};

  beforeAll(async () => {
    t = await open();
    store = createFlagStore(t.db, { file: FILE, pollMs: 50 });
    const app = createFlagsApp({ store: async () => store, clientKey: KEY, heartbeatMs: 60_000 });
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    store.stop();
    close();
    await t?.cleanup();
  });

  it('serves the features payload with SSE support, and 404 in GrowthBook’s shape for an unknown key', async () => {
    const res = await fetch(`${base}/api/features/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sse-support')).toBe('enabled');
    const body = (await res.json()) as { features: Record<string, unknown>; dateUpdated: string };
    expect(Object.keys(body.features).sort()).toEqual(['hire-landing-variant', 'show-banner']);
    expect(body.dateUpdated).toBe(FILE.dateUpdated);
    const bad = await fetch(`${base}/api/features/sdk-nope`);
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ status: 404, error: 'Unknown client key' });
  });

  it('works with the stock SDK: the same visitor always gets the same variant, and both variants occur', async () => {
    const variantOf = async (id: string) => {
      const gb = new GrowthBook({ apiHost: base, clientKey: KEY, attributes: { id } });
      await gb.init({ timeout: 2000 });
      const v = gb.getFeatureValue('hire-landing-variant', 'none');
      gb.destroy();
      return v;
    };
    const first = await variantOf('visitor-1');
    expect(await variantOf('visitor-1')).toBe(first);
    const seen = new Set(await Promise.all(Array.from({ length: 20 }, (_, i) => variantOf(`visitor-${i}`))));
    expect([...seen].sort()).toEqual(['calculator-first', 'control']);
  });

  it('evaluates remotely, carrying the experiment’s tracking call, and refuses a malformed request', async () => {
    const ask = (body: unknown) =>
      fetch(`${base}/api/eval/${KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const res = await ask({
      attributes: { id: 'visitor-1' },
      forcedVariations: { 'hire-landing-test': 1 },
      forcedFeatures: [['show-banner', true]],
    });
    const body = (await res.json()) as { features: Record<string, { defaultValue: unknown; rules?: { tracks: unknown[] }[] }> };
    expect(body.features['hire-landing-variant']!.defaultValue).toBe('calculator-first');
    expect(body.features['hire-landing-variant']!.rules![0]!.tracks).toHaveLength(1);
    expect(body.features['show-banner']).toEqual({ defaultValue: true });
    expect((await ask({ attributes: 'nope' })).status).toBe(400);
    const raw = await fetch(`${base}/api/eval/${KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(raw.status).toBe(400);
    // 60 kB of nested arrays in forcedFeatures: refused, not a stack overflow.
    const deep = `{"forcedFeatures":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const nested = await fetch(`${base}/api/eval/${KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(nested.status).toBe(400);
    expect((await fetch(`${base}/api/eval/other`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('overrides a flag, lists where each comes from, and unsets it back to the file', async () => {
    await store.set('show-banner', valueOf('true'), new Date('2026-11-20T00:00:00Z'));
    await store.set('new-flag', valueOf('hello'), new Date('2026-11-21T00:00:00Z'));
    expect((await store.list()).map((f) => [f.key, f.source, f.definition.defaultValue])).toEqual([
      ['hire-landing-variant', 'file', 'control'],
      ['new-flag', 'override', 'hello'],
      ['show-banner', 'override', true],
    ]);
    expect((await store.payload()).dateUpdated).toBe('2026-11-21T00:00:00.000Z');
    expect(await store.unset('show-banner', new Date('2026-11-22T00:00:00Z'))).toBe(true);
    expect(await store.unset('show-banner')).toBe(false);
    const p = await store.payload();
    expect(p.features['show-banner']).toEqual({ defaultValue: false });
    expect(p.dateUpdated).toBe('2026-11-22T00:00:00.000Z');
    await expect(store.set('Bad Key', 1)).rejects.toThrow(/not a flag key/);
    await expect(store.set('x', { defaultValue: 1, rules: 'no' })).rejects.toThrow(/rules/);
    await store.unset('new-flag');
  });

  it('pushes a change down the event stream to a subscriber that is already connected', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/sub/${KEY}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const waitFor = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}`);
        text += decoder.decode(value);
      }
    };
    await waitFor(/retry: 5000/);
    await new Promise((r) => setTimeout(r, 150)); // the subscriber has its baseline
    await store.set('show-banner', true);
    await waitFor(/event: features\ndata: .*"show-banner":\{"defaultValue":true\}/);
    controller.abort();
    await store.unset('show-banner');
  });
});
