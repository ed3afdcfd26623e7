import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sniffImage } from './image-store';
import { UPLOAD_KINDS, UPLOAD_NAME, type UploadStore } from './upload-store';

export type CopyCounts = { copied: number; skipped: number; ignored: number };

/**
 * Copy the pictures of an uploads folder of the time before decision 033 (`{avatars,logos}/*.webp`) into a
 * store. Keys already there are skipped, so it can run again; the folder is only read, never changed.
 * Anything else there (temporary files, other names, files that are not WebP) is counted and left alone.
 */
export async function copyUploadsFolder(dir: string, store: UploadStore, log: (line: string) => void = () => {}): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, ignored: 0 };
  for (const kind of UPLOAD_KINDS) {
    const folder = join(dir, kind);
    const entries = await readdir(folder, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const key = `${kind}/${entry.name}`;
      if (!entry.isFile() || !UPLOAD_NAME.test(entry.name)) {
        counts.ignored++;
        log(`ignored ${key}: not a picture name`);
      } else if (await store.has(key)) {
        counts.skipped++;
      } else {
        const bytes = await readFile(join(folder, entry.name));
        if (sniffImage(bytes) !== 'webp') {
          counts.ignored++;
          log(`ignored ${key}: not a WebP file`);
          continue;
        }
        await store.put(key, bytes, 'image/webp');
        counts.copied++;
      }
    }
  }
  return counts;
}
