import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The built stylesheet inside the page's <head> (decision 031): the first paint then needs the HTML
// alone, not a second round trip for a render-blocking file. Each <link rel="stylesheet"> the page's head
// carries for one of our build's CSS files (/assets/<name>.css, read once from the build folder, never
// anything a request says) becomes a <style> with that file's text, followed by the same link made inert:
// React finds its resource in the document (link[rel=stylesheet][data-precedence][href]) and so never
// inserts the link again, on hydration or after a client navigation (the RSC payload keeps the plain link;
// its CSS is the one already inline). Inert takes two attributes: `disabled` alone is not enough, since
// Chromium 149 and 150 still fetched a disabled stylesheet from the HTML; a `type` that is not a
// styling language is never fetched by any browser (the HTML standard says so), and `disabled` keeps it
// from applying should one ever fetch it.

/** Attributes that keep the link in the document without a browser fetching or applying it. */
const INERT = ' type="text/x-inlined" disabled=""';

/** Larger stylesheets stay linked: inlining them would cost every page more than one cached file does. */
const MAX_INLINE_BYTES = 128 * 1024;
const LINK_TAG = /<link\b[^>]*>/g;
const BUILT_CSS = /^\/assets\/[\w.-]+\.css$/;

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A page's head with stylesheets inlined, in order: its own text, and build CSS files' bytes, shared. */
export type HeadParts = (string | Uint8Array)[];

/**
 * The bytes of a build CSS file by its URL path, or null when it is not one (or must not be inlined). Read
 * once and shared by every page that inlines it: each page is sent the same bytes, never a copy, so nothing
 * downstream may write into them (the stream only reads: compression, the page cache, the socket).
 */
export function builtCssReader(staticRoot: string): (href: string) => Uint8Array | null {
  const known = new Map<string, Uint8Array | null>();
  return (href) => {
    if (!BUILT_CSS.test(href)) return null;
    let css = known.get(href);
    if (css === undefined) {
      try {
        css = new Uint8Array(readFileSync(join(staticRoot, href)));
      } catch {
        css = null;
      }
      // A `</style` in the text would end the element early.
      if (css !== null && (css.length > MAX_INLINE_BYTES || /<\/style/i.test(Buffer.from(css).toString('latin1')))) {
        console.warn(`[inline-css] ${href} stays linked (${css.length} B or a closing tag in it)`);
        css = null;
      }
      known.set(href, css);
    }
    return css;
  };
}

/**
 * The head's stylesheet links for build files replaced by their text (see the header comment), as parts: the
 * CSS goes out as the bytes read once, not copied into a page-sized string per render (strings that size are
 * freed only by full garbage collections).
 */
export function inlineHeadStylesheets(head: string, cssOf: (href: string) => Uint8Array | null): HeadParts {
  const parts: HeadParts = [];
  let from = 0;
  for (const m of head.matchAll(LINK_TAG)) {
    const tag = m[0];
    const href = attr(tag, 'href');
    const precedence = attr(tag, 'data-precedence');
    if (attr(tag, 'rel') !== 'stylesheet' || !href || precedence === undefined || / disabled\b/.test(tag)) continue;
    const css = cssOf(href);
    if (css === null) continue;
    // href and precedence are attribute values as React escaped them: written back as they were.
    parts.push(`${head.slice(from, m.index)}<style data-precedence="${precedence}" data-href="${href}">`, css);
    parts.push(`</style>${tag.replace(/\s*\/?>$/, `${INERT}/>`)}`);
    from = m.index + tag.length;
  }
  parts.push(head.slice(from));
  return parts;
}
