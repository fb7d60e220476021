import type { Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

export class SessionsRepository extends Repository {
  constructor(
    db: Db,
    private readonly dialect: Dialect,
  ) {
    super(db);
  }

  list(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('sessions').selectAll('sessions').where('sessions.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  // Ids are stored in lower case; a client may send them in any case.
  find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'sessions'> | undefined> {
    return ex.selectFrom('sessions').selectAll().where('account_id', '=', accountId).where('id', '=', id.toLowerCase()).executeTakeFirst();
  }

  /**
   * Reads the session and, on PostgreSQL, locks its row until the transaction
   * ends: enrollment (capacity) and check-in of one session run one at a time.
   * SQLite serialises write transactions by itself.
   */
  async lock(accountId: string, id: string, trx: Transaction<Database>): Promise<Row<'sessions'> | undefined> {
    if (this.dialect === 'postgres') {
      const locked = await trx.selectFrom('sessions').select('id').where('account_id', '=', accountId).where('id', '=', id.toLowerCase()).forUpdate().executeTakeFirst();
      if (!locked) return undefined;
    }
    return this.find(accountId, id, trx);
  }

  /** The event's sessions in id (creation) order: what an event copy reads. */
  ofEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'sessions'>>> {
    return ex.selectFrom('sessions').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  async insert(row: NewRow<'sessions'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('sessions').values(row).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'sessions'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('sessions').set(patch).where('account_id', '=', accountId).where('id', '=', id.toLowerCase()).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Removes the session with its enrollment and attendance rows. */
  async delete(accountId: string, sessionId: string, trx: Transaction<Database>): Promise<boolean> {
    const id = sessionId.toLowerCase();
    await trx.deleteFrom('session_attendance').where('account_id', '=', accountId).where('session_id', '=', id).execute();
    await trx.deleteFrom('session_enrollments').where('account_id', '=', accountId).where('session_id', '=', id).execute();
    const r = await trx.deleteFrom('sessions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The account's sessions in a location, or under a category (sessions_location, sessions_category). */
  async countUsing(accountId: string, ref: { locationId: string } | { categoryId: string }, ex: Executor = this.db): Promise<number> {
    let q = ex.selectFrom('sessions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId);
    q = 'locationId' in ref ? q.where('location_id', '=', ref.locationId) : q.where('category_id', '=', ref.categoryId);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  }

  /** Copies a location's code and name, or a category's name, to the sessions that name it. */
  async relabel(accountId: string, ref: { locationId: string; code: string; name: string } | { categoryId: string; name: string }, ex: Executor = this.db): Promise<void> {
    const q = ex.updateTable('sessions').where('account_id', '=', accountId);
    await ('locationId' in ref
      ? q.set({ location_code: ref.code, location_name: ref.name }).where('location_id', '=', ref.locationId)
      : q.set({ category_name: ref.name }).where('category_id', '=', ref.categoryId)).execute();
  }

  /** The event's sessions that are virtual, or are among `alsoIds` (those a webcast points at). */
  async countVirtual(accountId: string, eventId: string, alsoIds: readonly string[]): Promise<number> {
    const row = await this.db.selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId).where('event_id', '=', eventId)
      .where((eb) => eb.or([eb('virtual', '=', 1), ...(alsoIds.length > 0 ? [eb('id', 'in', alsoIds)] : [])]))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
