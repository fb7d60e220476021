import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus series of one process (docs/operations.md "Monitoring"). One registry per app
 * instance, not prom-client's global one: several apps in one process (tests) keep their own
 * counts. Label values come from fixed sets (route templates, job types, tiers, outcomes): never
 * an id, an address or anything a client typed.
 */

export const METRICS_PREFIX = 'eventline_';

/** The route label of a request that matched no route: the raw path may hold anything a client typed. */
export const UNMATCHED_ROUTE = '(unmatched)';

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

export function statusClass(status: number): StatusClass {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  if (status >= 200) return '2xx';
  return '1xx';
}

/** What a rate-limit check decided: the two 429s of the contract, or a call that does not count (usage endpoints). */
export type LimitOutcome = 'allowed' | 'throttled' | 'quota' | 'exempt';

/** The account's tier, or `address` for calls limited per client address (no valid token). */
export type LimitTier = 'Free' | 'Professional' | 'Enterprise' | 'address';

/** One outbound contact-hook call, by what came of it. */
export type HookDeliveryOutcome = 'success' | 'rejected' | 'refused' | 'retryable_status' | 'timeout' | 'network';

export type SyncOutcome = 'succeeded' | 'failed' | 'skipped';

export type CompactionTrigger = 'after_job' | 'manual';

/** Why a database query failed, in classes an operator can act on (never the message: it may quote values). */
export type QueryErrorReason = 'constraint' | 'conflict' | 'connection' | 'other';

export interface PoolStats {
  /** Open connections (in use and idle). */
  readonly total: number;
  readonly idle: number;
  /** Queries waiting for a connection of a full pool. */
  readonly waiting: number;
}

export interface QueueDepth {
  readonly type: string;
  /** Queued jobs that are due. */
  readonly due: number;
  /** run_at of the oldest due queued job (ISO), or null. */
  readonly oldestDue: string | null;
  readonly running: number;
}

/** What the metrics read when Prometheus scrapes: cheap queries and counters the infrastructure already keeps. */
export interface MetricsSources {
  readonly pool?: () => PoolStats;
  readonly queue?: () => Promise<readonly QueueDepth[]>;
  /** Job types with a handler: their gauges read 0 rather than vanish when nothing is queued. */
  readonly jobTypes?: () => readonly string[];
  readonly clock?: () => Date;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources = {};
  private defaults = false;

  private readonly requests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`, help: 'HTTP requests answered, by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const, registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`, help: 'Time from the request to its response, by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const, buckets: LATENCY_BUCKETS, registers: [this.registry],
  });
  private readonly limitDecisions = new Counter({
    name: `${METRICS_PREFIX}ratelimit_decisions_total`,
    help: 'Rate-limit decisions: allowed, throttled (429 Too Many Requests), quota (429 Limit Exceeded), exempt (not counted); by tier (address: calls without a valid token).',
    labelNames: ['outcome', 'tier'] as const, registers: [this.registry],
  });
  private readonly limitStoreErrors = new Counter({
    name: `${METRICS_PREFIX}ratelimit_store_errors_total`, help: 'Limiter store (Redis) failures: each answered 503 instead of passing unlimited.',
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: `${METRICS_PREFIX}job_runs_total`, help: 'Job runs started by this process\'s worker, by job type.', labelNames: ['kind'] as const, registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: `${METRICS_PREFIX}job_failures_total`, help: 'Job runs that failed (retried or not), by job type.', labelNames: ['kind'] as const, registers: [this.registry],
  });
  private readonly jobRetries = new Counter({
    name: `${METRICS_PREFIX}job_retries_total`, help: 'Failed job runs queued again with back-off, by job type.', labelNames: ['kind'] as const, registers: [this.registry],
  });
  private readonly jobLeaseLosses = new Counter({
    name: `${METRICS_PREFIX}job_lease_losses_total`, help: 'Job runs that lost their lease to another worker (a stalled process), by job type.',
    labelNames: ['kind'] as const, registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: `${METRICS_PREFIX}job_run_duration_seconds`, help: 'Duration of job runs, by job type.', labelNames: ['kind'] as const, buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly queueDepth = new Gauge({
    name: `${METRICS_PREFIX}job_queue_depth`, help: 'Queued jobs that are due, by job type (all processes: read from the jobs table).',
    labelNames: ['kind'] as const, registers: [this.registry], collect: () => this.refresh(),
  });
  private readonly queueAge = new Gauge({
    name: `${METRICS_PREFIX}job_queue_oldest_age_seconds`, help: 'How long the oldest due queued job has waited past its run time, by job type (0: none waiting).',
    labelNames: ['kind'] as const, registers: [this.registry], collect: () => this.refresh(),
  });
  private readonly jobsRunning = new Gauge({
    name: `${METRICS_PREFIX}jobs_running`, help: 'Jobs running (leased) in any process, by job type.', labelNames: ['kind'] as const, registers: [this.registry],
    collect: () => this.refresh(),
  });
  private readonly poolConnections = new Gauge({
    name: `${METRICS_PREFIX}db_pool_connections`, help: 'Database connections of this process by state (SQLite: one connection).',
    labelNames: ['state'] as const, registers: [this.registry], collect: () => this.refresh(),
  });
  private readonly poolWaiting = new Gauge({
    name: `${METRICS_PREFIX}db_pool_waiting`, help: 'Queries waiting for a connection of a full pool.', registers: [this.registry],
    collect: () => this.refresh(),
  });
  private readonly queryErrors = new Counter({
    name: `${METRICS_PREFIX}db_query_errors_total`,
    help: 'Failed database queries by reason: constraint (expected in normal operation, e.g. a duplicate), conflict (serialization, deadlock, busy), connection, other.',
    labelNames: ['reason'] as const, registers: [this.registry],
  });
  private readonly syncSessions = new Counter({
    name: `${METRICS_PREFIX}sync_sessions_total`, help: 'Sessions synchronised with a webcast platform, by platform and outcome.',
    labelNames: ['platform', 'outcome'] as const, registers: [this.registry],
  });
  private readonly hookDeliveries = new Counter({
    name: `${METRICS_PREFIX}contact_hook_deliveries_total`, help: 'Contact hook callback attempts, by outcome.', labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly obfuscations = new Counter({
    name: `${METRICS_PREFIX}obfuscations_total`, help: 'Contacts erased (obfuscated), counted when the erasure commits.', registers: [this.registry],
  });
  private readonly obfuscationFailures = new Counter({
    name: `${METRICS_PREFIX}obfuscation_failures_total`, help: 'Obfuscation runs whose erasure failed (retried by the job queue).', registers: [this.registry],
  });
  private readonly compactions = new Counter({
    name: `${METRICS_PREFIX}erasure_compactions_total`, help: 'Compactions that clear erased values from the database files, by trigger and status (done, partial, skipped).',
    labelNames: ['trigger', 'status'] as const, registers: [this.registry],
  });

  private readonly collectErrors = new Gauge({
    name: `${METRICS_PREFIX}metrics_collect_errors`, help: 'Sources that failed at this scrape (the jobs table unreachable): their gauges keep the last values.',
    registers: [this.registry], collect: () => this.refresh(),
  });
  /** The scrape in progress: every gauge's collect waits for the same one (the registry reads them concurrently). */
  private refreshing: Promise<void> | undefined;

  /** Where the gauges read from; set once the database and the job handlers exist. */
  useSources(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** Process defaults (CPU, memory, event loop, GC): only in a process that serves its metrics (they install observers). */
  collectDefaults(): void {
    if (this.defaults) return;
    this.defaults = true;
    collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
    // Gauges that end in _total break Prometheus's naming rule (promtool check metrics fails on them); the same
    // counts by type stay (nodejs_active_handles, nodejs_active_requests, nodejs_active_resources).
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
      this.registry.removeSingleMetric(`${METRICS_PREFIX}${name}`);
    }
  }

  /** The exposition text (Prometheus text format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  // One counter increment and one histogram observation per request (the onResponse hook).
  request(route: string | undefined, method: string, status: number, seconds: number): void {
    const labels = { route: route ?? UNMATCHED_ROUTE, method: METHODS.has(method) ? method : 'other', status_class: statusClass(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  limitDecision(outcome: LimitOutcome, tier: LimitTier): void {
    this.limitDecisions.inc({ outcome, tier });
  }

  limitStoreError(): void {
    this.limitStoreErrors.inc();
  }

  jobStarted(kind: string): void {
    this.jobRuns.inc({ kind });
  }

  jobFinished(kind: string, seconds: number, outcome: 'completed' | 'retry' | 'failed' | 'lease_lost' | 'released'): void {
    // A run handed back at shutdown is neither a failure nor a lost lease; its time is not a run's.
    if (outcome === 'released') return;
    this.jobDuration.observe({ kind }, seconds);
    if (outcome === 'retry' || outcome === 'failed') this.jobFailures.inc({ kind });
    if (outcome === 'retry') this.jobRetries.inc({ kind });
    if (outcome === 'lease_lost') this.jobLeaseLosses.inc({ kind });
  }

  queryError(reason: QueryErrorReason): void {
    this.queryErrors.inc({ reason });
  }

  syncSession(platform: string, outcome: SyncOutcome): void {
    this.syncSessions.inc({ platform, outcome });
  }

  hookDelivery(outcome: HookDeliveryOutcome): void {
    this.hookDeliveries.inc({ outcome });
  }

  obfuscated(contacts: number): void {
    if (contacts > 0) this.obfuscations.inc(contacts);
  }

  obfuscationFailed(): void {
    this.obfuscationFailures.inc();
  }

  compaction(trigger: CompactionTrigger, status: 'done' | 'partial' | 'skipped'): void {
    this.compactions.inc({ trigger, status });
  }

  // Gauges are read at scrape time: nothing runs between scrapes.
  private refresh(): Promise<void> {
    this.refreshing ??= this.collect().then((failed) => {
      this.collectErrors.set(failed);
    }).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Refreshes the gauges from their sources; returns how many sources failed. */
  private async collect(): Promise<number> {
    let failed = 0;
    const { pool, queue, jobTypes, clock } = this.sources;
    if (pool) {
      const s = pool();
      this.poolConnections.set({ state: 'in_use' }, Math.max(0, s.total - s.idle));
      this.poolConnections.set({ state: 'idle' }, s.idle);
      this.poolWaiting.set(s.waiting);
    }
    if (queue) {
      try {
        const rows = await queue();
        const now = (clock ?? (() => new Date()))().getTime();
        this.queueDepth.reset();
        this.queueAge.reset();
        this.jobsRunning.reset();
        for (const kind of jobTypes?.() ?? []) {
          this.queueDepth.set({ kind }, 0);
          this.queueAge.set({ kind }, 0);
          this.jobsRunning.set({ kind }, 0);
        }
        for (const r of rows) {
          this.queueDepth.set({ kind: r.type }, r.due);
          this.jobsRunning.set({ kind: r.type }, r.running);
          const oldest = r.oldestDue === null ? Number.NaN : Date.parse(r.oldestDue);
          this.queueAge.set({ kind: r.type }, Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0);
        }
      } catch {
        failed += 1;
      }
    }
    return failed;
  }
}
