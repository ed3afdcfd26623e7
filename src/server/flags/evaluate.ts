import 'server-only';
import { configureCache, GrowthBook } from '@growthbook/growthbook';
import { FLAG_CACHE_SETTINGS } from '../../domain/integrations';
import type { FeaturesPayload, FlagStore } from './flag-store';

// Flags evaluated on the server for one request (one GrowthBook instance per request, as its SDK expects on a server), so a page
// renders the visitor's variant with no flicker and the same visitor always gets the same one. With the
// embedded service (FEATURE_FLAGS_API_HOST a path such as /flags) the definitions come straight from the
// store; with a real GrowthBook (an http(s) URL) the SDK fetches them, with a 1 s timeout.
export type FlagAttributes = { id: string; accountType: 'anonymous' | 'match' | 'hire'; locale: string; country?: string };
type Exposure = { experiment: string; variation: string };
export type EvaluatedFlags<T extends Record<string, unknown>> = {
  values: { [K in keyof T]: T[K] };
  /** The experiments this request was bucketed into. */
  exposures: Exposure[];
  /** What the browser SDK starts from (initSync), so it shows the same variants with no request. */
  payload: { features: Record<string, unknown>; experiments?: unknown[] };
};

type Source = { store: () => Promise<FlagStore>; apiHost: string; clientKey: string };

/** The values of `wanted` (key → fallback of the right type) for these attributes. */
export async function evaluateFlags<T extends Record<string, unknown>>(
  source: Source,
  attributes: FlagAttributes,
  wanted: T,
): Promise<EvaluatedFlags<T>> {
  const exposures: Exposure[] = [];
  const trackingCallback = (experiment: { key: string }, result: { key: string }) => {
    exposures.push({ experiment: experiment.key, variation: result.key });
  };
  let gb: GrowthBook;
  if (/^https?:\/\//.test(source.apiHost)) {
    // The SDK's process-wide cache of a remote payload keeps the product's rules (stale after 1 min, 4 h, 10 entries).
    configureCache(FLAG_CACHE_SETTINGS);
    gb = new GrowthBook({ apiHost: source.apiHost, clientKey: source.clientKey, attributes, trackingCallback });
    await gb.init({ timeout: 1000 });
  } else {
    const payload: FeaturesPayload = await (await source.store()).payload();
    gb = new GrowthBook({ features: payload.features, attributes, trackingCallback });
  }
  try {
    const values = Object.fromEntries(
      Object.entries(wanted).map(([key, fallback]) => {
        const v = gb.getFeatureValue(key, fallback as never) as unknown;
        // A value of another type than the fallback (a mistyped override) falls back.
        return [key, typeof v === typeof fallback ? v : fallback];
      }),
    ) as { [K in keyof T]: T[K] };
    const { features = {}, experiments } = gb.getDecryptedPayload();
    return { values, exposures, payload: { features, ...(experiments?.length ? { experiments } : {}) } };
  } finally {
    gb.destroy();
  }
}
