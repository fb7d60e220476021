import { Repository } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';

/** The account's platform connections, and which sessions are held on each (webcast_sync_states.connection_id). */
export class ConnectionsRepository extends Repository {
  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('platform_connections').selectAll().where('platform_connections.account_id', '=', accountId), spec);
  }

  find(accountId: string, id: string): Promise<Row<'platform_connections'> | undefined> {
    return this.db.selectFrom('platform_connections').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** A connection by id alone: the platform's webhooks (public, no account) and the worker's jobs. */
  findById(id: string): Promise<Row<'platform_connections'> | undefined> {
    return this.db.selectFrom('platform_connections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: NewRow<'platform_connections'>): Promise<void> {
    await this.db.insertInto('platform_connections').values(row).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'platform_connections'>): Promise<void> {
    await this.db.updateTable('platform_connections').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /**
   * Disconnects: the connection goes, and the sessions held on it are detached (their sync state keeps the meeting id,
   * says why it stopped, and no longer names the connection), in one transaction.
   */
  async delete(accountId: string, id: string, detached: { error: string; at: string }): Promise<number> {
    return this.transaction(async (trx) => {
      const r = await trx.updateTable('webcast_sync_states').set({ connection_id: null, outcome: 'Failed', error: detached.error, last_modified: detached.at })
        .where('account_id', '=', accountId).where('connection_id', '=', id).executeTakeFirst();
      await trx.deleteFrom('platform_connections').where('account_id', '=', accountId).where('id', '=', id).execute();
      return Number(r.numUpdatedRows);
    });
  }

  /** Every connection that holds at least one session (the worker's recurring pass). */
  async withSessions(): Promise<Row<'platform_connections'>[]> {
    return this.db.selectFrom('platform_connections').selectAll()
      .where((eb) => eb.exists(eb.selectFrom('webcast_sync_states').select('session_id').whereRef('webcast_sync_states.connection_id', '=', 'platform_connections.id')))
      .orderBy('id').execute();
  }

  async sessionsOf(accountId: string, connectionId: string, meetingId?: string): Promise<string[]> {
    let q = this.db.selectFrom('webcast_sync_states').select('session_id').where('account_id', '=', accountId).where('connection_id', '=', connectionId);
    if (meetingId !== undefined) q = q.where('meeting_id', '=', meetingId);
    return (await q.orderBy('session_id').execute()).map((r) => r.session_id);
  }

  async any(): Promise<boolean> {
    return (await this.db.selectFrom('platform_connections').select('id').limit(1).executeTakeFirst()) !== undefined;
  }
}
