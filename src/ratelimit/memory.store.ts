import { gcraStep, utcDay } from './gcra.js';
import { emptyHours, StoreUnavailableError, type CheckRequest, type DayCounts, type LimiterStore, type Outcome, type StoreResult } from './store.js';

interface DayState {
  day: string;
  used: number;
  hours: number[];
}

export interface MemoryStoreOptions {
  /** Today's counts persisted before this process started, so a restart does not hand out a fresh daily quota. */
  loadDay?: (accountId: string, day: string) => Promise<readonly number[]>;
  /** The app's clock (epoch ms), for sweeping expired state. */
  now?: () => number;
  sweepMs?: number;
}

// One process's limits. Each check runs synchronously once today's counts are
// loaded, so concurrent calls in this process cannot interleave. Several
// processes each enforce their own copy: set REDIS_URL to share one limit.
export class MemoryLimiterStore implements LimiterStore {
  readonly kind = 'memory' as const;
  private readonly tats = new Map<string, number>();
  private readonly days = new Map<string, DayState>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: MemoryStoreOptions = {}) {
    this.timer = setInterval(() => this.sweep(), opts.sweepMs ?? 30_000);
    this.timer.unref();
  }

  check(req: CheckRequest): Promise<StoreResult> {
    if (req.daily && req.subject.kind === 'account' && this.days.get(req.subject.id)?.day !== req.daily.day) {
      return this.ensureDay(req.subject.id, req.daily.day).then(() => this.decide(req));
    }
    return Promise.resolve(this.decide(req));
  }

  async dayCounts(accountId: string, day: string): Promise<DayCounts> {
    await this.ensureDay(accountId, day);
    const state = this.days.get(accountId);
    return state?.day === day ? { used: state.used, hours: [...state.hours] } : { used: 0, hours: emptyHours() };
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    return Promise.resolve();
  }

  private decide(req: CheckRequest): StoreResult {
    const key = `${req.subject.kind}:${req.subject.id}`;
    const { now, intervalMs, toleranceMs, daily } = req;
    const step = gcraStep(this.tats.get(key), now, intervalMs, toleranceMs);
    let day: DayState | undefined;
    if (daily) {
      day = this.days.get(req.subject.id);
      if (day?.day !== daily.day) {
        day = { day: daily.day, used: 0, hours: emptyHours() };
        this.days.set(req.subject.id, day);
      }
    }
    const used = day?.used ?? 0;
    const outcome: Outcome = daily && used >= daily.quota ? 'day' : step.conforming ? 'allowed' : 'rate';
    if (outcome === 'allowed' && req.consume) {
      this.tats.set(key, step.nextTat);
      if (day && daily) {
        day.used += 1;
        day.hours[daily.hour] = (day.hours[daily.hour] ?? 0) + 1;
      }
      return { outcome, used: day?.used ?? 0, backlogMs: Math.ceil(step.nextTat - now), retryMs: 0 };
    }
    return {
      outcome, used,
      backlogMs: Math.ceil(step.tat - now),
      retryMs: outcome === 'rate' ? Math.ceil(step.tat - toleranceMs - now) : 0,
    };
  }

  private async ensureDay(accountId: string, day: string): Promise<void> {
    const load = this.opts.loadDay;
    if (!load || this.days.get(accountId)?.day === day) return;
    const key = `${accountId}|${day}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load(accountId, day).then(
        (hours) => {
          // Never replace counts that are already live for this day.
          if (this.days.get(accountId)?.day === day) return;
          const copy = emptyHours().map((_, h) => hours[h] ?? 0);
          this.days.set(accountId, { day, used: copy.reduce((a, b) => a + b, 0), hours: copy });
        },
        (err: unknown) => {
          throw new StoreUnavailableError("today's usage could not be read", { cause: err });
        },
      ).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    await pending;
  }

  private sweep(): void {
    const now = this.opts.now?.() ?? Date.now();
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
    const today = utcDay(now);
    for (const [id, state] of this.days) if (state.day < today) this.days.delete(id);
  }
}
