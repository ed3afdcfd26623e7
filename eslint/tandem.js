// Lint rules of ours (decision 019): the import boundaries of the layout (docs/architecture.md, decision 018)
// as no-restricted-imports blocks, one per folder, and a rule that keeps server code out of client islands.
// src/architecture.test.ts checks the same shape on the whole import graph (transitively); these give the
// editor's feedback on the line that breaks it.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = dirname(import.meta.dirname);
const SERVER = join(ROOT, 'src', 'server');

const isUseClient = (program) => {
  const first = program.body[0];
  return first?.type === 'ExpressionStatement' && first.directive === 'use client';
};

/** In a 'use client' file: no import resolving into src/server, no 'server-only' (type-only imports leave no code). */
const noServerInClient = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid server code in a 'use client' module (it would be shipped to the browser)" },
    messages: {
      server: "'{{source}}' is server code: a 'use client' module must not import it (decision 018).",
    },
    schema: [],
  },
  create(context) {
    if (!isUseClient(context.sourceCode.ast)) return {};
    const check = (node, source, typeOnly) => {
      if (typeOnly || typeof source !== 'string') return;
      const target = source.startsWith('.') ? resolve(dirname(context.filename), source) : null;
      const intoServer = target !== null && (target === SERVER || target.startsWith(SERVER + sep));
      if (source === 'server-only' || intoServer) context.report({ node: node.source, messageId: 'server', data: { source } });
    };
    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

export const plugin = { meta: { name: 'tandem' }, rules: { 'no-server-in-client': noServerInClient } };

// --- Import boundaries ----------------------------------------------------------------------------------
// no-restricted-imports matches the specifier as written, so each folder gets its own block whose patterns
// are the exact relative paths from that folder ('../../server/...' from src/components/ui). Folders are
// read when the config loads: a new folder is covered without editing this file.

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex matching a specifier, written from `dir`, that resolves to `target` (a path from the root) or inside it. */
function into(dir, target, { exact = false } = {}) {
  let rel = relative(join(ROOT, dir), join(ROOT, target)).split(sep).join('/');
  if (!rel.startsWith('..')) rel = `./${rel}`;
  return `^${escape(rel)}${exact ? '(\\.tsx?)?$' : '(/|$)'}`;
}

function folders(dir) {
  const out = [dir];
  for (const name of readdirSync(join(ROOT, dir))) {
    if (statSync(join(ROOT, dir, name)).isDirectory()) out.push(...folders(`${dir}/${name}`));
  }
  return out;
}

const restrict = (files, patterns) => ({
  files,
  ignores: TESTS,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

const DOMAIN = 'src/domain only imports src/domain and packages (decision 018).';
const SHARED = 'Shared code (client, components, state, routes, i18n) must not import src/server, src/views or an area (decision 018).';
const SERVER_CODE = 'src/server must not import src/views, an area or the entry (decision 018).';
const VIEWS = 'src/views must not import an area: what areas share lives here, below them (decision 036).';
const AREA = 'An area must not import another area: move what two areas share to src/views (decision 036).';
const CONTAINER =
  "Only the entry (src/waku.server.tsx) imports the container: take services from the area's dependencies (AreaDeps, decision 036).";

const AREAS = readdirSync(join(ROOT, 'src', 'areas')).filter((n) => statSync(join(ROOT, 'src', 'areas', n)).isDirectory());

/** One config block per folder of src/domain, the shared folders, src/server, src/views and src/areas. */
export function boundaries() {
  const blocks = [];
  for (const dir of folders('src/domain')) {
    const up = '(\\.\\./)'.concat(`{${dir.split('/').length - 1}}`); // from src/domain/forms: ../../ leaves src/domain
    blocks.push(
      restrict(
        [`${dir}/*.ts`, `${dir}/*.tsx`],
        [
          { regex: `^${up}(?!i18n/|domain/)`, message: DOMAIN },
          { regex: `^${up}i18n/`, allowTypeImports: true, message: `${DOMAIN} Types from src/i18n are allowed: use import type.` },
        ],
      ),
    );
  }
  const shared = ['src/client', 'src/components', 'src/state', 'src/i18n'].flatMap(folders);
  for (const dir of shared) {
    blocks.push(
      restrict(
        [`${dir}/*.ts`, `${dir}/*.tsx`],
        ['src/server', 'src/views', 'src/areas'].map((t) => ({ regex: into(dir, t), message: SHARED })),
      ),
    );
  }
  blocks.push(
    restrict(
      ['src/routes.ts', 'src/routes-operator-sections.ts', 'src/route-patterns.ts'],
      ['src/server', 'src/views', 'src/areas'].map((t) => ({ regex: into('src', t), message: SHARED })),
    ),
  );
  for (const dir of folders('src/server')) {
    blocks.push(
      restrict(
        [`${dir}/*.ts`, `${dir}/*.tsx`],
        [
          { regex: into(dir, 'src/views'), message: SERVER_CODE },
          { regex: into(dir, 'src/areas'), message: SERVER_CODE },
          { regex: into(dir, 'src/waku.server', { exact: true }), message: SERVER_CODE },
          ...serverLayoutPatterns(dir),
        ],
      ),
    );
  }
  for (const dir of folders('src/views')) {
    blocks.push(
      restrict(
        [`${dir}/*.ts`, `${dir}/*.tsx`],
        [
          { regex: into(dir, 'src/areas'), message: VIEWS },
          { regex: into(dir, 'src/server/container', { exact: true }), message: CONTAINER },
        ],
      ),
    );
  }
  // The areas' own files (registry, route-module): the container only. Each area: no other area either.
  blocks.push(
    restrict(
      ['src/areas/*.ts', 'src/areas/*.tsx'],
      [{ regex: into('src/areas', 'src/server/container', { exact: true }), message: CONTAINER }],
    ),
  );
  for (const area of AREAS) {
    for (const dir of folders(`src/areas/${area}`)) {
      blocks.push(
        restrict(
          [`${dir}/*.ts`, `${dir}/*.tsx`],
          [
            { regex: into(dir, 'src/server/container', { exact: true }), message: CONTAINER },
            ...AREAS.filter((other) => other !== area).map((other) => ({ regex: into(dir, `src/areas/${other}`), message: AREA })),
          ],
        ),
      );
    }
  }
  return blocks;
}

// --- The server cut by domain (src/testing/server-layout.ts has the same rules on the whole graph) -------

const BASE_FOLDERS = ['src/server/db', 'src/server/limits'];
const WEB = ['src/server/http', 'src/server/render', 'src/server/api', 'src/server/cms', 'src/server/seo'];
const COMPOSITION = [
  'src/server/container',
  'src/server/database',
  'src/server/database-cli',
  'src/server/mail-preview-cli',
  'src/server/demo',
];
const isFile = (t) => ['src/server/container', 'src/server/database', 'src/server/database-cli', 'src/server/mail-preview-cli'].includes(t);
const DOMAIN_UP = 'A domain does not import the web doors (http, render, api, cms, seo) or the composition (docs/architecture.md).';
const BASE_UP = 'The base (db, limits) imports no domain, door or composition (docs/architecture.md).';
const FOREIGN_DATA = "Another domain's data/ folder is private: call its service (docs/architecture.md).";

/** The domain folders of src/server: every folder that is not the base, a web door or the composition. */
function domainFolders() {
  const special = new Set([...BASE_FOLDERS, ...WEB, ...COMPOSITION].map((p) => p.split('/')[2]));
  return readdirSync(SERVER)
    .filter((n) => statSync(join(SERVER, n)).isDirectory() && !special.has(n))
    .map((n) => `src/server/${n}`);
}

/** The server-layout patterns for one folder of src/server (none for the web doors and the composition). */
function serverLayoutPatterns(dir) {
  const domains = domainFolders();
  const domain = domains.find((d) => dir === d || dir.startsWith(`${d}/`));
  if (domain) {
    const up = [...WEB, ...COMPOSITION].map((t) => ({ regex: into(dir, t, { exact: isFile(t) }), message: DOMAIN_UP }));
    const others = domains.filter((d) => d !== domain).map((d) => ({ regex: into(dir, `${d}/data`), message: FOREIGN_DATA }));
    return [...up, ...others];
  }
  if (BASE_FOLDERS.some((b) => dir === b || dir.startsWith(`${b}/`))) {
    // The schema gathers each domain's table types (data/tables.ts), as types only.
    const domainCode = domains.map((t) => ({ regex: into(dir, t).replace(/\(\/\|\$\)$/, '(/(?!data/tables$)|$)'), message: BASE_UP }));
    const tables = domains.map((t) => ({
      regex: into(dir, `${t}/data/tables`, { exact: true }),
      allowTypeImports: true,
      message: BASE_UP,
    }));
    const up = [...WEB, ...COMPOSITION].map((t) => ({ regex: into(dir, t, { exact: isFile(t) }), message: BASE_UP }));
    return [...domainCode, ...tables, ...up];
  }
  return [];
}
