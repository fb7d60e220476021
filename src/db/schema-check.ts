import { sql, type Kysely } from 'kysely';
import type { TableDeclaration } from './declare.js';
import type { Dialect } from './index.js';

/** Kysely's own bookkeeping: no module owns these. */
const MIGRATION_TABLES: ReadonlySet<string> = new Set(['eventline_migration', 'eventline_migration_lock']);

/**
 * SQLite's queue of contacts waiting for the trigram index (migration 0028, src/db/search-index.ts): like the index,
 * part of the index, not a table of its own. Its rows are transient copies of declared contact columns, removed by
 * each sync, and flushed before an erasure's checkpoint.
 */
const SEARCH_QUEUES: ReadonlySet<string> = new Set(['contacts_search_queue']);

const PG_TEXT_TYPES = ['text', 'character varying', 'character'];

export interface SchemaTextColumns {
  /** Every table of the current schema but the migration tables. */
  readonly tables: readonly string[];
  /** `table.column` for each text column of those tables. */
  readonly textColumns: readonly string[];
}

export interface DeclarationMismatch {
  /** `table.column`: text columns of the database that no declaration covers. */
  readonly undeclared: readonly string[];
  /** Tables of the database that no declaration names (so no owner), text columns or not. */
  readonly unowned: readonly string[];
  /** `table` or `table.column`: declared, but not a table / text column of the database. */
  readonly missing: readonly string[];
}

/** The tables of the current schema and their text columns, sorted. */
export async function readTextColumns<DB>(db: Kysely<DB>, dialect: Dialect): Promise<SchemaTextColumns> {
  const tables: string[] = [];
  const textColumns: string[] = [];
  if (dialect === 'postgres') {
    const rows = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()`.execute(db);
    for (const r of rows.rows) {
      if (MIGRATION_TABLES.has(r.table_name)) continue;
      if (!tables.includes(r.table_name)) tables.push(r.table_name);
      if (PG_TEXT_TYPES.includes(r.data_type)) textColumns.push(`${r.table_name}.${r.column_name}`);
    }
    return { tables: tables.sort(), textColumns: textColumns.sort() };
  }
  // Ordinary tables only: an FTS5 search index (virtual, and its shadow tables) stores no value of its own but the
  // trigrams of declared columns of its content table (migration 0023), erased with them (FTS5 secure-delete).
  const rows = await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name: table } of rows.rows) {
    if (MIGRATION_TABLES.has(table) || SEARCH_QUEUES.has(table)) continue;
    tables.push(table);
    const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db);
    // The types as written in the DDL: TEXT, VARCHAR(n), CHAR(n) and CLOB all hold text.
    for (const c of info.rows) if (/text|char|clob/i.test(c.type)) textColumns.push(`${table}.${c.name}`);
  }
  return { tables: tables.sort(), textColumns: textColumns.sort() };
}

/**
 * Compares the migrated schema with the table declarations: a text column
 * nobody declared has no stated use (so nobody decided how it is erased), and
 * a declaration that names nothing is stale.
 */
export async function undeclaredColumns<DB>(db: Kysely<DB>, dialect: Dialect, declarations: readonly TableDeclaration[]): Promise<DeclarationMismatch> {
  const schema = await readTextColumns(db, dialect);
  const tables = new Set(schema.tables);
  const textColumns = new Set(schema.textColumns);
  const declaredTables = new Set(declarations.map((d) => d.table));
  const declaredColumns = new Set<string>();
  const missing: string[] = [];
  for (const d of declarations) {
    if (!tables.has(d.table)) {
      missing.push(d.table);
      continue;
    }
    for (const column of Object.keys(d.columns)) {
      const name = `${d.table}.${column}`;
      declaredColumns.add(name);
      if (!textColumns.has(name)) missing.push(name);
    }
  }
  return {
    undeclared: schema.textColumns.filter((c) => !declaredColumns.has(c)),
    unowned: schema.tables.filter((t) => !declaredTables.has(t)),
    missing: missing.sort(),
  };
}

/** `table: owner, owner` for each table declared more than once. */
export function tablesWithSeveralOwners(declarations: readonly TableDeclaration[]): string[] {
  const owners = new Map<string, string[]>();
  for (const d of declarations) owners.set(d.table, [...(owners.get(d.table) ?? []), d.owner]);
  return [...owners].filter(([, o]) => o.length > 1).map(([table, o]) => `${table}: ${o.join(', ')}`).sort();
}
