import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { emptyHours, StoreUnavailableError, type CheckRequest, type DayCounts, type LimiterStore, type Outcome, type StoreResult, type Subject } from './store.js';

// One script per check, so the decision and every counter it touches are
// updated atomically inside Redis: N server processes enforce one limit.
// It mirrors gcra.ts and MemoryLimiterStore.decide line for line.
// KEYS[1] TAT key; KEYS[2] the account's day hash (fields "used" and "h0".."h23"), or absent for addresses.
// ARGV now_ms, interval_ms, tolerance_ms, quota (-1: none), hour, consume (1/0), day key TTL seconds.
// Returns {outcome (0 allowed, 1 rate, 2 day), used, backlog_ms, retry_ms}.
export const CHECK_SCRIPT = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local quota = tonumber(ARGV[4])
local consume = ARGV[6] == '1'
local tat = tonumber(redis.call('GET', KEYS[1]) or '')
if tat == nil or tat < now then tat = now end
local used = 0
if quota >= 0 then used = tonumber(redis.call('HGET', KEYS[2], 'used') or '0') end
local outcome = 0
if quota >= 0 and used >= quota then outcome = 2 elseif tat - now > tolerance then outcome = 1 end
if outcome == 0 and consume then
  local nextTat = tat + interval
  redis.call('SET', KEYS[1], string.format('%.17g', nextTat), 'PX', math.ceil(nextTat - now) + 1000)
  if quota >= 0 then
    used = redis.call('HINCRBY', KEYS[2], 'used', 1)
    redis.call('HINCRBY', KEYS[2], 'h' .. ARGV[5], 1)
    redis.call('EXPIRE', KEYS[2], tonumber(ARGV[7]))
  end
  return {0, used, math.ceil(nextTat - now), 0}
end
local retry = 0
if outcome == 1 then retry = math.ceil(tat - tolerance - now) end
return {outcome, used, math.ceil(tat - now), retry}
`;

const SCRIPT_SHA = createHash('sha1').update(CHECK_SCRIPT).digest('hex');
// Today's hash is read by the usage endpoints; older days are in the usage table.
const DAY_TTL_SECONDS = 2 * 86_400;
const OUTCOMES: readonly Outcome[] = ['allowed', 'rate', 'day'];

export interface RedisStoreOptions {
  readonly url: string;
  /** Every key starts with this, e.g. eventline:rl: (tests use their own to share one Redis). */
  readonly keyPrefix: string;
  readonly timeoutMs: number;
  readonly log?: FastifyBaseLogger;
}

export class RedisLimiterStore implements LimiterStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private lastErrorLog = 0;

  constructor(private readonly opts: RedisStoreOptions) {
    this.redis = new Redis(opts.url, {
      // No offline queue: while Redis is down a check fails at once (503)
      // instead of waiting in a queue while requests pile up.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: opts.timeoutMs,
      connectTimeout: Math.max(opts.timeoutMs, 1000),
      retryStrategy: (times) => Math.min(100 * times, 2000),
      // Checks issued in the same turn of the event loop (concurrent requests) go to Redis in one write.
      enableAutoPipelining: true,
    });
    this.redis.on('error', (err: Error) => {
      const now = Date.now();
      if (now - this.lastErrorLog < 10_000) return;
      this.lastErrorLog = now;
      opts.log?.warn({ err: { message: err.message } }, 'rate limit store (Redis) error');
    });
  }

  key(subject: Subject, suffix: string): string {
    // The braces are a hash tag: one subject's keys share a cluster slot, which a script needs.
    return `${this.opts.keyPrefix}${subject.kind === 'account' ? 'acct' : 'ip'}:{${subject.id}}:${suffix}`;
  }

  async check(req: CheckRequest): Promise<StoreResult> {
    const keys = [this.key(req.subject, 'tat')];
    if (req.daily) keys.push(this.key(req.subject, `day:${req.daily.day}`));
    const args = [
      String(req.now), String(req.intervalMs), String(req.toleranceMs), String(req.daily ? req.daily.quota : -1),
      String(req.daily?.hour ?? 0), req.consume ? '1' : '0', String(DAY_TTL_SECONDS),
    ];
    const reply = await this.evalCheck(keys, args);
    if (!Array.isArray(reply) || reply.length !== 4) throw new StoreUnavailableError('the rate limit store gave an unexpected answer', { cause: reply });
    const [outcome, used, backlogMs, retryMs] = reply.map((v) => Number(v));
    return { outcome: OUTCOMES[outcome ?? 0] ?? 'allowed', used: used ?? 0, backlogMs: backlogMs ?? 0, retryMs: retryMs ?? 0 };
  }

  async dayCounts(accountId: string, day: string): Promise<DayCounts> {
    let fields: Record<string, string>;
    try {
      fields = await this.redis.hgetall(this.key({ kind: 'account', id: accountId }, `day:${day}`));
    } catch (err) {
      throw this.unavailable(err);
    }
    const hours = emptyHours().map((_, h) => Number(fields[`h${h}`] ?? 0));
    return { used: Number(fields['used'] ?? 0), hours };
  }

  async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    // Bounded: an unreachable Redis must not stop the server from starting; its calls answer 503 until it is back.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(this.opts.timeoutMs, 1000));
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  private async evalCheck(keys: string[], args: string[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SCRIPT_SHA, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw this.unavailable(err);
    }
    // First use on this Redis (or after SCRIPT FLUSH / a restart): load it, then run it by hash like every other time.
    try {
      await this.redis.script('LOAD', CHECK_SCRIPT);
      return await this.redis.evalsha(SCRIPT_SHA, keys.length, ...keys, ...args);
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  private unavailable(err: unknown): StoreUnavailableError {
    return new StoreUnavailableError('the rate limit store is not reachable', { cause: err });
  }
}
