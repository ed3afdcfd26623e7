import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The FX table a new database starts with (local units per USD, with their date): reference data, not demo
 * data, so a database without the demo world (SEED_DEMO=false) can import surveys and take contributions
 * too. `npm run fx:set` replaces any rate; rates already set are never overwritten by these.
 */
export const DEFAULT_FX = {
  asOf: '2026-11-01',
  rates: { PEN: 3.75, MXN: 18.2, COP: 4100, CLP: 950, ARS: 1450, USD: 1, UYU: 40, BOB: 6.91, CRC: 505, EUR: 0.92 },
} as const;

/** Add the default rate of every currency the table lacks. */
export async function ensureFxRates(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('fx_rates')
    .values(Object.entries(DEFAULT_FX.rates).map(([currency, usd_rate]) => ({ currency, usd_rate, as_of: DEFAULT_FX.asOf })))
    .onConflict((oc) => oc.column('currency').doNothing())
    .execute();
}
