// Child process for the crash-durability test: runs a Worker whose handler
// applies its effect, reports progress and then hangs until the test SIGKILLs it.
import { parseDatabaseConfig } from '../../config/index.js';
import { createDb } from '../../db/index.js';
import { JobQueue } from '../queue.js';
import { Worker } from '../worker.js';
import { CRASH_JOB_TYPE, effectHandler } from './effect.js';

const raw = process.env['EVENTLINE_JOBS_TEST_DB'];
if (!raw) throw new Error('EVENTLINE_JOBS_TEST_DB is required');
const config = parseDatabaseConfig(raw);
const leaseMs = Number(process.env['EVENTLINE_JOBS_TEST_LEASE_MS'] ?? '1000');

// Never outlive a test run that forgot to kill us.
setTimeout(() => process.exit(2), 60_000);

const handle = createDb(config);
const queue = new JobQueue(handle.db, { dialect: handle.dialect });
const worker = new Worker({
  queue,
  workerId: `crash-child:${process.pid}`,
  handlers: { [CRASH_JOB_TYPE]: effectHandler(handle.db, { worker: 'child', hang: true }) },
  leaseMs,
  pollMs: 25,
});
worker.start();
process.stdout.write('worker started\n');
