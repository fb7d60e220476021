import type { Transaction } from 'kysely';
import type { Database, Row, NewRow } from '../../db/types.js';
import { Repository } from '../../db/repository.js';

export class SyncRepository extends Repository {
  async find(accountId: string, sessionId: string): Promise<Row<'webcast_sync_states'> | undefined> {
    return this.db.selectFrom('webcast_sync_states').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).executeTakeFirst();
  }

  async conflicts(accountId: string, sessionId: string): Promise<Row<'webcast_sync_log'>[]> {
    return this.db.selectFrom('webcast_sync_log').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId)
      .orderBy('created', 'desc').orderBy('id', 'desc').limit(50).execute();
  }

  /** Writes the state and appends the conflicts in one transaction. */
  /** Saves the state and its log in one transaction; `then` runs inside it (a notification that commits with the state). */
  async save(row: NewRow<'webcast_sync_states'>, log: readonly NewRow<'webcast_sync_log'>[], then?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    // On conflict everything but the key and the creation time is replaced.
    const { account_id: _account, session_id: _session, created: _created, ...changes } = row;
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('webcast_sync_states').values(row)
        .onConflict((oc) => oc.columns(['account_id', 'session_id']).doUpdateSet(changes)).execute();
      if (log.length > 0) await trx.insertInto('webcast_sync_log').values([...log]).execute();
      await then?.(trx);
    });
  }
}
