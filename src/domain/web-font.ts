// The web font (Inter) is drawn only once it is in the browser's cache (decision 093). A first visit is drawn
// in the fallback face and never asks for the font while the page loads: a font that arrives after the first
// layout is not swapped in (`font-display: optional`), yet the browser lays the whole page out again for it.
// Once the page is idle, the after-load chunk fetches the font into the cache and notes its address here;
// from the next page load on, an inline script marks <html data-font="web"> before the first paint and the
// stylesheet names Inter first.
export const WEB_FONT_KEY = 'tandem-web-font';

/** The head script's step (`d` is <html>): run before the first paint. A constant, never built from input. */
export const WEB_FONT_STEP = `try{localStorage.getItem('${WEB_FONT_KEY}')&&d.setAttribute('data-font','web')}catch(e){}`;
