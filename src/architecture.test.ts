// The shape of the code (docs/architecture.md, decision 018): layers only import downwards, nothing cycles, and
// no client island can reach server code. Reads the import graph of src/ with the TypeScript parser.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph, reachable } from './testing/import-graph';

const root = fileURLToPath(new URL('..', import.meta.url));
const graph = readImportGraph(root);
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.startsWith('src/testing/');

// Lower layers never import higher ones: domain < shared (i18n, routes, state, client, components) < server < areas < entry.
const LAYERS: [name: string, test: RegExp][] = [
  ['domain', /^src\/domain\//],
  ['i18n', /^src\/i18n\//],
  ['shared', /^src\/(routes\.ts|env\.d\.ts|styles\/|state\/|client\/|components\/)/],
  ['server', /^src\/server\//],
  ['areas', /^src\/areas\//],
  ['entry', /^src\/waku\.server\.tsx$/],
];
const RANK: Record<string, number> = { domain: 0, i18n: 0, shared: 1, server: 2, areas: 3, entry: 4 };
const layerOf = (f: string) => LAYERS.find(([, re]) => re.test(f))?.[0];

describe('the import graph', () => {
  it('puts every source file in a layer', () => {
    const loose = [...graph.keys()].filter((f) => !isTest(f) && !layerOf(f));
    expect(loose).toEqual([]);
  });

  it('never imports from a higher layer', () => {
    const upward: string[] = [];
    for (const m of graph.values()) {
      if (isTest(m.file)) continue;
      const from = layerOf(m.file)!;
      for (const e of m.edges) {
        const to = layerOf(e.to);
        if (to && RANK[to]! > RANK[from]!) upward.push(`${m.file} (${from}) -> ${e.to} (${to})`);
      }
    }
    expect(upward).toEqual([]);
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
