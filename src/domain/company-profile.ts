import { isSkill } from './catalog';

// A company's perks and tech stack (decision 086): the limits the editor states and the action checks,
// and the stored form (a JSON array of strings in a text column) read back leniently.

export const PERKS_MAX = 12;
export const PERK_MAX_CHARS = 80;
export const STACK_MAX = 15;

/** The perks typed one per line: trimmed, empty lines and repeats dropped. */
export const perkLines = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  ),
];

/** A stored list (null, or JSON that is not an array of strings, reads as none). */
export function storedList(json: string | null): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored stack keeps only the skills the catalogue still knows. */
export const storedStack = (json: string | null): string[] => storedList(json).filter(isSkill);
