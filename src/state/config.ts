import { atom } from 'jotai';
import type { PublicConfig } from '../lib/public-config';

// Seeded by the server on every request through useHydrateAtoms; never read from a module-level store.
export const publicConfigAtom = atom<PublicConfig | null>(null);
