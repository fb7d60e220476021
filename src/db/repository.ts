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

/** The text columns of a table: a parent row's id, or a key under the parent. */
export type TextColumn<T extends OwnedTable> = { [C in keyof Row<T> & string]-?: NonNullable<Row<T>[C]> extends string ? C : never }[keyof Row<T> & string];

/**
 * The statements of AccountRows and ScopedRows, typed for one table: Kysely cannot check a table
 * name that is a type parameter, so they are written once against this shape and
 * typed by the class's signatures.
 */
const untyped = (ex: Executor) => ex as unknown as Kysely<Record<string, Record<string, unknown>>>;

/** One table's rows by account and id: every statement names the account. */
export class AccountRows<T extends OwnedTable> {
  /** The table's name as a plain string, for the statements (see untyped). */
  protected readonly name: string;

  constructor(readonly table: T) {
    this.name = table;
  }

  get(ex: Executor, accountId: string, id: string): Promise<Row<T> | undefined> {
    return untyped(ex).selectFrom(this.name).selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst() as Promise<Row<T> | undefined>;
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
}

/**
 * One table's rows under a parent row: a parent column such as event_id or exhibitor_id narrows
 * reads to (account_id, parent, ...); updates and deletes by id go by account and id.
 */
export class ScopedRows<T extends OwnedTable, P extends TextColumn<T>> extends AccountRows<T> {
  private readonly parentName: string;

  constructor(table: T, readonly parent: P) {
    super(table);
    this.parentName = parent;
  }

  find(ex: Executor, accountId: string, parentId: string, id: string): Promise<Row<T> | undefined> {
    // Every OwnedTable has a text id; the compiler cannot see that for a type parameter.
    return this.findBy(ex, accountId, parentId, 'id' as TextColumn<T>, id);
  }

  /** The parent's row whose `column` holds `value` (a column unique under the parent). */
  findBy(ex: Executor, accountId: string, parentId: string, column: TextColumn<T>, value: string): Promise<Row<T> | undefined> {
    const key: string = column;
    return untyped(ex).selectFrom(this.name).selectAll()
      .where('account_id', '=', accountId).where(this.parentName, '=', parentId).where(key, '=', value).executeTakeFirst() as Promise<Row<T> | undefined>;
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
 * A repository of one main table under a parent, with the usual find / insert / update
 * (find names the parent; update goes by account and id). A subclass names its rows.
 */
export abstract class ScopedRepository<T extends OwnedTable, P extends TextColumn<T>> extends Repository {
  protected abstract readonly rows: ScopedRows<T, P>;

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
