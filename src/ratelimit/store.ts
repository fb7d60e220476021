/** Whose budget a call is charged to: an account (all its applications), or a client address. */
export interface Subject {
  readonly kind: 'account' | 'ip';
  readonly id: string;
}

export interface DailyQuota {
  readonly quota: number;
  /** UTC day (YYYY-MM-DD) and hour of `now`. */
  readonly day: string;
  readonly hour: number;
}

export interface CheckRequest {
  readonly subject: Subject;
  /** Epoch milliseconds from the app's clock. */
  readonly now: number;
  readonly intervalMs: number;
  readonly toleranceMs: number;
  /** Accounts have a daily quota counted per UTC day and hour; addresses do not. */
  readonly daily?: DailyQuota;
  /** false reads the state without taking anything (RateLimit fields of calls that do not count). */
  readonly consume: boolean;
}

export interface DayCounts {
  readonly used: number;
  /** Calls per UTC hour, 24 entries. */
  readonly hours: readonly number[];
}

export type Outcome = 'allowed' | 'rate' | 'day';

/** What a store answers for one check. */
export interface StoreResult {
  readonly outcome: Outcome;
  /** Calls counted for the subject today, including this one when it was allowed. */
  readonly used: number;
  /** TAT - now after the decision (>= 0, whole ms rounded up): the bucket is full again after this. */
  readonly backlogMs: number;
  /** For a refusal on rate: how long until a call would conform (whole ms rounded up). */
  readonly retryMs: number;
}

// A store decides and records atomically: one call's check and update can
// never interleave with another's, in one process or across many (Redis).
// A refused call changes nothing.
export interface LimiterStore {
  readonly kind: 'memory' | 'redis';
  check(req: CheckRequest): Promise<StoreResult>;
  /** The live counts of one account for one day (today's; older days live in the usage table). */
  dayCounts(accountId: string, day: string): Promise<DayCounts>;
  /** Waits (boundedly) for the store to be usable; never throws. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The store cannot be reached: the call is answered 503 instead of going through unlimited. */
export class StoreUnavailableError extends Error {}

export function emptyHours(): number[] {
  return new Array<number>(24).fill(0);
}
