import 'server-only';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

// A ZIP written entry by entry with fflate's streaming writer (decision 072): each entry is added, its
// bytes pushed and dropped as soon as it is compressed, so only the output and one entry are in memory.
// Pictures and PDFs are compressed already: they are stored as they are.
export type ZipEntry = { name: string; bytes: Uint8Array; compress: boolean };

export async function writeZip(entries: AsyncIterable<ZipEntry>, mtime = new Date()): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const state: { failure: Error | null; done: boolean } = { failure: null, done: false };
  const zip = new Zip((err, chunk, final) => {
    if (err) state.failure = err;
    else chunks.push(chunk);
    if (final) state.done = true;
  });
  for await (const e of entries) {
    const entry = e.compress ? new ZipDeflate(e.name, { level: 6 }) : new ZipPassThrough(e.name);
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(e.bytes, true);
    if (state.failure) throw state.failure;
  }
  zip.end();
  if (state.failure) throw state.failure;
  if (!state.done) throw new Error('The ZIP writer did not finish');
  return Buffer.concat(chunks);
}
