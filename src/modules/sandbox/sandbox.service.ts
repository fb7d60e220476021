import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import type { NewRow, Row } from '../../db/types.js';
import { recurringJob, type JobQueue, type RecurringJob } from '../../jobs/index.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { requestLogList } from './sandbox.filters.js';
import { redactMessage } from './sandbox.redact.js';
import type { RequestLogsRepository, SandboxControlsRepository } from './sandbox.repository.js';
import type { Controls, ControlsInput, RequestLogEntry, RequestLogQuery } from './sandbox.schemas.js';
import { SandboxErrors } from './sandbox.errors.js';
import type { ForcedRefusal } from './sandbox.table.js';
import { seededRandom } from '../../seeded-random.js';

export const PRUNE_JOB = 'sandbox.request-logs.prune';
const PRUNE_EVERY_MS = 5 * 60 * 1000;
/** Entries waiting in one process when the database cannot take them: beyond this the oldest are dropped. */
const MAX_BUFFERED = 10_000;
/** A batch written at once, before the timer fires. */
const BATCH = 500;

export interface RequestLogSettings {
  /** Entries kept per application (0: the log is off). */
  readonly size: number;
  readonly ttlMs: number;
  readonly flushMs: number;
}

/** One finished request of an application, as the HTTP layer hands it over (no body, no query, no raw path). */
export interface RequestRecord {
  readonly accountId: string;
  readonly clientId: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly latencyMs: number;
  readonly requestId: string;
  /** The contract error's message: redacted here before it is kept. */
  readonly message?: string;
  readonly sandbox?: string;
}

const toEntry = (r: Row<'request_logs'>): RequestLogEntry => ({
  id: r.id, at: r.at, method: r.method, route: r.route, status: Number(r.status), latencyMs: Number(r.latency_ms), requestId: r.request_id,
  ...(r.message !== null ? { message: r.message } : {}),
  ...(r.sandbox !== null ? { sandbox: r.sandbox } : {}),
});

/** `4xx` or `429` as a filter on the status. */
function statusClause(status: string): string {
  if (status.endsWith('xx')) {
    const base = Number(status[0]) * 100;
    return `status ge ${base} and status le ${base + 99}`;
  }
  return `status eq ${Number(status)}`;
}

/**
 * The request log of each application (issue 35 part 4, docs/sandbox.md). `record` only appends to a buffer in
 * memory (no I/O on the request's path); the buffer is written in batches every `flushMs` and when the process stops.
 * A recurring job prunes every application's log to its newest `size` entries and drops entries past `ttlMs`.
 */
export class RequestLogService {
  readonly pruneJob: RecurringJob;
  private buffer: NewRow<'request_logs'>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Entries dropped because the database could not take them (kept for the operator's diagnosis). */
  dropped = 0;

  constructor(private readonly repo: RequestLogsRepository, jobs: JobQueue, private readonly clock: Clock, readonly settings: RequestLogSettings) {
    this.pruneJob = recurringJob(jobs, clock, PRUNE_JOB, PRUNE_EVERY_MS, async () => this.prune());
  }

  get enabled(): boolean {
    return this.settings.size > 0;
  }

  record(r: RequestRecord): void {
    if (!this.enabled) return;
    // When the request arrived, on the app's clock (the one pruning by age reads).
    const at = this.clock().getTime() - r.latencyMs;
    this.buffer.push({
      id: newId(at), account_id: r.accountId, client_id: r.clientId, at: iso(new Date(at)), method: r.method, route: r.route,
      status: r.status, latency_ms: Math.round(r.latencyMs * 10) / 10, request_id: r.requestId,
      message: r.message !== undefined ? redactMessage(r.message) : null, sandbox: r.sandbox ?? null,
    });
    if (this.buffer.length > MAX_BUFFERED) {
      this.dropped += this.buffer.length - MAX_BUFFERED;
      this.buffer.splice(0, this.buffer.length - MAX_BUFFERED);
    }
    if (this.buffer.length >= BATCH) void this.flush();
    this.startTimer();
  }

  /** Writes what is buffered (one batch insert at a time; a failed batch is put back for the next flush). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, BATCH);
        try {
          await this.repo.insertMany(batch);
        } catch {
          this.buffer.unshift(...batch);
          return;
        }
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is left (the module's close, before the database closes). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Drops entries past the expiry, then every application's entries beyond the newest `size`. */
  async prune(): Promise<{ expired: number; overflow: number }> {
    await this.flush();
    const expired = await this.repo.deleteOlderThan(iso(new Date(this.clock().getTime() - this.settings.ttlMs)));
    let overflow = 0;
    for (const app of await this.repo.overfull(this.settings.size)) overflow += await this.repo.keepNewest(app.account_id, app.client_id, this.settings.size);
    return { expired, overflow };
  }

  list(accountId: string, clientId: string, query: RequestLogQuery, href: string): Promise<{ paging: Paging; data: RequestLogEntry[] }> {
    const { status, since, clientId: _other, ...rest } = query;
    const clauses = [
      ...(status !== undefined ? [statusClause(status)] : []),
      ...(since !== undefined ? [`at ge '${since}'`] : []),
    ];
    const list: ListQuery = clauses.length === 0 || rest.token !== undefined ? rest
      : { ...rest, filter: [rest.filter !== undefined ? `(${rest.filter})` : undefined, ...clauses].filter((c) => c !== undefined).join(' and ') };
    return listPage(requestLogList(clientId), list, (spec) => this.repo.list(accountId, clientId, spec), toEntry, href);
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.buffer.length > 0) void this.flush();
    }, this.settings.flushMs);
    this.timer.unref();
  }
}

/** What the controls do to one call, decided by the service; the HTTP layer applies it (src/http/sandbox.ts). */
export interface SandboxDecision {
  /** Milliseconds the application's clock is ahead (or behind, negative) of the server's. */
  readonly clockOffsetMs: number;
  readonly latencyMs: number;
  /** A forced 429 for this call. */
  readonly refuse?: {
    readonly answer: ForcedRefusal;
    /** Forced calls left after this one (a count), or seconds left (a time). */
    readonly remaining?: number;
    readonly secondsLeft?: number;
    /** 0 for the first forced call of a count, 1 for the second... */
    readonly position?: number;
  };
  /** Answer this call 503. */
  readonly fail: boolean;
  /** The Eventline-Sandbox header: what acted on the call, as an RFC 9651 Dictionary. */
  readonly header: string;
}

interface Cached {
  readonly row: Row<'sandbox_controls'> | undefined;
  readonly at: number;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d{1,3})?Z?$/;

/**
 * Sandbox controls per application (issue 35 part 5, docs/sandbox.md): stored in the database so every process
 * applies them, read through a short per-process cache (`cacheMs`), and spent atomically where they count calls.
 */
export class SandboxControlsService {
  private readonly cache = new Map<string, Cached>();
  private readonly generators = new Map<string, () => number>();

  constructor(
    private readonly repo: SandboxControlsRepository,
    private readonly clock: Clock,
    readonly enabled: boolean,
    private readonly cacheMs = 1000,
    private readonly random: () => number = Math.random,
  ) {}

  private ensureEnabled(): void {
    if (!this.enabled) throw SandboxErrors.disabled();
  }

  async get(accountId: string, clientId: string): Promise<Controls> {
    this.ensureEnabled();
    return this.view(clientId, await this.repo.find(accountId, clientId));
  }

  /** The controls as the portal shows them (also when the deployment has them off: `enabled: false`). */
  async describe(accountId: string, clientId: string): Promise<Controls> {
    return this.view(clientId, this.enabled ? await this.repo.find(accountId, clientId) : undefined);
  }

  /** Replaces the application's controls: what the input leaves out is off. */
  async set(accountId: string, clientId: string, input: ControlsInput): Promise<Controls> {
    this.ensureEnabled();
    const now = this.clock();
    const force = input.force;
    if (force && (force.calls === undefined) === (force.seconds === undefined)) {
      throw SandboxErrors.badInput('force takes either calls or seconds', { target: 'force' });
    }
    let offsetMs = 0;
    if (input.clock) {
      const { offsetSeconds, now: at } = input.clock;
      if ((offsetSeconds === undefined) === (at === undefined)) throw SandboxErrors.badInput('clock takes either offsetSeconds or now', { target: 'clock' });
      if (offsetSeconds !== undefined) offsetMs = offsetSeconds * 1000;
      else if (at !== undefined) offsetMs = this.targetTime(at, now) - now.getTime();
      if (Math.abs(offsetMs) > 366 * 86_400_000) throw SandboxErrors.badInput('The clock may move at most 366 days', { target: 'clock' });
    }
    const stamp = iso(now);
    const values = {
      force: force?.answer ?? null,
      force_calls: force?.calls ?? null,
      force_used: 0,
      force_until: force?.seconds !== undefined ? iso(new Date(now.getTime() + force.seconds * 1000)) : null,
      latency_ms: input.latencyMs ?? 0,
      failure_rate: input.failureRate ?? 0,
      failure_seed: input.failureSeed ?? null,
      clock_offset_ms: offsetMs,
      last_modified: stamp,
    };
    await this.repo.upsert({ id: newId(), account_id: accountId, client_id: clientId, created: stamp, ...values }, values);
    this.forget(accountId, clientId);
    return this.view(clientId, await this.repo.find(accountId, clientId));
  }

  async clear(accountId: string, clientId: string): Promise<void> {
    this.ensureEnabled();
    await this.repo.delete(accountId, clientId);
    this.forget(accountId, clientId);
  }

  /** What the controls do to this call of the application: undefined when it has none (or the deployment has them off). */
  async decide(accountId: string, clientId: string): Promise<SandboxDecision | undefined> {
    if (!this.enabled) return undefined;
    const row = await this.cached(accountId, clientId);
    if (!row) return undefined;
    const now = this.clock().getTime();
    const parts: string[] = [];
    let refuse: SandboxDecision['refuse'];
    if (row.force !== null) {
      if (row.force_calls !== null) {
        // Read from the cache: the count itself is spent in the database, so it is exact across processes.
        const position = row.force_used < row.force_calls ? await this.repo.spendForced(row.id, row.account_id, row.last_modified) : undefined;
        if (position !== undefined) {
          const remaining = row.force_calls - position - 1;
          refuse = { answer: row.force, remaining, position };
          parts.push(`forced=${row.force};remaining=${remaining}`);
        } else {
          this.cache.set(this.key(accountId, clientId), { row: { ...row, force_used: row.force_calls }, at: this.cache.get(this.key(accountId, clientId))?.at ?? performance.now() });
        }
      } else if (row.force_until !== null && Date.parse(row.force_until) > now) {
        const secondsLeft = Math.ceil((Date.parse(row.force_until) - now) / 1000);
        refuse = { answer: row.force, secondsLeft };
        parts.push(`forced=${row.force};seconds=${secondsLeft}`);
      }
    }
    if (row.latency_ms > 0) parts.push(`latency=${row.latency_ms}`);
    let fail = false;
    if (!refuse && row.failure_rate > 0) {
      fail = this.generator(row)() < row.failure_rate;
      if (fail) parts.push('failure=503');
    }
    const clockOffsetMs = Number(row.clock_offset_ms);
    if (clockOffsetMs !== 0) parts.push(`clock-offset=${Math.round(clockOffsetMs / 1000)}`);
    if (parts.length === 0) return undefined;
    return { clockOffsetMs, latencyMs: row.latency_ms, ...(refuse ? { refuse } : {}), fail, header: parts.join(', ') };
  }

  /** The application's clock offset (ms), without acting on the call (routes the controls leave alone). */
  async clockOffset(accountId: string, clientId: string): Promise<number> {
    if (!this.enabled) return 0;
    return Number((await this.cached(accountId, clientId))?.clock_offset_ms ?? 0);
  }

  private generator(row: Row<'sandbox_controls'>): () => number {
    if (row.failure_seed === null) return this.random;
    const key = `${row.id}|${row.last_modified}`;
    let gen = this.generators.get(key);
    if (!gen) {
      if (this.generators.size > 1000) this.generators.clear();
      gen = seededRandom(row.failure_seed);
      this.generators.set(key, gen);
    }
    return gen;
  }

  /** A date-time, or a UTC time of day (today's, by the server's clock). */
  private targetTime(at: string, now: Date): number {
    const tod = TIME_OF_DAY.exec(at);
    if (tod) return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Number(tod[1]), Number(tod[2]), Number(tod[3]));
    const t = Date.parse(at);
    if (Number.isNaN(t) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(at)) {
      throw SandboxErrors.badInput('clock.now must be a date-time (2027-01-31T23:59:59Z) or a UTC time of day (23:59:59Z)', { target: 'clock.now' });
    }
    return t;
  }

  private view(clientId: string, row: Row<'sandbox_controls'> | undefined): Controls {
    const now = this.clock().getTime();
    const base: Controls = { clientId, enabled: this.enabled, latencyMs: row?.latency_ms ?? 0, failureRate: Number(row?.failure_rate ?? 0) };
    if (!row) return base;
    const offsetMs = Number(row.clock_offset_ms);
    return {
      ...base,
      ...(row.force !== null ? {
        force: {
          answer: row.force,
          ...(row.force_calls !== null ? { calls: row.force_calls, remaining: Math.max(0, row.force_calls - row.force_used) } : {}),
          ...(row.force_until !== null ? { until: row.force_until } : {}),
        },
      } : {}),
      ...(row.failure_seed !== null ? { failureSeed: row.failure_seed } : {}),
      ...(offsetMs !== 0 ? { clock: { offsetSeconds: offsetMs / 1000, now: iso(new Date(now + offsetMs)) } } : {}),
      lastModified: row.last_modified,
    };
  }

  private key(accountId: string, clientId: string): string {
    return `${accountId}|${clientId}`;
  }

  private forget(accountId: string, clientId: string): void {
    this.cache.delete(this.key(accountId, clientId));
  }

  private async cached(accountId: string, clientId: string): Promise<Row<'sandbox_controls'> | undefined> {
    const key = this.key(accountId, clientId);
    const now = performance.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.cacheMs) return hit.row;
    const row = await this.repo.find(accountId, clientId);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { row, at: now });
    return row;
  }
}
