import { beforeEach, describe, expect, it } from 'vitest';
import { analytics, connectAnalytics, refuseAnalytics, resetAnalyticsQueue, type AnalyticsCall } from './analytics';

describe('analytics queue', () => {
  beforeEach(resetAnalyticsQueue);

  it('buffers calls until the SDK connects, then replays them in order', () => {
    analytics.page({ path: '/' });
    analytics.track('Experiment Viewed', { experiment_id: 'x' });
    const got: AnalyticsCall[] = [];
    connectAnalytics((c) => got.push(c));
    analytics.reset();
    expect(got.map((c) => c.kind)).toEqual(['page', 'track', 'reset']);
    expect(got[1]).toEqual({ kind: 'track', event: 'experiment viewed', properties: { experiment_id: 'x' } });
  });

  it('drops what waited and ignores later calls without consent', () => {
    analytics.page();
    refuseAnalytics();
    analytics.identify('ana@example.com', {});
    const got: AnalyticsCall[] = [];
    connectAnalytics((c) => got.push(c));
    expect(got).toEqual([]);
  });

  it('keeps at most 100 calls while waiting', () => {
    for (let i = 0; i < 150; i++) analytics.page({ i });
    const got: AnalyticsCall[] = [];
    connectAnalytics((c) => got.push(c));
    expect(got).toHaveLength(100);
  });
});
