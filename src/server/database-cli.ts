import 'server-only';
import { openDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './demo/seed';
import { getConfig } from './config';
import { loadContentInto } from './learning/content-load';
import { runCommand } from './run-command';

/** `npm run db:migrate`: bring DATABASE_URL (or the embedded SQLite file) up to the latest schema. */
export async function main(): Promise<number> {
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    const result = await migrateToLatest(database);
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : `Database (${database.dialect}) is up to date.`);
    return 0;
  } finally {
    await database.close();
  }
}

/** `npm run db:seed`: migrate, then create the demo world unless it is there. */
export async function seed(): Promise<number> {
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    await loadContentInto(database, getConfig().LEARNING_CONTENT_DIR);
    const created = await seedDemoData(database);
    if (!created) console.log('Demo data is already there.');
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runCommand({ main, seed });
