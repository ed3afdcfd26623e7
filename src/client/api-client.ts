import { appErrorHook } from './app-hooks';

// Browser API clients (docs/product-rules.md), with ofetch's retry rules. They send the page language in a `lang` header and the
// session cookie (credentials included: page scripts never hold the token), retry a GET once on the
// statuses ofetch retries, never retry writes, and never throw: a missing answer and a server error are
// both results the caller reads.
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const UNKNOWN_ERROR = { es: 'Error desconocido', en: 'Unknown error' } as const;

type ApiFailure = { success: false; status: number | ''; statusCode?: number; message: string; errors?: Record<string, string> } & Record<
  string,
  unknown
>;
export type ApiResult<T> = { success: true; result: T } | ApiFailure;

type Fetch = typeof globalThis.fetch;
export type ClientOptions = {
  base: string;
  lang: 'es' | 'en';
  fetch?: Fetch;
  /** A bearer token, when the caller holds one (the site's own pages use the HttpOnly cookie instead). */
  token?: string | null;
};
type Query = Record<string, string | number | boolean | undefined>;

/** How many times a request may be retried: once for reads, never for writes (ofetch's default). */
export const retriesFor = (method: string) => (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()) ? 0 : 1);

export function createApiClient({ base, lang, fetch = globalThis.fetch, token }: ClientOptions) {
  async function request<T>(method: string, path: string, opts: { body?: unknown; query?: Query } = {}): Promise<ApiResult<T>> {
    const url = new URL(base.replace(/\/+$/, '') + path, globalThis.location?.origin ?? 'http://localhost');
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', lang };
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    let retries = retriesFor(method);
    for (;;) {
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers,
          credentials: 'include',
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        });
      } catch (err) {
        // No answer at all counts as a 500 for retrying, and is "unknown" for the caller.
        if (retries-- > 0) continue;
        const failure: ApiFailure = { success: false, status: '', message: UNKNOWN_ERROR[lang] };
        appErrorHook.emit(err);
        return failure;
      }
      if (res.ok) return (await res.json()) as ApiResult<T>;
      if (RETRY_STATUSES.has(res.status) && retries-- > 0) continue;
      const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      const failure: ApiFailure = {
        ...data,
        success: false,
        status: res.status,
        statusCode: res.status,
        message: typeof data.message === 'string' ? data.message : UNKNOWN_ERROR[lang],
      };
      appErrorHook.emit(failure);
      return failure;
    }
  }
  /**
   * Post a page's form as the browser would (urlencoded), asking for JSON: the form actions answer a
   * FormReply with 2xx, 4xx or 429. A write, so never retried; no answer is 'Error desconocido'.
   */
  async function form<T>(path: string, values: Record<string, string>): Promise<{ success: true; status: number; result: T } | ApiFailure> {
    const headers: Record<string, string> = { accept: 'application/json', lang };
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(new URL(base.replace(/\/+$/, '') + path, globalThis.location?.origin ?? 'http://localhost'), {
        method: 'POST',
        headers,
        credentials: 'include',
        body: new URLSearchParams(values),
      });
    } catch (err) {
      appErrorHook.emit(err);
      return { success: false, status: '', message: UNKNOWN_ERROR[lang] };
    }
    try {
      return { success: true, status: res.status, result: (await res.json()) as T };
    } catch {
      const failure: ApiFailure = { success: false, status: res.status, statusCode: res.status, message: UNKNOWN_ERROR[lang] };
      appErrorHook.emit(failure);
      return failure;
    }
  }
  return {
    form,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

/** The three product API clients: main, match (candidates) and hire (companies). */
export function createApiClients(apiBase: string, lang: 'es' | 'en', fetch?: Fetch) {
  const base = apiBase.replace(/\/+$/, '');
  return {
    main: createApiClient({ base, lang, fetch }),
    match: createApiClient({ base: `${base}/v3/match`, lang, fetch }),
    hire: createApiClient({ base: `${base}/v3/hire`, lang, fetch }),
  };
}

// ---- the content backend (Strapi v4 shape) -------------------------------------------------------------

type Params = Record<string, unknown>;

/** Bracket-style parameters as Strapi expects: populate[0]=image&filters[slug][$eq]=a%20b (keys kept as-is). */
export function stringifyParams(params: Params): string {
  const parts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${key}[${i}]`));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}[${k}]`);
    else if (value === null) parts.push(`${key}=`);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
      parts.push(`${key}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(params)) walk(v, k);
  return parts.join('&');
}

export type CmsError = { data: null; error: { status: number; name: string; message: string; details: unknown } };

/** The content backend client: no retries; errors come back as the backend's error data, or UnknownError. */
export function createCmsClient({ base, fetch = globalThis.fetch }: { base: string; fetch?: Fetch }) {
  async function request<T>(method: string, path: string, opts: { body?: unknown; params?: Params } = {}): Promise<T | CmsError> {
    const qs = opts.params ? stringifyParams(opts.params) : '';
    const url = `${base.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
    try {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: { accept: 'application/json', ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const data = (await res.json().catch(() => null)) as T | CmsError | null;
      if (res.ok && data !== null) return data;
      if (data && typeof data === 'object' && 'error' in data) {
        appErrorHook.emit(data);
        return data;
      }
      throw new Error(`${res.status} ${res.statusText}`);
    } catch (err) {
      const fallback: CmsError = { data: null, error: { status: 500, name: 'UnknownError', message: (err as Error).message, details: {} } };
      appErrorHook.emit(fallback);
      return fallback;
    }
  }
  return {
    find: <T>(type: string, params?: Params) => request<T>('GET', `/${type}`, { params }),
    findOne: <T>(type: string, id: string | number, params?: Params) => request<T>('GET', `/${type}/${id}`, { params }),
    create: <T>(type: string, data: unknown) => request<T>('POST', `/${type}`, { body: { data } }),
    update: <T>(type: string, id: string | number, data: unknown) => request<T>('PUT', `/${type}/${id}`, { body: { data } }),
    delete: <T>(type: string, id: string | number) => request<T>('DELETE', `/${type}/${id}`),
    request,
  };
}

/** True when a content backend answer is an error. */
export const isCmsError = (v: unknown): v is CmsError => !!v && typeof v === 'object' && 'error' in v && (v as CmsError).data === null;
