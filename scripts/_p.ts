import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', DATABASE_PATH: ':memory:', DATA_DIR: '/tmp/probe/data' });
const { app } = await buildApp(config, { logger: false, worker: false });
await app.ready();
for (const url of ['/ea/speakers', '/ea/webcasts/players', '/ea/events/0190a1b2-0000-7000-8000-000000000000/badge-print-jobs']) {
  const r = await app.inject({ method: 'GET', url });
  console.log(url, r.statusCode, r.body);
}
await app.close();
