import 'server-only';

// Helpers for reading a page as bytes (its sealing and its rewrite on the way out): a page is never decoded
// into one string, since a string that size is made in V8's old generation and freed only by a full
// collection.

/** The same bytes, as a Buffer (for its native search and decoding of a window), not a copy. */
export const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** Whether the byte is a letter, a digit or `_` (what a regular expression's `\w` matches in ASCII). */
export const isWordByte = (c: number | undefined) =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f);
