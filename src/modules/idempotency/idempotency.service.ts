import { createHash } from 'node:crypto';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { recurringJob, type JobQueue, type RecurringJob } from '../../jobs/index.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

/** How long a key replays its first answer (Stripe's and the IETF draft's usual window). */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running claim holds its key. A request still running after this (or whose process died) no longer
 * blocks its key: a retry runs again. No operation of the API runs this long.
 */
export const CLAIM_LOCK_MS = 2 * 60 * 1000;
/** How long a concurrent duplicate waits for the first request's answer before it gets a 409. */
export const DEFAULT_WAIT_MS = 10_000;
export const PURGE_JOB = 'idempotency.purge';
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** One request that carries an Idempotency-Key, as the HTTP layer hands it over. */
export interface IdempotentRequest {
  readonly accountId: string;
  /** The application's client id: keys are per application. */
  readonly clientId: string;
  readonly key: string;
  readonly method: string;
  readonly path: string;
  /** A hash of the canonical request (method, path, query, body bytes). */
  readonly fingerprint: string;
}

/** The answer a key replays. */
export interface SavedAnswer {
  readonly status: number;
  /** The headers that matter (content-type, location), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export type Begin =
  | { readonly outcome: 'claimed'; readonly claimId: string }
  | { readonly outcome: 'replay'; readonly answer: SavedAnswer }
  /** The key was used for another request (method, path, query or body). */
  | { readonly outcome: 'mismatch' }
  /** The first request with this key is still running after the wait. */
  | { readonly outcome: 'busy' };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function headersOf(text: string | null): Record<string, string> {
  if (text === null) return {};
  const parsed: unknown = JSON.parse(text);
  const out: Record<string, string> = {};
  if (parsed !== null && typeof parsed === 'object') {
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/**
 * Idempotency keys (issue 35, docs/idempotency.md): the first request with a key claims it in the database (one
 * row, unique per account, client and key, so every process sees the claim), its answer is saved and replayed to
 * the same request for 24 hours. Works the same on SQLite and PostgreSQL.
 */
export class IdempotencyService {
  readonly purgeJob: RecurringJob;

  constructor(private readonly repo: IdempotencyRepository, jobs: JobQueue, private readonly clock: Clock) {
    this.purgeJob = recurringJob(jobs, clock, PURGE_JOB, PURGE_EVERY_MS, async () => ({ removed: await this.purgeExpired() }));
  }

  /**
   * Claims the key for this request, or answers what the key already holds. A duplicate of a request still running
   * polls for its answer for up to `waitMs`; the claim is taken over when its holder released it (a 5xx) or stopped.
   */
  async begin(req: IdempotentRequest, waitMs: number = DEFAULT_WAIT_MS): Promise<Begin> {
    const keyHash = sha256(req.key);
    // The wait is measured on the real clock: an injected clock (tests, simulations) may stand still.
    const deadline = performance.now() + waitMs;
    let pause = 20;
    for (;;) {
      const now = this.clock();
      const claim = {
        method: req.method, path: req.path, fingerprint: req.fingerprint, state: 'running' as const,
        locked_until: iso(new Date(now.getTime() + CLAIM_LOCK_MS)), status: null, response_headers: null, response_body: null,
        created: iso(now), expires_at: iso(new Date(now.getTime() + KEY_TTL_MS)),
      };
      const id = newId();
      if (await this.repo.insertClaim({ id, account_id: req.accountId, client_id: req.clientId, key_hash: keyHash, ...claim })) {
        return { outcome: 'claimed', claimId: id };
      }
      const row = await this.repo.find(req.accountId, req.clientId, keyHash);
      if (row === undefined) continue; // released between the insert and the read: claim again
      const stamp = iso(now);
      const stale = row.expires_at <= stamp || (row.state === 'running' && row.locked_until !== null && row.locked_until <= stamp);
      if (stale) {
        if (await this.repo.takeOver(row, claim)) return { outcome: 'claimed', claimId: row.id };
        continue;
      }
      if (row.fingerprint !== req.fingerprint || row.method !== req.method || row.path !== req.path) return { outcome: 'mismatch' };
      const answer = savedAnswer(row);
      if (answer) return { outcome: 'replay', answer };
      const left = deadline - performance.now();
      if (left <= 0) return { outcome: 'busy' };
      await sleep(Math.min(pause, Math.max(1, left)));
      pause = Math.min(pause * 2, 250);
    }
  }

  /** Saves the answer of a claimed key: from now on the key replays it. */
  async complete(accountId: string, claimId: string, answer: SavedAnswer): Promise<void> {
    await this.repo.complete(claimId, accountId, {
      state: 'done', locked_until: null, status: answer.status, response_headers: JSON.stringify(answer.headers), response_body: answer.body,
    });
  }

  /** Gives a claimed key back (the request failed with a 5xx, or was not run): a retry with it runs again. */
  async release(accountId: string, claimId: string): Promise<void> {
    await this.repo.release(claimId, accountId);
  }

  /** Deletes keys past their 24 hours (the recurring purge job). */
  purgeExpired(): Promise<number> {
    return this.repo.deleteExpired(iso(this.clock()));
  }
}

function savedAnswer(row: Row<'idempotency_keys'>): SavedAnswer | undefined {
  if (row.state !== 'done' || row.status === null) return undefined;
  return { status: row.status, headers: headersOf(row.response_headers), body: row.response_body ?? '' };
}
