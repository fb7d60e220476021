import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';
import type { DeliveryStatus } from './webhooks.table.js';

/** The database handle or a transaction on it (inside one, pass it: SQLite has one connection). */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A delivery that has ended: only a replay starts it again. */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['succeeded', 'failed'];

export class WebhooksRepository extends Repository {
  // --- endpoints -----------------------------------------------------------

  listEndpoints(accountId: string, applicationId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('webhook_endpoints').selectAll()
      .where('webhook_endpoints.account_id', '=', accountId).where('webhook_endpoints.application_id', '=', applicationId), spec);
  }

  findEndpoint(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'webhook_endpoints'> | undefined> {
    return ex.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** The endpoints an event may go to: every one not disabled (a paused endpoint records the delivery as failed). */
  subscribedEndpoints(accountId: string, ex: Executor = this.db): Promise<Array<Row<'webhook_endpoints'>>> {
    return ex.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('status', '!=', 'disabled').orderBy('id').execute();
  }

  async insertEndpoint(row: NewRow<'webhook_endpoints'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('webhook_endpoints').values(row).execute();
  }

  async updateEndpoint(accountId: string, id: string, patch: Omit<RowPatch<'webhook_endpoints'>, 'id' | 'account_id'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('webhook_endpoints').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Deletes the endpoint and its delivery log. */
  async deleteEndpoint(accountId: string, id: string, ex: Executor = this.db): Promise<boolean> {
    await ex.deleteFrom('webhook_deliveries').where('account_id', '=', accountId).where('endpoint_id', '=', id).execute();
    const r = await ex.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  /** One more failed attempt in a row; returns the new count (one statement, so concurrent deliveries count each). */
  async countFailure(accountId: string, id: string, ex: Executor = this.db): Promise<number> {
    await ex.updateTable('webhook_endpoints').set({ consecutive_failures: sql`consecutive_failures + 1` })
      .where('account_id', '=', accountId).where('id', '=', id).execute();
    const row = await ex.selectFrom('webhook_endpoints').select('consecutive_failures').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row?.consecutive_failures ?? 0;
  }

  /** Pauses an enabled endpoint (not one a person disabled or paused already); true when this call paused it. */
  async pause(accountId: string, id: string, reason: string, now: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('webhook_endpoints').set({ status: 'paused', paused_reason: reason, last_modified: now })
      .where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'enabled').executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async resetFailures(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('webhook_endpoints').set({ consecutive_failures: 0 }).where('account_id', '=', accountId).where('id', '=', id)
      .where('consecutive_failures', '>', 0).execute();
  }

  // --- events (the outbox) ---------------------------------------------------

  async insertEvent(row: NewRow<'webhook_events'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('webhook_events').values(row).execute();
  }

  findEvent(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'webhook_events'> | undefined> {
    return ex.selectFrom('webhook_events').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** The account's events recorded at or after `since`, oldest first (the listen stream's poll). */
  eventsSince(accountId: string, since: string, limit = 200): Promise<Array<Row<'webhook_events'>>> {
    return this.db.selectFrom('webhook_events').selectAll().where('account_id', '=', accountId).where('created', '>=', since)
      .orderBy('created').orderBy('id').limit(limit).execute();
  }

  // --- deliveries --------------------------------------------------------------

  async insertDelivery(row: NewRow<'webhook_deliveries'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('webhook_deliveries').values(row).execute();
  }

  listDeliveries(accountId: string, endpointId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('webhook_deliveries').selectAll()
      .where('webhook_deliveries.account_id', '=', accountId).where('webhook_deliveries.endpoint_id', '=', endpointId), spec);
  }

  findDelivery(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'webhook_deliveries'> | undefined> {
    return ex.selectFrom('webhook_deliveries').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** Changes an open delivery only: a delivery that has ended stays as it ended (false then). */
  async updateOpenDelivery(accountId: string, id: string, patch: Omit<RowPatch<'webhook_deliveries'>, 'id' | 'account_id'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('webhook_deliveries').set(patch).where('account_id', '=', accountId).where('id', '=', id)
      .where('status', 'not in', FINAL_DELIVERY_STATUSES).executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /**
   * Opens a finished delivery again for a replay; the condition on its status makes two replays at once start
   * one delivery (the other finds it open). `onlyFailed`: a succeeded one stays as it is.
   */
  async reopen(accountId: string, id: string, now: string, onlyFailed: boolean, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('webhook_deliveries')
      .set({ status: 'pending', attempts: 0, last_error: null, last_status_code: null, last_duration_ms: null, last_modified: now, finished_at: null })
      .where('account_id', '=', accountId).where('id', '=', id).where('status', 'in', onlyFailed ? ['failed'] : FINAL_DELIVERY_STATUSES).executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  failedDeliveryIds(accountId: string, endpointId: string, ex: Executor = this.db): Promise<string[]> {
    return ex.selectFrom('webhook_deliveries').select('id').where('account_id', '=', accountId).where('endpoint_id', '=', endpointId)
      .where('status', '=', 'failed').orderBy('id').execute().then((rows) => rows.map((r) => r.id));
  }

  // --- listeners (eventline listen) ----------------------------------------------

  liveListeners(accountId: string, now: string, ex: Executor = this.db): Promise<Array<Row<'webhook_listeners'>>> {
    return ex.selectFrom('webhook_listeners').selectAll().where('account_id', '=', accountId).where('expires_at', '>', now).execute();
  }

  async upsertListener(row: NewRow<'webhook_listeners'>): Promise<void> {
    await this.db.insertInto('webhook_listeners').values(row).onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: row.expires_at })).execute();
  }

  async deleteListener(accountId: string, id: string): Promise<void> {
    await this.db.deleteFrom('webhook_listeners').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Forgets listeners whose stream ended without saying so (a killed process). */
  async deleteExpiredListeners(now: string): Promise<void> {
    await this.db.deleteFrom('webhook_listeners').where('expires_at', '<=', now).execute();
  }

  /**
   * Retention: removes up to `limit` events created before `before`, with their deliveries, when none of their
   * deliveries is still under way (pending, delivering, retrying). The number of events removed.
   */
  async pruneEvents(before: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('webhook_events').select('id').where('created', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('webhook_deliveries').select('webhook_deliveries.id')
          .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id').where('webhook_deliveries.status', 'in', ['pending', 'delivering', 'retrying']))))
        .limit(limit).execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).execute();
      await trx.deleteFrom('webhook_events').where('id', 'in', ids).execute();
      return ids.length;
    });
  }
}
