'use client';
import { configureCache, GrowthBook } from '@growthbook/growthbook';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { analytics } from '../../client/analytics';
import { FLAG_CACHE_SETTINGS } from '../../domain/integrations';

export type FlagVariantProps = {
  flag: string;
  /** The variant the server rendered; also the fallback for an unknown value. */
  initial: string;
  variants: Record<string, ReactNode>;
  payload: { features: Record<string, unknown>; experiments?: unknown[] };
  attributes: Record<string, string>;
  apiHost: string;
  clientKey: string;
  devMode: boolean;
};

// GrowthBook's client hydration: initSync from the server's payload with streaming on, so a flag changed
// with `npm run flags -- set` reaches this open page through /flags/sub/{clientKey}. Cache rules: docs/product-rules.md.
export default function FlagVariantImpl({ flag, initial, variants, payload, attributes, apiHost, clientKey, devMode }: FlagVariantProps) {
  const gb = useMemo(() => {
    configureCache(FLAG_CACHE_SETTINGS);
    return new GrowthBook({
      apiHost,
      clientKey,
      attributes,
      enableDevMode: devMode,
      // The exposure goes to analytics, which sends it only with the visitor's consent.
      trackingCallback: (experiment, result) =>
        analytics.track('Experiment Viewed', { experiment_id: experiment.key, variation_id: result.key, flag }),
    }).initSync({ payload: payload as Parameters<GrowthBook['initSync']>[0]['payload'], streaming: true });
    // One instance for the life of the island: the payload prop is the server's first answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const read = () => {
    const v = gb.getFeatureValue(flag, initial);
    return typeof v === 'string' && v in variants ? v : initial;
  };
  const [variant, setVariant] = useState(read);
  useEffect(() => {
    gb.setRenderer(() => setVariant(read()));
    return () => gb.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gb]);
  return (
    <div data-flag={flag} data-variant={variant}>
      {variants[variant]}
    </div>
  );
}
