import type { Clock } from '../../db/time.js';

export interface ThrottleLimits {
  /** Failures of one email allowed before each further one locks it, for a delay that doubles. */
  readonly perAccount: number;
  /** Failures from one client address allowed before it is locked the same way (password spraying). */
  readonly perAddress: number;
  readonly firstLockMs: number;
  readonly maxLockMs: number;
  /** A key with no failure for this long starts again from zero. */
  readonly forgetMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, firstLockMs: 1000, maxLockMs: 15 * 60_000, forgetMs: 15 * 60_000 };

interface Entry { failures: number; last: number; lockedUntil: number }

export interface LockNotice { readonly kind: 'account' | 'address'; readonly failures: number; readonly lockedForMs: number }

/**
 * Limits password guessing at every sign-in (the portal and the authorization
 * page). Keys are the email as typed, known or not, and the client address:
 * an unknown email is limited exactly like a known one, so the answers never
 * tell which emails have accounts. Per process: N processes allow N times the
 * attempts, still far below what guessing needs.
 */
export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly onLock: (notice: LockNotice) => void = () => undefined,
  ) {}

  /** Milliseconds until these keys may try again; 0 when they may now. */
  waitMs(email: string, address: string): number {
    const now = this.clock().getTime();
    return Math.max(0, ...[this.key('account', email), this.key('address', address)].map((k) => (this.entries.get(k)?.lockedUntil ?? 0) - now));
  }

  failed(email: string, address: string): void {
    this.bump('account', this.key('account', email), this.limits.perAccount);
    this.bump('address', this.key('address', address), this.limits.perAddress);
  }

  succeeded(email: string): void {
    this.entries.delete(this.key('account', email));
  }

  private key(kind: 'account' | 'address', value: string): string {
    return `${kind}:${kind === 'account' ? value.trim().toLowerCase() : value}`;
  }

  private bump(kind: 'account' | 'address', key: string, free: number): void {
    const now = this.clock().getTime();
    this.prune(now);
    const entry = this.entries.get(key);
    const failures = entry && now - entry.last < this.limits.forgetMs ? entry.failures + 1 : 1;
    let lockedUntil = 0;
    if (failures > free) {
      const lockedForMs = Math.min(this.limits.maxLockMs, this.limits.firstLockMs * 2 ** (failures - free - 1));
      lockedUntil = now + lockedForMs;
      this.onLock({ kind, failures, lockedForMs });
    }
    this.entries.set(key, { failures, last: now, lockedUntil });
  }

  // Bounded memory: forgotten keys go once the map grows.
  private prune(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, e] of this.entries) if (now - e.last >= this.limits.forgetMs && e.lockedUntil <= now) this.entries.delete(key);
  }
}
