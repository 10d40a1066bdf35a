import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';

// The Kysely table types (schema.ts, tables/*-tables.ts) are written by hand; this test holds them to
// the database the migrations build, so a migration that adds, drops or loosens a column fails here
// until the types say the same.

interface ColumnFacts {
  /** The select type admits null. */
  nullable: boolean;
  /** The insert type admits undefined: the column may be left out of an insert. */
  optional: boolean;
}

type TableFacts = Map<string, ColumnFacts>;

/** What the TypeScript checker reads off `Database`: each table's columns and what they allow. */
function typedTables(): Map<string, TableFacts> {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = checker.getSymbolAtLocation(source)!.exports!.get(ts.escapeLeadingUnderscores('Database'))!;
  const admits = (type: ts.Type, flag: ts.TypeFlags) =>
    type.isUnion() ? type.types.some((member) => (member.flags & flag) !== 0) : (type.flags & flag) !== 0;
  const tables = new Map<string, TableFacts>();
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const columns: TableFacts = new Map();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      // Kysely's ColumnType<S, I, U> is an object with phantom __select__ / __insert__ members.
      const select = type.getProperty('__select__');
      const insert = type.getProperty('__insert__');
      const selectType = select ? checker.getTypeOfSymbol(select) : type;
      const insertType = insert ? checker.getTypeOfSymbol(insert) : type;
      columns.set(column.name, {
        nullable: admits(selectType, ts.TypeFlags.Null),
        optional: admits(insertType, ts.TypeFlags.Undefined),
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

interface InformationColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
}

let handle: DatabaseHandle;
let stored: Map<string, TableFacts>;
let typed: Map<string, TableFacts>;

beforeAll(async () => {
  handle = await openDatabase({});
  await migrate(handle);
  const result = await sql<InformationColumn>`
    select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
  `.execute(handle.db);
  stored = new Map();
  for (const row of result.rows) {
    const columns = stored.get(row.table_name) ?? new Map<string, ColumnFacts>();
    const nullable = row.is_nullable === 'YES';
    columns.set(row.column_name, { nullable, optional: nullable || row.column_default !== null || row.is_identity === 'YES' });
    stored.set(row.table_name, columns);
  }
  typed = typedTables();
}, 60_000);

afterAll(async () => {
  await handle.close();
});

describe('the table types', () => {
  it('name every migrated table and no other', () => {
    expect([...typed.keys()].sort()).toEqual([...stored.keys()].sort());
  });

  it('name every column of each table and no other', () => {
    const differences = [...stored].flatMap(([table, columns]) => {
      const own = typed.get(table);
      if (!own) return [];
      return [
        ...[...columns.keys()].filter((name) => !own.has(name)).map((name) => `${table}.${name}: in the database, not in the type`),
        ...[...own.keys()].filter((name) => !columns.has(name)).map((name) => `${table}.${name}: in the type, not in the database`),
      ];
    });
    expect(differences).toEqual([]);
  });

  // A type may demand more on insert than the database (an explicit owner_id null, a balance only the
  // ledger's trigger writes), never less: an insert the types accept must not fail on a missing value.
  it('read null exactly where the column is nullable, and leave out on insert only what may be left out', () => {
    const differences = [...stored].flatMap(([table, columns]) =>
      [...columns].flatMap(([name, facts]) => {
        const own = typed.get(table)?.get(name);
        if (!own) return [];
        return [
          ...(own.nullable === facts.nullable ? [] : [`${table}.${name}: nullable ${facts.nullable}, typed ${own.nullable}`]),
          ...(own.optional && !facts.optional ? [`${table}.${name}: required on insert, typed optional`] : []),
        ];
      }),
    );
    expect(differences).toEqual([]);
  });
});
