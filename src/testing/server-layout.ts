// The server's layout as rules over the import graph and the source text (src/server/server-layout.test.ts
// checks the tree; each rule is also tried on a small example that breaks it).
//
//   base         config, errors, request context, db/ (the connection, migrations, schema) and limits/
//   domains      every other folder: accounts, offers, salaries, learning, meetings, email, uploads, flags...
//                each owns its services, its rules and, in its data/ folder, its SQL
//   web          http/, render/, api/, cms/, seo/: the doors that turn requests into calls on the domains
//   composition  container.ts, database.ts, database-cli.ts, mail-preview-cli.ts, demo/: wire the domains together
import type { ModuleInfo } from './import-graph';

type Graph = Map<string, ModuleInfo>;
export type Part = 'base' | 'domain' | 'web' | 'composition' | 'other';

const BASE_FOLDERS = new Set(['db', 'limits']);
const WEB_FOLDERS = new Set(['http', 'render', 'api', 'cms', 'seo']);
const COMPOSITION = new Set(['container.ts', 'database.ts', 'database-cli.ts', 'mail-preview-cli.ts', 'demo']);

/** Which part of the server a file belongs to ('other' outside src/server). */
export function partOf(file: string): Part {
  const m = /^src\/server\/([^/]+)(\/)?/.exec(file);
  if (!m) return 'other';
  const [, first, isFolder] = m;
  if (COMPOSITION.has(first!)) return 'composition';
  if (!isFolder) return 'base'; // config.ts, errors.ts, request-context.ts...
  if (BASE_FOLDERS.has(first!)) return 'base';
  if (WEB_FOLDERS.has(first!)) return 'web';
  return 'domain';
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('src/testing/');

function edgesOf(graph: Graph, keep: (from: string, to: string, typeOnly: boolean) => boolean): string[] {
  const out: string[] = [];
  for (const m of graph.values()) {
    if (isTest(m.file)) continue;
    for (const e of m.edges) if (keep(m.file, e.to, e.typeOnly)) out.push(`${m.file} -> ${e.to}`);
  }
  return out;
}

/** Domains never import the web doors or the composition (they are called by them, not the reverse). */
export const domainsReachingUp = (graph: Graph) =>
  edgesOf(graph, (from, to) => partOf(from) === 'domain' && (partOf(to) === 'web' || partOf(to) === 'composition'));

/** Each domain declares its tables' row types beside its SQL; the base's schema gathers them (types only). */
const tableTypes = (to: string, typeOnly: boolean) => typeOnly && /^src\/server\/[^/]+\/data\/tables\.ts$/.test(to);

/** The base imports only the base (and code outside the server), the domains' table types aside. */
export const baseReachingUp = (graph: Graph) =>
  edgesOf(
    graph,
    (from, to, typeOnly) => partOf(from) === 'base' && partOf(to) !== 'base' && partOf(to) !== 'other' && !tableTypes(to, typeOnly),
  );

/** A domain's data/ folder is its own: other domains and the doors go through its services. */
export const foreignDataImports = (graph: Graph) =>
  edgesOf(graph, (from, to, typeOnly) => {
    if (!/^src\/server\/[^/]+\/data\//.test(to) || partOf(from) === 'composition') return false;
    if (from === 'src/server/db/schema.ts' && tableTypes(to, typeOnly)) return false;
    return to.split('/')[2] !== from.split('/')[2];
  });

const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;

/** Files that run SQL outside a data/ folder or db/ (tests and test helpers aside). */
export function sqlOutsideData(files: { file: string; text: string }[]): string[] {
  return files
    .filter(
      ({ file }) => !isTest(file) && !/\/data\//.test(file) && !file.startsWith('src/server/db/') && !file.startsWith('src/server/demo/'),
    )
    .filter(({ text }) => SQL.test(text))
    .map(({ file }) => file);
}
