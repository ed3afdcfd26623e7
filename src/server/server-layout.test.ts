// The server is cut by domain (docs/architecture.md): these rules hold on the whole tree, and each is shown
// failing on a small example that breaks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ModuleInfo } from '../testing/import-graph';
import { baseReachingUp, domainsReachingUp, foreignDataImports, partOf, sqlOutsideData } from '../testing/server-layout';

const root = fileURLToPath(new URL('../..', import.meta.url));
const graph = readImportGraph(root);

/** A graph of one edge, for the failing examples. */
const oneEdge = (from: string, to: string) =>
  new Map<string, ModuleInfo>([[from, { file: from, edges: [{ to, typeOnly: false }], useClient: false, serverOnly: true }]]);

describe('the server layout', () => {
  it('sorts files into base, domains, web doors and composition', () => {
    expect(partOf('src/server/config.ts')).toBe('base');
    expect(partOf('src/server/db/schema.ts')).toBe('base');
    expect(partOf('src/server/offers/hiring-service.ts')).toBe('domain');
    expect(partOf('src/server/offers/data/offers.ts')).toBe('domain');
    expect(partOf('src/server/http/app.ts')).toBe('web');
    expect(partOf('src/server/container.ts')).toBe('composition');
    expect(partOf('src/areas/hire/routes.ts')).toBe('other');
  });

  it('keeps domains from importing the web doors or the composition', () => {
    expect(domainsReachingUp(graph)).toEqual([]);
    expect(domainsReachingUp(oneEdge('src/server/offers/hiring-service.ts', 'src/server/http/forms.ts'))).toHaveLength(1);
    expect(domainsReachingUp(oneEdge('src/server/offers/hiring-service.ts', 'src/server/container.ts'))).toHaveLength(1);
  });

  it('keeps the base free of domains, doors and composition', () => {
    expect(baseReachingUp(graph)).toEqual([]);
    expect(baseReachingUp(oneEdge('src/server/db/migrate.ts', 'src/server/salaries/data/aggregates.ts'))).toHaveLength(1);
    // The schema gathers the domains' table types, as types only.
    expect(baseReachingUp(oneEdge('src/server/db/schema.ts', 'src/server/offers/data/tables.ts'))).toHaveLength(1);
    const typeOnly = new Map(
      [...oneEdge('src/server/db/schema.ts', 'src/server/offers/data/tables.ts')].map(([k, m]) => [
        k,
        { ...m, edges: m.edges.map((e) => ({ ...e, typeOnly: true })) },
      ]),
    );
    expect(baseReachingUp(typeOnly)).toEqual([]);
    expect(foreignDataImports(typeOnly)).toEqual([]);
  });

  it("keeps each domain's data/ folder its own", () => {
    expect(foreignDataImports(graph)).toEqual([]);
    expect(foreignDataImports(oneEdge('src/server/offers/hiring-service.ts', 'src/server/accounts/data/profiles.ts'))).toHaveLength(1);
    expect(foreignDataImports(oneEdge('src/server/http/app.ts', 'src/server/accounts/data/users.ts'))).toHaveLength(1);
    expect(foreignDataImports(oneEdge('src/server/offers/hiring-service.ts', 'src/server/offers/data/offers.ts'))).toEqual([]);
  });

  it('runs SQL only in data/ folders and db/', () => {
    const files = [...graph.keys()].map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
    expect(sqlOutsideData(files)).toEqual([]);
    const inline = { file: 'src/server/meetings/meeting-service.ts', text: "await db.selectFrom('bookings').selectAll().execute();" };
    expect(sqlOutsideData([inline])).toEqual([inline.file]);
    expect(sqlOutsideData([{ file: inline.file, text: 'await sql`select 1`.execute(db);' }])).toEqual([inline.file]);
  });
});
