import 'server-only';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { createFlagStore, FlagError } from './flag-store';
import { runCommand } from '../run-command';

const USAGE = `usage: npm run flags -- list
       npm run flags -- set <key> <value | JSON definition>   (e.g. set hire-landing-variant '"calculator-first"')
       npm run flags -- unset <key>`;

/** Parses a command-line value: JSON when it is JSON, else the text itself. */
export function valueOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `npm run flags`: list the flags, or override one in DATABASE_URL (open pages get it through the stream). */
export async function main(args: string[]): Promise<number> {
  const [command, key = '', value] = args;
  if (
    !command ||
    !['list', 'set', 'unset'].includes(command) ||
    (command !== 'list' && !key) ||
    (command === 'set' && value === undefined)
  ) {
    console.error(USAGE);
    return 2;
  }
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    const store = createFlagStore(database.db);
    if (command === 'list') {
      for (const f of await store.list()) console.log(`${f.key}\t${f.source}\t${JSON.stringify(f.definition)}`);
    } else if (command === 'set') {
      const definition = JSON.stringify(await store.set(key, valueOf(value!)));
      console.log(`${key} = ${definition}`);
    } else {
      console.log((await store.unset(key)) ? `${key}: override removed` : `${key}: no override to remove`);
    }
    return 0;
  } catch (e) {
    if (e instanceof FlagError) {
      console.error(`flags: ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runCommand({ main });
