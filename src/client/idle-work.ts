// Work a page does for later (route payload preloading, the web font's load): never while it loads, and never
// for a visitor who asked to save data. No React here: the islands call it from their effects.

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** navigator.connection where the browser has it (Chromium): the visitor asked to save data, or the link is slow. */
export function constrainedConnection(conn: NetworkInformation | undefined): boolean {
  return !!conn && (conn.saveData === true || /2g/.test(conn.effectiveType ?? ''));
}

/** This browser's connection is constrained (see constrainedConnection). */
export const savingData = () => constrainedConnection((navigator as Navigator & { connection?: NetworkInformation }).connection);

/**
 * Runs `run` about `afterMs` after the navigation started, at the browser's next idle moment then (at the
 * latest `timeoutMs` later; at once where there are no idle callbacks). Returns what cancels it.
 */
export function whenIdleAfterLoad(run: () => void, { afterMs = 1000, timeoutMs = 1000 } = {}): () => void {
  let idleId: number | undefined;
  const timer = setTimeout(
    () => {
      if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(run, { timeout: timeoutMs });
      else run();
    },
    Math.max(0, afterMs - performance.now()),
  );
  return () => {
    clearTimeout(timer);
    if (idleId !== undefined) cancelIdleCallback(idleId);
  };
}
