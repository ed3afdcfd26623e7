// Local storage as one JSON object per key under the product prefix (docs/product-rules.md). Merging into an existing
// value sums the fields whose names contain '_counter'; other fields are replaced.
const STORAGE_PREFIX = 'tandem';

export type StoredObject = Record<string, unknown>;

export function mergeStored(existing: StoredObject | null | undefined, patch: StoredObject): StoredObject {
  const out: StoredObject = { ...(existing ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    const prev = out[key];
    if (key.includes('_counter') && typeof value === 'number' && typeof prev === 'number') out[key] = prev + value;
    else out[key] = value;
  }
  return out;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
const storageKey = (key: string) => `${STORAGE_PREFIX}:${key}`;

export function readStored(storage: StorageLike, key: string): StoredObject | null {
  try {
    const raw = storage.getItem(storageKey(key));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredObject) : null;
  } catch {
    return null;
  }
}

/** Merge a patch into the object stored under key; storage failures (quota, private mode) are ignored. */
export function writeStored(storage: StorageLike, key: string, patch: StoredObject): StoredObject {
  const merged = mergeStored(readStored(storage, key), patch);
  try {
    storage.setItem(storageKey(key), JSON.stringify(merged));
  } catch {
    /* storage full or disabled: the app works without it */
  }
  return merged;
}
