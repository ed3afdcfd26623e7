import 'server-only';
import type { Database } from '../../db/client';
import { deleteUpload, findUpload, hasUpload, putUpload } from './upload-rows';
import { checkKey, sha256Hex, type UploadStore } from '../upload-store';

/** The default store: the uploads table of the app's database, which every instance already shares. */
export function createDatabaseStore({ db }: Pick<Database, 'db'>): UploadStore {
  return {
    async put(key, bytes, contentType) {
      await putUpload(db, { key: checkKey(key), contentType, bytes, sha256: sha256Hex(bytes) });
    },
    async get(key) {
      const row = await findUpload(db, checkKey(key));
      if (!row) return null;
      // pg answers a Buffer, node:sqlite a Uint8Array: both are Uint8Array.
      return { bytes: row.bytes, contentType: row.content_type, size: Number(row.byte_size), sha256: row.sha256 };
    },
    async has(key) {
      return hasUpload(db, checkKey(key));
    },
    async delete(key) {
      await deleteUpload(db, checkKey(key));
    },
  };
}
