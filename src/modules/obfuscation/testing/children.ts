// Child processes for the kill-during-PROCESSING test. `crash` runs a worker
// whose erasure hangs inside its transaction (after the first erasers wrote),
// until the test SIGKILLs it; `cli` runs the real `eventline worker` command.
import { buildServices } from '../../../app.js';
import { main } from '../../../cli/index.js';
import { loadConfig, type Config } from '../../../config/index.js';
import { Worker } from '../../../jobs/index.js';

const raw = process.env['EVENTLINE_OBFUSCATION_TEST_DB'];
if (!raw) throw new Error('EVENTLINE_OBFUSCATION_TEST_DB is required');
const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false' }, { database: JSON.parse(raw) as Config['database'] });

// Never outlive a test run that forgot to kill us.
setTimeout(() => process.exit(2), 90_000).unref();

if (process.argv[2] === 'crash') {
  const services = await buildServices(config);
  services.erasers.register({
    place: 'test.hang',
    columns: [],
    async erase() {
      process.stdout.write('erasing\n');
      return new Promise<number>(() => undefined);
    },
  });
  const worker = new Worker({ queue: services.jobs, handlers: services.jobHandlers, leaseMs: 1000, pollMs: 25 });
  worker.start();
  process.stdout.write('worker started\n');
} else {
  process.exitCode = await main(['node', 'eventline', 'worker', '--poll-ms', '50'], { config });
}
