import type { Clock } from '../db/time.js';
import type { JobQueue } from './queue.js';
import type { JobHandler } from './worker.js';

/**
 * A job that runs every `everyMs` (retention purges): each run schedules the next, and a run's id names its
 * time slot, so any number of processes may schedule it at start without starting a second chain.
 */
export interface RecurringJob {
  /** Makes sure one run is waiting. */
  readonly schedule: () => Promise<void>;
  readonly handlers: Readonly<Record<string, JobHandler>>;
}

export function recurringJob(queue: JobQueue, clock: Clock, type: string, everyMs: number, run: () => Promise<unknown>): RecurringJob {
  const enqueue = (runAt: Date) => queue.enqueueSlot({ type, payload: {}, runAt, everyMs });
  const handler: JobHandler = async () => {
    const result = await run();
    await enqueue(new Date(clock().getTime() + everyMs));
    return result;
  };
  return {
    schedule: async (): Promise<void> => {
      await enqueue(clock());
    },
    handlers: { [type]: handler },
  };
}
