import { atom } from 'jotai';

// Navigation progress for the top loading bar: 'loading' from the moment a navigation starts until the new
// page is committed; 'error' when it failed. seq changes on every start so repeated starts restart the bar.
export type NavigationState = { phase: 'idle' | 'loading' | 'done' | 'error'; seq: number };
export const navigationAtom = atom<NavigationState>({ phase: 'idle', seq: 0 });
