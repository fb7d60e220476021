import type { SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, RowPatch } from '../../db/types.js';

export class AttendeeLinksRepository extends Repository {
  list(accountId: string, spec: ListSpec, webcastId?: string) {
    const byWebcast = webcastId !== undefined ? [sql<SqlBool>`attendee_links.webcast_id = ${webcastId}`] : [];
    const base = this.db.selectFrom('attendee_links').selectAll('attendee_links').where('attendee_links.account_id', '=', accountId);
    return fetchPage(base, spec, byWebcast);
  }

  findWebcast(accountId: string, webcastId: string, ex: Executor = this.db) {
    return ex.selectFrom('webcasts').select(['id', 'event_id', 'session_id']).where('account_id', '=', accountId).where('id', '=', webcastId).executeTakeFirst();
  }

  find(accountId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('attendee_links').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findPair(accountId: string, webcastId: string, attendeeId: string, ex: Executor) {
    return ex.selectFrom('attendee_links').select('id')
      .where('account_id', '=', accountId).where('webcast_id', '=', webcastId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async insert(row: NewRow<'attendee_links'>, ex: Executor) {
    await ex.insertInto('attendee_links').values(row).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'attendee_links'>, ex: Executor) {
    await ex.updateTable('attendee_links').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: string, webcastId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('attendee_links')
      .where('account_id', '=', accountId).where('webcast_id', '=', webcastId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A link by id alone: an attendee token names the link, not the account. */
  findById(id: string) {
    return this.db.selectFrom('attendee_links').select(['id', 'account_id', 'webcast_id', 'event_id', 'session_id', 'attendee_id', 'join_href']).where('id', '=', id).executeTakeFirst();
  }

  /** Erasure: a join href can carry a personal token, so it is emptied and the link cannot be used again. */
  async clearJoinLinks(trx: Transaction<Database>, accountId: string, attendeeIds: readonly string[], now: string, by: string): Promise<number> {
    if (attendeeIds.length === 0) return 0;
    const r = await trx.updateTable('attendee_links').set({ join_href: '', join_code: null, source_id: null, last_modified: now, last_modified_by: by })
      .where('account_id', '=', accountId).where('attendee_id', 'in', attendeeIds).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
