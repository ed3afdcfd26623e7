import { describe, expect, it } from 'vitest';
import { appErrorHook } from './app-hooks';
import { createApiClient, createApiClients, createCmsClient, isCmsError, RETRY_STATUSES, retriesFor, stringifyParams } from './api-client';

/** A fetch that answers from a script and records every call. */
function scripted(...answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: URL | string, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const a = answers.shift() ?? new Error('script exhausted');
    if (a instanceof Error) throw a;
    return a;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('product API clients', () => {
  it('retries a GET once on the retryable statuses, and never a write', async () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map(retriesFor)).toEqual([1, 1, 0, 0, 0, 0]);
    const get = scripted(json(503, { success: false, message: 'busy' }), json(200, { success: true, result: { id: 1 } }));
    expect(await createApiClient({ base: '/api', lang: 'es', fetch: get.fetch }).get('/v3/match/auth/me')).toEqual({
      success: true,
      result: { id: 1 },
    });
    expect(get.calls).toHaveLength(2);
    const post = scripted(json(503, { success: false, message: 'busy' }));
    const r = await createApiClient({ base: '/api', lang: 'es', fetch: post.fetch }).post('/v3/match/register', { a: 1 });
    expect(post.calls).toHaveLength(1);
    expect(r).toMatchObject({ success: false, status: 503, statusCode: 503, message: 'busy' });
  });

  it('does not retry a status outside the list, and retries a GET only once', async () => {
    const notFound = scripted(json(404, { success: false, message: 'No está' }));
    await createApiClient({ base: '/api', lang: 'es', fetch: notFound.fetch }).get('/x');
    expect(notFound.calls).toHaveLength(1);
    const twice = scripted(json(500, {}), json(500, {}), json(200, { success: true, result: 1 }));
    expect(await createApiClient({ base: '/api', lang: 'en', fetch: twice.fetch }).get('/x')).toMatchObject({
      success: false,
      status: 500,
      message: 'Unknown error',
    });
    expect(twice.calls).toHaveLength(2);
  });

  it('answers "Error desconocido" with an empty status when no server answers, without throwing', async () => {
    const down = scripted(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const seen: unknown[] = [];
    const off = appErrorHook.on((e) => seen.push(e));
    expect(await createApiClient({ base: '/api', lang: 'es', fetch: down.fetch }).get('/x')).toEqual({
      success: false,
      status: '',
      message: 'Error desconocido',
    });
    off();
    expect(down.calls).toHaveLength(2);
    expect(seen).toHaveLength(1);
  });

  it('passes the server error data on, with its status and field errors', async () => {
    const bad = scripted(json(422, { success: false, message: 'Revisa los campos.', errors: { email: 'Correo no válido' } }));
    expect(await createApiClient({ base: '/api', lang: 'es', fetch: bad.fetch }).post('/v3/hire/register', {})).toEqual({
      success: false,
      status: 422,
      statusCode: 422,
      message: 'Revisa los campos.',
      errors: { email: 'Correo no válido' },
    });
  });

  it('sends the lang header and credentials, and builds the three clients on one base', async () => {
    const ok = scripted(json(200, { success: true, result: null }), json(200, { success: true, result: null }));
    const clients = createApiClients('/api/', 'en', ok.fetch);
    await clients.hire.get('/auth/me', { page: 2, skip: undefined });
    await clients.main.post('/leads', { name: 'x' });
    expect(ok.calls[0]!.url).toBe('http://localhost/api/v3/hire/auth/me?page=2');
    expect(ok.calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'include', headers: { lang: 'en', accept: 'application/json' } });
    expect(ok.calls[1]!.url).toBe('http://localhost/api/leads');
    expect(ok.calls[1]!.init).toMatchObject({ method: 'POST', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } });
  });
});

describe('content backend client', () => {
  it('writes bracket-style parameters with encoded values and unencoded keys', () => {
    expect(
      stringifyParams({
        populate: ['image'],
        filters: { slug: { $eq: 'a b' } },
        pagination: { pageSize: 10 },
        sort: ['title:asc'],
        skip: undefined,
      }),
    ).toBe('populate[0]=image&filters[slug][$eq]=a%20b&pagination[pageSize]=10&sort[0]=title%3Aasc');
  });

  it("returns the backend's error data, or the UnknownError fallback, and never retries", async () => {
    const strapiError = {
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
    };
    const bad = scripted(json(400, strapiError));
    const cms = createCmsClient({ base: '/cms', fetch: bad.fetch });
    const r = await cms.request('POST', '/auth/local', { body: { identifier: 'a', password: 'b' } });
    expect(r).toEqual(strapiError);
    expect(isCmsError(r)).toBe(true);
    const down = scripted(new TypeError('Failed to fetch'));
    expect(await createCmsClient({ base: '/cms', fetch: down.fetch }).find('articles', { populate: ['cover'] })).toEqual({
      data: null,
      error: { status: 500, name: 'UnknownError', message: 'Failed to fetch', details: {} },
    });
    expect(down.calls.map((c) => c.url)).toEqual(['/cms/articles?populate[0]=cover']);
  });
});

describe('bearer token and form posts', () => {
  it('sends the bearer token when the caller holds one, and none otherwise', async () => {
    const withToken = scripted(json(200, { success: true, result: 1 }));
    await createApiClient({ base: '/api', lang: 'es', fetch: withToken.fetch, token: 'tok-1' }).get('/v3/match/auth/me');
    expect((withToken.calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    const without = scripted(json(200, { success: true, result: 1 }));
    await createApiClient({ base: '/api', lang: 'es', fetch: without.fetch }).get('/v3/match/auth/me');
    expect(without.calls[0]!.init.headers as Record<string, string>).not.toHaveProperty('authorization');
  });

  it('posts a form urlencoded with the lang header, passes any JSON answer on, and never retries', async () => {
    const reply = { ok: false, errors: { email: 'Ya existe' }, message: 'Revisa el formulario' };
    const post = scripted(json(429, reply));
    const r = await createApiClient({ base: '', lang: 'es', fetch: post.fetch }).form('/registro', { email: 'a@b.c' });
    expect(r).toEqual({ success: true, status: 429, result: reply });
    expect(post.calls).toHaveLength(1);
    expect(post.calls[0]!.init.method).toBe('POST');
    expect(String(post.calls[0]!.init.body)).toBe('email=a%40b.c');
    expect((post.calls[0]!.init.headers as Record<string, string>).lang).toBe('es');
  });

  it("answers 'Error desconocido' when there is no answer, and the status when the answer is not JSON", async () => {
    const down = scripted(new TypeError('Failed to fetch'));
    expect(await createApiClient({ base: '', lang: 'es', fetch: down.fetch }).form('/ingresar', {})).toEqual({
      success: false,
      status: '',
      message: 'Error desconocido',
    });
    expect(down.calls).toHaveLength(1);
    const html = scripted(new Response('<html>', { status: 502 }));
    expect(await createApiClient({ base: '', lang: 'en', fetch: html.fetch }).form('/en/login', {})).toMatchObject({
      success: false,
      status: 502,
      message: 'Unknown error',
    });
  });
});
