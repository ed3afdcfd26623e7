import 'server-only';
import { createHash } from 'node:crypto';

// Where uploaded pictures live, shared by every instance behind the load balancer (decision 033): the
// database by default, an S3-compatible bucket when S3_BUCKET is set. A key is `{kind}/{name}`, the public
// path without its /uploads/ prefix; names carry a content hash, so a key's bytes never change.
export const UPLOAD_KIND = /^(avatars|logos)$/;
export const UPLOAD_NAME = /^[\w-]{1,120}\.webp$/;
export const UPLOAD_KINDS = ['avatars', 'logos'] as const;
/** CVs (decision 050) and data exports (decision 072): stored here too, but never under /uploads (that route
 * serves the kinds above only). */
const PRIVATE_UPLOAD_KEY = /^(cvs\/[\w-]{1,120}\.pdf|exports\/[\w-]{1,120}\.zip)$/;

export type StoredUpload = {
  bytes: Uint8Array;
  contentType: string;
  size: number;
  /** SHA-256 of the bytes, in hex: the ETag of the public answer. */
  sha256: string;
};

export interface UploadStore {
  /** Store (or replace) the bytes under a key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored picture, or null when the key is unknown; throws when the store cannot answer. */
  get(key: string): Promise<StoredUpload | null>;
  has(key: string): Promise<boolean>;
  /** Forget a key (an unknown key is fine). */
  delete(key: string): Promise<void>;
}

export function isUploadKey(key: string): boolean {
  if (PRIVATE_UPLOAD_KEY.test(key)) return true;
  const slash = key.indexOf('/');
  return slash > 0 && UPLOAD_KIND.test(key.slice(0, slash)) && UPLOAD_NAME.test(key.slice(slash + 1));
}

/** Every store checks its keys: a key is also an object name in a bucket and a primary key. */
export function checkKey(key: string): string {
  if (!isUploadKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key.slice(0, 200))}`);
  return key;
}

/** The key of a public path (/uploads/logos/1-ab.webp), or null for anything else. */
export function uploadKeyOf(publicPath: string | null | undefined): string | null {
  const key = publicPath?.startsWith('/uploads/') ? publicPath.slice('/uploads/'.length) : null;
  return key && isUploadKey(key) ? key : null;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
