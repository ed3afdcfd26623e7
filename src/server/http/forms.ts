import 'server-only';
import type { Context } from 'hono';
import { getT, type T } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { FieldErrors, FormState } from '../../domain/forms/types';
import type { RouteId, RouteMatch } from '../../routes';
import type { Session } from '../../state/session';
import type { ServerConfig } from '../config';
import { clientIp, type TrustProxy } from './client-ip';
import { nulFields, withoutNul } from './input-guard';
import { localLocation } from '../../domain/safe-redirect';
import { redirectLocal } from './redirect';
import { SECRET_FIELDS } from '../../domain/forms/specs';
import type { ResolvedViewer, Viewer } from '../accounts/session';

// Forms post to their page's own URL. Without JavaScript the answer is a 303 on success or the page
// re-rendered with the errors (and what was typed) on failure; the form islands ask for JSON instead and
// show the same errors in place.
export type FormInput = {
  id: RouteId;
  locale: Locale;
  t: T;
  params: RouteMatch['params'];
  query: URLSearchParams;
  /** The last value of each field. */
  fields: Record<string, string>;
  /** Every value of each field (checkbox groups). */
  lists: Record<string, string[]>;
  files: Record<string, File>;
  /** The visitor, read once per request from the session cookies (accounts/session.ts): the session the
   * page shows and the viewer the services check. */
  session: Session;
  viewer: Viewer;
  token: string | null;
  ip: string;
  cookieHeader: string | undefined;
};

export type FormOutcome =
  | { ok: true; redirect: string; cookies?: string[] }
  | { ok: false; status: number; message: string; errors: FieldErrors; values: Record<string, string>; retryAfter?: number };

export type FormHandler = {
  /** Largest body accepted (default 64 kB). */
  maxBytes?: number;
  handle(input: FormInput): Promise<FormOutcome>;
};

const DEFAULT_MAX = 64 * 1024;

type Args = {
  match: RouteMatch;
  handler: FormHandler;
  resolved: ResolvedViewer;
  trustProxy: TrustProxy;
  /** siteOriginOf(config) */
  siteOrigin: string | null;
  renderPage: (c: Context, form: { state: FormState; status: number }) => Promise<Response>;
};

/**
 * The origin posts must come from: SITE_URL's when it was set. Without it, null: the Host header is the
 * reference (a proxy may rewrite Host, so deployments behind one set SITE_URL).
 */
export const siteOriginOf = (config: Pick<ServerConfig, 'SITE_URL' | 'SITE_URL_SET'>): string | null =>
  config.SITE_URL_SET ? new URL(config.SITE_URL).origin : null;

/**
 * A post from another site is refused: the browser says so (Sec-Fetch-Site) or the Origin disagrees with
 * the site's origin (siteOriginOf), or with the Host when there is none.
 */
export function isCrossSite(c: Context, siteOrigin: string | null): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    if (siteOrigin) return new URL(origin).origin !== siteOrigin;
    return new URL(origin).host !== (c.req.header('host') ?? new URL(c.req.url).host);
  } catch {
    return true;
  }
}

export async function handleFormPost(
  c: Context,
  { match, handler, resolved, trustProxy, siteOrigin, renderPage }: Args,
): Promise<Response> {
  const t = getT(match.locale);
  const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
  const failure = (status: number, message: string): Response | Promise<Response> => {
    const state: FormState = { ok: false, message, errors: {}, values: {} };
    return wantsJson ? c.json(state, status as 400) : renderPage(c, { state, status });
  };
  c.header('cache-control', 'private, no-store');
  if (isCrossSite(c, siteOrigin)) return c.text('Forbidden', 403);
  const max = handler.maxBytes ?? DEFAULT_MAX;
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > max) return failure(413, t('forms.tooLarge', { mb: Math.max(1, Math.round(max / 1024 / 1024)) }));

  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return failure(400, t('forms.unreadable'));
  const bytes = await readCapped(c.req.raw, max);
  if (!bytes) return failure(413, t('forms.tooLarge', { mb: Math.max(1, Math.round(max / 1024 / 1024)) }));
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    return failure(400, t('forms.unreadable'));
  }
  // Null-prototype maps: a field may be named `constructor`, `__proto__` or `toString`, and must then be
  // a field like any other, not what Object.prototype has under that name.
  const fields = Object.create(null) as Record<string, string>;
  const lists = Object.create(null) as Record<string, string[]>;
  const files = Object.create(null) as Record<string, File>;
  for (const [k, v] of form.entries()) {
    if (typeof v === 'string') {
      fields[k] = v.slice(0, 20_000);
      (lists[k] ??= []).push(fields[k]);
    } else if (v.size > 0) files[k] = v;
  }

  // A NUL byte cannot be stored on PostgreSQL: the form comes back with the field named and the rest kept.
  const withNul = new Set(nulFields(lists).map((path) => path.split('.')[0]!));
  if (withNul.size) {
    const errors = Object.fromEntries([...withNul].map((k) => [k, t('forms.error.invalidChars')]));
    const values = Object.fromEntries(
      Object.entries(fields)
        .filter(([k]) => !SECRET_FIELDS.has(k))
        .map(([k, v]) => [withoutNul(k), withoutNul(v)]),
    );
    const state: FormState = { ok: false, message: t('forms.summary'), errors, values };
    return wantsJson ? c.json(state, 422) : renderPage(c, { state, status: 422 });
  }

  const outcome = await handler.handle({
    id: match.id,
    locale: match.locale,
    t,
    params: match.params,
    query: new URL(c.req.url).searchParams,
    fields,
    lists,
    files,
    session: resolved.session,
    viewer: resolved.viewer,
    token: resolved.token,
    ip: clientIp(c, trustProxy),
    cookieHeader: c.req.header('cookie'),
  });
  if (outcome.ok) {
    for (const ck of outcome.cookies ?? []) c.header('set-cookie', ck, { append: true });
    return wantsJson ? c.json({ ok: true, redirect: localLocation(outcome.redirect) }) : redirectLocal(c, outcome.redirect, 303);
  }
  const state: FormState = { ok: false, message: outcome.message, errors: outcome.errors, values: outcome.values };
  if (wantsJson) {
    if (outcome.retryAfter !== undefined) c.header('retry-after', String(outcome.retryAfter));
    return c.json(state, outcome.status as 400);
  }
  const page = await renderPage(c, { state, status: outcome.status });
  if (outcome.retryAfter === undefined) return page;
  const headers = new Headers(page.headers);
  headers.set('retry-after', String(outcome.retryAfter));
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

/** The request body, or null when it is larger than `max` bytes (reading stops there). */
async function readCapped(req: Request, max: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}
