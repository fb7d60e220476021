/**
 * When the server answers 429 "Too Many Requests" (or 503) with Retry-After, the client waits
 * that long plus the jitter below instead (client.ts), within the same limits: four attempts,
 * and no wait of 16 s or more. Without Retry-After, the seed's retry rule for 429, exactly:
 * - "Too Many Requests": wait 2 s plus a random 1-1000 ms, doubling the wait on
 *   every further attempt until a call succeeds; when the wait reaches 16 s,
 *   stop and log the error. So the waits are 2 s+j, 4 s+j, 8 s+j (a fresh j each
 *   time) and the attempt that would wait 16 s gives up instead.
 * - "Limit Exceeded": the daily quota is used up; try again after 00:00 UTC.
 */

export const FIRST_WAIT_MS = 2_000;
export const GIVE_UP_WAIT_MS = 16_000;
/** What the seed's schedule comes to (waits of 2, 4 and 8 s, then stop): four attempts at most. */
export const MAX_ATTEMPTS = 4;

/** 1..1000 ms from a random source in [0, 1); out-of-range sources are clamped rather than trusted. */
export function jitterMs(random: () => number): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 0.999_999_999) : 0;
  return 1 + Math.floor(unit * 1000);
}

/**
 * The wait before retrying after the `retries`-th consecutive "Too Many
 * Requests" (0 for the first), or undefined when the rule says to stop.
 */
export function backoffMs(retries: number, random: () => number): number | undefined {
  const base = FIRST_WAIT_MS * 2 ** retries;
  if (base >= GIVE_UP_WAIT_MS) return undefined;
  return base + jitterMs(random);
}

/** The next 00:00 UTC strictly after `now`: when a used-up daily quota resets. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
