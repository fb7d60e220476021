import { setTimeout as sleep } from 'node:timers/promises';
import type { CompactMode } from '../../config/index.js';
import type { Dialect } from '../../db/index.js';
import type { Metrics } from '../../metrics/index.js';
import { errorCode, type DiskRepository, type PgSession } from './disk.repository.js';

// What clears an erasure from disk once it committed (DESIGN contract rule 13,
// docs/privacy.md). SQLite: secure_delete (always on) zeroes freed cells, and a
// WAL checkpoint with truncation drops the frames that held the old pages.
// PostgreSQL: an UPDATE leaves the old row version in the table file as a dead
// tuple, and plain VACUUM only marks its space free; VACUUM FULL writes the
// table, its TOAST table and its indexes anew with the live rows only, and
// CHECKPOINT flushes them and lets the server recycle the WAL that held the old
// versions sooner.

export type TableOutcome = 'rewritten' | 'not-rewritten' | 'lock-timeout' | 'not-permitted' | 'missing' | 'failed';

export interface CompactionReport {
  readonly dialect: Dialect;
  /** done: every step ran; partial: some did not (see warnings); skipped: another process held the compaction lock the whole wait. */
  readonly status: 'done' | 'partial' | 'skipped';
  /** PostgreSQL: each table and what happened to it. */
  readonly tables: ReadonlyArray<{ readonly table: string; readonly outcome: TableOutcome; readonly detail?: string }>;
  /** SQLite: the database file rebuilt (`eventline db compact` only). */
  readonly vacuum?: 'done' | 'failed';
  /** SQLite: WAL checkpoint and truncation; PostgreSQL: CHECKPOINT. `busy`: a SQLite reader kept it from finishing. */
  readonly checkpoint: 'done' | 'busy' | 'not-permitted' | 'failed' | 'not-run';
  /**
   * PostgreSQL: the planner statistics. `analyzed`: tables whose statistics were refreshed from the live rows before
   * the rewrites (each table rewritten and each with a declared personal column); `catalogue`: pg_statistic's own
   * file rewritten, so the old statistics rows (dead tuples holding sampled values) are gone too.
   */
  readonly statistics?: { readonly analyzed: number; readonly catalogue: 'rewritten' | 'not-rewritten' | 'failed' };
  /** PostgreSQL: sessions that could still see rows (or statistics rows) older than the compaction when its rewrites started (their row versions are kept). */
  readonly olderSnapshots: number;
  /** Why a step did not run or did not finish; table names and error codes only, never data. */
  readonly warnings: readonly string[];
}

export interface CompactOptions {
  /** PostgreSQL: the tables of the deployment's schema to rewrite; all of them when left out. */
  readonly tables?: readonly string[];
  /** PostgreSQL: how long each rewrite may wait for its table lock (others' queries queue behind a waiting rewrite). */
  readonly lockTimeoutMs: number;
  /** How long to wait for another process's compaction, and for sessions holding older snapshots to finish. */
  readonly waitMs: number;
  /** SQLite: rebuild the file with VACUUM too (the operator's command; erasures need only the checkpoint). */
  readonly vacuum?: boolean;
}

export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** After a job: short lock waits, so callers queue behind a rewrite for seconds at most. */
export const AFTER_JOB: Omit<CompactOptions, 'tables'> = { lockTimeoutMs: 5_000, waitMs: 30_000 };

/**
 * During a long bulk job, PostgreSQL tables are rewritten at most this often (and once
 * more when the job ends): a rewrite of a large table holds its lock for as long as it
 * takes, which must not happen after every batch of 100 contacts.
 */
export const BULK_REWRITE_EVERY_MS = 60_000;

function codeOf(err: unknown): string {
  return errorCode(err) ?? (err instanceof Error ? err.name : 'error');
}

export class Compactor {
  /** PostgreSQL: tables erasures changed since their last rewrite (this process's; a restart loses them: the scheduled `db compact` covers that). */
  private readonly pending = new Map<string, number>();
  /**
   * Counts the erasures reported by touched(): `pending` keeps, per table, the count of the latest one. A rewrite
   * forgets a table only if no erasure touched it again after the rewrite took its list (with concurrent jobs, or a
   * bulk job beside single obfuscations, another erasure may commit while a rewrite runs, after its table was copied).
   */
  private erasures = 0;
  private everything = false;
  /** When this process last started a rewrite after a job (epoch ms). */
  private lastRewrite = 0;
  /** When the oldest erasure not yet rewritten committed (epoch ms; 0: none pending). */
  private pendingSince = 0;
  private log: WarnLog | undefined;

  constructor(
    private readonly disk: DiskRepository,
    private readonly dialect: Dialect,
    private readonly mode: CompactMode,
    log?: WarnLog,
    /** Tables with a declared personal column: their statistics are refreshed after every erasure, rewritten or not. */
    private readonly personalTables: readonly string[] = [],
    private readonly metrics?: Pick<Metrics, 'compaction'>,
  ) {
    this.log = log;
  }

  useLog(log: WarnLog): void {
    this.log = log;
  }

  /** Tables a committed erasure changed (PostgreSQL). */
  touched(tables: Iterable<string>): void {
    if (this.pendingSince === 0) this.pendingSince = Date.now();
    this.erasures += 1;
    for (const t of tables) this.pending.set(t, this.erasures);
  }

  /** An erasure whose tables are not known (a job re-run after a crash): the next compaction rewrites every table. */
  touchedUnknown(): void {
    if (this.dialect !== 'postgres') return;
    if (this.pendingSince === 0) this.pendingSince = Date.now();
    this.everything = true;
  }

  /**
   * Runs after an obfuscation (a bulk batch) committed, when OBFUSCATION_COMPACT=after-job.
   * Never throws for a step it could not run: that is a warning, logged and reported, and
   * the tables stay pending for the next run. `final: false` (a batch inside a bulk job):
   * PostgreSQL's rewrite waits until BULK_REWRITE_EVERY_MS passed since the last one and since the oldest pending erasure.
   */
  async afterJob(opts: { final?: boolean } = {}): Promise<CompactionReport | undefined> {
    if (this.mode === 'off') return undefined;
    if (this.dialect === 'sqlite') return this.report(await this.sqlite({ ...AFTER_JOB }));
    if (!this.everything && this.pending.size === 0) return undefined;
    // Measured from the oldest pending erasure too: a bulk job's first batch does not rewrite the tables
    // it will touch again in the next second; what it erased waits at most that long, or the job's end.
    if (opts.final === false && Date.now() - Math.max(this.lastRewrite, this.pendingSince) < BULK_REWRITE_EVERY_MS) return undefined;
    this.lastRewrite = Date.now();
    this.pendingSince = 0;
    const all = this.everything;
    const tables = [...this.pending.keys()];
    const seen = this.erasures;
    this.everything = false;
    const report = await this.postgres({ ...AFTER_JOB, ...(all ? {} : { tables }) });
    const done = report.olderSnapshots === 0 ? new Set(report.tables.filter((t) => t.outcome === 'rewritten' || t.outcome === 'missing').map((t) => t.table)) : new Set<string>();
    for (const t of tables) if (done.has(t)) this.forget(t, seen);
    // Whatever was not rewritten is tried again after the next job.
    if (report.status === 'skipped' || report.olderSnapshots > 0) {
      if (all) this.everything = true;
    } else {
      for (const t of report.tables) if (!done.has(t.table) && !this.pending.has(t.table)) this.pending.set(t.table, seen);
    }
    return this.report(report);
  }

  /** `eventline db compact`: the step an operator schedules. */
  async run(opts: CompactOptions): Promise<CompactionReport> {
    const seen = this.erasures;
    const report = this.dialect === 'sqlite' ? await this.sqlite(opts) : await this.postgres(opts);
    this.metrics?.compaction('manual', report.status);
    if (this.dialect === 'postgres' && report.olderSnapshots === 0) {
      for (const t of report.tables) if (t.outcome === 'rewritten') this.forget(t.table, seen);
    }
    return report;
  }

  /** A table rewritten by a compaction that took its list after `seen` erasures: pending no longer, unless a later erasure touched it. */
  private forget(table: string, seen: number): void {
    if ((this.pending.get(table) ?? 0) <= seen) this.pending.delete(table);
  }

  private report(r: CompactionReport): CompactionReport {
    this.metrics?.compaction('after_job', r.status);
    if (r.warnings.length > 0) this.log?.warn({ compaction: { status: r.status, checkpoint: r.checkpoint, warnings: r.warnings } }, 'erasure compaction did not finish every step');
    return r;
  }

  private async sqlite(opts: CompactOptions): Promise<CompactionReport> {
    const warnings: string[] = [];
    try {
      await this.disk.sqliteFlushSearch();
    } catch (err) {
      warnings.push(`the trigram index's queue could not be flushed (${codeOf(err)}); erased values stay queued until its next sync`);
    }
    let vacuum: 'done' | 'failed' | undefined;
    if (opts.vacuum) {
      try {
        await this.disk.sqliteVacuum();
        vacuum = 'done';
      } catch (err) {
        vacuum = 'failed';
        warnings.push(`VACUUM failed (${codeOf(err)}); freed pages written before secure_delete was on may still hold old values`);
      }
    }
    let checkpoint: CompactionReport['checkpoint'];
    try {
      const cp = await this.disk.sqliteCheckpoint();
      checkpoint = cp.busy ? 'busy' : 'done';
      if (cp.busy) warnings.push('a reader kept the WAL checkpoint from finishing: old frames stay in the WAL until the next checkpoint');
    } catch (err) {
      checkpoint = 'failed';
      warnings.push(`WAL checkpoint failed (${codeOf(err)})`);
    }
    const status = warnings.length === 0 ? 'done' : 'partial';
    return { dialect: 'sqlite', status, tables: [], ...(vacuum ? { vacuum } : {}), checkpoint, olderSnapshots: 0, warnings };
  }

  /** Waits up to waitMs for the schema's compaction lock (another worker may hold it): true once held. */
  private async lock(s: PgSession, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await s.tryLock()) return true;
      if (Date.now() >= deadline) return false;
      await sleep(200);
    }
  }

  private async postgres(opts: CompactOptions): Promise<CompactionReport> {
    return this.disk.session(async (s) => {
      const warnings: string[] = [];
      if (!(await this.lock(s, opts.waitMs))) {
        warnings.push(`another process held the compaction lock for ${Math.round(opts.waitMs / 1000)} s; nothing was rewritten`);
        return { dialect: 'postgres', status: 'skipped', tables: [], checkpoint: 'not-run', olderSnapshots: 0, warnings };
      }
      try {
        return await this.rewrite(s, opts, warnings);
      } finally {
        await s.unlock();
      }
    });
  }

  private async rewrite(s: PgSession, opts: CompactOptions, warnings: string[]): Promise<CompactionReport> {
    const schema = await s.schema();
    const existing = await s.tables();
    const wanted = opts.tables ? [...new Set(opts.tables)] : existing;
    const tables: Array<{ table: string; outcome: TableOutcome; detail?: string }> = [];
    let statistics: CompactionReport['statistics'];
    let older: number;
    // Under the lock timeout: ANALYZE and the rewrites must not wait (and hold others' queries up) without bound.
    await s.setLockTimeout(opts.lockTimeoutMs);
    try {
      // 1. Statistics from the live rows first: those gathered before the erasure hold its values (most-common-value
      // lists, histograms), and ANALYZE leaves the rows it replaces in pg_statistic's file as dead tuples.
      const analyzed = await this.analyzeAll(s, schema, existing, wanted, warnings);
      // 2. VACUUM FULL keeps every row version some open snapshot may still see: wait for the sessions that started
      // before the erasures and those ANALYZE runs committed (a pg_dump, a long report, any transaction then running)
      // to end. One wait covers the erased rows and the replaced statistics rows, as both were deleted before it.
      older = await this.waitForOlder(s, await s.horizon(), opts.waitMs);
      if (older > 0) {
        warnings.push(`${older} session(s), replication slot(s) or prepared transaction(s) still see rows older than this compaction after ${Math.round(opts.waitMs / 1000)} s; `
          + 'the rewrite keeps the row versions they may read: run it again once they end');
      }
      // 3. The tables, then pg_statistic.
      for (const table of wanted) {
        if (!existing.includes(table)) {
          tables.push({ table, outcome: 'missing' });
          continue;
        }
        tables.push({ table, ...(await this.rewriteOne(s, schema, table)) });
      }
      statistics = { analyzed, catalogue: await this.rewriteStatistics(s, warnings) };
    } finally {
      await s.resetLockTimeout();
    }
    for (const t of tables) {
      if (t.outcome === 'lock-timeout') warnings.push(`${t.table}: not rewritten, its lock was not granted within ${opts.lockTimeoutMs} ms`);
      else if (t.outcome === 'not-permitted' || t.outcome === 'not-rewritten') warnings.push(`${t.table}: not rewritten, only the table's owner (or a superuser) may VACUUM FULL it`);
      else if (t.outcome === 'failed') warnings.push(`${t.table}: not rewritten (${t.detail ?? 'error'})`);
    }
    let checkpoint: CompactionReport['checkpoint'] = 'done';
    try {
      await s.checkpoint();
    } catch (err) {
      const code = codeOf(err);
      checkpoint = code === '42501' ? 'not-permitted' : 'failed';
      warnings.push(code === '42501'
        ? 'CHECKPOINT not permitted: grant the pg_checkpoint role (PostgreSQL 15+) or run as a superuser; until the server\'s next checkpoint the WAL that holds the old row versions is kept'
        : `CHECKPOINT failed (${code})`);
    }
    const status = warnings.length === 0 ? 'done' : 'partial';
    return { dialect: 'postgres', status, tables, ...(statistics ? { statistics } : {}), checkpoint, olderSnapshots: older, warnings };
  }

  /**
   * ANALYZE of each table to rewrite and of every table with a declared personal column (statistics gathered before
   * the erasure hold its values, also of tables the erasure did not touch); how many were analyzed.
   */
  private async analyzeAll(s: PgSession, schema: string, existing: readonly string[], wanted: readonly string[], warnings: string[]): Promise<number> {
    let analyzed = 0;
    for (const table of new Set([...wanted, ...this.personalTables])) {
      if (!existing.includes(table)) continue;
      try {
        await s.analyze(schema, table);
        analyzed += 1;
      } catch (err) {
        warnings.push(`${table}: statistics not refreshed (${codeOf(err)})`);
      }
    }
    return analyzed;
  }

  /** VACUUM FULL of pg_statistic: the statistics rows ANALYZE replaced stay in its file as dead tuples until then. */
  private async rewriteStatistics(s: PgSession, warnings: string[]): Promise<'rewritten' | 'not-rewritten' | 'failed'> {
    let catalogue: 'rewritten' | 'not-rewritten' | 'failed';
    try {
      const before = await s.statisticsFilenode();
      await s.vacuumStatistics();
      catalogue = (await s.statisticsFilenode()) !== before ? 'rewritten' : 'not-rewritten';
    } catch (err) {
      catalogue = 'failed';
      const code = codeOf(err);
      warnings.push(code === '55P03' ? `pg_statistic: not rewritten, its lock was not granted in time` : `pg_statistic: not rewritten (${code})`);
    }
    if (catalogue === 'not-rewritten') {
      warnings.push('pg_statistic: not rewritten, only a superuser (PostgreSQL 17: a role granted MAINTAIN on it) may VACUUM FULL it; '
        + 'its file keeps the replaced statistics rows until then');
    }
    return catalogue;
  }

  private async rewriteOne(s: PgSession, schema: string, table: string): Promise<{ outcome: TableOutcome; detail?: string }> {
    try {
      const before = await s.filenode(schema, table);
      await s.vacuumFull(schema, table);
      // A role that does not own the table gets a warning from PostgreSQL, not an error: the file number tells.
      return (await s.filenode(schema, table)) !== before ? { outcome: 'rewritten' } : { outcome: 'not-rewritten' };
    } catch (err) {
      const code = codeOf(err);
      if (code === '55P03') return { outcome: 'lock-timeout' };
      if (code === '42501') return { outcome: 'not-permitted' };
      if (code === '42P01') return { outcome: 'missing' };
      return { outcome: 'failed', detail: code };
    }
  }

  /** Waits up to `waitMs` for the sessions that may see row versions deleted by `xid` or before; how many are left. */
  private async waitForOlder(s: PgSession, xid: string, waitMs: number): Promise<number> {
    const deadline = Date.now() + waitMs;
    let older = await s.olderSnapshots(xid);
    while (older > 0 && Date.now() < deadline) {
      await sleep(100);
      older = await s.olderSnapshots(xid);
    }
    return older;
  }
}
