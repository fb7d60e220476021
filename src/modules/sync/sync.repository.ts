import type { Db } from '../../db/index.js';
import type { Insertable, Selectable } from 'kysely';
import type { WebcastSyncLogTable, WebcastSyncStatesTable } from './sync.table.js';

export type SyncStateRow = Selectable<WebcastSyncStatesTable>;
export type SyncLogRow = Selectable<WebcastSyncLogTable>;

export class SyncRepository {
  constructor(private readonly db: Db) {}

  async find(accountId: string, sessionId: string): Promise<SyncStateRow | undefined> {
    return this.db.selectFrom('webcast_sync_states').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).executeTakeFirst();
  }

  async conflicts(accountId: string, sessionId: string): Promise<SyncLogRow[]> {
    return this.db.selectFrom('webcast_sync_log').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId)
      .orderBy('created', 'desc').orderBy('id', 'desc').limit(50).execute();
  }

  /** Writes the state and appends the conflicts in one transaction. */
  async save(row: Insertable<WebcastSyncStatesTable>, log: Array<Insertable<WebcastSyncLogTable>>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const changes = {
        provider: row.provider, meeting_id: row.meeting_id, webcast_id: row.webcast_id, snapshot: row.snapshot, progress: row.progress,
        outcome: row.outcome, error: row.error, last_run: row.last_run, last_modified: row.last_modified,
      };
      await trx.insertInto('webcast_sync_states').values(row)
        .onConflict((oc) => oc.columns(['account_id', 'session_id']).doUpdateSet(changes)).execute();
      if (log.length > 0) await trx.insertInto('webcast_sync_log').values(log).execute();
    });
  }
}
