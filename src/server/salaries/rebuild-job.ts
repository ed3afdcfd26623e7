import 'server-only';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { rebuildAggregates } from './data/aggregate-build';
import { currencyOf } from './mapping';
import type { CountryId } from '../../domain/catalog';

// The salary aggregates' full rebuild as a process of its own (decision 059), bundled by the production
// build as dist/jobs/salary-rebuild.mjs and started by the serving process that holds the build lease
// (aggregate-runner.ts), which it keeps while this runs.
const database = openDatabase(process.env.DATABASE_URL, { poolSize: 2 });
try {
  await migrateToLatest(database);
  const groups = await rebuildAggregates(database.db, (c) => currencyOf(c as CountryId), { holdsLease: true });
  console.log(`[salaries] ${groups} groups built (max RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`);
} finally {
  await database.close();
}
