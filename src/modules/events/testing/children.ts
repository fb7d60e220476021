// Child processes for the killed-worker test of event copy (test/api/event-copy.crash.test.ts): `crash` runs a worker
// whose copy hangs inside its transaction after every real step wrote (a last step registered here prints `copying`
// and never returns), until the test SIGKILLs it; `cli` runs the real `eventline worker` command.
import { buildServices } from '../../../app.js';
import { main } from '../../../cli/index.js';
import { loadConfig, type Config } from '../../../config/index.js';
import { Worker } from '../../../jobs/index.js';

const raw = process.env['EVENTLINE_COPY_TEST_DB'];
if (!raw) throw new Error('EVENTLINE_COPY_TEST_DB is required');
const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false' }, { database: JSON.parse(raw) as Config['database'] });

// Never outlive a test run that forgot to kill us.
setTimeout(() => process.exit(2), 90_000).unref();

if (process.argv[2] === 'crash') {
  const services = await buildServices(config);
  services.events.registerCopyStep({
    name: 'test.hang',
    after: ['sessions', 'speakers', 'registration-types'],
    async copy() {
      process.stdout.write('copying\n');
      return new Promise<void>(() => undefined);
    },
  });
  const worker = new Worker({ queue: services.jobs, handlers: services.jobHandlers, leaseMs: 1000, pollMs: 25 });
  worker.start();
  process.stdout.write('worker started\n');
} else {
  process.exitCode = await main(['node', 'eventline', 'worker', '--poll-ms', '50'], { config });
}
