import 'server-only';
import { GrowthBook, type FeatureDefinition } from '@growthbook/growthbook';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { FlagStore } from '../flags/flag-store';
import { jsonDepth, MAX_JSON_DEPTH } from './input-guard';

// The embedded feature-flag service under /flags, speaking GrowthBook's SDK protocol (decision 022) so the
// stock SDK works against it, and against a real GrowthBook when FEATURE_FLAGS_API_HOST points there:
// - GET  /api/features/{clientKey}: the features payload, with `x-sse-support: enabled`;
// - POST /api/eval/{clientKey}: remote evaluation for {attributes, forcedVariations, forcedFeatures, url};
// - GET  /sub/{clientKey}: server-sent `features` events when a flag changes (`npm run flags -- set`).
// An unknown client key answers 404 in GrowthBook's error shape.
type Deps = { store: () => Promise<FlagStore>; clientKey: string; heartbeatMs?: number };

const attribute = z.union([
  z.string().max(500),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(500), z.number()])).max(100),
]);
const evalBody = z
  .object({
    attributes: z.record(z.string().max(100), attribute).default({}),
    forcedVariations: z.record(z.string().max(100), z.number().int().min(0).max(100)).default({}),
    forcedFeatures: z
      .array(z.tuple([z.string().max(100), z.unknown()]))
      .max(100)
      .default([]),
    url: z.string().max(2000).default(''),
  })
  .strip();

const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

/** Every feature evaluated for these attributes; experiments become forced rules carrying their tracking call. */
function evaluate(features: Record<string, FeatureDefinition>, input: z.infer<typeof evalBody>): Record<string, FeatureDefinition> {
  const gb = new GrowthBook({ features, attributes: input.attributes, forcedVariations: input.forcedVariations, url: input.url });
  if (input.forcedFeatures.length) gb.setForcedFeatures(new Map(input.forcedFeatures));
  try {
    return Object.fromEntries(
      Object.keys(features).map((key) => {
        const r = gb.evalFeature(key);
        const rule =
          r.source === 'experiment' && r.experiment && r.experimentResult
            ? [{ force: r.value as unknown, tracks: [{ experiment: r.experiment, result: r.experimentResult }] }]
            : [];
        return [key, rule.length ? { defaultValue: r.value as unknown, rules: rule } : { defaultValue: r.value as unknown }];
      }),
    );
  } finally {
    gb.destroy();
  }
}

export function createFlagsApp({ store: loadStore, clientKey, heartbeatMs = 15_000 }: Deps): Hono {
  const app = new Hono();
  const unknownKey = () => Response.json({ status: 404, error: 'Unknown client key' }, { status: 404, headers });

  app.options(
    '*',
    () =>
      new Response(null, {
        status: 204,
        headers: { ...headers, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' },
      }),
  );

  app.get('/api/features/:key', async (c) => {
    if (c.req.param('key') !== clientKey) return unknownKey();
    return Response.json(await (await loadStore()).payload(), { headers: { ...headers, 'x-sse-support': 'enabled' } });
  });

  app.post(
    '/api/eval/:key',
    bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ status: 413, error: 'Body too large' }, 413) }),
    async (c) => {
      if (c.req.param('key') !== clientKey) return unknownKey();
      let raw: unknown;
      try {
        const text = await c.req.text();
        if (jsonDepth(text) > MAX_JSON_DEPTH)
          return Response.json({ status: 400, error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` }, { status: 400, headers });
        raw = JSON.parse(text);
      } catch {
        return Response.json({ status: 400, error: 'Invalid JSON body' }, { status: 400, headers });
      }
      const input = evalBody.safeParse(raw ?? {});
      if (!input.success) return Response.json({ status: 400, error: 'Invalid evaluation request' }, { status: 400, headers });
      const payload = await (await loadStore()).payload();
      return Response.json({ ...payload, features: evaluate(payload.features, input.data) }, { headers });
    },
  );

  app.get('/sub/:key', async (c) => {
    if (c.req.param('key') !== clientKey) return unknownKey();
    const store = await loadStore();
    const encoder = new TextEncoder();
    const signal = c.req.raw.signal;
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true;
        const send = (text: string) => {
          if (!open) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        };
        const off = store.subscribe((p) => send(`event: features\ndata: ${JSON.stringify(p)}\n\n`));
        const beat = setInterval(() => send(': ping\n\n'), heartbeatMs);
        stop = () => {
          if (!open) return;
          open = false;
          off();
          clearInterval(beat);
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        };
        send('retry: 5000\n\n');
        signal.addEventListener('abort', stop);
      },
      cancel() {
        stop();
      },
    });
    return new Response(body, {
      headers: { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' },
    });
  });

  app.all('*', () => Response.json({ status: 404, error: 'Not found' }, { status: 404, headers }));
  return app;
}
