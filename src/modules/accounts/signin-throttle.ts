import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../../db/time.js';

export interface ThrottleLimits {
  /** Attempts on one email allowed before each further one waits for a lock that doubles (counted before the password is checked). */
  readonly perAccount: number;
  /** Attempts from one client address allowed before it is locked the same way (password spraying); a successful one is given back. */
  readonly perAddress: number;
  readonly firstLockMs: number;
  readonly maxLockMs: number;
  /** A key with no attempt for this long starts again from zero. */
  readonly forgetMs: number;
}

// The first lock is long enough to outlast a burst (every attempt of one arrives within it), short enough for a person who mistyped.
export const DEFAULT_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, firstLockMs: 30_000, maxLockMs: 15 * 60_000, forgetMs: 15 * 60_000 };

export type KeyKind = 'account' | 'address';
export interface LockNotice { readonly kind: KeyKind; readonly failures: number; readonly lockedForMs: number }

/** One limited subject of an attempt: its key and the attempts it is allowed before locks begin. */
export interface ThrottleKey { readonly kind: KeyKind; readonly key: string; readonly free: number }

/** What a store answers for an attempt: refused with the wait, or counted (with the count and any lock it started, per key). */
export type Reservation =
  | { readonly ok: false; readonly waitMs: number }
  | { readonly ok: true; readonly counted: ReadonlyArray<{ readonly attempts: number; readonly lockedForMs: number }> };

export interface ThrottleTiming { readonly now: number; readonly firstLockMs: number; readonly maxLockMs: number; readonly forgetMs: number }

/**
 * Where the throttle's counts live. Both operations are atomic: two attempts never read the
 * same count, in one process (memory) or across many (Redis), so a burst of concurrent
 * attempts is counted attempt by attempt before any password is checked.
 */
export interface ThrottleStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Refused with the longest wait when any key is locked (nothing counted); otherwise counts the
   * attempt on every key, and a key whose count reaches its allowance is locked for
   * firstLockMs * 2^(count - allowance), at most maxLockMs.
   */
  reserve(keys: readonly ThrottleKey[], timing: ThrottleTiming): Promise<Reservation>;
  /** A sign-in that succeeded: `forget` starts again from zero, `giveBack` has this attempt taken off its count. */
  succeeded(forget: string, giveBack: string): Promise<void>;
  close(): Promise<void>;
}

/** The store cannot be reached: sign-in answers 503 rather than going on unthrottled. */
export class ThrottleUnavailableError extends Error {}

const lockFor = (attempts: number, free: number, t: ThrottleTiming): number =>
  attempts >= free ? Math.min(t.maxLockMs, t.firstLockMs * 2 ** Math.min(attempts - free, 40)) : 0;

interface Entry { attempts: number; last: number; lockedUntil: number }

/** Per-process counts: right for one process; with REDIS_URL every process shares RedisThrottleStore's. */
export class MemoryThrottleStore implements ThrottleStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();

  reserve(keys: readonly ThrottleKey[], t: ThrottleTiming): Promise<Reservation> {
    // Synchronous from the first read to the last write: nothing interleaves.
    this.prune(t);
    const live = keys.map((k) => {
      const e = this.entries.get(k.key);
      return e && (t.now - e.last < t.forgetMs || e.lockedUntil > t.now) ? e : undefined;
    });
    const waitMs = Math.max(0, ...live.map((e) => (e?.lockedUntil ?? 0) - t.now));
    if (waitMs > 0) return Promise.resolve({ ok: false, waitMs });
    const counted = keys.map((k, i) => {
      const attempts = (live[i]?.attempts ?? 0) + 1;
      const lockedForMs = lockFor(attempts, k.free, t);
      this.entries.set(k.key, { attempts, last: t.now, lockedUntil: lockedForMs > 0 ? t.now + lockedForMs : 0 });
      return { attempts, lockedForMs };
    });
    return Promise.resolve({ ok: true, counted });
  }

  succeeded(forget: string, giveBack: string): Promise<void> {
    this.entries.delete(forget);
    const e = this.entries.get(giveBack);
    if (e) e.attempts = Math.max(0, e.attempts - 1);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  // Bounded memory: forgotten keys go once the map grows.
  private prune(t: ThrottleTiming): void {
    if (this.entries.size < 10_000) return;
    for (const [key, e] of this.entries) if (t.now - e.last >= t.forgetMs && e.lockedUntil <= t.now) this.entries.delete(key);
  }
}

// One script per attempt, so every key's check and count happen atomically inside Redis:
// N server processes share one allowance. It mirrors MemoryThrottleStore.reserve.
// KEYS: one hash per subject (fields n: attempts, u: locked until, epoch ms).
// ARGV: now, forget ms, first lock ms, max lock ms, then each key's allowance.
// Returns {wait} when refused, else {0, attempts1, lock1, attempts2, lock2, ...}.
export const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i = 1, #KEYS do
  local locked = tonumber(redis.call('HGET', KEYS[i], 'u') or '0')
  if locked - now > wait then wait = locked - now end
end
if wait > 0 then return {math.ceil(wait)} end
local out = {0}
for i = 1, #KEYS do
  local n = redis.call('HINCRBY', KEYS[i], 'n', 1)
  local free = tonumber(ARGV[4 + i])
  local lock = 0
  if n >= free then
    lock = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(n - free, 40))
    redis.call('HSET', KEYS[i], 'u', string.format('%.0f', now + lock))
  end
  redis.call('PEXPIRE', KEYS[i], math.ceil(tonumber(ARGV[2]) + lock))
  out[#out + 1] = n
  out[#out + 1] = math.ceil(lock)
end
return out
`;
// KEYS[1] forgotten; KEYS[2] given one attempt back (never below zero, never created).
export const SUCCEEDED_SCRIPT = `
redis.call('DEL', KEYS[1])
if redis.call('EXISTS', KEYS[2]) == 1 and redis.call('HINCRBY', KEYS[2], 'n', -1) < 0 then redis.call('HSET', KEYS[2], 'n', 0) end
return 0
`;

export interface RedisThrottleOptions {
  readonly url: string;
  readonly timeoutMs: number;
}

export class RedisThrottleStore implements ThrottleStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private connecting: Promise<void> | undefined;

  constructor(opts: RedisThrottleOptions) {
    this.redis = new Redis(opts.url, {
      // Connected on the first sign-in: the worker and the CLI build this module too and never sign anyone in.
      lazyConnect: true,
      // No offline queue: while Redis is down a sign-in fails at once (503) instead of waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Sign-in is not latency-critical like the API's limiter: a slower answer beats a 503 on a busy machine.
      commandTimeout: Math.max(opts.timeoutMs, 2000),
      connectTimeout: Math.max(opts.timeoutMs, 5000),
      retryStrategy: (times) => Math.min(100 * times, 2000),
    });
    // Errors reach the caller as ThrottleUnavailableError; the client's own events need a listener.
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('signInReserve', { lua: RESERVE_SCRIPT });
    this.redis.defineCommand('signInSucceeded', { numberOfKeys: 2, lua: SUCCEEDED_SCRIPT });
  }

  async reserve(keys: readonly ThrottleKey[], t: ThrottleTiming): Promise<Reservation> {
    const args = [t.now, t.forgetMs, t.firstLockMs, t.maxLockMs, ...keys.map((k) => k.free)].map(String);
    const reply = await this.call('signInReserve', [keys.length, ...keys.map((k) => k.key), ...args]);
    if (!Array.isArray(reply) || reply.length < 1) throw new ThrottleUnavailableError('the sign-in throttle store gave an unexpected answer');
    const values = reply.map((v) => Number(v));
    if ((values[0] ?? 0) > 0) return { ok: false, waitMs: values[0] ?? 0 };
    return { ok: true, counted: keys.map((_, i) => ({ attempts: values[1 + 2 * i] ?? 0, lockedForMs: values[2 + 2 * i] ?? 0 })) };
  }

  async succeeded(forget: string, giveBack: string): Promise<void> {
    await this.call('signInSucceeded', [forget, giveBack]);
  }

  private ready(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done);
    });
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private async call(command: 'signInReserve' | 'signInSucceeded', args: Array<string | number>): Promise<unknown> {
    try {
      if (this.redis.status === 'wait') this.connecting ??= this.redis.connect().catch(() => undefined);
      await this.connecting;
      // (Re)connecting: wait for it, boundedly, rather than fail the attempts of a burst that came first.
      if (this.redis.status !== 'ready') await this.ready(5000);
      const run = (this.redis as unknown as Record<string, (...a: Array<string | number>) => Promise<unknown>>)[command];
      if (!run) throw new Error(`no command ${command}`);
      return await run.apply(this.redis, args);
    } catch (err) {
      throw new ThrottleUnavailableError('the sign-in throttle store is not reachable', { cause: err });
    }
  }
}

/**
 * Limits password guessing at every sign-in (the portal and the authorization page). Keys are
 * the email as typed, known or not, and the client address: an unknown email is limited exactly
 * like a known one, so the answers never tell which emails have accounts. An attempt is counted
 * before its password is checked (reserve), so concurrent attempts cannot all pass one check
 * before any of them is counted. With Redis (REDIS_URL) every process shares the counts.
 * Keys are hashes: neither an email nor an address is kept in the store as it was typed.
 */
export class SignInThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly onLock: (notice: LockNotice) => void = () => undefined,
    private readonly keyPrefix = '',
  ) {}

  get storeKind(): 'memory' | 'redis' {
    return this.store.kind;
  }

  /** Counts an attempt on the email and the address; the milliseconds to wait when either is locked (nothing counted), else 0. */
  async reserve(email: string, address: string): Promise<number> {
    const keys: ThrottleKey[] = [
      { kind: 'account', key: this.key('account', email), free: this.limits.perAccount },
      { kind: 'address', key: this.key('address', address), free: this.limits.perAddress },
    ];
    const r = await this.store.reserve(keys, { now: this.clock().getTime(), firstLockMs: this.limits.firstLockMs, maxLockMs: this.limits.maxLockMs, forgetMs: this.limits.forgetMs });
    if (!r.ok) return r.waitMs;
    r.counted.forEach((c, i) => {
      const kind = keys[i]?.kind;
      if (kind && c.lockedForMs > 0) this.onLock({ kind, failures: c.attempts, lockedForMs: c.lockedForMs });
    });
    return 0;
  }

  /** The password matched: the email starts again from zero, and the address gets this attempt back. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.store.succeeded(this.key('account', email), this.key('address', address));
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private key(kind: KeyKind, value: string): string {
    const normal = kind === 'account' ? value.trim().toLowerCase() : value;
    // One hash tag for all: a script touches an email's and an address's key, which Redis Cluster wants in one slot.
    return `${this.keyPrefix}{signin}:${kind}:${createHash('sha256').update(normal).digest('base64url').slice(0, 32)}`;
  }
}

/**
 * Bounds the password checks (argon2, about 64 MiB and tens of milliseconds of CPU each) that run
 * at once: `concurrency` run, `queue` more wait their turn, and any further attempt is refused at
 * once (429 with Retry-After) instead of waiting behind them, so a burst cannot starve the server.
 */
export class PasswordCheckGate {
  private admitted = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly concurrency: number, private readonly queue: number) {}

  /** A place in the gate, or undefined when it is full. Synchronous, so a burst is admitted in arrival order. */
  admit(): GatePlace | undefined {
    if (this.admitted >= this.concurrency + this.queue) return undefined;
    this.admitted++;
    let left = false;
    return {
      run: async <T>(check: () => Promise<T>): Promise<T> => {
        // A slot is free, or one is handed over by the check that ends before this one (running stays the same).
        if (this.running < this.concurrency) this.running++;
        else await new Promise<void>((resolve) => this.waiting.push(resolve));
        try {
          return await check();
        } finally {
          const next = this.waiting.shift();
          if (next) next();
          else this.running--;
        }
      },
      leave: () => {
        if (left) return;
        left = true;
        this.admitted--;
      },
    };
  }
}

export interface GatePlace {
  /** Runs the check when a slot is free (at once, or after the checks admitted before it). */
  run<T>(check: () => Promise<T>): Promise<T>;
  /** Gives the place back; call once, after run() settled or instead of it. */
  leave(): void;
}
