import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliBufferAsync, compressBuffer } from './compress';

describe('brotliBufferAsync', () => {
  it('makes on the thread pool the very bytes compressBuffer makes on the event loop', async () => {
    const page = new TextEncoder().encode('<!doctype html><p>Sueldo bruto mensual</p>'.repeat(400));
    const made = await brotliBufferAsync(page);
    expect(Buffer.from(made).equals(Buffer.from(compressBuffer(page, 'br')))).toBe(true);
    expect(new Uint8Array(brotliDecompressSync(made))).toEqual(page);
    expect(made.byteLength).toBeLessThan(page.byteLength / 10);
  });
});
