import { sql, type Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';
import { mayHoldAny } from '../privacy/index.js';
import type { Catalogue, CatalogueColumn } from './catalogue.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

const PG_TEXT = ['text', 'character varying', 'character', 'json', 'jsonb'];


export class ObfuscationRepository extends Repository {
  constructor(
    db: Db,
    private readonly dialect: Dialect,
  ) {
    super(db);
  }

  /**
   * PostgreSQL: the tables of the deployment's schema this transaction has inserted
   * into, updated or deleted from so far (the server's own per-transaction counters, as
   * pg_stat_xact_user_tables shows them),
   * which are the tables whose files now hold the erased values as dead row versions
   * (the compaction rewrites them once no older snapshot can see those versions).
   */
  async footprint(trx: Transaction<Database>): Promise<{ tables: string[] }> {
    if (this.dialect !== 'postgres') return { tables: [] };
    // The functions behind pg_stat_xact_user_tables, on the schema's tables only: the view itself
    // reads every relation of the database, which costs more than the erasure on a large catalogue.
    const r = await sql<{ relname: string }>`
      select c.relname from pg_class c
      where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relkind = 'r'
        and pg_stat_get_xact_tuples_inserted(c.oid) + pg_stat_get_xact_tuples_updated(c.oid) + pg_stat_get_xact_tuples_deleted(c.oid) > 0
      order by c.relname`.execute(trx);
    return { tables: r.rows.map((row) => row.relname) };
  }

  /** The obfuscation that is running or done for this contact (a FAILED one may be retried by a new request). */
  live(accountId: string, contactId: string, ex: Executor = this.db): Promise<Row<'contact_obfuscations'> | undefined> {
    return ex.selectFrom('contact_obfuscations').selectAll()
      .where('account_id', '=', accountId).where('contact_id', '=', contactId).where('status', '<>', 'FAILED')
      .executeTakeFirst();
  }

  /** The live obfuscations of these contacts, by contact id (one per contact at most: the one-live index). */
  async liveMany(accountId: string, contactIds: readonly string[], ex: Executor): Promise<Map<string, Row<'contact_obfuscations'>>> {
    if (contactIds.length === 0) return new Map();
    const rows = await ex.selectFrom('contact_obfuscations').selectAll()
      .where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).where('status', '<>', 'FAILED')
      .execute();
    return new Map(rows.map((r) => [r.contact_id, r]));
  }

  /** Every obfuscation the database holds (not failed ones), for the journal's reconciliation: ids only. */
  async held(): Promise<Array<{ accountId: string; contactId: string }>> {
    const rows = await this.db.selectFrom('contact_obfuscations').select(['account_id', 'contact_id']).where('status', '<>', 'FAILED').orderBy('created').execute();
    return rows.map((r) => ({ accountId: r.account_id, contactId: r.contact_id }));
  }

  async insertMany(rows: readonly NewRow<'contact_obfuscations'>[], ex: Executor): Promise<void> {
    if (rows.length > 0) await ex.insertInto('contact_obfuscations').values([...rows]).execute();
  }

  async setStatusMany(ids: readonly string[], patch: Omit<RowPatch<'contact_obfuscations'>, 'id' | 'account_id' | 'contact_id'>, ex: Executor): Promise<void> {
    if (ids.length > 0) await ex.updateTable('contact_obfuscations').set(patch).where('id', 'in', [...ids]).execute();
  }

  /** One obfuscation by id; within the account when one is given (the job runs for any account). */
  find(id: string, accountId?: string): Promise<Row<'contact_obfuscations'> | undefined> {
    let q = this.db.selectFrom('contact_obfuscations').selectAll().where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    return q.executeTakeFirst();
  }

  async insert(row: NewRow<'contact_obfuscations'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_obfuscations').values(row).execute();
  }

  async setStatus(id: string, patch: Omit<RowPatch<'contact_obfuscations'>, 'id' | 'account_id' | 'contact_id'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('contact_obfuscations').set(patch).where('id', '=', id).execute();
  }

  // The verifier works on every table, found in the database's own catalogue
  // (so tables added later are included): the SQL below takes table and column
  // names from the catalogue, never names a module's table.

  /** Every text-bearing column of every table. */
  async readCatalogue(ex: Executor = this.db): Promise<Catalogue> {
    const columns: CatalogueColumn[] = [];
    const keyed = new Set<string>();
    const accountScoped = new Set<string>();
    const textual = new Set<string>();
    const add = (table: string, column: string, text: boolean): void => {
      if (column === 'id') keyed.add(table);
      if (column === 'account_id') accountScoped.add(table);
      if (text) textual.add(`${table}.${column}`);
    };
    if (this.dialect === 'postgres') {
      const rows = await sql<{ table_name: string; column_name: string; data_type: string }>`
        select c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`.execute(ex);
      for (const r of rows.rows) {
        const text = PG_TEXT.includes(r.data_type);
        add(r.table_name, r.column_name, text);
        if (text) columns.push({ table: r.table_name, column: r.column_name });
      }
      return { columns, keyed, accountScoped, textual };
    }
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(ex);
    for (const t of tables.rows) {
      const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${t.name})`.execute(ex);
      // SQLite stores any value in any column, so every column counts, not only those declared text.
      for (const c of info.rows) {
        add(t.name, c.name, /text|char|clob|json/i.test(c.type) || c.type === '');
        columns.push({ table: t.name, column: c.name });
      }
    }
    return { columns, keyed, accountScoped, textual };
  }

  /** The rows of `table` whose `column` holds any of the forms: their ids, or null for each row of a table without an id. */
  async rowsHolding(table: string, column: string, keyed: boolean, forms: readonly string[]): Promise<Array<string | null>> {
    const where = mayHoldAny([column], forms, true);
    if (!keyed) return (await sql`select 1 from ${sql.table(table)} where ${where}`.execute(this.db)).rows.map(() => null);
    const rows = await sql<{ id: unknown }>`select id from ${sql.table(table)} where ${where}`.execute(this.db);
    return rows.rows.map((r) => (r.id === null || r.id === undefined ? null : String(r.id)));
  }
}
