import 'server-only';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { getConfig } from '../config';
import { loadContentInto } from './content-load';
import { runCommand } from '../run-command';

/** `npm run content:load`: check the content files and copy them into DATABASE_URL (or the embedded SQLite file). */
export async function main(): Promise<number> {
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    const dir = getConfig().LEARNING_CONTENT_DIR;
    const r = await loadContentInto(database, dir);
    if (!r.changed) console.log(`[content] the database already has these files (${r.courses} courses, ${r.interviews} interviews).`);
    return 0;
  } catch (e) {
    console.error(`[content] not loaded: ${(e as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runCommand({ main });
