import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { WebcastsTable } from './webcasts.table.js';

export type Executor = Db | Transaction<Database>;

export class WebcastsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  list(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('webcasts').selectAll('webcasts').where('webcasts.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('webcasts').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findEvent(accountId: string, eventId: string, ex: Executor) {
    return ex.selectFrom('events').select(['id', 'format']).where('account_id', '=', accountId).where('id', '=', eventId).executeTakeFirst();
  }

  findSession(accountId: string, sessionId: string, ex: Executor) {
    return ex.selectFrom('sessions').select(['id', 'event_id', 'virtual']).where('account_id', '=', accountId).where('id', '=', sessionId).executeTakeFirst();
  }

  findBySession(accountId: string, sessionId: string, ex: Executor) {
    return ex.selectFrom('webcasts').select('id').where('account_id', '=', accountId).where('session_id', '=', sessionId).executeTakeFirst();
  }

  async insert(row: WebcastsTable, ex: Executor) {
    await ex.insertInto('webcasts').values(row).execute();
  }

  async update(accountId: string, id: string, patch: Partial<WebcastsTable>, ex: Executor) {
    await ex.updateTable('webcasts').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Attendee links carry their webcast's session; they follow it when it changes. */
  async moveLinksToSession(accountId: string, webcastId: string, sessionId: string | null, ex: Executor) {
    await ex.updateTable('attendee_links').set({ session_id: sessionId })
      .where('account_id', '=', accountId).where('webcast_id', '=', webcastId).execute();
  }

  async delete(accountId: string, id: string, ex: Executor): Promise<boolean> {
    // The links belong to the webcast and go with it (the foreign key would refuse otherwise).
    await ex.deleteFrom('attendee_links').where('account_id', '=', accountId).where('webcast_id', '=', id).execute();
    const r = await ex.deleteFrom('webcasts').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
