import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { SessionsTable } from './sessions.table.js';

export type Executor = Db | Transaction<Database>;
export type SessionRow = Selectable<SessionsTable>;
/** A session with what it shows of its event. */
export type SessionView = SessionRow & { event_timezone: string; event_format: string };

export class SessionsRepository {
  constructor(
    private readonly db: Db,
    readonly dialect: Dialect,
  ) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private views(ex: Executor, accountId: string) {
    return ex
      .selectFrom('sessions')
      .innerJoin('events', (j) => j.onRef('events.id', '=', 'sessions.event_id').onRef('events.account_id', '=', 'sessions.account_id'))
      .selectAll('sessions')
      .select(['events.timezone as event_timezone', 'events.format as event_format'])
      .where('sessions.account_id', '=', accountId);
  }

  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.views(this.db, accountId), spec);
  }

  // Ids are stored in lower case; a client may send them in any case.
  find(accountId: string, id: string, ex: Executor = this.db): Promise<SessionView | undefined> {
    return this.views(ex, accountId).where('sessions.id', '=', id.toLowerCase()).executeTakeFirst();
  }

  /**
   * Reads the session and, on PostgreSQL, locks its row until the transaction
   * ends: enrollment (capacity) and check-in of one session run one at a time.
   * SQLite serialises write transactions by itself.
   */
  async lock(accountId: string, id: string, trx: Transaction<Database>): Promise<SessionView | undefined> {
    if (this.dialect === 'postgres') {
      const locked = await trx.selectFrom('sessions').select('id').where('account_id', '=', accountId).where('id', '=', id.toLowerCase()).forUpdate().executeTakeFirst();
      if (!locked) return undefined;
    }
    return this.find(accountId, id, trx);
  }

  findEvent(accountId: string, eventId: string, ex: Executor = this.db) {
    return ex.selectFrom('events').select(['id', 'format', 'timezone']).where('account_id', '=', accountId).where('id', '=', eventId.toLowerCase()).executeTakeFirst();
  }

  async insert(row: Insertable<SessionsTable>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('sessions').values(row).execute();
  }

  async update(accountId: string, id: string, patch: Updateable<SessionsTable>, ex: Executor = this.db): Promise<boolean> {
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

  /** Read only: a webcast row still pointing at the session would make the delete break its foreign key. */
  async hasWebcast(accountId: string, sessionId: string, ex: Executor = this.db): Promise<boolean> {
    const row = await ex.selectFrom('webcasts').select('id').where('account_id', '=', accountId).where('session_id', '=', sessionId.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }
}
