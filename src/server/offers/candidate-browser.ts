import 'server-only';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { generationSum, PUBLIC_PAGES_GENERATION } from '../db/generations';
import { keyFlag, keyId, keyTime } from '../db/keyset';
import type { DB } from '../db/schema';
import { countCandidates, findCandidates, type CandidateFilter } from './data/candidates';

// The candidate browser's reads (decision 054): pages in two phases, each from its own index, and totals
// kept in memory per (filter, data version).

/** The cursor's key: the phase (1 certified, 0 the others), then the last row's updated_at and user id. */
export const candidateKey = z.tuple([keyFlag, keyTime, keyId]);
type CandidateKey = z.infer<typeof candidateKey>;

const phased = <R>(rows: R[], certified: 0 | 1) => rows.map((r) => ({ ...r, certified }));

/**
 * Up to `limit` public profiles after `key` (from the top without it): the certified phase, then the others;
 * a page that ends the first phase goes on into the second. With the certified filter there is no second.
 */
export async function readCandidates(db: Kysely<DB>, f: CandidateFilter, key: CandidateKey | null, limit: number, at: string) {
  const phase = key?.[0] ?? 1;
  const after = key ? ([key[1], key[2]] as const) : null;
  const certified = phase === 1 ? phased(await findCandidates(db, f, 1, after, limit, at), 1) : [];
  if (certified.length >= limit || f.certified) return certified;
  const others = await findCandidates(db, f, 0, phase === 0 ? after : null, limit - certified.length, at);
  return [...certified, ...phased(others, 0)];
}

const SIZE = 500;
/** Certificates expire with the clock, and an account's suspension purges no page. */
const TTL_MS = 60_000;

/**
 * The totals, kept like the job search's counts: a bounded LRU (a Map keeps insertion order, a hit moves to
 * the end) per (filter, data version: by default the public-pages generation, checked once a second), each
 * entry also dropped when this old. The certified filter is counted on every request, an index-only read of
 * the certified profiles' index: its count moves with the clock and with certificates, which purge nothing.
 */
export function candidateTotals(db: Kysely<DB>, version?: () => number | Promise<number>, now: () => number = Date.now) {
  const watch = version ? null : generationSum(db, [PUBLIC_PAGES_GENERATION], { checkEveryMs: 1000, now });
  const current = version ?? (() => watch!.get());
  const kept = new Map<string, { version: number; at: number; value: Promise<number> }>();
  return async function candidateTotal(f: CandidateFilter): Promise<number> {
    if (f.certified) return countCandidates(db, f);
    const key = JSON.stringify(f);
    const v = await current();
    const at = now();
    const hit = kept.get(key);
    kept.delete(key);
    if (hit && hit.version === v && at - hit.at < TTL_MS) {
      kept.set(key, hit);
      return hit.value;
    }
    const value = countCandidates(db, f);
    kept.set(key, { version: v, at, value });
    value.catch(() => kept.get(key)?.value === value && kept.delete(key));
    while (kept.size > SIZE) kept.delete(kept.keys().next().value!);
    return value;
  };
}
