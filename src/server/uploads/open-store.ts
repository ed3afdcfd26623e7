import 'server-only';
import { s3Settings, type ServerConfig } from '../config';
import type { Database } from '../db/client';
import { createDatabaseStore } from './data/database-store';
import { createS3Store } from './s3-store';
import type { UploadStore } from './upload-store';

/** The store the configuration names: the bucket when S3_BUCKET is set, else the database (decision 033). */
export async function openUploadStore(config: ServerConfig, database: () => Promise<Database>): Promise<UploadStore> {
  const s3 = s3Settings(config);
  return s3 ? createS3Store(s3) : createDatabaseStore(await database());
}

/** Where the configured store is, for the migration command's output (no credentials). */
export function describeUploadStore(config: ServerConfig, database?: Database): string {
  const s3 = s3Settings(config);
  if (s3) return `the S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`;
  return `the database${database ? ` (${database.dialect}${database.schema ? `, schema ${database.schema}` : ''})` : ''}`;
}
