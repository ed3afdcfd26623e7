import 'server-only';
import { BOOTSTRAP_IMPORT, BOOTSTRAP_IMPORT_MAX, BOOTSTRAP_IMPORT_START, afterPaintImport, takeModulePreloads } from './after-paint';
import { inlineHeadStylesheets } from './inline-css';
import { asBuffer, isWordByte } from './page-bytes';

// A page's HTML on its way out (decision 031): the head is held until `</head>` and rewritten
// (the build's stylesheet inline, the module preloads taken out), then the body flows on, held back only
// by the last few bytes of each chunk until the framework's bootstrap import has been found and made to
// wait for the first paint. Everything else passes byte for byte: the body is searched as bytes, never
// copied whole nor decoded (a render's page-sized copies are what sets off the full garbage collections
// under load).

const HEAD_END = new TextEncoder().encode('</head>');
/** A head longer than this is not a page's head: the stream is passed on untouched. */
const MAX_HEAD_BYTES = 256 * 1024;

const concat = (a: Uint8Array, b: Uint8Array) => {
  const all = new Uint8Array(a.length + b.length);
  all.set(a);
  all.set(b, a.length);
  return all;
};
const NEEDLE = Buffer.from(BOOTSTRAP_IMPORT_START, 'latin1');

/**
 * The bootstrap import in `bytes` starting before `limit`: found (where it starts and ends, the entry), or
 * `cut` where one may start but the bytes end before it can be told, or null. Only a window the size of an
 * import is decoded; the page's bytes are searched as they are.
 */
function findBootstrap(bytes: Uint8Array, limit: number, before: number | undefined) {
  const buf = asBuffer(bytes);
  for (let i = buf.indexOf(NEEDLE); i !== -1 && i < limit; i = buf.indexOf(NEEDLE, i + 1)) {
    const end = Math.min(buf.length, i + BOOTSTRAP_IMPORT_MAX);
    // One byte, one character: the pattern is ASCII.
    const window = buf.toString('latin1', i, end);
    const m = BOOTSTRAP_IMPORT.exec(window);
    const prev = i > 0 ? buf[i - 1] : before;
    if (m && !isWordByte(prev)) return { found: true as const, start: i, end: i + m[0].length, entry: m[1]! };
    if (!m && end - i < BOOTSTRAP_IMPORT_MAX) return { found: false as const, cut: i };
  }
  return null;
}

export function rewritePageHtml(body: ReadableStream<Uint8Array>, cssOf: (href: string) => Uint8Array | null): ReadableStream<Uint8Array> {
  let state: 'head' | 'body' | 'rest' = 'head';
  /** Bytes not sent yet: the head so far, then in the body where an import may start (at most its length). */
  let held = new Uint8Array(0);
  /** The body's last byte sent, for the import's word boundary. */
  let before: number | undefined;
  let preloads: string[] = [];
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (state === 'rest') return controller.enqueue(chunk);
        if (state === 'head') {
          const all = concat(held, chunk);
          const end = asBuffer(all).indexOf(HEAD_END, Math.max(0, held.length - HEAD_END.length));
          if (end === -1) {
            if (all.length > MAX_HEAD_BYTES) {
              state = 'rest';
              controller.enqueue(all);
            } else held = all;
            return;
          }
          const taken = takeModulePreloads(new TextDecoder().decode(all.subarray(0, end)));
          preloads = taken.hrefs;
          for (const part of inlineHeadStylesheets(taken.head, cssOf))
            controller.enqueue(typeof part === 'string' ? new TextEncoder().encode(part) : part);
          held = new Uint8Array(0);
          chunk = all.subarray(end);
          state = 'body';
        }
        // The body, up to the bootstrap import: the bytes held back are looked at with this chunk's start, then
        // the chunk alone. A chunk is never copied whole nor decoded.
        const found = (bytes: Uint8Array, f: { start: number; end: number; entry: string }, ...rest: Uint8Array[]) => {
          controller.enqueue(bytes.subarray(0, f.start));
          controller.enqueue(new TextEncoder().encode(afterPaintImport(f.entry, preloads)));
          for (const r of rest) controller.enqueue(r);
          state = 'rest';
          held = new Uint8Array(0);
        };
        if (held.length && chunk.length < BOOTSTRAP_IMPORT_MAX) {
          // A short chunk: looked at with what was held, as one.
          chunk = concat(held, chunk);
          held = new Uint8Array(0);
        } else if (held.length) {
          const h = held.length;
          const joint = concat(held, chunk.subarray(0, BOOTSTRAP_IMPORT_MAX));
          // An import starting in what was held ends in `joint`: it is at most that long.
          const f = findBootstrap(joint, h, before);
          if (f?.found) return f.end >= h ? found(joint, f, chunk.subarray(f.end - h)) : found(joint, f, joint.subarray(f.end, h), chunk);
          controller.enqueue(held);
          before = held[h - 1];
          held = new Uint8Array(0);
        }
        const f = findBootstrap(chunk, chunk.length, before);
        if (f?.found) return found(chunk, f, chunk.subarray(f.end));
        // Kept back: a possible import's start, or the last bytes, which could begin one.
        const keep = f ? f.cut : Math.max(0, chunk.length - (NEEDLE.length - 1));
        controller.enqueue(chunk.subarray(0, keep));
        if (keep > 0) before = chunk[keep - 1];
        held = chunk.slice(keep);
      },
      flush(controller) {
        if (held.length) controller.enqueue(held);
      },
    }),
  );
}
