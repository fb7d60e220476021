import type { FastifyBaseLogger } from 'fastify';
import type { UsageSink } from '../../ratelimit/index.js';
import type { NewRow } from '../../db/types.js';
import type { UsageRepository } from './usage.repository.js';

// Counted calls are summed in memory and written every few seconds (one upsert
// per account and hour), so counting costs no database write per call. A
// process that is killed loses at most one interval of history; enforcement
// is unaffected (it lives in the limiter's store).
export class UsageRecorder implements UsageSink {
  private pending = new Map<string, NewRow<'api_usage'>>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly repo: UsageRepository, private readonly opts: { flushMs: number; log?: FastifyBaseLogger }) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs);
    this.timer.unref();
  }

  record(accountId: string, day: string, hour: number): void {
    const key = `${accountId}|${day}|${hour}`;
    const row = this.pending.get(key);
    if (row) row.calls += 1;
    else this.pending.set(key, { account_id: accountId, day, hour, calls: 1 });
  }

  /** Persisted plus not yet written calls per hour; serialised with flushes so a batch in flight is never missed. */
  loadDay(accountId: string, day: string): Promise<readonly number[]> {
    return this.serial(async () => {
      const hours = new Array<number>(24).fill(0);
      for (const r of await this.repo.hours(accountId, day)) hours[r.hour] = (hours[r.hour] ?? 0) + Number(r.calls);
      for (const r of this.pending.values()) if (r.account_id === accountId && r.day === day) hours[r.hour] = (hours[r.hour] ?? 0) + r.calls;
      return hours;
    });
  }

  flush(): Promise<void> {
    return this.serial(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await this.repo.addCalls([...batch.values()]);
      } catch (err) {
        // Keep the counts for the next attempt rather than lose them.
        for (const [key, row] of batch) {
          const later = this.pending.get(key);
          this.pending.set(key, later ? { ...row, calls: row.calls + later.calls } : row);
        }
        this.opts.log?.warn({ err }, 'usage history could not be written; will retry');
      }
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
