import type { Consent } from './consent';

// A module of its own: only the integrations starter chunk carries it, not every page's bundle.

/**
 * The cookies a tool's SDK set that the consent in force no longer allows (rl_* for analytics, _dd_s for
 * monitoring). Both sides delete them: the server when the choice is posted, the page on every load, since
 * an SDK still running on the page that posted the form can write one again after the server's deletion.
 */
export function trackingCookiesToDrop(names: Iterable<string>, consent: Consent): string[] {
  return [...names].filter((name) => (!consent.analytics && /^rl_/.test(name)) || (!consent.monitoring && name === '_dd_s'));
}
