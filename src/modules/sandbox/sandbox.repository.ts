import { Repository } from '../../db/repository.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

export class RequestLogsRepository extends Repository {
  async insertMany(rows: readonly NewRow<'request_logs'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('request_logs').values([...rows]).execute();
  }

  list(accountId: string, clientId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('request_logs').selectAll()
      .where('request_logs.account_id', '=', accountId).where('request_logs.client_id', '=', clientId), spec);
  }

  async deleteOlderThan(at: string): Promise<number> {
    const result = await this.db.deleteFrom('request_logs').where('at', '<', at).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The applications holding more than `keep` entries. */
  overfull(keep: number) {
    return this.db.selectFrom('request_logs').select(['account_id', 'client_id']).groupBy(['account_id', 'client_id'])
      .having((eb) => eb.fn.countAll(), '>', keep).execute();
  }

  /** Deletes all but the newest `keep` entries of one application (newest by time, then id). */
  async keepNewest(accountId: string, clientId: string, keep: number): Promise<number> {
    const edge = await this.db.selectFrom('request_logs').select(['at', 'id'])
      .where('account_id', '=', accountId).where('client_id', '=', clientId)
      .orderBy('at', 'desc').orderBy('id', 'desc').limit(1).offset(keep).executeTakeFirst();
    if (!edge) return 0;
    const result = await this.db.deleteFrom('request_logs')
      .where('account_id', '=', accountId).where('client_id', '=', clientId)
      .where((eb) => eb.or([eb('at', '<', edge.at), eb.and([eb('at', '=', edge.at), eb('id', '<=', edge.id)])]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export class SandboxControlsRepository extends Repository {
  find(accountId: string, clientId: string): Promise<Row<'sandbox_controls'> | undefined> {
    return this.db.selectFrom('sandbox_controls').selectAll().where('account_id', '=', accountId).where('client_id', '=', clientId).executeTakeFirst();
  }

  async upsert(row: NewRow<'sandbox_controls'>, patch: RowPatch<'sandbox_controls'>): Promise<void> {
    await this.db.insertInto('sandbox_controls').values(row)
      .onConflict((oc) => oc.columns(['account_id', 'client_id']).doUpdateSet(patch))
      .execute();
  }

  async delete(accountId: string, clientId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sandbox_controls').where('account_id', '=', accountId).where('client_id', '=', clientId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Spends one forced call of a count, atomically (one statement: two processes cannot both spend the last one).
   * Answers how many were spent before this one, or undefined when none is left (or the control changed).
   */
  async spendForced(id: string, accountId: string, lastModified: string): Promise<number | undefined> {
    const row = await this.db.updateTable('sandbox_controls')
      .set((eb) => ({ force_used: eb('force_used', '+', 1) }))
      .where('id', '=', id).where('account_id', '=', accountId).where('last_modified', '=', lastModified)
      .where('force_calls', 'is not', null)
      .where((eb) => eb('force_used', '<', eb.ref('force_calls')))
      .returning(['force_used'])
      .executeTakeFirst();
    return row ? Number(row.force_used) - 1 : undefined;
  }
}
