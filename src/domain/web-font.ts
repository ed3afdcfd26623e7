// The web font (Inter) is drawn only once it is in the browser's cache (decision 093). A first visit is drawn
// in the fallback face and never asks for the font while the page loads: a font that arrives after the first
// layout is not swapped in (`font-display: optional`), yet the browser lays the whole page out again for it.
// Once the page is idle, the after-load chunk fetches the font into the cache and notes its address here;
// from the next page load on, an inline script marks <html data-font="web"> before the first paint and the
// stylesheet names Inter first.
export const WEB_FONT_KEY = 'tandem-web-font';

/** Run before the first paint, with the colour-mode script. Its text is a constant, never built from input. */
export const WEB_FONT_SCRIPT = `(function(){try{if(localStorage.getItem('${WEB_FONT_KEY}'))document.documentElement.setAttribute('data-font','web')}catch(e){}})();`;
