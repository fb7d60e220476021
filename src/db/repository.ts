import type { Kysely, Transaction } from 'kysely';
import type { Db } from './index.js';
import type { Database, NewRow, Row, RowPatch } from './types.js';

// What the modules' repositories share: the database and its transactions, and the
// statements on a table whose rows belong to an account and sit under a parent row
// (an event, an exhibitor). Each repository still owns its tables and names them.

/** Where a repository's statement runs: on the database, or in the service's transaction. */
export type Executor = Db | Transaction<Database>;

/** A repository: its database, and the transactions its service runs writes in. */
export abstract class Repository {
  constructor(protected readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}

/** The tables whose rows have a text id and belong to an account. */
export type OwnedTable = { [T in keyof Database]: Row<T> extends { id: string; account_id: string } ? T : never }[keyof Database];

/** The text columns of a table that can hold a parent row's id. */
export type ParentColumn<T extends OwnedTable> = { [C in keyof Row<T> & string]-?: Row<T>[C] extends string ? C : never }[keyof Row<T> & string];

/**
 * The statements of ScopedRows, typed for one table: Kysely cannot check a table
 * name that is a type parameter, so they are written once against this shape and
 * typed by the class's signatures.
 */
const untyped = (ex: Executor) => ex as unknown as Kysely<Record<string, Record<string, unknown>>>;

/**
 * One table's rows by (account_id, parent, id): a parent column such as event_id or exhibitor_id
 * narrows reads, and every statement names the account. Updates and deletes go by account and id.
 */
export class ScopedRows<T extends OwnedTable, P extends ParentColumn<T>> {
  // The names as plain strings, for the statements (see untyped).
  private readonly name: string;
  private readonly parentName: string;

  constructor(readonly table: T, readonly parent: P) {
    this.name = table;
    this.parentName = parent;
  }

  find(ex: Executor, accountId: string, parentId: string, id: string): Promise<Row<T> | undefined> {
    return untyped(ex).selectFrom(this.name).selectAll()
      .where('account_id', '=', accountId).where(this.parentName, '=', parentId).where('id', '=', id).executeTakeFirst() as Promise<Row<T> | undefined>;
  }

  async insert(ex: Executor, row: NewRow<T>): Promise<void> {
    await untyped(ex).insertInto(this.name).values(row as Record<string, unknown>).execute();
  }

  async update(ex: Executor, accountId: string, id: string, patch: RowPatch<T>): Promise<void> {
    await untyped(ex).updateTable(this.name).set(patch as Record<string, unknown>).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(ex: Executor, accountId: string, id: string): Promise<void> {
    await untyped(ex).deleteFrom(this.name).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** How many rows the parent has. */
  async countUnder(ex: Executor, accountId: string, parentId: string): Promise<number> {
    const r = await untyped(ex).selectFrom(this.name).select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId).where(this.parentName, '=', parentId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** False when the parent has no such row. */
  async deleteUnder(ex: Executor, accountId: string, parentId: string, id: string): Promise<boolean> {
    const r = await untyped(ex).deleteFrom(this.name)
      .where('account_id', '=', accountId).where(this.parentName, '=', parentId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}

/**
 * A repository of one main table under a parent, with the usual find / insert / update / delete
 * (find names the parent; update and delete go by account and id).
 */
export abstract class ScopedRepository<T extends OwnedTable, P extends ParentColumn<T>> extends Repository {
  protected readonly rows: ScopedRows<T, P>;

  constructor(db: Db, table: T, parent: P) {
    super(db);
    this.rows = new ScopedRows(table, parent);
  }

  find(accountId: string, parentId: string, id: string, ex: Executor = this.db): Promise<Row<T> | undefined> {
    return this.rows.find(ex, accountId, parentId, id);
  }

  insert(row: NewRow<T>, ex: Executor = this.db): Promise<void> {
    return this.rows.insert(ex, row);
  }

  update(accountId: string, id: string, patch: RowPatch<T>, ex: Executor = this.db): Promise<void> {
    return this.rows.update(ex, accountId, id, patch);
  }
}
