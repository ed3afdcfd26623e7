import { describe, expect, it } from 'vitest';
import {
  checkAnalytics,
  checkMonitoring,
  datadogIntakeOrigin,
  isValidDataPlaneUrl,
  isValidSessionId,
  MONITORING_DEFAULTS,
  sessionOptions,
} from './integrations';

const analytics = { writeKey: 'wk_test', dataPlaneUrl: 'https://dataplane.tandem.example' };
const monitoring = {
  clientToken: 'pub123',
  applicationId: 'app-1',
  site: MONITORING_DEFAULTS.site,
  sessionSampleRate: 100,
  telemetrySampleRate: 20,
  telemetryConfigurationSampleRate: 5,
  telemetryUsageSampleRate: 5,
  trackingConsent: 'granted',
};

describe('analytics configuration (RudderStack rules and messages)', () => {
  it('accepts a write key and a data plane on a domain, localhost or an IPv4 address', () => {
    expect(checkAnalytics(analytics)).toEqual({ errors: [], warnings: [] });
    expect(isValidDataPlaneUrl('http://localhost:8080')).toBe(true);
    expect(isValidDataPlaneUrl('http://127.0.0.1:9000/v1')).toBe(true);
  });
  it('refuses an empty or blank write key with the SDK message', () => {
    expect(checkAnalytics({ ...analytics, writeKey: '  ' }).errors).toEqual([
      'The write key "  " is invalid. It must be a non-empty string. Please check that the write key is correct and try again.',
    ]);
  });
  it('refuses a data plane URL without a scheme, a TLD or with spaces', () => {
    for (const bad of ['dataplane.example', 'https://intranet', 'ftp://x.example', 'https://a b.example', '']) {
      expect(checkAnalytics({ ...analytics, dataPlaneUrl: bad }).errors).toEqual([
        `The data plane URL "${bad}" is invalid. It must be a valid URL string. Please check that the data plane URL is correct and try again.`,
      ]);
    }
  });
  it('warns about session timeouts that are not non-negative integers, zero or under 10 s', () => {
    expect(checkAnalytics({ ...analytics, sessionTimeout: -5 }).warnings[0]).toBe(
      'The session timeout value "-5" is not a number. The default timeout of 1800000 ms will be used instead.',
    );
    expect(checkAnalytics({ ...analytics, sessionTimeout: 'abc' }).warnings[0]).toMatch(/"abc" is not a number/);
    expect(checkAnalytics({ ...analytics, sessionTimeout: 0 }).warnings[0]).toMatch(
      /value is 0, which disables the automatic session tracking/,
    );
    expect(checkAnalytics({ ...analytics, sessionTimeout: 5000 }).warnings[0]).toMatch(
      /5000 ms is less than the recommended minimum of 10000 ms/,
    );
    expect(checkAnalytics({ ...analytics, sessionTimeout: 60_000 }).warnings).toEqual([]);
  });
  it('0 turns automatic sessions off; a bad value keeps the default', () => {
    expect(sessionOptions(0)).toEqual({ autoTrack: false, timeout: 0 });
    expect(sessionOptions(60_000)).toEqual({ autoTrack: true, timeout: 60_000 });
    expect(sessionOptions(-1)).toEqual({ autoTrack: true, timeout: 1_800_000 });
  });
  it('warns about SameSite, pre-consent storage and delivery values outside their lists', () => {
    const w = checkAnalytics({ ...analytics, sameSite: 'lax', preConsentStrategy: 'cookies', preConsentDelivery: 'later' }).warnings;
    expect(w).toHaveLength(3);
    expect(w[1]).toMatch(/supported strategies: "none, session, anonymousId"/);
    expect(w[2]).toMatch(/supported types: "immediate, buffer"/);
    expect(
      checkAnalytics({ ...analytics, sameSite: 'None', preConsentStrategy: 'session', preConsentDelivery: 'buffer' }).warnings,
    ).toEqual([]);
  });
  it('a manual session id needs at least 10 digits', () => {
    expect(isValidSessionId(1_234_567_890)).toBe(true);
    expect(isValidSessionId(123_456_789)).toBe(false);
    expect(isValidSessionId(-1_234_567_890)).toBe(false);
    expect(isValidSessionId('1234567890')).toBe(false);
  });
});

describe('monitoring configuration (Datadog rules and messages)', () => {
  it('accepts the defaults', () => expect(checkMonitoring(monitoring).errors).toEqual([]));
  it('needs a client token', () => {
    expect(checkMonitoring({ ...monitoring, clientToken: '' }).errors).toEqual([
      'Client Token is not configured, we will not send any data.',
    ]);
  });
  it('needs a Datadog site', () => {
    expect(checkMonitoring({ ...monitoring, site: 'example.com' }).errors).toEqual([
      'Site should be a valid Datadog site. More details: https://docs.datadoghq.com/getting_started/site/.',
    ]);
  });
  it('names each sample rate outside 0-100', () => {
    expect(checkMonitoring({ ...monitoring, sessionSampleRate: 101, telemetryUsageSampleRate: -1 }).errors).toEqual([
      'Session Sample Rate should be a number between 0 and 100',
      'Telemetry Usage Sample Rate should be a number between 0 and 100',
    ]);
    expect(checkMonitoring({ ...monitoring, telemetrySampleRate: Number.NaN }).errors).toEqual([
      'Telemetry Sample Rate should be a number between 0 and 100',
    ]);
  });
  it('accepts only granted or not-granted as tracking consent', () => {
    expect(checkMonitoring({ ...monitoring, trackingConsent: 'yes' }).errors).toEqual([
      'Tracking Consent should be either "granted" or "not-granted"',
    ]);
  });
  it('derives the browser intake host the CSP must allow', () => {
    expect(datadogIntakeOrigin('datadoghq.com')).toBe('https://browser-intake-datadoghq.com');
    expect(datadogIntakeOrigin('us3.datadoghq.com')).toBe('https://browser-intake-us3-datadoghq.com');
    expect(datadogIntakeOrigin('datadoghq.eu')).toBe('https://browser-intake-datadoghq.eu');
  });
});
