// Colour mode (@nuxtjs/color-mode's rules, docs/product-rules.md): preference system (default), light or dark, kept in localStorage and
// applied by an inline script before first paint; a page may force light or dark through
// data-color-mode-forced on <html>.
export type ColorPreference = 'system' | 'light' | 'dark';
export const COLOR_MODE_KEY = 'tandem-color-mode';

export const isColorPreference = (v: unknown): v is ColorPreference => v === 'system' || v === 'light' || v === 'dark';

/** The forced mode a page may set; 'system' cannot be forced and is ignored with a warning. */
export function resolveForcedMode(forced: ColorPreference | undefined, warn: (msg: string) => void = console.warn) {
  if (forced === 'system') {
    warn('You cannot force the colorMode to system at the page level.');
    return undefined;
  }
  return forced;
}

// The head script's step (`d` is <html>), run before anything else: a page's forced mode, else the stored
// preference, else the device's. Storage may throw (blocked): then the device's. Kept tiny and
// dependency-free; its text is a constant, never built from input.
export const COLOR_MODE_STEP = `try{var p=localStorage.getItem('${COLOR_MODE_KEY}')}catch(e){}var f=d.getAttribute('data-color-mode-forced'),l=/^(light|dark)$/;d.classList.add(l.test(f)?f:l.test(p)?p:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');`;
