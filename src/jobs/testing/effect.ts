import type { Db } from '../../db/index.js';
import type { JobHandler } from '../worker.js';

// Test-only scratch table standing in for a handler's external side effect.
// A type alias, not an interface: withTables<T>() needs an index-signature-compatible type.
export type EffectTables = {
  job_effects: { job_id: string; worker: string };
};

export const CRASH_JOB_TYPE = 'test.crash';

export async function createEffectTable(db: Db): Promise<void> {
  await db.schema
    .createTable('job_effects')
    .ifNotExists()
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('worker', 'text', (c) => c.notNull())
    .execute();
}

export async function countEffects(db: Db, jobId: string): Promise<number> {
  const rows = await db.withTables<EffectTables>().selectFrom('job_effects').select('job_id').where('job_id', '=', jobId).execute();
  return rows.length;
}

/**
 * Idempotent by construction: the effect is keyed by job id, so a re-run after
 * a crash finds it already applied. With `hang` the handler never returns,
 * simulating a process killed mid-job.
 */
export function effectHandler(db: Db, opts: { worker: string; hang: boolean }): JobHandler {
  return async (job, ctx) => {
    await db
      .withTables<EffectTables>()
      .insertInto('job_effects')
      .values({ job_id: job.id, worker: opts.worker })
      .onConflict((oc) => oc.column('job_id').doNothing())
      .execute();
    // Progress after the effect: the test reads progress as "the effect is applied".
    await ctx.progress({ stage: 'effect', worker: opts.worker });
    if (opts.hang) await new Promise<never>(() => undefined);
    return { effects: await countEffects(db, job.id), worker: opts.worker };
  };
}
