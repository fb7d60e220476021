import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { contextFrom, inSpan, SpanKind, SpanStatusCode, tracingEnabled } from '../telemetry/index.js';
import type { JobQueue, JobRecord } from './queue.js';

export interface JobContext {
  /** Aborted when the lease is lost (another worker took the job over). */
  readonly signal: AbortSignal;
  progress(p: unknown): Promise<void>;
  /** Extends the lease now; false means it was lost. The worker also heartbeats on an interval. */
  heartbeat(): Promise<boolean>;
}

/** Must be idempotent: after a crash or a lost lease the same job runs again. */
export type JobHandler = (job: JobRecord, ctx: JobContext) => Promise<unknown>;

export interface WorkerLogger {
  info(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

/** How a run ended, for the metrics: `released` is a run handed back at shutdown (not a failure). */
export type RunOutcome = 'completed' | 'retry' | 'failed' | 'lease_lost' | 'released';

/** Hears every run (src/metrics counts runs, failures, retries and lease losses by job type). */
export interface WorkerObserver {
  jobStarted(kind: string): void;
  jobFinished(kind: string, seconds: number, outcome: RunOutcome): void;
}

export interface WorkerOptions {
  queue: JobQueue;
  observer?: WorkerObserver;
  handlers: Record<string, JobHandler>;
  workerId?: string;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  logger?: WorkerLogger;
}

/** Thrown by a handler for a failure that retrying cannot fix (e.g. an invalid payload). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Thrown by a handler for a failure worth retrying no sooner than the far side asked (an HTTP Retry-After). */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
  constructor(message: string, readonly retryAfterMs: number) {
    super(message);
  }
}

export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_POLL_MS = 1_000;

const noopLogger: WorkerLogger = { info: () => undefined, error: () => undefined };

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export class Worker {
  readonly workerId: string;
  private readonly queue: JobQueue;
  private readonly handlers: Record<string, JobHandler>;
  private readonly types: readonly string[];
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly logger: WorkerLogger;
  private readonly observer: WorkerObserver | undefined;
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  private runSeq = 0;
  /** Runs in progress, by lease owner: what a shutdown past its grace period releases. */
  private readonly inFlight = new Map<string, { jobId: string; abort: (reason: Error) => void }>();
  /** Lease owners of runs handed back at shutdown: their end is not a lost lease. */
  private readonly released = new Set<string>();

  constructor(opts: WorkerOptions) {
    this.queue = opts.queue;
    this.handlers = opts.handlers;
    this.types = Object.keys(opts.handlers);
    this.workerId = opts.workerId ?? defaultWorkerId();
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
    this.concurrency = opts.concurrency ?? 1;
    this.logger = opts.logger ?? noopLogger;
    this.observer = opts.observer;
    if (!Number.isInteger(this.concurrency) || this.concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${this.concurrency}`);
    }
    if (this.leaseMs < 10) throw new RangeError(`leaseMs must be at least 10, got ${this.leaseMs}`);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
    this.logger.info({ workerId: this.workerId, types: this.types, concurrency: this.concurrency }, 'worker started');
  }

  /**
   * Stops claiming new jobs and resolves once every in-flight job has finished.
   * With `graceMs`, jobs still running after it are aborted and their leases
   * released, so another worker takes them over at once instead of after the
   * lease expires (a process shutting down under a deadline).
   */
  async stop(opts: { graceMs?: number } = {}): Promise<void> {
    if (!this.running) {
      await Promise.all(this.loops);
      return;
    }
    this.running = false;
    for (const wake of this.wakers) wake();
    const drained = Promise.all(this.loops);
    if (opts.graceMs !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([drained.then(() => false), new Promise<boolean>((r) => { timer = setTimeout(() => r(true), opts.graceMs); })]);
      clearTimeout(timer);
      if (late) await this.releaseInFlight();
    }
    await drained;
    this.loops = [];
    this.logger.info({ workerId: this.workerId }, 'worker stopped');
  }

  private async releaseInFlight(): Promise<void> {
    for (const [owner, run] of this.inFlight) {
      const released = await this.queue.release(run.jobId, owner).catch(() => false);
      if (released) this.released.add(owner);
      run.abort(new Error('worker shutting down'));
      this.logger.info({ jobId: run.jobId, workerId: this.workerId, released }, 'job released at shutdown');
    }
  }

  /** Claims and runs at most one job; true if a job was run. */
  async runOnce(): Promise<boolean> {
    // Each run gets its own lease owner so two runs of one job inside this
    // process (after a lost lease) are still told apart by the queue.
    const owner = `${this.workerId}#${++this.runSeq}`;
    const job = await this.queue.claim(owner, this.types, this.leaseMs);
    if (!job) return false;
    if (tracingEnabled()) await this.traced(job, owner);
    else await this.run(job, owner);
    return true;
  }

  /**
   * One span per run, named by the job's type, continuing the trace the job was enqueued in (a request's): the
   * handler's queries and calls and the outcome's bookkeeping are its children.
   */
  private traced(job: JobRecord, owner: string): Promise<void> {
    return inSpan(`job ${job.type}`, {
      kind: SpanKind.CONSUMER,
      parent: contextFrom(job.traceparent),
      attributes: { 'eventline.job.type': job.type, 'eventline.job.id': job.id, 'eventline.job.attempt': job.attempts },
    }, async (span) => {
      const outcome = await this.run(job, owner);
      span.setAttribute('eventline.job.outcome', outcome);
      if (outcome === 'failed' || outcome === 'retry') span.setStatus({ code: SpanStatusCode.ERROR });
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let ran = false;
      try {
        ran = await this.runOnce();
      } catch (err) {
        // Claim or bookkeeping failed (e.g. database unreachable): back off and keep going.
        this.logger.error({ workerId: this.workerId, err: message(err) }, 'job loop error');
      }
      if (!ran && this.running) await this.sleep(this.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private async run(job: JobRecord, owner: string): Promise<'completed' | 'failed' | 'retry' | 'lease lost'> {
    const handler = this.handlers[job.type];
    const started = Date.now();
    this.observer?.jobStarted(job.type);
    const finished = (outcome: RunOutcome): void => {
      const handedBack = this.released.delete(owner);
      this.observer?.jobFinished(job.type, (Date.now() - started) / 1000, handedBack && outcome === 'lease_lost' ? 'released' : outcome);
    };
    const base = { jobId: job.id, type: job.type, attempt: job.attempts, workerId: this.workerId };
    const controller = new AbortController();
    this.inFlight.set(owner, { jobId: job.id, abort: (reason) => controller.abort(reason) });
    const lost = (): void => {
      if (!controller.signal.aborted) controller.abort(new Error('job lease lost'));
    };
    const heartbeat = async (): Promise<boolean> => {
      const held = await this.queue.heartbeat(job.id, owner, this.leaseMs);
      if (!held) lost();
      return held;
    };
    let beat: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      beat = heartbeat().catch((err: unknown) => {
        this.logger.error({ ...base, err: message(err) }, 'job heartbeat failed');
      });
    }, Math.max(5, Math.floor(this.leaseMs / 3)));
    const ctx: JobContext = {
      signal: controller.signal,
      progress: async (p) => {
        if (!(await this.queue.progress(job.id, owner, p))) lost();
      },
      heartbeat,
    };

    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      if (!handler) throw new PermanentJobError(`no handler for job type '${job.type}'`);
      outcome = { ok: true, result: await handler(job, ctx) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearInterval(timer);
      this.inFlight.delete(owner);
    }
    // Settle the last heartbeat so nothing touches the row (or a closing pool) after we finish.
    await beat;

    const durationMs = Date.now() - started;
    if (outcome.ok) {
      const done = await this.queue.complete(job.id, owner, outcome.result);
      finished(done ? 'completed' : 'lease_lost');
      if (done) this.logger.info({ ...base, durationMs }, 'job completed');
      else this.logger.error({ ...base, durationMs }, 'job finished after its lease was lost; result discarded');
      return done ? 'completed' : 'lease lost';
    }
    const err = message(outcome.error);
    const failed = await this.queue.fail(job.id, owner, err, {
      retry: !(outcome.error instanceof PermanentJobError),
      ...(outcome.error instanceof RetryLaterError ? { retryAfterMs: outcome.error.retryAfterMs } : {}),
    });
    finished(!failed ? 'lease_lost' : failed.status === 'queued' ? 'retry' : 'failed');
    if (!failed) {
      this.logger.error({ ...base, durationMs, err }, 'job failed after its lease was lost');
      return 'lease lost';
    }
    const willRetry = failed.status === 'queued';
    this.logger.error(
      { ...base, durationMs, err, willRetry, ...(willRetry ? { retryAt: failed.runAt } : {}) },
      willRetry ? 'job failed; will retry' : 'job failed permanently',
    );
    return willRetry ? 'retry' : 'failed';
  }
}
