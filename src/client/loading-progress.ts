// The loading bar's timings, Nuxt's useLoadingIndicator defaults as the original app had them (docs/product-rules.md).
export const LOADING = { throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400 } as const;

/** Eases towards 100 without reaching it: 50 % at 1 s, about 70.5 % at 2 s for a 2 s duration. */
export function estimatedProgress(durationMs: number, elapsedMs: number): number {
  const p = (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50);
  return Math.min(100, Math.max(0, p));
}
