import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';
import type { BulkStatus } from './bulk-jobs.schemas.js';

export class BulkJobsRepository extends Repository {
  get(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'bulk_jobs'> | undefined> {
    return ex.selectFrom('bulk_jobs').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Takes the job's row lock for the rest of the transaction (a no-op update:
   * PostgreSQL blocks other writers of the row until commit; SQLite has one
   * writer anyway), so concurrent uploads append one after the other.
   */
  async lock(accountId: string, id: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable('bulk_jobs').set((eb) => ({ total_records: eb.ref('total_records') })).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  byId(id: string, ex: Executor = this.db): Promise<Row<'bulk_jobs'> | undefined> {
    return ex.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: NewRow<'bulk_jobs'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('bulk_jobs').values(row).execute();
  }

  async update(id: string, patch: Omit<RowPatch<'bulk_jobs'>, 'id' | 'account_id'>, ex: Executor = this.db, onlyStatus?: readonly BulkStatus[]): Promise<boolean> {
    let q = ex.updateTable('bulk_jobs').set(patch).where('id', '=', id);
    if (onlyStatus) q = q.where('status', 'in', [...onlyStatus]);
    const res = await q.executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async countActive(accountId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('bulk_jobs').select(sql<number>`count(*)`.as('n'))
      .where('account_id', '=', accountId).where('status', 'in', ['READY', 'RUNNING']).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async appendRecords(accountId: string, jobId: string, startSeq: number, data: readonly string[], ex: Executor = this.db): Promise<void> {
    // Chunked so a 1,000-record upload stays under SQLite's bound-parameter limit.
    for (let i = 0; i < data.length; i += 100) {
      const rows: NewRow<'bulk_job_records'>[] = data.slice(i, i + 100).map((d, j) => ({
        job_id: jobId, seq: startSeq + i + j, account_id: accountId, data: d, result_status: null, result_message: null, result_data: null, processed: 0,
      }));
      await ex.insertInto('bulk_job_records').values(rows).execute();
    }
  }

  /** The next unprocessed records in upload order. */
  pending(jobId: string, limit: number): Promise<Row<'bulk_job_records'>[]> {
    return this.db.selectFrom('bulk_job_records').selectAll().where('job_id', '=', jobId).where('processed', '=', 0).orderBy('seq').limit(limit).execute();
  }

  async saveResult(jobId: string, seq: number, status: number, message: string | null, data: string, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('bulk_job_records').set({ result_status: status, result_message: message, result_data: data, processed: 1 })
      .where('job_id', '=', jobId).where('seq', '=', seq).execute();
  }

  async counts(jobId: string, ex: Executor = this.db): Promise<{ ok: number; failed: number }> {
    const r = await ex.selectFrom('bulk_job_records')
      .select([
        sql<number>`sum(case when processed = 1 and result_status < 400 then 1 else 0 end)`.as('ok'),
        sql<number>`sum(case when processed = 1 and result_status >= 400 then 1 else 0 end)`.as('failed'),
      ])
      .where('job_id', '=', jobId).executeTakeFirst();
    return { ok: Number(r?.ok ?? 0), failed: Number(r?.failed ?? 0) };
  }

  results(accountId: string, jobId: string, spec: ListSpec) {
    const base = this.db.selectFrom('bulk_job_records').selectAll()
      .where('account_id', '=', accountId).where('job_id', '=', jobId).where('processed', '=', 1);
    return fetchPage(base, spec);
  }
}
