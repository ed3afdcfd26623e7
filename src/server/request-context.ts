import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FormState } from '../domain/forms/types';
import type { Session } from '../state/session';

// Per-request data shared between the outer HTTP layer and server components. Waku has no API for a
// component to set the status or a cookie (docs/waku-notes.md), so components patch this store and the HTTP layer
// applies the patch to the HTML response.
export type ResponsePatch = { status?: number; cookies: string[]; headers: [string, string][] };
export type RequestContext = {
  /** The response's CSP nonce: pages for one visitor only. A page every visitor gets has none (decision 064). */
  nonce?: string;
  /** On a page every visitor gets: the per-render secret that marks the framework's inline scripts as its own
   * (given to it as its nonce), replaced by their hashes before the page leaves (inline-scripts.ts). */
  scriptMark?: string;
  patch: ResponsePatch;
  /** The visitor's session, loaded once per request by the HTTP layer; read it with getViewer() (accounts/session.ts). */
  session?: Session;
  /** The page is rendered once for every visitor (decision 002): the session is not known to the render; the
   * browser's session island asks for it after load. */
  shared?: boolean;
  /** The client address (X-Forwarded-For only as far as TRUST_PROXY allows), for the identity limits. */
  ip?: string;
  /** The session token, for in-process service calls made on the user's behalf (never sent to the page). */
  token?: string | null;
  /** The token of an offer typed before signing up (cookie OFFER_DRAFT_COOKIE); signed-in requests only. */
  offerDraft?: string;
  /** The visitor's anonymous id (first-party cookie), set on personalised routes: the flags' bucketing key. */
  anonymousId?: string;
  /** The visitor's country for flag targeting on personalised routes (visitorCountry), when known. */
  country?: string;
  /** The database cannot be reached: the page renders its 503 screen without asking for data. */
  unavailable?: boolean;
  /** A form post that failed, re-rendered into its page without JavaScript. */
  form?: FormState;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const runWithRequestContext = <R>(ctx: RequestContext, fn: () => R): R => storage.run(ctx, fn);
export const getRequestContext = (): RequestContext | undefined => storage.getStore();

export function patchResponse(fn: (p: ResponsePatch) => void): void {
  const ctx = storage.getStore();
  if (ctx) fn(ctx.patch);
}

/** The cookie that keeps an anonymous visitor's offer draft token until they have a company account. */
export const OFFER_DRAFT_COOKIE = 'tandem_offer_draft';
