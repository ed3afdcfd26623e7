import 'server-only';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { getConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { copyUploadsFolder } from './copy-files';
import { describeUploadStore, openUploadStore } from './open-store';
import { runCommand } from '../run-command';

/**
 * `npm run uploads:migrate [-- DIR]`: copy the pictures of UPLOADS_DIR (or DIR) into the configured store
 * (the database of DATABASE_URL, or the S3 bucket). Safe to run again; the folder is never changed.
 */
export async function main(args: string[]): Promise<number> {
  const config = getConfig();
  const dir = resolve(args.find((a) => !a.startsWith('--')) ?? config.UPLOADS_DIR);
  let database: Database | undefined;
  try {
    const store = await openUploadStore(config, async () => {
      database = openDatabase(process.env.DATABASE_URL);
      await migrateToLatest(database);
      return database;
    });
    if (!existsSync(dir)) {
      console.log(`No uploads folder at ${dir}: nothing to copy.`);
      return 0;
    }
    console.log(`Copying the pictures of ${dir} into ${describeUploadStore(config, database)}…`);
    const c = await copyUploadsFolder(dir, store, (line) => console.log(`  ${line}`));
    console.log(`Copied: ${c.copied}; already there: ${c.skipped}; ignored: ${c.ignored}. The folder was left as it was.`);
    return 0;
  } catch (err) {
    console.error(`uploads:migrate failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await database?.close();
  }
}

if (import.meta.main) await runCommand({ main });
