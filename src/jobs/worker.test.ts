import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '../../test/helpers/db.js';
import { JobQueue, type JobQueueOptions } from './queue.js';
import { CRASH_JOB_TYPE, countEffects, createEffectTable, effectHandler, type EffectTables } from './testing/effect.js';
import { PermanentJobError, RetryLaterError, Worker, type JobHandler, type WorkerLogger, type WorkerOptions } from './worker.js';

let tdb: TestDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tdb = await createTestDb();
  await createEffectTable(tdb.handle.db);
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await tdb.cleanup();
});

beforeEach(async () => {
  await tdb.handle.db.deleteFrom('jobs').execute();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A queue on the test database and a worker over it. */
function setup(options: Omit<WorkerOptions, 'queue'>, queueOptions: JobQueueOptions = {}): { queue: JobQueue; worker: Worker } {
  const queue = new JobQueue(tdb.handle.db, queueOptions);
  return { queue, worker: new Worker({ queue, ...options }) };
}

function captureLogger(): WorkerLogger & { lines: { level: string; o: object; msg?: string }[] } {
  const lines: { level: string; o: object; msg?: string }[] = [];
  return {
    lines,
    info: (o, msg) => lines.push({ level: 'info', o, ...(msg === undefined ? {} : { msg }) }),
    error: (o, msg) => lines.push({ level: 'error', o, ...(msg === undefined ? {} : { msg }) }),
  };
}

describe('Worker', () => {
  it('stop with a grace period releases the lease of a job still running, uncounted, so another worker takes it at once', async () => {
    const started = deferred();
    let aborted = false;
    const stuck: JobHandler = (_job, ctx) => new Promise((resolve) => {
      started.resolve();
      ctx.signal.addEventListener('abort', () => {
        aborted = true;
        resolve(undefined);
      });
    });
    const { queue, worker } = setup({ handlers: { 'w.stuck': stuck }, pollMs: 10, leaseMs: 60_000 });
    const job = await queue.enqueue({ type: 'w.stuck', payload: {} });
    worker.start();
    await started.promise;
    expect((await queue.get(job.id))?.status).toBe('running');
    await worker.stop({ graceMs: 50 });
    expect(aborted).toBe(true);
    const after = await queue.get(job.id);
    expect(after?.status).toBe('queued');
    expect(after?.attempts).toBe(0);
    // Due now, not after the 60 s lease: a second worker claims it straight away.
    const next = await queue.claim('other-worker', ['w.stuck'], 1000);
    expect(next?.id).toBe(job.id);
  });

  it('runOnce runs a handler and stores its result', async () => {
    const seen: unknown[] = [];
    const { queue, worker } = setup({
      handlers: {
        'w.echo': async (job, ctx) => {
          seen.push(job.payload);
          await ctx.progress({ done: 1, total: 1 });
          return { echoed: job.payload };
        },
      },
    });
    expect(await worker.runOnce()).toBe(false);

    const job = await queue.enqueue({ type: 'w.echo', payload: { x: 1 } });
    expect(await worker.runOnce()).toBe(true);
    expect(seen).toEqual([{ x: 1 }]);
    expect(await queue.get(job.id)).toMatchObject({
      status: 'completed', attempts: 1, result: { echoed: { x: 1 } }, progress: { done: 1, total: 1 },
    });
    expect(await worker.runOnce()).toBe(false);
  });

  it('retries a handler that throws, after the backoff, and never logs the payload', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const logger = captureLogger();
    let calls = 0;
    const { queue, worker } = setup({
      logger,
      handlers: {
        'w.flaky': () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('transient')) : Promise.resolve('ok');
        },
      },
    }, { clock: () => now });
    const job = await queue.enqueue({ type: 'w.flaky', payload: { email: 'secret.person@example.com' } });

    expect(await worker.runOnce()).toBe(true);
    expect(await queue.get(job.id)).toMatchObject({
      status: 'queued', attempts: 1, lastError: 'transient', runAt: '2030-01-01T00:00:01.000Z',
    });
    expect(await worker.runOnce()).toBe(false);

    now = new Date('2030-01-01T00:00:01.000Z');
    expect(await worker.runOnce()).toBe(true);
    expect(await queue.get(job.id)).toMatchObject({ status: 'completed', attempts: 2, result: 'ok' });
    expect(calls).toBe(2);

    const failure = logger.lines.find((l) => l.level === 'error');
    expect(failure?.o).toMatchObject({ jobId: job.id, type: 'w.flaky', attempt: 1, err: 'transient', willRetry: true });
    expect(failure?.o).toHaveProperty('durationMs');
    expect(logger.lines.find((l) => l.msg === 'job completed')?.o).toMatchObject({ jobId: job.id, attempt: 2 });
    expect(JSON.stringify(logger.lines)).not.toContain('secret.person');
  });

  it('ends the job at once on PermanentJobError', async () => {
    const { queue, worker } = setup({
      handlers: { 'w.bad': () => Promise.reject(new PermanentJobError('payload is not valid')) },
    });
    const job = await queue.enqueue({ type: 'w.bad', payload: null });
    await worker.runOnce();
    expect(await queue.get(job.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'payload is not valid' });
  });

  it('retries a RetryLaterError no sooner than it asks', async () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const { queue, worker } = setup({
      handlers: { 'w.later': () => Promise.reject(new RetryLaterError('HTTP 429 from the far side', 90_000)) },
    }, { clock: () => now });
    const job = await queue.enqueue({ type: 'w.later', payload: null });
    await worker.runOnce();
    expect(await queue.get(job.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'HTTP 429 from the far side', runAt: '2030-01-01T00:01:30.000Z' });
  });

  it('stop() waits for an in-flight job', async () => {
    const started = deferred();
    const release = deferred();
    const { queue, worker } = setup({
      pollMs: 10,
      handlers: {
        'w.slow': async () => {
          started.resolve();
          await release.promise;
          return 'finished';
        },
      },
    });
    const job = await queue.enqueue({ type: 'w.slow', payload: null });
    worker.start();
    await started.promise;

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await sleep(150);
    expect(stopped).toBe(false);
    expect((await queue.get(job.id))?.status).toBe('running');

    release.resolve();
    await stopping;
    expect(await queue.get(job.id)).toMatchObject({ status: 'completed', result: 'finished' });

    // Stopped workers claim nothing more.
    const later = await queue.enqueue({ type: 'w.slow', payload: null });
    await sleep(100);
    expect((await queue.get(later.id))?.status).toBe('queued');
  });

  it('heartbeats the lease while a long handler runs', async () => {
    const { queue, worker } = setup({
      leaseMs: 200,
      handlers: { 'w.long': () => sleep(700).then(() => 'done') },
    });
    const job = await queue.enqueue({ type: 'w.long', payload: null });
    const running = worker.runOnce();
    await sleep(450);
    expect(await queue.claim('intruder', ['w.long'], 200)).toBeUndefined();
    await running;
    expect(await queue.get(job.id)).toMatchObject({ status: 'completed', attempts: 1, result: 'done' });
  });

  it('aborts the signal when the lease is lost and discards the late result', async () => {
    const logger = captureLogger();
    const started = deferred();
    const { queue, worker } = setup({
      logger,
      leaseMs: 150,
      handlers: {
        'w.lost': async (_job, ctx) => {
          started.resolve();
          await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
          return 'late';
        },
      },
    });
    const job = await queue.enqueue({ type: 'w.lost', payload: null });
    const running = worker.runOnce();
    await started.promise;
    // Another worker takes the job over, as if this one had stalled past its lease.
    await tdb.handle.db.updateTable('jobs').set({ lease_owner: 'thief' }).where('id', '=', job.id).execute();
    await running;

    expect(await queue.get(job.id)).toMatchObject({ status: 'running', leaseOwner: 'thief', result: null });
    expect(logger.lines.some((l) => l.msg?.includes('lease was lost'))).toBe(true);
  });

  it('runs jobs concurrently and keeps going after a handler error', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const handler: JobHandler = async (job) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(80);
      inFlight -= 1;
      if (job.payload === 'explode') throw new Error('kaboom');
      return job.payload;
    };
    const { queue, worker } = setup({ pollMs: 10, concurrency: 3, handlers: { 'w.many': handler } });
    const jobs = await Promise.all(
      ['a', 'explode', 'b', 'c', 'd', 'e'].map((p) => queue.enqueue({ type: 'w.many', payload: p, maxAttempts: 1 })),
    );
    worker.start();
    try {
      await waitFor(async () => {
        const all = await Promise.all(jobs.map((j) => queue.get(j.id)));
        return all.every((j) => j?.status === 'completed' || j?.status === 'failed');
      }, 10_000, 'all jobs to finish');
    } finally {
      await worker.stop();
    }
    const final = await Promise.all(jobs.map((j) => queue.get(j.id)));
    expect(final.map((j) => j?.status)).toEqual(['completed', 'failed', 'completed', 'completed', 'completed', 'completed']);
    expect(final[1]?.lastError).toBe('kaboom');
    expect(maxInFlight).toBe(3);
  });

  it('survives a killed worker process: the job completes exactly once', async () => {
    const { db } = tdb.handle;
    const queue = new JobQueue(db);
    const job = await queue.enqueue({ type: CRASH_JOB_TYPE, payload: { note: 'crash me' } });

    const script = fileURLToPath(new URL('./testing/crash-worker.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: { ...process.env, EVENTLINE_JOBS_TEST_DB: JSON.stringify(tdb.config), EVENTLINE_JOBS_TEST_LEASE_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));

    try {
      await waitFor(async () => {
        if (child.exitCode !== null) throw new Error(`crash worker exited early: ${output}`);
        const current = await queue.get(job.id);
        return current?.status === 'running' && current.progress !== null;
      }, 20_000, 'the child to start the job');
    } catch (err) {
      throw new Error(`${String(err)}\nchild output:\n${output}`, { cause: err });
    }
    expect(await queue.get(job.id)).toMatchObject({ attempts: 1, progress: { stage: 'effect', worker: 'child' } });
    expect(await countEffects(db, job.id)).toBe(1);

    let parentRuns = 0;
    const parentHandler = effectHandler(db, { worker: 'parent', hang: false });
    const parent = new Worker({
      queue,
      leaseMs: 300,
      handlers: {
        [CRASH_JOB_TYPE]: (j, ctx) => {
          parentRuns += 1;
          return parentHandler(j, ctx);
        },
      },
    });

    // While the child is alive it keeps renewing its lease, so nobody else may take the job.
    await sleep(1_300);
    expect(await parent.runOnce()).toBe(false);

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await queue.get(job.id))?.status).toBe('running');

    await waitFor(() => parent.runOnce(), 10_000, 'the parent to re-claim the job');
    const done = await queue.get(job.id);
    expect(done).toMatchObject({
      status: 'completed', attempts: 2, result: { effects: 1, worker: 'parent' }, progress: { stage: 'effect', worker: 'parent' },
    });
    expect(parentRuns).toBe(1);
    const effects = await db.withTables<EffectTables>().selectFrom('job_effects').selectAll().where('job_id', '=', job.id).execute();
    expect(effects).toEqual([{ job_id: job.id, worker: 'child' }]);
    expect(await parent.runOnce()).toBe(false);
  });
});
