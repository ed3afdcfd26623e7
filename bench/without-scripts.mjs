// The same page with no JavaScript: what the document itself (its HTML, stylesheet, fonts and images) costs a
// phone, the ceiling that no script strategy can rise above. `npm run lighthouse` measures it through a proxy
// that serves our own pages with this applied.

const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The HTML without its executable scripts (inline or not) and without the hints that fetch scripts early.
 * Data blocks such as JSON-LD stay: the browser never runs them. @param {string} html */
export function withoutScripts(html) {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (whole, attrs) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
      return EXECUTABLE.has(type) ? '' : whole;
    })
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi, '')
    .replace(/<link\b(?=[^>]*\brel\s*=\s*["']?preload\b)(?=[^>]*\bas\s*=\s*["']?script\b)[^>]*>/gi, '');
}
