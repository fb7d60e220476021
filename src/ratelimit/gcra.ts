// Pure arithmetic shared by the in-memory store and mirrored line for line by
// the Redis Lua script (redis.store.ts), so both stores decide identically.
//
// GCRA (generic cell rate algorithm): each subject has a theoretical arrival
// time (TAT). A call at `now` conforms when TAT - now <= tolerance; it then
// moves TAT to max(TAT, now) + interval. With interval T = 1/rate and
// tolerance = (burst - 1) * T, `burst` calls may go at once and then one more
// every T: Free (2/s, burst 1) allows one call, then one every 500 ms.

export const DAY_MS = 86_400_000;

export interface RateParams {
  /** Sustained calls per second. */
  readonly perSecond: number;
  /** Calls that may go at once. */
  readonly burst: number;
}

/** Milliseconds between two calls at the sustained rate. */
export function intervalMs(p: RateParams): number {
  return 1000 / p.perSecond;
}

export function toleranceMs(p: RateParams): number {
  return (Math.max(1, Math.floor(p.burst)) - 1) * intervalMs(p);
}

export interface GcraStep {
  readonly conforming: boolean;
  /** The TAT to store when the call is taken. */
  readonly nextTat: number;
  readonly tat: number;
}

export function gcraStep(storedTat: number | undefined, now: number, interval: number, tolerance: number): GcraStep {
  const tat = Math.max(storedTat ?? now, now);
  return { conforming: tat - now <= tolerance, nextTat: tat + interval, tat };
}

/** The UTC day of an instant, YYYY-MM-DD: the daily quota's period. */
export function utcDay(ms: number): string {
  // Asked on every counted call: the day's string is kept while `ms` stays within that day.
  if (ms >= dayCache.start && ms < dayCache.start + DAY_MS) return dayCache.day;
  const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  dayCache = { start, day: new Date(start).toISOString().slice(0, 10) };
  return dayCache.day;
}
let dayCache = { start: Number.NaN, day: '' };

export function utcHour(ms: number): number {
  return Math.floor((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000);
}

/** Milliseconds until the next 00:00 UTC (a full day at midnight itself). */
export function msUntilUtcMidnight(ms: number): number {
  return DAY_MS - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

/** Calls that could go at once right now, given TAT - now. */
export function burstAvailable(backlogMs: number, interval: number, tolerance: number): number {
  return Math.max(0, Math.floor((tolerance + interval - backlogMs) / interval + 1e-9));
}

/** Whole seconds, rounded up, never below 1: what Retry-After carries. */
export function retrySeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
