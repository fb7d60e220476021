import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

// Tables described once, as data: each column with its type, nullability, default and reference, in
// order, then the table's named keys and indexes; createTable issues the schema builder's calls for them.
// Migrations are history: a helper here must never change what an existing migration creates (the
// schema is compared in CI by the declared-columns test on both databases).

type DataType = 'text' | 'integer' | 'bigint' | 'double precision';

/**
 * A column as a schema reads: its type, `!` for NOT NULL, then where needed, in this order,
 * ` key` (the primary key), ` unique`, ` = <default>` (a number, or text in single quotes) and
 * ` -> <table>` (references that table's id). E.g. `'text! -> events'`, `"text! = '{}'"`, `'integer! = 0'`.
 */
export type Column = DataType | `${DataType}!` | `${DataType}${'' | '!'} ${string}`;
export type Columns = Readonly<Record<string, Column>>;

/**
 * A table's named keys and indexes, in the order they are made: an index's columns
 * (`'account_id, created, id'`), a unique index's (`'unique: event_id, type'`), or the
 * columns of a composite primary key (`'primary key: account_id, day'`).
 */
export type Keys = Readonly<Record<string, string>>;

/** An account's row: a UUID text id, and the account it belongs to. */
export const owned = { id: 'text key', account_id: 'text! -> accounts' } as const satisfies Columns;

/** When and by whom a row was created and last changed (the reference's audit fields). */
export const audited = { created: 'text!', last_modified: 'text!', created_by: 'text!', last_modified_by: 'text!' } as const satisfies Columns;

/** Consecutive columns of one kind, in order: `...each('text!', 'name', 'region', 'tier')`. */
export function each(column: Column, ...names: string[]): Columns {
  return Object.fromEntries(names.map((name) => [name, column]));
}

const COLUMN = /^(text|integer|bigint|double precision)(!?)( key)?( unique)?(?: = ('[^']*'|-?\d+))?(?: -> (\w+))?$/;

function definition(column: Column): [DataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  const m = COLUMN.exec(column);
  if (!m) throw new Error(`a migration column reads '<type>[!][ key][ unique][ = default][ -> table]', not '${column}'`);
  const [, type, notNull, key, unique, byDefault, references] = m as unknown as [string, DataType, string, string?, string?, string?, string?];
  return [type, (c) => {
    let b = notNull ? c.notNull() : c;
    if (key) b = b.primaryKey();
    if (unique) b = b.unique();
    if (byDefault !== undefined) b = b.defaultTo(byDefault.startsWith("'") ? byDefault.slice(1, -1) : Number(byDefault));
    return references ? b.references(`${references}.id`) : b;
  }];
}

const KEY = /^(?:(unique|primary key): )?(\w+(?:, \w+)*)$/;

function key(name: string, spec: string): { kind: 'index' | 'unique' | 'primary key'; columns: string[] } {
  const m = KEY.exec(spec);
  if (!m) throw new Error(`key ${name} reads '[unique: |primary key: ]column, column...', not '${spec}'`);
  return { kind: (m[1] as 'unique' | 'primary key' | undefined) ?? 'index', columns: (m[2] as string).split(', ') };
}

/** Creates the table with its columns (and composite primary key), then its indexes, one statement each. */
export async function createTable(db: Kysely<unknown>, table: string, columns: Columns, keys: Keys = {}): Promise<void> {
  let t: CreateTableBuilder<string, string> = db.schema.createTable(table);
  for (const [name, column] of Object.entries(columns)) t = t.addColumn(name, ...definition(column));
  const named = Object.entries(keys).map(([name, spec]) => ({ name, ...key(name, spec) }));
  for (const k of named) if (k.kind === 'primary key') t = t.addPrimaryKeyConstraint(k.name, k.columns);
  await t.execute();
  for (const k of named) {
    if (k.kind === 'primary key') continue;
    const index = db.schema.createIndex(k.name).on(table).columns(k.columns);
    await (k.kind === 'unique' ? index.unique() : index).execute();
  }
}

/** Adds columns to an existing table, one ALTER TABLE each (SQLite adds one column a statement). */
export async function addColumns(db: Kysely<unknown>, table: string, columns: Columns): Promise<void> {
  for (const [name, column] of Object.entries(columns)) await db.schema.alterTable(table).addColumn(name, ...definition(column)).execute();
}

/** Drops the tables in the order given (their indexes go with them): a migration's `down`, newest table first. */
export async function dropTables(db: Kysely<unknown>, ...tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
