// Child processes for the killed-worker test (test/api/contact-hooks.crash.test.ts):
// `crash` runs a worker with a short lease that the test SIGKILLs while its
// callback is in flight; `cli` runs the real `eventline worker` command.
import { buildServices } from '../../../app.js';
import { main } from '../../../cli/index.js';
import { loadConfig, type Config } from '../../../config/index.js';
import { Worker } from '../../../jobs/index.js';

const raw = process.env['EVENTLINE_HOOKS_TEST_DB'];
if (!raw) throw new Error('EVENTLINE_HOOKS_TEST_DB is required');
// Loopback callbacks are a development setting: the test's receiver listens on 127.0.0.1.
const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', HOOKS_ALLOW_LOOPBACK: 'true' }, { database: JSON.parse(raw) as Config['database'] });

// Never outlive a test run that forgot to kill us.
setTimeout(() => process.exit(2), 90_000).unref();

if (process.argv[2] === 'crash') {
  const services = await buildServices(config);
  const worker = new Worker({ queue: services.jobs, handlers: services.jobHandlers, leaseMs: 1000, pollMs: 25 });
  worker.start();
  process.stdout.write('worker started\n');
} else {
  process.exitCode = await main(['node', 'eventline', 'worker', '--poll-ms', '50'], { config });
}
