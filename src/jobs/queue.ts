import { mayHoldAny } from '../modules/privacy/index.js';
import { PostgresAdapter, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { isUniqueViolation } from '../db/constraints.js';
import { newId } from '../db/ids.js';
import type { Database, Db, Dialect } from '../db/index.js';
import { iso, systemClock, type Clock } from '../db/time.js';
import { currentTraceparent } from '../telemetry/index.js';
import type { JobsTable } from './jobs.table.js';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobRecord {
  readonly id: string;
  readonly accountId: string | null;
  readonly type: string;
  readonly payload: unknown;
  readonly status: JobStatus;
  /** Number of times the job has been claimed, including the current run. */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly runAt: string;
  readonly leaseOwner: string | null;
  readonly leaseExpiresAt: string | null;
  readonly progress: unknown;
  readonly result: unknown;
  readonly lastError: string | null;
  readonly created: string;
  readonly finishedAt: string | null;
  /** The W3C trace context the job was enqueued in (tracing on, inside a traced request or job): its run continues that trace. */
  readonly traceparent?: string;
}

export interface EnqueueInput {
  type: string;
  payload: unknown;
  accountId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  id?: string;
}

export interface JobQueueOptions {
  clock?: Clock;
  /** Defaults to the dialect of the Kysely handle. */
  dialect?: Dialect;
}

export interface FailOptions {
  /** false ends the job as 'failed' now, e.g. for a payload that can never succeed. */
  retry?: boolean;
  /** The far side asked to wait this long (its Retry-After): the retry waits at least this, at most RETRY_AFTER_CAP_MS. */
  retryAfterMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** The longest a Retry-After may push a retry back: a far side cannot park a job for days. */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

const STATUSES: readonly JobStatus[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];

type JobRow = Selectable<JobsTable>;

/** Delay before the retry that follows the given (1-based) failed attempt. */
export function backoffMs(attempt: number): number {
  const exp = Math.min(Math.max(attempt, 1) - 1, 30);
  return Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_CAP_MS);
}

/** The delay before a retry: the backoff, or the far side's Retry-After when that is longer (capped). */
export function retryDelayMs(attempt: number, retryAfterMs?: number): number {
  const asked = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) ? Math.min(Math.max(retryAfterMs, 0), RETRY_AFTER_CAP_MS) : 0;
  return Math.max(backoffMs(attempt), asked);
}

function toJson(value: unknown): string {
  // JSON.stringify(undefined) is undefined, which would break the NOT NULL column.
  return JSON.stringify(value ?? null);
}

function fromJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

// The trace context travels inside the payload (no column of its own): under this key of an object payload, which
// every job of eventline has. Handlers never see it: toRecord takes it out. It names no person (ids in hex).
const TRACE_KEY = '_traceparent';
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload as stored: with the current trace context when there is one to carry. */
function storedPayload(payload: unknown): unknown {
  if (!isPlainObject(payload)) return payload;
  const traceparent = currentTraceparent();
  return traceparent === undefined ? payload : { ...payload, [TRACE_KEY]: traceparent };
}

/** The handler's payload and the trace context stored beside it. */
function splitPayload(stored: unknown): { payload: unknown; traceparent?: string } {
  if (!isPlainObject(stored) || !(TRACE_KEY in stored)) return { payload: stored };
  const { [TRACE_KEY]: traceparent, ...payload } = stored;
  return typeof traceparent === 'string' && TRACEPARENT.test(traceparent) ? { payload, traceparent } : { payload };
}

function toStatus(s: string): JobStatus {
  const found = STATUSES.find((x) => x === s);
  if (!found) throw new Error(`unknown job status '${s}'`);
  return found;
}

function toRecord(row: JobRow): JobRecord {
  const { payload, traceparent } = splitPayload(fromJson(row.payload));
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type,
    payload,
    ...(traceparent !== undefined ? { traceparent } : {}),
    status: toStatus(row.status),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    progress: fromJson(row.progress),
    result: fromJson(row.result),
    lastError: row.last_error,
    created: row.created,
    finishedAt: row.finished_at,
  };
}

function detectDialect(db: Db): Dialect {
  // getExecutor() is marked internal in Kysely's typings but is the only way to see the adapter.
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Durable job queue on the `jobs` table. A claimed job carries a lease
 * (lease_owner + lease_expires_at); every later state change is conditional on
 * still holding that lease, so a worker that stalled and lost its job cannot
 * overwrite the outcome of the worker that took it over.
 */
export class JobQueue {
  private readonly clock: Clock;
  readonly dialect: Dialect;

  constructor(
    private readonly db: Db,
    opts: JobQueueOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.dialect = opts.dialect ?? detectDialect(db);
  }

  /** Pass the caller's transaction so a domain row and its job commit (or roll back) together. */
  /**
   * A recurring job's run for one time slot: the id names the slot, so any
   * number of processes scheduling it create one row. Returns false when it
   * already existed.
   */
  async enqueueSlot(input: Omit<EnqueueInput, 'id' | 'runAt'> & { runAt: Date; everyMs: number }): Promise<boolean> {
    const slot = Math.floor(input.runAt.getTime() / input.everyMs);
    try {
      await this.enqueue({ type: input.type, payload: input.payload, accountId: input.accountId ?? null, runAt: input.runAt, id: `${input.type}:${slot}` });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async enqueue(input: EnqueueInput, trx?: Transaction<Database> | Kysely<Database>): Promise<JobRecord> {
    const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new RangeError(`maxAttempts must be a positive integer, got ${maxAttempts}`);
    }
    if (input.type === '') throw new RangeError('job type must not be empty');
    const now = this.clock();
    const db: Kysely<Database> = trx ?? this.db;
    const row = await db
      .insertInto('jobs')
      .values({
        // Ids follow real insert order, not the injectable clock (newId keeps process-wide state).
        id: input.id ?? newId(),
        account_id: input.accountId ?? null,
        type: input.type,
        payload: toJson(storedPayload(input.payload)),
        status: 'queued',
        attempts: 0,
        max_attempts: maxAttempts,
        run_at: iso(input.runAt ?? now),
        lease_owner: null,
        lease_expires_at: null,
        progress: null,
        result: null,
        last_error: null,
        created: iso(now),
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /**
   * Atomically takes one ready job of the given types: queued and due, or
   * running with an expired lease (its worker died). Returns undefined when
   * nothing is ready.
   */
  async claim(workerId: string, types: readonly string[], leaseMs: number): Promise<JobRecord | undefined> {
    if (types.length === 0) return undefined;
    const at = this.clock();
    const now = iso(at);
    await this.reapExhausted(now);
    const expires = iso(new Date(at.getTime() + leaseMs));
    let next = this.db
      .selectFrom('jobs as j')
      .select('j.id')
      .where('j.type', 'in', types)
      .where((eb) =>
        eb.or([
          eb.and([eb('j.status', '=', 'queued'), eb('j.run_at', '<=', now)]),
          eb.and([
            eb('j.status', '=', 'running'),
            eb('j.lease_expires_at', '<=', now),
            eb('j.attempts', '<', eb.ref('j.max_attempts')),
          ]),
        ]),
      )
      .orderBy('j.run_at')
      .orderBy('j.id')
      .limit(1);
    // SQLite has a single writer, so the UPDATE alone is atomic; PostgreSQL needs
    // the row lock, and SKIP LOCKED lets concurrent claimers move on to other rows.
    if (this.dialect === 'postgres') next = next.forUpdate().skipLocked();
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        lease_owner: workerId,
        lease_expires_at: expires,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', next)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Extends the lease; false means the lease was lost and the run should stop. */
  async heartbeat(job: string | Pick<JobRecord, 'id'>, workerId: string, leaseMs: number): Promise<boolean> {
    const id = typeof job === 'string' ? job : job.id;
    const res = await this.db
      .updateTable('jobs')
      .set({ lease_expires_at: iso(new Date(this.clock().getTime() + leaseMs)) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async progress(jobId: string, workerId: string, progress: unknown): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({ progress: toJson(progress) })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /**
   * Gives a running job back to the queue at once (a worker shutting down):
   * queued again, due now, and the interrupted attempt does not count. False
   * when the lease was no longer held.
   */
  async release(jobId: string, workerId: string): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'queued', lease_owner: null, lease_expires_at: null, run_at: iso(this.clock()), attempts: eb('attempts', '-', 1) }))
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Returns undefined when the lease is no longer held (the result is discarded). */
  async complete(jobId: string, workerId: string, result?: unknown): Promise<JobRecord | undefined> {
    const row = await this.db
      .updateTable('jobs')
      .set({
        status: 'completed',
        result: result === undefined ? null : toJson(result),
        lease_owner: null,
        lease_expires_at: null,
        finished_at: iso(this.clock()),
      })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /**
   * Records a failed attempt: requeues with exponential backoff, or ends the
   * job as 'failed' once max_attempts is reached. Returns undefined when the
   * lease is no longer held.
   */
  async fail(jobId: string, workerId: string, error: string, opts: FailOptions = {}): Promise<JobRecord | undefined> {
    const current = await this.db
      .selectFrom('jobs')
      .select(['attempts', 'max_attempts'])
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      .executeTakeFirst();
    if (!current) return undefined;
    const now = this.clock();
    const lastError = error.slice(0, MAX_ERROR_LENGTH);
    const final = opts.retry === false || current.attempts >= current.max_attempts;
    const row = await this.db
      .updateTable('jobs')
      .set(
        final
          ? { status: 'failed', last_error: lastError, lease_owner: null, lease_expires_at: null, finished_at: iso(now) }
          : {
              status: 'queued',
              last_error: lastError,
              lease_owner: null,
              lease_expires_at: null,
              run_at: iso(new Date(now.getTime() + retryDelayMs(current.attempts, opts.retryAfterMs))),
            },
      )
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lease_owner', '=', workerId)
      // The backoff was computed from this attempt count; a re-claim in between changes it.
      .where('attempts', '=', current.attempts)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Cancels a job that has not started; returns undefined if it is not queued. */
  async cancel(jobId: string): Promise<JobRecord | undefined> {
    const row = await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: iso(this.clock()) })
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /**
   * Rewrites the free text of the account's jobs (payload, progress, result,
   * last error) that holds any of `needles` (case-insensitive) through
   * `redact`, in place: the queue's audit trail keeps its rows. Returns the
   * number of jobs changed. Obfuscation calls it inside its erasure transaction.
   */
  async redactPayloads(trx: Transaction<Database>, accountId: string, needles: readonly string[], redact: (text: string) => string): Promise<number> {
    if (needles.length === 0) return 0;
    const columns = ['payload', 'progress', 'result', 'last_error'] as const;
    // Candidates in any case; the caller's redact confirms each.
    const rows = await trx.selectFrom('jobs').select(['id', ...columns]).where('account_id', '=', accountId)
      .where(mayHoldAny(columns, needles))
      .execute();
    let changed = 0;
    for (const row of rows) {
      const patch: Updateable<JobsTable> = {};
      for (const c of columns) {
        const text = row[c];
        if (text === null) continue;
        const next = redact(text);
        if (next !== text) patch[c] = next;
      }
      if (Object.keys(patch).length === 0) continue;
      await trx.updateTable('jobs').set(patch).where('id', '=', row.id).where('account_id', '=', accountId).execute();
      changed += 1;
    }
    return changed;
  }

  /**
   * Per job type: queued jobs that are due, the run time of the oldest of them, and running jobs (the metrics'
   * gauges, read at each scrape). One grouped query on the (status, run_at) index; finished jobs are not read.
   */
  async depth(): Promise<Array<{ type: string; due: number; oldestDue: string | null; running: number }>> {
    const now = iso(this.clock());
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => ['type', 'status', eb.fn.countAll<number>().as('n'), eb.fn.min('run_at').as('oldest')])
      .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]), eb('status', '=', 'running')]))
      .groupBy(['type', 'status'])
      .execute();
    const byType = new Map<string, { type: string; due: number; oldestDue: string | null; running: number }>();
    for (const r of rows) {
      const entry = byType.get(r.type) ?? { type: r.type, due: 0, oldestDue: null, running: 0 };
      if (r.status === 'queued') {
        entry.due = Number(r.n);
        entry.oldestDue = r.oldest;
      } else {
        entry.running = Number(r.n);
      }
      byType.set(r.type, entry);
    }
    return [...byType.values()];
  }

  async get(jobId: string): Promise<JobRecord | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  // A job whose worker died on its last allowed attempt would otherwise stay
  // 'running' forever; crashing the worker every time must not retry forever either.
  private async reapExhausted(now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        last_error: 'lease expired on the final attempt (worker stopped responding)',
        lease_owner: null,
        lease_expires_at: null,
        finished_at: now,
      })
      .where('status', '=', 'running')
      .where('lease_expires_at', '<=', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .execute();
  }
}
