import type { Tier, TierLimits } from '../config/index.js';
import type { Clock } from '../db/time.js';
import { intervalMs, msUntilUtcMidnight, toleranceMs, utcDay, utcHour, type RateParams } from './gcra.js';
import type { DayCounts, LimiterStore, StoreResult, Subject } from './store.js';

/** Where counted calls go besides the limiter: the usage history (modules/usage). */
export interface UsageSink {
  record(accountId: string, day: string, hour: number): void;
  /** The persisted calls per hour of one account and day. */
  loadDay(accountId: string, day: string): Promise<readonly number[]>;
}

export interface Policy {
  readonly name: 'account' | 'ip';
  readonly perSecond: number;
  readonly burst: number;
  /** Accounts only. */
  readonly perDay?: number;
  readonly tier?: Tier;
}

export interface Decision extends StoreResult {
  readonly policy: Policy;
  /** false when the call was only looked at (calls that do not count). */
  readonly counted: boolean;
  readonly dayResetMs: number;
  readonly intervalMs: number;
  readonly toleranceMs: number;
}

export interface RateLimiterOptions {
  readonly tiers: Readonly<Record<Tier, TierLimits>>;
  /** Traffic without a valid token, per client address. */
  readonly address: RateParams;
  readonly clock: Clock;
  readonly tierOf: (accountId: string) => Promise<Tier>;
  readonly tierCacheMs: number;
  readonly sink?: UsageSink;
}

interface TierParams {
  readonly quota: number;
  readonly intervalMs: number;
  readonly toleranceMs: number;
  readonly policy: Policy;
}

interface CachedTier {
  readonly tier: Tier;
  readonly at: number;
}

export class RateLimiter {
  private readonly tierCache = new Map<string, CachedTier>();
  private readonly tierLoads = new Map<string, Promise<Tier>>();

  constructor(readonly store: LimiterStore, private readonly opts: RateLimiterOptions) {}

  /**
   * Checks one call of the account and, when `consume` and allowed, counts it. `dayOffsetMs` moves the clock of the
   * daily quota's window only (a sandbox control, docs/sandbox.md): the call counts on the UTC day and hour of
   * now + offset, and that day ends at its 00:00 UTC; the per-second rate stays on the real clock.
   */
  async checkAccount(accountId: string, consume = true, dayOffsetMs = 0): Promise<Decision> {
    const now = this.opts.clock().getTime();
    const tier = this.cachedTier(accountId, now) ?? (await this.loadTier(accountId));
    const t = this.tierParams(tier);
    const dayNow = now + dayOffsetMs;
    const day = utcDay(dayNow);
    const hour = utcHour(dayNow);
    const result = await this.store.check({
      subject: { kind: 'account', id: accountId }, now, intervalMs: t.intervalMs, toleranceMs: t.toleranceMs, daily: { quota: t.quota, day, hour }, consume,
    });
    if (consume && result.outcome === 'allowed') this.opts.sink?.record(accountId, day, hour);
    return {
      outcome: result.outcome, used: result.used, backlogMs: result.backlogMs, retryMs: result.retryMs,
      counted: consume, dayResetMs: msUntilUtcMidnight(dayNow), intervalMs: t.intervalMs, toleranceMs: t.toleranceMs, policy: t.policy,
    };
  }

  // What a tier's limits come to, worked out once per limits object (the configuration's).
  private readonly params = new WeakMap<TierLimits, TierParams>();

  private tierParams(tier: Tier): TierParams {
    const limits = this.opts.tiers[tier];
    let p = this.params.get(limits);
    if (!p) {
      const quota = Math.floor(limits.perDay);
      p = {
        quota, intervalMs: intervalMs(limits), toleranceMs: toleranceMs(limits),
        policy: { name: 'account', tier, perSecond: limits.perSecond, burst: limits.burst, perDay: quota },
      };
      this.params.set(limits, p);
    }
    return p;
  }

  /** Checks and counts one call that carries no valid token, by client address. */
  async checkAddress(address: string): Promise<Decision> {
    const now = this.opts.clock().getTime();
    const subject: Subject = { kind: 'ip', id: address };
    const interval = intervalMs(this.opts.address);
    const tolerance = toleranceMs(this.opts.address);
    const result = await this.store.check({ subject, now, intervalMs: interval, toleranceMs: tolerance, consume: true });
    return {
      ...result, counted: true, dayResetMs: msUntilUtcMidnight(now), intervalMs: interval, toleranceMs: tolerance,
      policy: { name: 'ip', perSecond: this.opts.address.perSecond, burst: this.opts.address.burst },
    };
  }

  /** The live counts of the account's current UTC day. */
  async today(accountId: string): Promise<DayCounts & { day: string }> {
    const day = utcDay(this.opts.clock().getTime());
    return { day, ...(await this.store.dayCounts(accountId, day)) };
  }

  ready(): Promise<void> {
    return this.store.ready();
  }

  close(): Promise<void> {
    return this.store.close();
  }

  // The tier is read from the account and kept for tierCacheMs (a few seconds)
  // so a busy account costs no query per call; a tier change applies within that time.
  private cachedTier(accountId: string, now: number): Tier | undefined {
    const cached = this.tierCache.get(accountId);
    if (!cached) return undefined;
    return now >= cached.at && now - cached.at < this.opts.tierCacheMs ? cached.tier : undefined;
  }

  private loadTier(accountId: string): Promise<Tier> {
    const now = this.opts.clock().getTime();
    let load = this.tierLoads.get(accountId);
    if (!load) {
      load = this.opts.tierOf(accountId).then((tier) => {
        if (this.tierCache.size > 100_000) this.tierCache.clear();
        this.tierCache.set(accountId, { tier, at: now });
        return tier;
      }).finally(() => this.tierLoads.delete(accountId));
      this.tierLoads.set(accountId, load);
    }
    return load;
  }
}
