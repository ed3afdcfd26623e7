// The shape of the code (docs/architecture.md, decisions 018 and 036): layers only import downwards, areas never
// import each other, only the entry imports the container, nothing cycles, and no client island can reach
// server code. Reads the import graph of src/ with the TypeScript parser; each rule is a function of the
// graph, also checked on a small fake graph that breaks it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crossAreaImports, findCycles, importersOf, readImportGraph, reachable, type ModuleInfo } from './testing/import-graph';

const root = fileURLToPath(new URL('..', import.meta.url));
const graph = readImportGraph(root);
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('src/testing/');

// Lower layers never import higher ones: domain < shared (i18n, routes, state, client, components) < server
// < views (what areas share) < areas < entry.
const LAYERS: [name: string, test: RegExp][] = [
  ['domain', /^src\/domain\//],
  ['i18n', /^src\/i18n\//],
  ['shared', /^src\/(routes\.ts|routes-operator-sections\.ts|route-patterns\.ts|env\.d\.ts|styles\/|state\/|client\/|components\/)/],
  ['server', /^src\/server\//],
  ['views', /^src\/views\//],
  ['areas', /^src\/areas\//],
  ['entry', /^src\/waku\.(server|client)\.tsx$/],
];
const RANK: Record<string, number> = { domain: 0, i18n: 0, shared: 1, server: 2, views: 3, areas: 4, entry: 5 };
const layerOf = (f: string) => LAYERS.find(([, re]) => re.test(f))?.[0];
const CONTAINER = 'src/server/container.ts';
const ENTRY = 'src/waku.server.tsx';

/** Imports from a lower layer into a higher one (tests aside), as "from (layer) -> to (layer)". */
function upwardImports(g: Map<string, ModuleInfo>): string[] {
  const upward: string[] = [];
  for (const m of g.values()) {
    if (isTest(m.file)) continue;
    const from = layerOf(m.file)!;
    for (const e of m.edges) {
      const to = layerOf(e.to);
      if (to && RANK[to]! > RANK[from]!) upward.push(`${m.file} (${from}) -> ${e.to} (${to})`);
    }
  }
  return upward;
}

/** A fake import graph: each file with the files it imports. */
const fake = (edges: Record<string, string[]>): Map<string, ModuleInfo> =>
  new Map(
    Object.entries(edges).map(([file, to]) => [
      file,
      { file, edges: to.map((t) => ({ to: t, typeOnly: false })), useClient: false, serverOnly: false },
    ]),
  );

describe('the import graph', () => {
  it('puts every source file in a layer', () => {
    const loose = [...graph.keys()].filter((f) => !isTest(f) && !layerOf(f));
    expect(loose).toEqual([]);
  });

  it('never imports from a higher layer', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('keeps the domain free of our other code (type-only locale imports aside)', () => {
    const out: string[] = [];
    for (const m of graph.values()) {
      if (layerOf(m.file) !== 'domain' || isTest(m.file)) continue;
      for (const e of m.edges)
        if (!e.to.startsWith('src/domain/') && !(e.typeOnly && e.to.startsWith('src/i18n/'))) out.push(`${m.file} -> ${e.to}`);
    }
    expect(out).toEqual([]);
  });

  it('areas never import each other (what two share lives in src/views)', () => {
    expect(crossAreaImports(graph)).toEqual([]);
  });

  it('lets only the entry import the container: pages and actions get services from their dependencies', () => {
    expect(importersOf(graph, CONTAINER).filter((f) => f !== ENTRY)).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it("lets no 'use client' file reach server code", () => {
    const leaks: string[] = [];
    for (const m of graph.values()) {
      if (!m.useClient) continue;
      for (const f of reachable(graph, m.file)) {
        const info = graph.get(f)!;
        if (f.startsWith('src/server/') || info.serverOnly) leaks.push(`${m.file} reaches ${f}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('marks every module that imports server code as server-only', () => {
    const unmarked = [...graph.values()]
      .filter((m) => !isTest(m.file) && !m.serverOnly && m.file !== 'src/waku.server.tsx')
      .filter((m) => m.edges.some((e) => !e.typeOnly && graph.get(e.to)?.serverOnly))
      .map((m) => m.file);
    expect(unmarked).toEqual([]);
  });
});

describe('the rules on a fake graph that breaks them', () => {
  it('catch a view importing an area, and server code importing a view', () => {
    const g = fake({
      'src/views/jobs/related-offers.tsx': ['src/areas/jobs/job-text.ts', 'src/server/offers/job-search-service.ts'],
      'src/server/offers/job-search-service.ts': ['src/views/jobs/job-search-url.ts'],
      'src/areas/jobs/jobs-page.tsx': ['src/views/jobs/related-offers.tsx'],
    });
    expect(upwardImports(g)).toEqual([
      'src/views/jobs/related-offers.tsx (views) -> src/areas/jobs/job-text.ts (areas)',
      'src/server/offers/job-search-service.ts (server) -> src/views/jobs/job-search-url.ts (views)',
    ]);
  });

  it('catch an area importing another area, and let views and the registry through', () => {
    const g = fake({
      'src/areas/offers/offer-page.tsx': ['src/areas/jobs/related-offers.tsx', 'src/views/salary/effect-label.ts'],
      'src/areas/hire/company-actions.ts': ['src/areas/match/profile-actions.ts'],
      'src/areas/registry.ts': ['src/areas/offers/routes.ts', 'src/areas/jobs/routes.ts'],
      'src/areas/jobs/related-offers.tsx': [],
    });
    expect(crossAreaImports(g)).toEqual([
      'src/areas/offers/offer-page.tsx -> src/areas/jobs/related-offers.tsx',
      'src/areas/hire/company-actions.ts -> src/areas/match/profile-actions.ts',
    ]);
  });

  it('catch a page importing the container', () => {
    const g = fake({ [ENTRY]: [CONTAINER], 'src/areas/jobs/jobs-page.tsx': [CONTAINER], 'src/views/jobs/job-results.tsx': [] });
    expect(importersOf(g, CONTAINER).filter((f) => f !== ENTRY)).toEqual(['src/areas/jobs/jobs-page.tsx']);
  });
});

describe('the source files', () => {
  it('stay under 400 lines each (tests, migrations and message files aside)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(root, dir))) {
        const rel = `${dir}/${name}`;
        if (statSync(join(root, rel)).isDirectory()) walk(rel);
        else if (/\.(tsx?|css|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) && !rel.includes('/migrations/')) files.push(rel);
      }
    };
    for (const dir of ['src', 'scripts', 'bench']) walk(dir);
    const long = files
      .map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 400)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(long).toEqual([]);
  });
});
