import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleConsent } from './consent';

const app = new Hono().post('/consent', (c) => handleConsent(c, { SITE_URL: 'https://tandem.example' }, 'https://tandem.example'));
const post = (body: string, headers: Record<string, string> = {}) =>
  app.request('/consent', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

describe('POST /consent', () => {
  it('stores the choice for 182 days and goes back to the page', async () => {
    const res = await post('choice=accept&back=%2Ftrabajos%3Fq%3Dreact');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/trabajos?q=react');
    expect(res.headers.get('set-cookie')).toBe('tandem_consent=v1.a1.m1; Max-Age=15724800; Path=/; Secure; SameSite=Lax');
  });

  it('takes a per-tool choice, and deletes the cookies of a tool it turns off', async () => {
    const res = await post('choice=custom&monitoring=on&back=/', { cookie: 'rl_user_id=x; rl_session=y; _dd_s=z; tandem_token=t' });
    const cookies = res.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^tandem_consent=v1\.a0\.m1;/);
    expect(cookies.slice(1).sort()).toEqual(['rl_session=; Max-Age=0; Path=/', 'rl_user_id=; Max-Age=0; Path=/']);
  });

  it('never sends the visitor to another site, and answers bad input without a server error', async () => {
    expect((await post('choice=reject&back=https%3A%2F%2Fevil.example%2F')).headers.get('location')).toBe('/');
    expect((await post('choice=reject&back=%2F%2Fevil.example')).headers.get('location')).toBe('/');
    const garbage = await app.request('/consent', {
      method: 'POST',
      body: '--x\r\nnot multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(garbage.status).toBeLessThan(500);
    const unknown = await post('choice=%00%01&analytics=yes');
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('set-cookie')).toMatch(/^tandem_consent=v1\.a0\.m0;/);
  });

  it('refuses a post from another site', async () => {
    expect((await post('choice=accept', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('choice=accept', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});
