// The app's analytics calls (decision 023). Anything in the page may call them at any time; they wait in a
// queue until the visitor's consent and the SDK are both there, and are then replayed in order
// (integrations-impl connects the SDK). Without consent the queue is dropped and later calls are ignored,
// so nothing is sent and nothing piles up. Browser module state: one tab, one queue.
export type AnalyticsCall =
  | { kind: 'page'; properties: Record<string, unknown> }
  | { kind: 'track'; event: string; properties: Record<string, unknown> }
  | { kind: 'identify'; userId: string; traits: Record<string, unknown> }
  | { kind: 'reset' };

/** Set on sign-out (a full page load follows): the next page sends `logout` and resets the identity. */
export const SIGNED_OUT_KEY = 'tandem:signed-out';

const MAX_QUEUED = 100;
let queue: AnalyticsCall[] = [];
let sink: ((call: AnalyticsCall) => void) | null = null;
let refused = false;

function send(call: AnalyticsCall) {
  if (refused) return;
  if (sink) sink(call);
  else if (queue.length < MAX_QUEUED) queue.push(call);
}

export const analytics = {
  page: (properties: Record<string, unknown> = {}) => send({ kind: 'page', properties }),
  /** Event names are lowercased (docs/product-rules.md). */
  // (Inlined rather than imported from the domain: this module is in every page's first chunk.)
  track: (event: string, properties: Record<string, unknown> = {}) => send({ kind: 'track', event: event.toLowerCase(), properties }),
  identify: (userId: string, traits: Record<string, unknown>) => send({ kind: 'identify', userId, traits }),
  reset: () => send({ kind: 'reset' }),
};

/** The SDK is loaded: replay what waited, in order, then pass calls straight on. */
export function connectAnalytics(fn: (call: AnalyticsCall) => void) {
  refused = false;
  sink = fn;
  const waiting = queue;
  queue = [];
  for (const call of waiting) fn(call);
}

/** No consent (or analytics is off): forget what waited and ignore what comes. */
export function refuseAnalytics() {
  refused = true;
  queue = [];
}

/** For tests: back to the initial state. */
export function resetAnalyticsQueue() {
  queue = [];
  sink = null;
  refused = false;
}
