import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { EventCreationsTable, EventsTable } from './events.table.js';

type Executor = Db | Transaction<Database>;

export class EventsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  list(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('events').selectAll('events').where('events.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('events').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async codeExists(accountId: string, code: string, ex: Executor = this.db) {
    return (await ex.selectFrom('events').select('id').where('account_id', '=', accountId).where('code', '=', code).executeTakeFirst()) !== undefined;
  }

  /** Idempotent: a retried creation job finds its row already there. */
  async insertIfAbsent(row: EventsTable, ex: Executor = this.db) {
    await ex.insertInto('events').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async update(accountId: string, id: string, patch: Partial<EventsTable>, ex: Executor = this.db) {
    const r = await ex.updateTable('events').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Sessions marked virtual or carrying a webcast: they need the event to stay Virtual or Hybrid. */
  async countVirtualSessions(accountId: string, eventId: string): Promise<number> {
    const row = await this.db.selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId).where('event_id', '=', eventId)
      .where((eb) => eb.or([eb('virtual', '=', 1), eb.exists(eb.selectFrom('webcasts').select('webcasts.id').whereRef('webcasts.session_id', '=', 'sessions.id'))]))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  insertCreation(row: EventCreationsTable, ex: Executor = this.db) {
    return ex.insertInto('event_creations').values(row).execute();
  }

  findCreation(accountId: string, id: string) {
    return this.db.selectFrom('event_creations').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findCreationById(id: string, ex: Executor = this.db) {
    return ex.selectFrom('event_creations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async finishCreation(id: string, patch: Pick<EventCreationsTable, 'status'> & Partial<Pick<EventCreationsTable, 'event_id' | 'error'>>, ex: Executor = this.db) {
    await ex.updateTable('event_creations').set(patch).where('id', '=', id).execute();
  }
}
