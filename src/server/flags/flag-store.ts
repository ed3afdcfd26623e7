import 'server-only';
import type { FeatureDefinition } from '@growthbook/growthbook';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { toDate } from '../db/schema';
import shipped from './features.json';
import { deleteOverride, lastChange, overrides, upsertOverride } from './data/flag-rows';

// The feature flags the embedded GrowthBook-compatible service serves (decision 022): the definitions versioned
// in features.json, with operators' overrides from the database on top. A change (set or unset) moves
// dateUpdated and is pushed to subscribers (the SSE stream), which poll the database while anyone listens,
// so every instance sees every change.
export type FeaturesPayload = { status: 200; features: Record<string, FeatureDefinition>; experiments: []; dateUpdated: string };
export type FlagEntry = { key: string; source: 'file' | 'override'; definition: FeatureDefinition };

const KEY = /^[a-z0-9][a-z0-9_.-]{0,99}$/;
const CHANGE = 'overrides';

export class FlagError extends Error {}

/** A definition from the command line or the file: an object with defaultValue (and rules), or a bare value. */
function definitionOf(raw: unknown): FeatureDefinition {
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && 'defaultValue' in raw) {
    const d = raw as FeatureDefinition;
    if (d.rules !== undefined && (!Array.isArray(d.rules) || d.rules.some((r) => !r || typeof r !== 'object')))
      throw new FlagError('"rules" must be a list of rule objects');
    return d;
  }
  if (raw === undefined) throw new FlagError('a value is required');
  return { defaultValue: raw };
}

export function createFlagStore(
  db: Kysely<DB>,
  opts: { pollMs?: number; file?: { dateUpdated: string; features: Record<string, unknown> } } = {},
) {
  const file = opts.file ?? shipped;
  const fileFeatures = Object.fromEntries(Object.entries(file.features).map(([k, v]) => [k, definitionOf(v)]));
  const listeners = new Set<(p: FeaturesPayload) => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastDate = '';

  async function payload(): Promise<FeaturesPayload> {
    // The change mark first, then the overrides: the features read are never older than the date they carry,
    // so a poll that sees a new date also sends the new flags (two parallel reads could pair a new date with
    // old overrides, and the change would never be pushed).
    const change = await lastChange(db, CHANGE);
    const rows = await overrides(db);
    const features: Record<string, FeatureDefinition> = { ...fileFeatures };
    for (const r of rows) features[r.key] = JSON.parse(r.definition_json) as FeatureDefinition;
    const changed = toDate(change?.changed_at ?? null);
    const base = new Date(file.dateUpdated);
    const dateUpdated = (changed && changed > base ? changed : base).toISOString();
    return { status: 200, features, experiments: [], dateUpdated };
  }

  async function poll() {
    const p = await payload();
    if (p.dateUpdated !== lastDate) {
      lastDate = p.dateUpdated;
      for (const l of listeners) l(p);
    }
  }

  return {
    payload,
    async list(): Promise<FlagEntry[]> {
      const rows = await overrides(db);
      const over = new Map(rows.map((r) => [r.key, JSON.parse(r.definition_json) as FeatureDefinition]));
      const keys = [...new Set([...Object.keys(fileFeatures), ...over.keys()])].sort();
      return keys.map((key) =>
        over.has(key) ? { key, source: 'override', definition: over.get(key)! } : { key, source: 'file', definition: fileFeatures[key]! },
      );
    },
    async set(key: string, raw: unknown, now = new Date()): Promise<FeatureDefinition> {
      if (!KEY.test(key)) throw new FlagError(`"${key}" is not a flag key (a-z, 0-9, _ . -; up to 100 characters)`);
      const definition = definitionOf(raw);
      const at = now.toISOString();
      await upsertOverride(db, CHANGE, key, JSON.stringify(definition), at);
      return definition;
    },
    /** Removes an override (the file's definition, if any, applies again); false when there was none. */
    async unset(key: string, now = new Date()): Promise<boolean> {
      const at = now.toISOString();
      return deleteOverride(db, CHANGE, key, at);
    },
    /** Stops pushing (shutdown): subscribers are dropped and polling ends. */
    stop(): void {
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    /** Calls `fn` with the new payload on every change; the returned function unsubscribes. */
    subscribe(fn: (p: FeaturesPayload) => void): () => void {
      listeners.add(fn);
      if (!timer) {
        void payload().then((p) => (lastDate ||= p.dateUpdated));
        timer = setInterval(() => void poll().catch((e) => console.error('[flags] polling failed:', e)), opts.pollMs ?? 2000);
        timer.unref?.();
      }
      return () => {
        listeners.delete(fn);
        if (!listeners.size && timer) {
          clearInterval(timer);
          timer = undefined;
          lastDate = '';
        }
      };
    },
  };
}

export type FlagStore = ReturnType<typeof createFlagStore>;
