// Throughput of a contact-obfuscation bulk job: N contacts (each with an
// attendee, enrollment, check-in, join link, message and stored email), one
// bulk job over all of them, run by an in-process worker through the real API.
//
//   npx tsx bench/obfuscation.ts [--contacts 10000] [--with-places 1000]
//
// `--with-places` of the contacts get the full set of places (the rest are
// bare contacts). DATABASE_URL switches to PostgreSQL; otherwise SQLite in a
// temporary directory. Nothing here is timed in tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { newId } from '../src/db/ids.js';
import { createTenant, tokenFor, apiClient } from '../test/helpers/app.js';
import { createVenue, seedPerson } from '../test/contract/obfuscation.fixtures.js';

const { values: args } = parseArgs({ options: { contacts: { type: 'string', default: '10000' }, 'with-places': { type: 'string', default: '1000' } } });
const total = Number(args.contacts);
const withPlaces = Math.min(total, Number(args['with-places']));

const dir = mkdtempSync(join(tmpdir(), 'eventline-bench-obf-'));
const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', DATA_DIR: dir });
const { app, services } = await buildApp(config, { logger: false, workerPollMs: 20 });
try {
  await app.ready();
  const tenant = await createTenant(services);
  await services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
  const api = apiClient(app, await tokenFor(app, tenant));
  const venue = await createVenue(services, tenant.accountId);
  const db = services.db.db;
  const ids: string[] = [];
  for (let i = 0; i < withPlaces; i++) {
    ids.push((await seedPerson(db, venue, { firstName: `Bench${i}`, lastName: `Mark${i}`, email: `bench${i}@bench.test`, phone: `+1 555 ${String(100000 + i)}`, note: 'n' })).contactId);
  }
  const at = new Date().toISOString();
  for (let i = withPlaces; i < total; i += 50) {
    const rows = Array.from({ length: Math.min(50, total - i) }, (_, j) => ({
      id: newId(), account_id: tenant.accountId, first_name: `Bare${i + j}`, last_name: `Contact${i + j}`, middle_name: null, email: `bare${i + j}@bench.test`,
      company: null, title: null, source_id: null, profile: '{}', deleted: 0, purged: 0, created: at, last_modified: at, created_by: 'bench', last_modified_by: 'bench',
    }));
    ids.push(...rows.map((r) => r.id));
    await db.insertInto('contacts').values(rows).execute();
  }
  const job = (await api('POST', '/ea/bulk-jobs', { name: 'bench', url: '/contacts/{id}/obfuscate', operation: 'POST', mode: 'SEQUENTIAL', ttl: 3600 })).json() as { id: string };
  for (let i = 0; i < ids.length; i += 1000) {
    await api('POST', `/ea/bulk-jobs/${job.id}/data`, { data: ids.slice(i, i + 1000).map((id) => ({ pathParams: { id }, dataRecord: {} })) });
  }
  const started = performance.now();
  await api('POST', `/ea/bulk-jobs/${job.id}/run`);
  let state: { status: string; successful: number; failed: number };
  for (;;) {
    state = (await api('GET', `/ea/bulk-jobs/${job.id}`)).json() as typeof state;
    if (['COMPLETED', 'FAILED', 'CANCELED'].includes(state.status)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({
    database: config.database.dialect, cpus: cpus().length, contacts: total, contactsWithAllPlaces: withPlaces,
    status: state.status, successful: state.successful, failed: state.failed,
    seconds: Number(seconds.toFixed(1)), contactsPerSecond: Number((total / seconds).toFixed(1)),
  }, null, 2));
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
