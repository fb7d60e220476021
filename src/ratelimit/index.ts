// The rate limiter (seed: per-account GCRA rate and burst plus a UTC-day quota),
// independent of HTTP; `http/ratelimit/` applies it to requests.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Tier } from '../config/index.js';
import type { Clock } from '../db/time.js';
import { RateLimiter, type UsageSink } from './limiter.js';
import { MemoryLimiterStore } from './memory.store.js';
import { RedisLimiterStore } from './redis.store.js';
import type { LimiterStore } from './store.js';

export { RateLimiter, type Decision, type Policy, type UsageSink } from './limiter.js';
export { MemoryLimiterStore } from './memory.store.js';
export { RedisLimiterStore } from './redis.store.js';
export { StoreUnavailableError, type LimiterStore, type DayCounts } from './store.js';
export { utcDay, utcHour, msUntilUtcMidnight } from './gcra.js';

/** The limiter the config asks for: none when disabled, Redis when REDIS_URL is set, else in-memory. */
export function createRateLimiter(
  config: Pick<Config, 'rateLimit' | 'tiers' | 'redisUrl'>,
  deps: { clock: Clock; tierOf: (accountId: string) => Promise<Tier>; sink?: UsageSink; log?: FastifyBaseLogger },
): RateLimiter | undefined {
  const rl = config.rateLimit;
  if (!rl.enabled) return undefined;
  const sink = deps.sink;
  const store: LimiterStore = config.redisUrl
    ? new RedisLimiterStore({ url: config.redisUrl, keyPrefix: rl.keyPrefix, timeoutMs: rl.redisTimeoutMs, ...(deps.log ? { log: deps.log } : {}) })
    : new MemoryLimiterStore({ now: () => deps.clock().getTime(), ...(sink ? { loadDay: (id, day) => sink.loadDay(id, day) } : {}) });
  return new RateLimiter(store, {
    tiers: config.tiers,
    address: { perSecond: rl.ipPerSecond, burst: rl.ipBurst },
    clock: deps.clock,
    tierOf: deps.tierOf,
    tierCacheMs: rl.tierCacheSeconds * 1000,
    ...(sink ? { sink } : {}),
  });
}
