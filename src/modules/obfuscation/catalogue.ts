import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/index.js';

export interface CatalogueColumn { table: string; column: string }
export interface Catalogue {
  readonly columns: readonly CatalogueColumn[];
  /** Tables with an `id` column (to name the row of a hit). */
  readonly keyed: ReadonlySet<string>;
  /** Tables with an `account_id` column. */
  readonly accountScoped: ReadonlySet<string>;
  /** Columns declared to hold text (the safety net's scope; the verifier reads every column). */
  readonly textual: ReadonlySet<string>;
}

const PG_TEXT = ['text', 'character varying', 'character', 'json', 'jsonb'];

/** Every text-bearing column of every table, read from the database's own catalogue (so tables added later are included). */
export async function readCatalogue(db: Kysely<Database>, dialect: Dialect): Promise<Catalogue> {
  const columns: CatalogueColumn[] = [];
  const keyed = new Set<string>();
  const accountScoped = new Set<string>();
  const textual = new Set<string>();
  if (dialect === 'postgres') {
    const rows = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`.execute(db);
    for (const r of rows.rows) {
      if (r.column_name === 'id') keyed.add(r.table_name);
      if (r.column_name === 'account_id') accountScoped.add(r.table_name);
      if (PG_TEXT.includes(r.data_type)) {
        columns.push({ table: r.table_name, column: r.column_name });
        textual.add(`${r.table_name}.${r.column_name}`);
      }
    }
    return { columns, keyed, accountScoped, textual };
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  for (const t of tables.rows) {
    const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${t.name})`.execute(db);
    // SQLite stores any value in any column, so every column counts, not only those declared text.
    for (const c of info.rows) {
      if (c.name === 'id') keyed.add(t.name);
      if (c.name === 'account_id') accountScoped.add(t.name);
      columns.push({ table: t.name, column: c.name });
      if (/text|char|clob|json/i.test(c.type) || c.type === '') textual.add(`${t.name}.${c.name}`);
    }
  }
  return { columns, keyed, accountScoped, textual };
}
