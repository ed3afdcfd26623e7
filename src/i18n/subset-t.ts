import type { T } from './translate';

// A translator over a few raw messages (translate.ts's messageGroups), for a client island that formats with
// the same components as the server: `{{name}}` is filled as rosetta fills it (a missing value is empty), and
// a missing key shows the key itself.
export function subsetT(table: Readonly<Record<string, string>>): T {
  return (key, params) =>
    Object.hasOwn(table, key) ? table[key]!.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? '')) : key;
}
