import 'server-only';
import { parseArgs } from 'node:util';
import { openDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import { analyzeAll } from './db/statistics';
import { seedDemoData } from './demo/seed';
import { GROW_PARTS, growDemoData, type GrowPart } from './demo/grow';
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
    // The planner's statistics of the loaded tables (decision 057).
    else await analyzeAll(database);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `npm run db:grow -- --factor N [--only offers,salaries] [--no-refresh]`: migrate and seed as db:seed does,
 * then grow the demo world to N times its size (src/server/demo/grow.ts, decision 056).
 */
export async function grow(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { factor: { type: 'string' }, only: { type: 'string' }, 'no-refresh': { type: 'boolean' } },
    strict: true,
  });
  const factor = Number(values.factor);
  if (!values.factor || !Number.isInteger(factor)) throw new Error('usage: npm run db:grow -- --factor N [--only parts] [--no-refresh]');
  const only = values.only?.split(',').map((p) => p.trim());
  const unknown = only?.filter((p) => !(GROW_PARTS as readonly string[]).includes(p));
  if (unknown?.length) throw new Error(`unknown part ${unknown.join(', ')} (there are: ${GROW_PARTS.join(', ')})`);
  const started = Date.now();
  const code = await seed();
  if (code) return code;
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await growDemoData(database, { factor, only: only as GrowPart[] | undefined, refresh: !values['no-refresh'] });
    await analyzeAll(database);
    console.log(`Demo world grown to x${factor} (${database.dialect}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runCommand({ main, seed, grow });
