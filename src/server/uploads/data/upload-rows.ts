import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The uploads table (migration 014): one row per stored picture, read and written by key.

export async function putUpload(
  db: Kysely<DB>,
  row: { key: string; contentType: string; bytes: Uint8Array; sha256: string },
): Promise<void> {
  // pg sends a Buffer as bytea (a bare Uint8Array is not one); node:sqlite takes either as a BLOB.
  const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  await db
    .insertInto('uploads')
    .values({ key: row.key, content_type: row.contentType, bytes, byte_size: bytes.byteLength, sha256: row.sha256 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        content_type: eb.ref('excluded.content_type'),
        bytes: eb.ref('excluded.bytes'),
        byte_size: eb.ref('excluded.byte_size'),
        sha256: eb.ref('excluded.sha256'),
      })),
    )
    .execute();
}

export async function findUpload(db: Kysely<DB>, key: string) {
  return db.selectFrom('uploads').select(['content_type', 'bytes', 'byte_size', 'sha256']).where('key', '=', key).executeTakeFirst();
}

export async function hasUpload(db: Kysely<DB>, key: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst();
  return !!row;
}

export async function deleteUpload(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}
