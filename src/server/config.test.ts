import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, s3Settings } from './config';
import { integrationOrigins, integrationsConfig, integrationsOf, toPublicConfig } from './public-config';

describe('configuration', () => {
  it('runs on defaults with an empty environment', () => {
    const c = parseConfig({});
    expect(c.SITE_URL).toBe('http://localhost:8080');
    expect(integrationsConfig(c)).toBeNull();
    const pub = toPublicConfig(c);
    expect(pub.auth).toEqual({ name_cookie_token: 'tandem_token', name_cookie_type: 'tandem_type', name_cookie_domain: '' });
    expect(pub.feature_flags).toEqual({ apiHost: '/flags', clientKey: 'sdk-tandem-local', enableDevMode: false });
    expect(pub.data_integration_platform.enabled).toBe(false);
    expect(pub.log_forwarding).toBe(false);
  });

  it('reads values at run time and treats empty strings as unset', () => {
    const c = parseConfig({ SITE_URL: 'https://tandem.example/', AUTH_COOKIE_DOMAIN: '', LOG_FORWARDING: 'true' });
    expect(c.SITE_URL).toBe('https://tandem.example');
    expect(c.AUTH_COOKIE_DOMAIN).toBe('');
    expect(c.LOG_FORWARDING).toBe(true);
  });

  it('names every bad variable in one readable error', () => {
    try {
      parseConfig({ SITE_URL: 'not a url', AUTH_COOKIE_TOKEN: 'bad name!', PAGE_CACHE_TTL_MS: '-5' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toMatch(/^Invalid configuration:/);
      expect(msg).toMatch(/SITE_URL: .*absolute URL/);
      expect(msg).toMatch(/AUTH_COOKIE_TOKEN/);
      expect(msg).toMatch(/PAGE_CACHE_TTL_MS/);
    }
  });

  it('never echoes a credential-bearing value in its error', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mailer:hunter2@mail.example' })).toThrow(/SMTP_URL: .*\(got a hidden value\)/);
    try {
      parseConfig({ SMTP_URL: 'http://mailer:hunter2@mail.example' });
    } catch (err) {
      expect((err as Error).message).not.toContain('hunter2');
    }
    expect(parseConfig({ SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }).SMTP_URL).toBe('smtp://u:p@127.0.0.1:2525');
  });

  it('keeps uploaded pictures in the database unless the S3 bucket and its two keys are all given', () => {
    expect(s3Settings(parseConfig({}))).toBeNull();
    const s3 = { S3_BUCKET: 'tandem-pictures', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalr/secret+key' };
    expect(s3Settings(parseConfig(s3))).toEqual({
      bucket: 'tandem-pictures',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalr/secret+key',
      forcePathStyle: false,
    });
    expect(
      s3Settings(parseConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' })),
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true });
    // All or nothing: each missing one is named, with the variables that were given; no secret is echoed.
    for (const [env, missing] of [
      [{ S3_BUCKET: 'tandem-pictures' }, ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
      [{ S3_BUCKET: 'tandem-pictures', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, ['S3_SECRET_ACCESS_KEY']],
      [{ S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalr/secret+key' }, ['S3_BUCKET']],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
    ] as const) {
      const err = (() => {
        try {
          parseConfig(env);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(missing);
      expect(err!.message).toContain(`because ${Object.keys(env).join(', ')} ${Object.keys(env).length > 1 ? 'are' : 'is'} set`);
      expect(err!.message).not.toContain('wJalr');
    }
    // Bad values are named; the keys are never shown.
    const bad = () =>
      parseConfig({ ...s3, S3_BUCKET: 'Not_A_Bucket', S3_SECRET_ACCESS_KEY: 'x'.repeat(501), S3_ACCESS_KEY_ID: 'k'.repeat(201) });
    expect(bad).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(bad).toThrow(/S3_SECRET_ACCESS_KEY: .*\(got a hidden value\)/);
    expect(bad).toThrow(/S3_ACCESS_KEY_ID: .*\(got a hidden value\)/);
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('reads TRUST_PROXY into hops or ranges, and refuses a bad value by name', () => {
    expect(parseConfig({}).TRUST_PROXY).toBeNull();
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    const list = parseConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).TRUST_PROXY;
    expect(list && 'list' in list && list.list).toEqual(['10.0.0.0/8', '::1']);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toThrow(
      /TRUST_PROXY: must be false, true, a number of proxies .*"proxy\.internal" is not an IP address or a CIDR range \(got "10\.0\.0\.0\/8,proxy\.internal"\)/,
    );
  });

  it('tells whether SITE_URL was given or is the default', () => {
    expect(parseConfig({}).SITE_URL_SET).toBe(false);
    expect(parseConfig({ SITE_URL: '' }).SITE_URL_SET).toBe(false);
    expect(parseConfig({ SITE_URL: 'https://tandem.example' }).SITE_URL_SET).toBe(true);
  });

  it('turns analytics off, with the SDK message, when the write key or data plane is bad', () => {
    const noKey = integrationsOf(parseConfig({ ANALYTICS_ENABLED: 'true' }));
    expect(noKey.analytics).toBeNull();
    expect(noKey.problems).toEqual([
      'analytics off: The write key "" is invalid. It must be a non-empty string. Please check that the write key is correct and try again.',
      'analytics off: The data plane URL "" is invalid. It must be a valid URL string. Please check that the data plane URL is correct and try again.',
    ]);
    const badUrl = integrationsOf(parseConfig({ ANALYTICS_WRITE_KEY: 'wk', ANALYTICS_DATA_PLANE_URL: 'dataplane' }));
    expect(badUrl.analytics).toBeNull();
    expect(badUrl.problems[0]).toMatch(/The data plane URL "dataplane" is invalid/);
  });

  it('turns analytics on with a write key and a data plane, and keeps the session settings', () => {
    const c = parseConfig({
      ANALYTICS_WRITE_KEY: 'wk_1',
      ANALYTICS_DATA_PLANE_URL: 'https://events.tandem.example',
      ANALYTICS_SESSION_TIMEOUT: '0',
      ANALYTICS_SAME_SITE: 'Strict',
    });
    const i = integrationsOf(c);
    expect(i.analytics).toMatchObject({
      key: 'wk_1',
      data_plane_url: 'https://events.tandem.example',
      session_timeout: 0,
      same_site: 'Strict',
    });
    expect(i.problems).toEqual([expect.stringMatching(/timeout value is 0, which disables/)]);
    expect(toPublicConfig(c).data_integration_platform.enabled).toBe(true);
    expect(integrationOrigins(c)).toEqual(['https://events.tandem.example', 'https://api.rudderstack.com']);
    expect(
      integrationsOf(
        parseConfig({ ANALYTICS_WRITE_KEY: 'wk_1', ANALYTICS_DATA_PLANE_URL: 'https://e.example', ANALYTICS_ENABLED: 'false' }),
      ).analytics,
    ).toBeNull();
  });

  it('turns monitoring on with a token and an application id; bad values turn it off with the SDK message', () => {
    const ok = integrationsOf(parseConfig({ DATADOG_CLIENT_TOKEN: 'pub1', DATADOG_APPLICATION_ID: 'app1' }));
    expect(ok.monitoring).toMatchObject({ site: 'datadoghq.com', session_sample_rate: 100, telemetry_sample_rate: 20 });
    expect(integrationOrigins(parseConfig({ DATADOG_CLIENT_TOKEN: 'pub1', DATADOG_APPLICATION_ID: 'app1' }))).toEqual([
      'https://browser-intake-datadoghq.com',
    ]);
    const bad = integrationsOf(
      parseConfig({ DATADOG_APPLICATION_ID: 'app1', DATADOG_SITE: 'example.com', DATADOG_SESSION_SAMPLE_RATE: '150' }),
    );
    expect(bad.monitoring).toBeNull();
    expect(bad.problems).toEqual([
      'monitoring off: Client Token is not configured, we will not send any data.',
      'monitoring off: Site should be a valid Datadog site. More details: https://docs.datadoghq.com/getting_started/site/.',
      'monitoring off: Session Sample Rate should be a number between 0 and 100',
    ]);
  });
});
