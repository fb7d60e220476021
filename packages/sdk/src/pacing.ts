/**
 * Client-side pacing: the client spaces its own calls so that it stays within
 * the rate the server announces, instead of sending a burst and collecting
 * 429s. Fed from the IETF RateLimit fields every eventline answer carries
 * (draft-ietf-httpapi-ratelimit-headers):
 *
 *   RateLimit-Policy: "day";q=1000;w=86400, "second";q=2;w=1
 *   RateLimit: "day";r=998;t=41000, "second";r=0;t=1
 *
 * The shortest window (here "second") gives the rate: q calls per w seconds.
 * The burst the server allows is not in the fields, so it is learned from `r`
 * (calls that could still go at once): it starts at 1 and grows to the most
 * ever seen plus the call just made. Calls then go through the same GCRA the
 * server runs (one call per interval, `burst` at once), with the interval
 * lengthened by a margin so that network jitter does not make two calls
 * arrive closer than the server allows. A 429 or 503 with Retry-After pauses
 * every call of the client until then.
 *
 * Until the first answer is in, one call goes at a time (the limits are not
 * known yet). A server that sends no RateLimit fields is not paced; only the
 * concurrency limit applies.
 */

/** Options of `pacing` in ClientOptions. */
export interface PacingOptions {
  /** Calls in flight at once (default 4). */
  maxConcurrency?: number;
  /** The interval between calls is the server's times this (default 1.1): room for network jitter. */
  safetyFactor?: number;
}

export const DEFAULT_MAX_CONCURRENCY = 4;
export const DEFAULT_SAFETY_FACTOR = 1.1;

interface PolicyItem {
  name: string;
  params: Record<string, number>;
}

/** The items of an RFC 9651 List of `"name";k=v;...` (or `token;k=v`); unreadable items are skipped. */
export function parsePolicyList(value: string | null): PolicyItem[] {
  if (!value) return [];
  const items: PolicyItem[] = [];
  for (const raw of value.split(',')) {
    const [head, ...rest] = raw.trim().split(';');
    const name = (head ?? '').trim().replace(/^"(.*)"$/, '$1');
    if (name === '') continue;
    const params: Record<string, number> = {};
    for (const p of rest) {
      const m = /^\s*([a-z][a-z0-9_.*-]*)\s*=\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(p);
      if (m?.[1] !== undefined && m[2] !== undefined) params[m[1].toLowerCase()] = Number(m[2]);
    }
    items.push({ name, params });
  }
  return items;
}

/** The shortest-window policy: calls per millisecond interval, or undefined without usable fields. */
export function ratePolicy(policyHeader: string | null): { name: string; intervalMs: number; quota: number } | undefined {
  let best: { name: string; intervalMs: number; quota: number; window: number } | undefined;
  for (const { name, params } of parsePolicyList(policyHeader)) {
    const q = params['q'];
    const w = params['w'];
    if (q === undefined || w === undefined || !(q > 0) || !(w > 0)) continue;
    if (!best || w < best.window) best = { name, intervalMs: (w * 1000) / q, quota: q, window: w };
  }
  return best && { name: best.name, intervalMs: best.intervalMs, quota: best.quota };
}

/** `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export class Pacer {
  private readonly maxConcurrency: number;
  private readonly safetyFactor: number;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Set by the first answer: until then one call goes at a time. */
  private learned = false;
  private intervalMs: number | undefined;
  private burst = 1;
  /** Theoretical arrival time of the next call (GCRA), in the client's clock. */
  private tat = 0;
  private pausedUntil = 0;

  constructor(
    options: PacingOptions,
    private readonly now: () => Date,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.maxConcurrency = Math.max(1, Math.floor(options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY));
    this.safetyFactor = Math.max(1, options.safetyFactor ?? DEFAULT_SAFETY_FACTOR);
  }

  /** Waits for a slot and for the call's turn; returns the function that frees the slot. */
  async acquire(): Promise<() => void> {
    await this.slot();
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      this.waiting.shift()?.();
    };
    try {
      for (;;) {
        const wait = this.reserve();
        if (wait <= 0) return release;
        await this.sleep(wait);
      }
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Reads the RateLimit fields of an answer. */
  observe(headers: Headers): void {
    const policy = ratePolicy(headers.get('ratelimit-policy'));
    if (policy) {
      // Whole milliseconds, rounded up: fractions would only make the arithmetic below miss by a hair.
      this.intervalMs = Math.ceil(policy.intervalMs * this.safetyFactor - 1e-6);
      const remaining = parsePolicyList(headers.get('ratelimit')).find((i) => i.name === policy.name)?.params['r'];
      // r counts the calls that could still go at once after this one: the burst is at least r + 1.
      if (remaining !== undefined && remaining >= 0) this.burst = Math.max(this.burst, Math.floor(remaining) + 1);
      // None left: at the server the next call fits within one interval of now, so ours waits that long
      // (this also counts calls that went before the rate was known).
      if (remaining === 0) this.tat = Math.max(this.tat, this.now().getTime() + this.intervalMs * this.burst);
    }
    if (!this.learned) {
      this.learned = true;
      // The limits are known now: the calls queued behind the first one may go (up to the concurrency limit).
      for (const wake of this.waiting.splice(0)) wake();
    }
  }

  /** A 429 or 503 with Retry-After: nobody calls before then. */
  pause(ms: number): void {
    const until = this.now().getTime() + ms;
    if (until > this.pausedUntil) this.pausedUntil = until;
  }

  private async slot(): Promise<void> {
    while (this.inFlight >= (this.learned ? this.maxConcurrency : 1)) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight += 1;
  }

  /** 0 when the call may go now (and it is counted), else how long to wait. */
  private reserve(): number {
    const now = this.now().getTime();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    const interval = this.intervalMs;
    if (interval === undefined) return 0;
    const tolerance = (this.burst - 1) * interval;
    const tat = Math.max(this.tat, now);
    if (tat - now > tolerance) return Math.ceil(tat - now - tolerance);
    this.tat = tat + interval;
    return 0;
  }
}
