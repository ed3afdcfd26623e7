import 'server-only';

// The app's JavaScript after the page's first paint (decision 031). Without this, the page's
// module preloads (React's, in the head) fetch the client bundle beside the HTML, and the framework's
// bootstrap (`import("/assets/index-….js")` at the end of the body) starts hydration as soon as the bundle is
// there: on a phone the bundle competes with the HTML for the network, and a cached bundle's hydration can
// run before the first frame. The page is server-rendered and works without JavaScript, so the content
// comes first: the preloads leave the head, and the bootstrap's import waits until a largest-contentful-paint
// candidate is painted after the document was parsed (the bootstrap runs at its end; an earlier paint may
// have shown only its top), then adds the same preloads and imports the entry. It goes at once when no paint
// will come (a hidden or prerendering tab) or the browser cannot say (no LCP entries: Safari), and
// FALLBACK_MS after the parse when nothing larger is painted.

const MODULE_PRELOAD = /<link\b[^>]*\srel="modulepreload"[^>]*>/g;
const BUILT_JS = /^\/assets\/[\w.-]+\.js$/;
/** The framework's bootstrap import, as Waku writes it (a plain string in a script, never in RSC data), at
 * the start of a text; a stream looks for its fixed start first. */
export const BOOTSTRAP_IMPORT = /^import\("(\/assets\/[\w.-]+\.js)"\)/;
export const BOOTSTRAP_IMPORT_START = 'import("/assets/';
/** A bootstrap import longer than this is not one: what a stream holds back while looking for it. */
export const BOOTSTRAP_IMPORT_MAX = 160;
const FALLBACK_MS = 200;

/** The head without its module preloads for build files, and their URLs in order. */
export function takeModulePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (tag) => {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1];
    if (!href || !BUILT_JS.test(href)) return tag;
    if (!hrefs.includes(href)) hrefs.push(href);
    return '';
  });
  return { head: rest, hrefs };
}

/** The expression that replaces `import("<entry>")`: a promise of the same module, after the page's paint.
 * `/*after-paint*\/[...]` lists the preloads (the JS budget in bench/configured-js.mjs reads it). */
export function afterPaintImport(entry: string, preloads: string[]): string {
  // Every URL matched BUILT_JS: no quote or backslash can be in it.
  const list = JSON.stringify(preloads);
  return (
    'new Promise(function(r){var d=0,t=performance.now(),g=function(){if(d)return;d=1;' +
    `/*after-paint*/${list}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.crossOrigin="";document.head.appendChild(l)});` +
    `r(import(${JSON.stringify(entry)}))};` +
    'try{if(document.visibilityState!=="visible"||PerformanceObserver.supportedEntryTypes.indexOf("largest-contentful-paint")<0)throw 0;' +
    'new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.startTime>=t)g()})}).observe({type:"largest-contentful-paint",buffered:true})' +
    `}catch(e){g()}setTimeout(g,${FALLBACK_MS})})`
  );
}
