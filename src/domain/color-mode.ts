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

// Kept tiny and dependency-free: it runs in <head> before anything else. Its text is a constant, never
// built from input.
export const COLOR_MODE_SCRIPT = `(function(){try{var d=document.documentElement,p=localStorage.getItem('${COLOR_MODE_KEY}');if(p!=='light'&&p!=='dark')p='system';var v=p==='system'?(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p;var f=d.getAttribute('data-color-mode-forced');if(f==='light'||f==='dark')v=f;d.classList.remove('light','dark');d.classList.add(v);window.__TANDEM_COLOR_MODE__={preference:p,value:v}}catch(e){}})();`;
