import 'server-only';
import { ServiceError } from '../errors';
import { sha256Hex, uploadKeyOf, type UploadStore } from './upload-store';

// Uploaded pictures (candidate photos, company logos): accepted by their content, not their name or
// declared type (JPEG, PNG or WebP up to 2 MB), re-encoded to a square WebP (which also drops metadata
// such as GPS positions) and put in the shared upload store (decision 033) with a content hash in the name,
// so they can be cached for ever.
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export type ImageKind = 'avatars' | 'logos';

/** The image format from its first bytes, or null. */
export function sniffImage(b: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 12 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP')
    return 'webp';
  return null;
}

export function createImageStore(store: UploadStore) {
  return {
    /** Check, resize and store a picture; answers its public path (/uploads/...). */
    async save(kind: ImageKind, ownerId: number, bytes: Uint8Array, field: string): Promise<string> {
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        throw new ServiceError('invalid-input', { [field]: { key: 'profile.pictureTooLarge', params: { mb: 2 } } });
      if (!sniffImage(bytes)) throw new ServiceError('invalid-input', { [field]: { key: 'profile.pictureType' } });
      const { default: sharp } = await import('sharp');
      let out: Buffer;
      try {
        const size = kind === 'avatars' ? 320 : 256;
        out = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
          .rotate()
          .resize(size, size, { fit: kind === 'avatars' ? 'cover' : 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new ServiceError('invalid-input', { [field]: { key: 'profile.pictureUnreadable' } });
      }
      const name = `${ownerId}-${sha256Hex(out).slice(0, 16)}.webp`;
      await store.put(`${kind}/${name}`, out, 'image/webp');
      return `/uploads/${kind}/${name}`;
    },
    /** Remove a picture this store wrote earlier (best effort: a missing or unreachable one stays, unlinked). */
    async remove(publicPath: string | null): Promise<void> {
      const key = uploadKeyOf(publicPath);
      if (key) await store.delete(key).catch((e: unknown) => console.warn(`[uploads] could not remove ${key}:`, e));
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
