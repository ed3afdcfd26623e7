import 'server-only';
import { BOOTSTRAP_IMPORT_MAX, bootstrapAfterPaint, takeModulePreloads } from './after-paint';
import { inlineHeadStylesheets } from './inline-css';

// A page's HTML on its way out (decision 031): the head is held until `</head>` and rewritten
// (the build's stylesheet inline, the module preloads taken out), then the body flows on, held back only
// by the last few bytes of each chunk until the framework's bootstrap import has been found and made to
// wait for the first paint. Everything else passes byte for byte.

const HEAD_END = new TextEncoder().encode('</head>');
/** A head longer than this is not a page's head: the stream is passed on untouched. */
const MAX_HEAD_BYTES = 256 * 1024;

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first, from); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const all = new Uint8Array(a.length + b.length);
  all.set(a);
  all.set(b, a.length);
  return all;
};
// One byte, one character (and back): the patterns are ASCII, and the bytes around them stay as they were.
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

export function rewritePageHtml(body: ReadableStream<Uint8Array>, cssOf: (href: string) => string | null): ReadableStream<Uint8Array> {
  let state: 'head' | 'body' | 'rest' = 'head';
  let held = new Uint8Array(0);
  let preloads: string[] = [];
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (state === 'rest') return controller.enqueue(chunk);
        let all = concat(held, chunk);
        if (state === 'head') {
          const end = indexOf(all, HEAD_END, Math.max(0, held.length - HEAD_END.length));
          if (end === -1) {
            if (all.length > MAX_HEAD_BYTES) {
              state = 'rest';
              controller.enqueue(all);
            } else held = all;
            return;
          }
          const taken = takeModulePreloads(new TextDecoder().decode(all.subarray(0, end)));
          preloads = taken.hrefs;
          controller.enqueue(new TextEncoder().encode(inlineHeadStylesheets(taken.head, cssOf)));
          all = all.subarray(end);
          state = 'body';
        }
        const text = latin1(all);
        const rewritten = bootstrapAfterPaint(text, preloads);
        if (rewritten !== null) {
          state = 'rest';
          held = new Uint8Array(0);
          return controller.enqueue(Buffer.from(rewritten, 'latin1'));
        }
        // The import may be cut by the chunk's end: its possible start stays for the next chunk.
        const keep = Math.min(all.length, BOOTSTRAP_IMPORT_MAX);
        controller.enqueue(all.subarray(0, all.length - keep));
        held = all.slice(all.length - keep);
      },
      flush(controller) {
        if (held.length) controller.enqueue(held);
      },
    }),
  );
}
