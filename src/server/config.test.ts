import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, toPublicConfig } from './config';

describe('configuration', () => {
  it('runs on defaults with an empty environment', () => {
    const c = parseConfig({});
    expect(c.SITE_URL).toBe('http://localhost:8080');
    expect(c.ANALYTICS_ENABLED).toBe(false);
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

  it('refuses analytics without a write key and data plane', () => {
    expect(() => parseConfig({ ANALYTICS_ENABLED: 'true' })).toThrow(/ANALYTICS_WRITE_KEY/);
  });
});
