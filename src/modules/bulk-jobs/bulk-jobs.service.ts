import { Value } from 'typebox/value';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import type { Notifier } from '../../notifications.js';
import { actorName, type AuthContext } from '../../actor.js';
import { defineList, listPage, type FilterFields, type ListQuery, type Paging } from '../../lists/index.js';
import { CommonErrors } from '../../errors.js';
import { PermanentJobError, type JobContext, type JobHandler, type JobQueue, type JobRecord } from '../../jobs/index.js';
import type { AccountsService } from '../accounts/index.js';
import type { ObfuscationService } from '../obfuscation/index.js';
import { BulkJobErrors } from './bulk-jobs.errors.js';
import type { BulkJobsRepository } from './bulk-jobs.repository.js';
import { BULK_JOB_DEFAULTS, BulkDataPropertySchema, type BulkDataProperty, type BulkJob, type BulkJobInput, type BulkResult, type BulkStatus } from './bulk-jobs.schemas.js';
import type { Row } from '../../db/types.js';

export const BULK_JOB = 'bulk.run';
export const DEFAULT_MAX_RUNNING_PER_ACCOUNT = 2;
const MAX_RECORDS = 100_000;
/** Records per batch: one erasure transaction, one compaction, one progress report each. */
export const BATCH = 100;
/** A job's results take no filter: they come in upload order. */
export const BULK_RESULT_FILTER_FIELDS: FilterFields = {};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINISHED: readonly BulkStatus[] = ['CANCELED', 'COMPLETED', 'FAILED'];

export interface BulkJobsOptions {
  /** Per-account limit of bulk jobs READY or RUNNING at once; one more run is refused with 409. */
  maxRunningPerAccount?: number;
  /** Event notifications: `bulk_job.finished` when a job completes (issue 35). */
  notifier?: Notifier;
}

function toBulkJob(r: Row<'bulk_jobs'>): BulkJob {
  return {
    id: r.id, name: r.name, ...(r.description !== null ? { description: r.description } : {}), url: r.url,
    operation: r.operation, mode: r.mode, ttl: r.ttl, status: r.status,
    totalRecords: r.total_records, successful: r.successful, failed: r.failed,
    ...(r.started !== null ? { started: r.started } : {}), ...(r.completed !== null ? { completed: r.completed } : {}),
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

/** Contact obfuscation is the one operation a bulk job runs; the url may carry the version prefix or a full base URL. */
function isObfuscation(url: string, operation: string): boolean {
  const path = url.trim().replace(/^https?:\/\/[^/]+/i, '').replace(/^\/[a-z]{2}(?=\/)/i, '').replace(/\/+$/, '');
  return operation === 'POST' && path === '/contacts/{id}/obfuscate';
}

/** A stored record: what checkRecords wrote, read back. */
function parseRecord(text: string): BulkDataProperty {
  const data: unknown = JSON.parse(text);
  if (!Value.Check(BulkDataPropertySchema, data)) throw new Error('stored bulk record does not match its schema');
  return data;
}

/** The response body stored with a record's result. */
function parseResponse(text: string | null): object {
  const body: unknown = JSON.parse(text ?? '{}');
  return typeof body === 'object' && body !== null ? body : {};
}

function checkRecords(data: readonly BulkDataProperty[]): string[] {
  return data.map((d, i) => {
    const id = d.pathParams?.['id'];
    if (typeof id !== 'string' || !UUID.test(id)) throw BulkJobErrors.invalidRecord(`Record ${i}: pathParams.id must be a contact id (uuid)`, { target: `data[${i}].pathParams.id` });
    return JSON.stringify(d);
  });
}

export class BulkJobsService {
  private readonly maxRunning: number;

  constructor(
    private readonly repo: BulkJobsRepository,
    private readonly obfuscation: ObfuscationService,
    private readonly accounts: AccountsService,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    opts: BulkJobsOptions = {},
  ) {
    this.maxRunning = opts.maxRunningPerAccount ?? DEFAULT_MAX_RUNNING_PER_ACCOUNT;
    this.notifier = opts.notifier;
  }

  private readonly notifier: Notifier | undefined;

  private async assertAllowed(auth: AuthContext): Promise<void> {
    // A bulk job acts with the caller's rights: obfuscating needs the contact scopes too.
    if (!auth.scopes.has('event/contacts:read') || !auth.scopes.has('event/contacts:write')) throw BulkJobErrors.missingScope();
    if (!(await this.accounts.hasFeature(auth.accountId, 'contact-obfuscation'))) throw BulkJobErrors.featureDisabled();
  }

  private async row(accountId: string, id: string): Promise<Row<'bulk_jobs'>> {
    const r = await this.repo.get(accountId, id.toLowerCase());
    if (!r) throw BulkJobErrors.jobNotFound(undefined, { target: 'id' });
    return r;
  }

  async create(auth: AuthContext, input: BulkJobInput): Promise<BulkJob & { data?: BulkDataProperty[] }> {
    if (!isObfuscation(input.url, input.operation)) throw BulkJobErrors.unsupported(undefined, { target: 'url' });
    await this.assertAllowed(auth);
    const data = input.data ?? [];
    const records = checkRecords(data);
    const now = iso(this.clock());
    const by = actorName(auth);
    const row: Row<'bulk_jobs'> = {
      id: newId(), account_id: auth.accountId, name: input.name ?? `${input.operation} ${now}`, description: input.description ?? null, url: input.url, operation: input.operation,
      mode: input.mode ?? BULK_JOB_DEFAULTS.mode, ttl: input.ttl ?? BULK_JOB_DEFAULTS.ttlSeconds, status: 'PENDING', total_records: records.length, successful: 0, failed: 0, job_id: null,
      started: null, completed: null, created: now, created_by: by, last_modified: now, last_modified_by: by,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insert(row, trx);
      await this.repo.appendRecords(auth.accountId, row.id, 0, records, trx);
    });
    return { ...toBulkJob(row), ...(input.data ? { data: input.data } : {}) };
  }

  async addData(auth: AuthContext, id: string, data: BulkDataProperty[]): Promise<{ data: BulkDataProperty[]; count: number }> {
    const records = checkRecords(data);
    await this.repo.transaction(async (trx) => {
      // Uploads to one job serialize on its row: each reads the count the previous one wrote (8 at once were 500s).
      await this.repo.lock(auth.accountId, id.toLowerCase(), trx);
      const job = await this.repo.get(auth.accountId, id.toLowerCase(), trx);
      if (!job) throw BulkJobErrors.jobNotFound(undefined, { target: 'id' });
      if (job.status !== 'PENDING') throw BulkJobErrors.notPending();
      if (job.total_records + records.length > MAX_RECORDS) throw BulkJobErrors.tooManyRecords();
      await this.repo.appendRecords(auth.accountId, job.id, job.total_records, records, trx);
      await this.repo.update(job.id, { total_records: job.total_records + records.length, last_modified: iso(this.clock()), last_modified_by: actorName(auth) }, trx);
    });
    return { data, count: records.length };
  }

  async run(auth: AuthContext, id: string): Promise<BulkJob> {
    const current = await this.row(auth.accountId, id);
    if (current.status === 'READY' || current.status === 'RUNNING') return toBulkJob(current);
    if (FINISHED.includes(current.status)) throw BulkJobErrors.alreadyFinished();
    if (current.total_records === 0) throw BulkJobErrors.noData();
    await this.assertAllowed(auth);
    await this.repo.transaction(async (trx) => {
      if ((await this.repo.countActive(auth.accountId, trx)) >= this.maxRunning) throw BulkJobErrors.tooManyRunning();
      const job = await this.jobs.enqueue({ type: BULK_JOB, accountId: auth.accountId, payload: { bulkJobId: current.id } }, trx);
      const ok = await this.repo.update(current.id, { status: 'READY', job_id: job.id, last_modified: iso(this.clock()), last_modified_by: actorName(auth) }, trx, ['PENDING']);
      if (!ok) throw BulkJobErrors.alreadyFinished('The bulk job changed state meanwhile; fetch it again');
    });
    return this.get(auth.accountId, current.id);
  }

  async get(accountId: string, id: string): Promise<BulkJob> {
    return toBulkJob(await this.row(accountId, id));
  }

  async cancel(auth: AuthContext, id: string): Promise<BulkJob> {
    const current = await this.row(auth.accountId, id);
    if (FINISHED.includes(current.status)) throw BulkJobErrors.alreadyFinished();
    const now = iso(this.clock());
    // A running job sees CANCELED between batches and stops; records already processed keep their results.
    const ok = await this.repo.update(current.id, { status: 'CANCELED', completed: now, last_modified: now, last_modified_by: actorName(auth) }, undefined, ['PENDING', 'READY', 'RUNNING']);
    if (!ok) throw BulkJobErrors.alreadyFinished();
    if (current.job_id) await this.jobs.cancel(current.job_id);
    return this.get(auth.accountId, current.id);
  }

  async results(accountId: string, id: string, query: ListQuery, href: string): Promise<{ paging: Paging; data: BulkResult[] }> {
    const job = await this.row(accountId, id);
    if (query.filter !== undefined && query.filter.trim() !== '') throw CommonErrors.badRequest('Bulk job results have no filterable fields', { target: 'filter' });
    const def = defineList<Row<'bulk_job_records'>>({ name: `bulk-results:${job.id}`, filters: BULK_RESULT_FILTER_FIELDS, order: [{ column: 'seq', value: (r) => r.seq }] });
    return listPage(def, query, (spec) => this.repo.results(accountId, job.id, spec), (r) => {
      const data = parseRecord(r.data);
      return {
        status: r.result_status ?? 0,
        data,
        ...(r.result_message !== null ? { message: r.result_message } : {}),
        request: { method: job.operation, url: `/contacts/${data.pathParams?.['id'] ?? ''}/obfuscate`, response: parseResponse(r.result_data) },
      };
    }, href);
  }

  jobHandlers(): Record<string, JobHandler> {
    return { [BULK_JOB]: (job, ctx) => this.runJob(job, ctx) };
  }

  /** Idempotent: records are processed in order, a batch per transaction, and marked; a re-run skips the processed ones. */
  private async runJob(job: JobRecord, ctx: JobContext): Promise<unknown> {
    const { payload } = job;
    const id = typeof payload === 'object' && payload !== null && 'bulkJobId' in payload && typeof payload.bulkJobId === 'string' ? payload.bulkJobId : undefined;
    if (!id) throw new PermanentJobError('payload has no bulkJobId');
    const bulk = await this.repo.byId(id);
    if (!bulk) throw new PermanentJobError('bulk job not found');
    if (FINISHED.includes(bulk.status)) return { status: bulk.status };
    const startedAt = bulk.started ?? iso(this.clock());
    await this.repo.update(id, { status: 'RUNNING', started: startedAt, last_modified: iso(this.clock()) }, undefined, ['READY', 'RUNNING']);
    // A re-run (after a crash, or a job handed back at shutdown): records erased by the
    // earlier run may not have had their compaction, and their tables are not known.
    let unknownTables = bulk.started !== null;
    for (;;) {
      const batch = await this.repo.pending(id, BATCH);
      if (batch.length === 0) break;
      // A lost or released lease (another worker took the job, or this one is shutting down) stops the run
      // between two batches (see below): the next run carries on from the first pending record.
      if (ctx.signal.aborted) return { status: 'RUNNING' };
      await this.process(bulk.account_id, batch);
      // What the batch's erasures left on disk goes once per batch, not once per contact
      // (PostgreSQL's table rewrites at most once a minute, and at the end).
      await this.obfuscation.flush({ unknownTables, final: false });
      unknownTables = false;
      const counts = await this.repo.counts(id);
      await this.repo.update(id, { successful: counts.ok, failed: counts.failed, last_modified: iso(this.clock()) });
      await ctx.progress({ processed: counts.ok + counts.failed, total: bulk.total_records });
      const now = await this.repo.byId(id);
      if (now?.status === 'CANCELED' || ctx.signal.aborted) {
        // Canceled: what was erased so far is compacted now. A lost lease: the worker that took the job over does it.
        if (!ctx.signal.aborted) await this.obfuscation.flush();
        return { status: now?.status ?? 'CANCELED' };
      }
    }
    await this.obfuscation.flush({ unknownTables });
    const counts = await this.repo.counts(id);
    const done = iso(this.clock());
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.update(id, { status: 'COMPLETED', successful: counts.ok, failed: counts.failed, completed: done, last_modified: done }, trx, ['RUNNING']))) return;
      await this.notifier?.notify(trx, bulk.account_id, 'bulk_job.finished', async () => { const r = await this.repo.byId(id, trx); return r && toBulkJob(r); });
    });
    return { status: 'COMPLETED', ...counts };
  }

  /**
   * Erases the batch's contacts in ONE transaction (each obfuscation record ends COMPLETED once: a crash
   * rolls the batch back, and the re-run erases it again), then records a result per record. A crash
   * between the two finds the contacts COMPLETED on the re-run, which records the same results.
   */
  private async process(accountId: string, batch: readonly Row<'bulk_job_records'>[]): Promise<void> {
    const results = await this.obfuscation.obfuscateBatch(accountId, batch.map((rec) => parseRecord(rec.data).pathParams?.['id'] ?? ''));
    await this.repo.transaction(async (trx) => {
      for (const [i, rec] of batch.entries()) {
        const result = results[i];
        if (result) await this.repo.saveResult(rec.job_id, rec.seq, 202, `Contact obfuscation ${result.status}`, JSON.stringify(result), trx);
        else await this.repo.saveResult(rec.job_id, rec.seq, 404, 'Contact not found', JSON.stringify({ code: 404, message: 'Contact not found', target: 'id' }), trx);
      }
    });
  }
}
