import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The built stylesheet inside the page's <head> (issue 17, decision 031): the first paint then needs the HTML
// alone, not a second round trip for a render-blocking file. Each <link rel="stylesheet"> the page's head
// carries for one of our build's CSS files (/assets/<name>.css, read once from the build folder, never
// anything a request says) becomes a <style> with that file's text, followed by the same link marked
// `disabled`: browsers do not fetch a disabled stylesheet, and React finds its resource in the document
// (link[rel=stylesheet][data-precedence][href]) and so never inserts the link again, on hydration or after
// a client navigation (the RSC payload keeps the plain link; its CSS is the one already inline).

const HEAD_END = new TextEncoder().encode('</head>');
/** A head longer than this is not a page's head: the stream is passed on untouched. */
const MAX_HEAD_BYTES = 256 * 1024;
/** Larger stylesheets stay linked: inlining them would cost every page more than one cached file does. */
const MAX_INLINE_BYTES = 128 * 1024;
const LINK_TAG = /<link\b[^>]*>/g;
const BUILT_CSS = /^\/assets\/[\w.-]+\.css$/;

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The text of a build CSS file by its URL path, or null when it is not one (or must not be inlined). */
export function builtCssReader(staticRoot: string): (href: string) => string | null {
  const known = new Map<string, string | null>();
  return (href) => {
    if (!BUILT_CSS.test(href)) return null;
    let css = known.get(href);
    if (css === undefined) {
      try {
        css = readFileSync(join(staticRoot, href), 'utf8');
      } catch {
        css = null;
      }
      // A `</style` in the text would end the element early.
      if (css !== null && (css.length > MAX_INLINE_BYTES || /<\/style/i.test(css))) {
        console.warn(`[inline-css] ${href} stays linked (${css.length} B or a closing tag in it)`);
        css = null;
      }
      known.set(href, css);
    }
    return css;
  };
}

/** The head's stylesheet links for build files replaced by their text (see the header comment). */
export function inlineHeadStylesheets(head: string, cssOf: (href: string) => string | null): string {
  return head.replace(LINK_TAG, (tag) => {
    const href = attr(tag, 'href');
    const precedence = attr(tag, 'data-precedence');
    if (attr(tag, 'rel') !== 'stylesheet' || !href || precedence === undefined || / disabled\b/.test(tag)) return tag;
    const css = cssOf(href);
    if (css === null) return tag;
    // href and precedence are attribute values as React escaped them: written back as they were.
    const style = `<style data-precedence="${precedence}" data-href="${href}">${css}</style>`;
    return style + tag.replace(/\s*\/?>$/, ' disabled=""/>');
  });
}

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (let i = bytes.indexOf(first!, from); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first!, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** An HTML stream with its head's stylesheets inlined: the head is held until `</head>`, the rest flows on. */
export function inlineStylesheetsInStream(
  body: ReadableStream<Uint8Array>,
  cssOf: (href: string) => string | null,
): ReadableStream<Uint8Array> {
  let held: Uint8Array | null = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!held) return controller.enqueue(chunk);
        const all = new Uint8Array(held.length + chunk.length);
        all.set(held);
        all.set(chunk, held.length);
        const end = indexOf(all, HEAD_END, Math.max(0, held.length - HEAD_END.length));
        if (end === -1) {
          if (all.length > MAX_HEAD_BYTES) {
            held = null;
            controller.enqueue(all);
          } else held = all;
          return;
        }
        held = null;
        const head = new TextDecoder().decode(all.subarray(0, end));
        controller.enqueue(new TextEncoder().encode(inlineHeadStylesheets(head, cssOf)));
        controller.enqueue(all.subarray(end));
      },
      flush(controller) {
        if (held?.length) controller.enqueue(held);
      },
    }),
  );
}
