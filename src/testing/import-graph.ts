// The import graph of src/, read with the TypeScript parser: who imports whom, type-only imports apart.
// Used by the architecture test (layers, cycles, what client islands can reach).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

type Edge = { to: string; typeOnly: boolean };
export type ModuleInfo = { file: string; edges: Edge[]; useClient: boolean; serverOnly: boolean };

const EXTS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveSpec(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  if (/\.(json|css|svg)$/.test(spec)) return base;
  for (const ext of EXTS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** Every module under `srcDir`, paths relative to `root` with forward slashes. */
export function readImportGraph(root: string, srcDir = 'src'): Map<string, ModuleInfo> {
  const graph = new Map<string, ModuleInfo>();
  const rel = (p: string) => relative(root, p).split('\\').join('/');
  for (const abs of walk(join(root, srcDir))) {
    const text = readFileSync(abs, 'utf8');
    const sf = ts.createSourceFile(abs, text, ts.ScriptTarget.Latest, false, abs.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const edges: Edge[] = [];
    let serverOnly = false;
    const add = (spec: string, typeOnly: boolean) => {
      if (spec === 'server-only') serverOnly = true;
      const to = resolveSpec(abs, spec);
      if (to) edges.push({ to: rel(to), typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!clause.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.length > 0 &&
              clause.namedBindings.elements.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, typeOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        if (arg && ts.isStringLiteral(arg)) add(arg.text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    const first = sf.statements[0];
    const useClient =
      !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === 'use client';
    graph.set(rel(abs), { file: rel(abs), edges, useClient, serverOnly });
  }
  return graph;
}

/** Files reachable from `start` through value imports (type-only imports leave no code behind). */
export function reachable(graph: Map<string, ModuleInfo>, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const e of graph.get(f)?.edges ?? []) if (!e.typeOnly && graph.has(e.to)) stack.push(e.to);
  }
  return seen;
}

/** Import cycles through value imports, each as the list of files around it. */
export function findCycles(graph: Map<string, ModuleInfo>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const dfs = (f: string) => {
    state.set(f, 1);
    path.push(f);
    for (const e of graph.get(f)?.edges ?? []) {
      if (e.typeOnly || !graph.has(e.to)) continue;
      const s = state.get(e.to);
      if (s === 1) cycles.push([...path.slice(path.indexOf(e.to)), e.to]);
      else if (!s) dfs(e.to);
    }
    path.pop();
    state.set(f, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) dfs(f);
  return cycles;
}

/** The area a file belongs to (src/areas/<area>/...), or null: the areas' own root files, anything else. */
const areaOf = (file: string): string | null => /^src\/areas\/([^/]+)\//.exec(file)?.[1] ?? null;

/**
 * Imports (type-only ones too) from a file of one area into another area, as "from -> to", minus the known
 * ones (`known`: exact file pairs).
 */
export function crossAreaImports(graph: Map<string, ModuleInfo>): string[] {
  const out: string[] = [];
  for (const m of graph.values()) {
    const from = areaOf(m.file);
    if (!from) continue;
    for (const e of m.edges) {
      const to = areaOf(e.to);
      if (to && to !== from) out.push(`${m.file} -> ${e.to}`);
    }
  }
  return out;
}

/** The files that import `target` (type-only imports too). */
export const importersOf = (graph: Map<string, ModuleInfo>, target: string): string[] =>
  [...graph.values()].filter((m) => m.edges.some((e) => e.to === target)).map((m) => m.file);
