import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository } from '../../db/repository.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { mayHoldAny } from '../privacy/index.js';

export class IdempotencyRepository extends Repository {
  /** Inserts the claim unless the key already has a row; true when this call inserted it. */
  async insertClaim(row: NewRow<'idempotency_keys'>): Promise<boolean> {
    const result = await this.db.insertInto('idempotency_keys').values(row)
      .onConflict((oc) => oc.columns(['account_id', 'client_id', 'key_hash']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  find(accountId: string, clientId: string, keyHash: string): Promise<Row<'idempotency_keys'> | undefined> {
    return this.db.selectFrom('idempotency_keys').selectAll()
      .where('account_id', '=', accountId).where('client_id', '=', clientId).where('key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /**
   * Takes over a row that no longer holds its key (expired, or a running claim whose process stopped): only while it
   * is still the row that was read (same id, same state, same lock), so two takers cannot both win.
   */
  async takeOver(old: Row<'idempotency_keys'>, patch: RowPatch<'idempotency_keys'>): Promise<boolean> {
    let q = this.db.updateTable('idempotency_keys').set(patch)
      .where('id', '=', old.id).where('account_id', '=', old.account_id).where('state', '=', old.state).where('expires_at', '=', old.expires_at);
    q = old.locked_until === null ? q.where('locked_until', 'is', null) : q.where('locked_until', '=', old.locked_until);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async complete(id: string, accountId: string, patch: RowPatch<'idempotency_keys'>): Promise<void> {
    await this.db.updateTable('idempotency_keys').set(patch)
      .where('id', '=', id).where('account_id', '=', accountId).where('state', '=', 'running').execute();
  }

  async release(id: string, accountId: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('id', '=', id).where('account_id', '=', accountId).where('state', '=', 'running').execute();
  }

  async deleteExpired(now: string): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Saved answers of the account that may mention one of the forms (a superset: the eraser confirms each). */
  candidates(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('idempotency_keys').select(['id', 'response_body', 'response_headers']).where('account_id', '=', accountId)
      .where(mayHoldAny(['response_body', 'response_headers'], forms)).execute();
  }

  async deleteRows(trx: Transaction<Database>, accountId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await trx.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
