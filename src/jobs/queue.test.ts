import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/index.js';
import { createTestDb, testDialect, type TestDatabase } from '../../test/helpers/db.js';
import { JobQueue, RETRY_AFTER_CAP_MS, backoffMs, retryDelayMs, type JobRecord } from './queue.js';

let tdb: TestDatabase;
let db: DbHandle['db'];
let now: Date;
const clock = (): Date => new Date(now.getTime());
const advance = (ms: number): void => {
  now = new Date(now.getTime() + ms);
};
let queue: JobQueue;

beforeAll(async () => {
  tdb = await createTestDb();
  db = tdb.handle.db;
});

afterAll(async () => {
  await tdb.cleanup();
});

beforeEach(async () => {
  // Each test works on an empty table so claims only see its own jobs.
  await db.deleteFrom('jobs').execute();
  now = new Date('2030-01-01T00:00:00.000Z');
  queue = new JobQueue(db, { clock });
});

describe('JobQueue', () => {
  it('detects the dialect of the handle', () => {
    expect(queue.dialect).toBe(testDialect);
  });

  it('enqueues, claims and completes a job', async () => {
    const job = await queue.enqueue({ type: 'mail.send', payload: { to: 'a@example.com', n: 1 } });
    expect(job).toMatchObject({
      type: 'mail.send', status: 'queued', attempts: 0, maxAttempts: 5, accountId: null,
      payload: { to: 'a@example.com', n: 1 }, runAt: '2030-01-01T00:00:00.000Z', leaseOwner: null,
    });

    const claimed = await queue.claim('w1', ['mail.send'], 10_000);
    expect(claimed).toMatchObject({
      id: job.id, status: 'running', attempts: 1, leaseOwner: 'w1', leaseExpiresAt: '2030-01-01T00:00:10.000Z',
    });
    expect(await queue.claim('w2', ['mail.send'], 10_000)).toBeUndefined();

    const done = await queue.complete(job.id, 'w1', { sent: true });
    expect(done).toMatchObject({ status: 'completed', result: { sent: true }, leaseOwner: null });
    expect(done?.finishedAt).toBe('2030-01-01T00:00:00.000Z');
    expect(await queue.get(job.id)).toEqual(done);
    expect(await queue.claim('w1', ['mail.send'], 10_000)).toBeUndefined();
  });

  it('commits a job with the caller transaction and drops it on rollback', async () => {
    const kept = await db.transaction().execute((trx) => queue.enqueue({ type: 't', payload: 1 }, trx));
    expect((await queue.get(kept.id))?.status).toBe('queued');

    let rolledBack: JobRecord | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        rolledBack = await queue.enqueue({ type: 't', payload: 2 }, trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(rolledBack).toBeDefined();
    expect(await queue.get(rolledBack?.id ?? '')).toBeUndefined();
  });

  it('claims only due jobs of the requested types, oldest run_at first', async () => {
    const later = await queue.enqueue({ type: 'a', payload: null, runAt: new Date('2030-01-01T00:01:00.000Z') });
    const other = await queue.enqueue({ type: 'b', payload: null });
    advance(1);
    const due = await queue.enqueue({ type: 'a', payload: null });

    expect(await queue.claim('w', [], 1000)).toBeUndefined();
    expect((await queue.claim('w', ['a'], 1000))?.id).toBe(due.id);
    expect(await queue.claim('w', ['a'], 1000)).toBeUndefined();
    expect((await queue.claim('w', ['a', 'b'], 1000))?.id).toBe(other.id);
    await queue.complete(due.id, 'w');
    await queue.complete(other.id, 'w');

    advance(60_000);
    expect((await queue.claim('w', ['a'], 1000))?.id).toBe(later.id);
  });

  it('never hands the same job to concurrent claimers on one handle', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 10; i++) ids.add((await queue.enqueue({ type: 'c', payload: i })).id);

    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => queue.claim(`w${i}`, ['c'], 60_000)));
    const got = claims.filter((c): c is JobRecord => c !== undefined);
    expect(got).toHaveLength(10);
    expect(new Set(got.map((c) => c.id))).toEqual(ids);
    expect(got.every((c) => c.attempts === 1)).toBe(true);
  });

  it('never hands the same job to claimers on two separate database handles', async () => {
    const second = createDb(tdb.config);
    try {
      const q2 = new JobQueue(second.db, { clock });
      const ids = new Set<string>();
      for (let i = 0; i < 10; i++) ids.add((await queue.enqueue({ type: 'd', payload: i })).id);

      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? queue : q2).claim(`w${i}`, ['d'], 60_000)),
      );
      const got = claims.filter((c): c is JobRecord => c !== undefined);
      expect(got).toHaveLength(10);
      expect(new Set(got.map((c) => c.id))).toEqual(ids);
      const rows = await db.selectFrom('jobs').select(['attempts', 'lease_owner']).where('type', '=', 'd').execute();
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      expect(new Set(rows.map((r) => r.lease_owner)).size).toBe(10);
    } finally {
      await second.destroy();
    }
  });

  it('lets another worker take over an expired lease and refuses the old owner', async () => {
    const job = await queue.enqueue({ type: 'e', payload: null });
    await queue.claim('old', ['e'], 1000);

    advance(999);
    expect(await queue.claim('new', ['e'], 1000)).toBeUndefined();
    advance(1);
    const taken = await queue.claim('new', ['e'], 1000);
    expect(taken).toMatchObject({ id: job.id, attempts: 2, leaseOwner: 'new' });

    expect(await queue.heartbeat(job.id, 'old', 1000)).toBe(false);
    expect(await queue.progress(job.id, 'old', { done: 9 })).toBe(false);
    expect(await queue.complete(job.id, 'old', 'stale')).toBeUndefined();
    expect(await queue.fail(job.id, 'old', 'stale')).toBeUndefined();
    expect(await queue.get(job.id)).toMatchObject({ status: 'running', leaseOwner: 'new', progress: null });

    expect(await queue.complete(job.id, 'new', 'fresh')).toMatchObject({ status: 'completed', result: 'fresh' });
    expect(await queue.complete(job.id, 'new', 'again')).toBeUndefined();
    expect((await queue.get(job.id))?.result).toBe('fresh');
  });

  it('keeps a lease alive with heartbeats', async () => {
    const job = await queue.enqueue({ type: 'h', payload: null });
    await queue.claim('w', ['h'], 1000);
    advance(800);
    expect(await queue.heartbeat(job, 'w', 1000)).toBe(true);
    advance(800);
    expect(await queue.claim('other', ['h'], 1000)).toBeUndefined();
    expect((await queue.get(job.id))?.leaseExpiresAt).toBe('2030-01-01T00:00:01.800Z');
  });

  it('retries with exponential backoff, then fails at max_attempts', async () => {
    const job = await queue.enqueue({ type: 'f', payload: null, maxAttempts: 3 });

    await queue.claim('w', ['f'], 1000);
    const first = await queue.fail(job.id, 'w', 'boom 1');
    expect(first).toMatchObject({
      status: 'queued', attempts: 1, lastError: 'boom 1', leaseOwner: null, runAt: '2030-01-01T00:00:01.000Z',
    });
    expect(await queue.claim('w', ['f'], 1000)).toBeUndefined();

    advance(1000);
    expect(await queue.claim('w', ['f'], 1000)).toMatchObject({ attempts: 2 });
    expect(await queue.fail(job.id, 'w', 'boom 2')).toMatchObject({
      status: 'queued', runAt: '2030-01-01T00:00:03.000Z',
    });
    advance(1999);
    expect(await queue.claim('w', ['f'], 1000)).toBeUndefined();
    advance(1);
    expect(await queue.claim('w', ['f'], 1000)).toMatchObject({ attempts: 3 });

    const last = await queue.fail(job.id, 'w', 'boom 3');
    expect(last).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3', finishedAt: '2030-01-01T00:00:03.000Z' });
    advance(3_600_000);
    expect(await queue.claim('w', ['f'], 1000)).toBeUndefined();
  });

  it('caps the backoff at five minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(9)).toBe(256_000);
    expect(backoffMs(10)).toBe(300_000);
    expect(backoffMs(100)).toBe(300_000);
  });

  it('waits for a Retry-After longer than the backoff, up to an hour, and never less than the backoff', async () => {
    const job = await queue.enqueue({ type: 'ra', payload: null });
    await queue.claim('w', ['ra'], 1000);
    expect(await queue.fail(job.id, 'w', 'HTTP 429', { retryAfterMs: 120_000 })).toMatchObject({ status: 'queued', runAt: '2030-01-01T00:02:00.000Z' });
    expect(retryDelayMs(1, 10)).toBe(1000);
    expect(retryDelayMs(3, 86_400_000)).toBe(RETRY_AFTER_CAP_MS);
    expect(retryDelayMs(2, Number.NaN)).toBe(2000);
    expect(retryDelayMs(2, -5)).toBe(2000);
  });

  it('fails at once when retry is disabled', async () => {
    const job = await queue.enqueue({ type: 'p', payload: null });
    await queue.claim('w', ['p'], 1000);
    expect(await queue.fail(job.id, 'w', 'bad payload', { retry: false })).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('marks a job failed when its worker dies on the final attempt', async () => {
    const job = await queue.enqueue({ type: 'x', payload: null, maxAttempts: 1 });
    await queue.claim('dead', ['x'], 1000);
    advance(1000);
    expect(await queue.claim('w', ['x'], 1000)).toBeUndefined();
    expect(await queue.get(job.id)).toMatchObject({ status: 'failed', attempts: 1, leaseOwner: null });
    expect((await queue.get(job.id))?.lastError).toMatch(/lease expired/);
  });

  it('stores progress as JSON', async () => {
    const job = await queue.enqueue({ type: 'g', payload: null });
    await queue.claim('w', ['g'], 1000);
    expect(await queue.progress(job.id, 'w', { done: 3, total: 10 })).toBe(true);
    expect((await queue.get(job.id))?.progress).toEqual({ done: 3, total: 10 });
    const raw = await db.selectFrom('jobs').select('progress').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(JSON.parse(raw.progress ?? 'null')).toEqual({ done: 3, total: 10 });
  });

  it('cancels only queued jobs', async () => {
    const queued = await queue.enqueue({ type: 'k', payload: null, runAt: new Date('2031-01-01T00:00:00.000Z') });
    const cancelled = await queue.cancel(queued.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', finishedAt: '2030-01-01T00:00:00.000Z' });
    advance(400 * 86_400_000);
    expect(await queue.claim('w', ['k'], 1000)).toBeUndefined();
    expect(await queue.cancel(queued.id)).toBeUndefined();

    const running = await queue.enqueue({ type: 'k', payload: null });
    await queue.claim('w', ['k'], 1000);
    expect(await queue.cancel(running.id)).toBeUndefined();
    expect((await queue.get(running.id))?.status).toBe('running');
    expect(await queue.cancel('no-such-job')).toBeUndefined();
  });

  it('stores account id, custom id and max attempts, and validates input', async () => {
    await db.insertInto('accounts').values({
      id: 'acct-1', name: 'Acme', region: 'eu', tier: 'Free', features: '[]',
      created: '2030-01-01T00:00:00.000Z', last_modified: '2030-01-01T00:00:00.000Z',
    }).execute();
    const job = await queue.enqueue({ type: 'm', payload: [1], accountId: 'acct-1', id: 'job-fixed', maxAttempts: 2 });
    expect(job).toMatchObject({ id: 'job-fixed', accountId: 'acct-1', maxAttempts: 2, payload: [1] });
    await expect(queue.enqueue({ type: 'm', payload: null, maxAttempts: 0 })).rejects.toThrow(RangeError);
    await expect(queue.enqueue({ type: 'm', payload: null, id: 'job-fixed' })).rejects.toThrow();
    expect(await queue.get('missing')).toBeUndefined();
  });
});

describe('JobQueue.enqueueSlot', () => {
  it('creates one job per time slot however many processes schedule it, and a new one for the next slot', async () => {
    const at = new Date('2027-01-01T10:15:00Z');
    const results = await Promise.all([1, 2, 3].map(() => queue.enqueueSlot({ type: 'recurring.test', payload: {}, runAt: at, everyMs: 3600_000 })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await queue.enqueueSlot({ type: 'recurring.test', payload: {}, runAt: new Date('2027-01-01T10:59:00Z'), everyMs: 3600_000 })).toBe(false);
    expect(await queue.enqueueSlot({ type: 'recurring.test', payload: {}, runAt: new Date('2027-01-01T11:00:00Z'), everyMs: 3600_000 })).toBe(true);
    const rows = await db.selectFrom('jobs').select('id').where('type', '=', 'recurring.test').execute();
    expect(rows).toHaveLength(2);
  });
});
