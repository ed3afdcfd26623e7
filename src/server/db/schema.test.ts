import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';

// schema.ts (gathering each domain's data/tables.ts) types the tables by hand; the migrations make
// them. This test reads what the types declare with the TypeScript compiler (no second description to keep
// in step) and compares it with the tables a fresh database has after every migration: the same tables, the
// same columns, null where the type admits null, values of a kind the type admits, and no column the type
// lets an insert leave out that the database requires.

type Kind = 'number' | 'string' | 'boolean' | 'date' | 'bytes';
type DeclaredColumn = { nullable: boolean; kinds: Kind[]; optionalOnInsert: boolean };
type ActualColumn = { type: string; nullable: boolean; kind: Kind | 'unknown'; required: boolean };

/** The search index, kept by triggers and read with raw SQL: an FTS5 table (SQLite) or a table (PostgreSQL). */
const SEARCH_INDEX = /^(offers_fts(_\w+)?|offer_search)$/;

function declaredSchema(): Record<string, Record<string, DeclaredColumn>> {
  const probe = join(fileURLToPath(new URL('.', import.meta.url)), 'schema-probe.ts');
  const text = [
    `import type { Insertable, Selectable } from 'kysely';`,
    `import type { DB } from './schema';`,
    `export declare const rows: { [T in keyof DB]: Selectable<DB[T]> };`,
    `export declare const inserts: { [T in keyof DB]: Insertable<DB[T]> };`,
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2023.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === probe ? ts.createSourceFile(name, text, version) : read(name, version, ...rest);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === probe || exists(name);
  const program = ts.createProgram([probe], options, host);
  const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(probe));
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, host));
  const checker = program.getTypeChecker();
  const [rowsDecl, insertsDecl] = program
    .getSourceFile(probe)!
    .statements.filter(ts.isVariableStatement)
    .map((s) => s.declarationList.declarations[0]!);
  const propertiesOf = (t: ts.Type) => t.getProperties().map((p) => [p.name, p, checker.getTypeOfSymbol(p)] as const);

  const kindsOf = (where: string, t: ts.Type): { nullable: boolean; kinds: Kind[] } => {
    const kinds = new Set<Kind>();
    let nullable = false;
    for (const part of t.isUnion() ? t.types : [t]) {
      const f = part.flags;
      if (f & ts.TypeFlags.Null) nullable = true;
      else if (f & ts.TypeFlags.NumberLike) kinds.add('number');
      else if (f & ts.TypeFlags.StringLike) kinds.add('string');
      else if (f & ts.TypeFlags.BooleanLike) kinds.add('boolean');
      else if (part.getSymbol()?.name === 'Date') kinds.add('date');
      else if (part.getSymbol()?.name === 'Uint8Array') kinds.add('bytes');
      else throw new Error(`${where}: selected as ${checker.typeToString(part)}, which is no value a column holds`);
    }
    return { nullable, kinds: [...kinds].sort() };
  };

  const inserts = new Map(propertiesOf(checker.getTypeAtLocation(insertsDecl!.name)).map(([name, , t]) => [name, t]));
  const declared: Record<string, Record<string, DeclaredColumn>> = {};
  for (const [table, , rowType] of propertiesOf(checker.getTypeAtLocation(rowsDecl!.name))) {
    const optional = new Set(
      propertiesOf(inserts.get(table)!)
        .filter(([, symbol]) => symbol.flags & ts.SymbolFlags.Optional)
        .map(([name]) => name),
    );
    declared[table] = Object.fromEntries(
      propertiesOf(rowType).map(([column, , t]) => [
        column,
        { ...kindsOf(`${table}.${column}`, t), optionalOnInsert: optional.has(column) },
      ]),
    );
  }
  return declared;
}

/** The kind of value each database driver hands back for a column type. */
function kindOf(dialect: TestDb['dialect'], type: string): Kind | 'unknown' {
  if (dialect === 'sqlite') {
    if (/^(integer|bigint|real)$/.test(type)) return 'number';
    if (/^(text|varchar\(\d+\))$/.test(type)) return 'string';
    return type === 'blob' ? 'bytes' : 'unknown';
  }
  if (/^(integer|smallint|double precision|real)$/.test(type)) return 'number';
  if (/^(text|character varying|bigint|numeric)$/.test(type)) return 'string'; // node-postgres: int8 and numeric as text
  if (type === 'timestamp with time zone') return 'date';
  if (type === 'bytea') return 'bytes';
  return type === 'boolean' ? 'boolean' : 'unknown';
}

async function actualSchema(t: TestDb): Promise<Record<string, Record<string, ActualColumn>>> {
  type Row = { table_name: string; column_name: string; type: string; nullable: number | boolean; required: number | boolean };
  const { rows } =
    t.dialect === 'sqlite'
      ? // A primary key column is not null whatever SQLite reports; an integer one is the rowid, numbered by itself.
        await sql<Row>`
          select m.name as table_name, p.name as column_name, lower(p.type) as type,
            (p."notnull" = 0 and p.pk = 0) as nullable,
            (p.dflt_value is null and (p."notnull" = 1 or p.pk > 0) and not (p.pk = 1 and lower(p.type) = 'integer')) as required
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\' and m.name not like 'kysely\\_%' escape '\\'`.execute(t.db)
      : await sql<Row>`
          select c.table_name, c.column_name, c.data_type as type, c.is_nullable = 'YES' as nullable,
            (c.is_nullable = 'NO' and c.column_default is null) as required
          from information_schema.columns c
          join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
          where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE' and c.table_name not like 'kysely\\_%'`.execute(t.db);
  const actual: Record<string, Record<string, ActualColumn>> = {};
  for (const r of rows) {
    if (SEARCH_INDEX.test(r.table_name)) continue;
    (actual[r.table_name] ??= {})[r.column_name] = {
      type: r.type,
      nullable: Boolean(r.nullable),
      kind: kindOf(t.dialect, r.type),
      required: Boolean(r.required),
    };
  }
  return actual;
}

const declared = declaredSchema();

describe.each(testDatabases)('schema.ts against the migrated schema on %s', (_name, open) => {
  let t: TestDb;
  let actual: Record<string, Record<string, ActualColumn>>;
  beforeAll(async () => {
    t = await open();
    actual = await actualSchema(t);
  });
  afterAll(async () => t?.cleanup());

  it('has the same tables', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(actual).sort());
  });

  it.each(Object.keys(declared))('%s: the same columns, null where the type admits null, of a kind it admits', (table) => {
    const columns = actual[table] ?? {};
    expect(Object.keys(declared[table]!).sort(), 'columns').toEqual(Object.keys(columns).sort());
    const wrong = Object.entries(declared[table]!).flatMap(([name, d]) => {
      const a = columns[name];
      if (!a) return [];
      const problems = [];
      if (d.nullable !== a.nullable)
        problems.push(`${name}: ${a.nullable ? 'null' : 'not null'} in the database, ${d.nullable ? 'null' : 'not null'} in the type`);
      if (a.kind === 'unknown' || !d.kinds.includes(a.kind))
        problems.push(`${name}: ${a.type} (${a.kind}) in the database, ${d.kinds.join(' | ')} in the type`);
      if (d.optionalOnInsert && a.required) problems.push(`${name}: required on insert by the database, optional in the type`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
