import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { spawnProcess, type Spawned } from '../helpers/process.js';
import { createVenue, seedPerson } from '../contract/obfuscation.fixtures.js';

let t: TestApp;
let api: Api;
let accountId: string;
const children: Spawned[] = [];
const root = fileURLToPath(new URL('../../', import.meta.url));
const script = fileURLToPath(new URL('../../src/modules/obfuscation/testing/children.ts', import.meta.url));

function child(mode: 'crash' | 'cli'): Spawned {
  const c = spawnProcess(process.execPath, ['--import', 'tsx', script, mode], {
    cwd: root, env: { ...process.env, EVENTLINE_OBFUSCATION_TEST_DB: JSON.stringify(t.db.config) },
  });
  children.push(c);
  return c;
}

beforeAll(async () => {
  // No worker in this process: only the child processes run jobs.
  t = await startTestApp({ build: { worker: false } });
  const ten = await createTenant(t.services);
  accountId = ten.accountId;
  await t.services.accounts.setFeature(ten.accountId, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, ten));
});
afterEach(async () => {
  for (const c of children.splice(0)) await c.stop('SIGKILL');
});
afterAll(async () => t?.close());

describe('contact obfuscation survives a killed worker', () => {
  it('completes after the worker process is killed during PROCESSING and `eventline worker` is started', async () => {
    const venue = await createVenue(t.services, accountId);
    const p = { firstName: 'Crashy', lastName: 'Killington', email: 'crashy.killington@privacy.test', phone: '+1 555 0199 777', note: 'n' };
    const { contactId } = await seedPerson(t.services.db.db, venue, p);
    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(start.statusCode).toBe(202);
    const { obfuscateId } = start.json() as { obfuscateId: string };
    const status = async () => (await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json() as { status: string };
    expect((await status()).status).toBe('QUEUED');

    const crash = child('crash');
    await crash.waitForOutput(/erasing/, 60_000);
    expect((await status()).status).toBe('PROCESSING');
    await crash.stop('SIGKILL');

    // The erasure transaction died with the process: nothing half-done is visible.
    expect((await status()).status).toBe('PROCESSING');
    const contact = await t.services.db.db.selectFrom('contacts').select(['email', 'purged']).where('id', '=', contactId).executeTakeFirstOrThrow();
    expect(contact).toEqual({ email: p.email, purged: 0 });

    const worker = child('cli');
    await worker.waitForOutput(/worker started/, 60_000);
    await waitFor(async () => (await status()).status === 'COMPLETED', 60_000, 'the restarted worker to complete the obfuscation');
    const report = await t.services.obfuscation.verify({
      contactId, values: [p.email, `${p.firstName} ${p.lastName}`, p.firstName, p.lastName, p.phone],
    });
    expect(report.hits).toEqual([]);
    // COMPLETED commits with the erasure; the job goes on to the compaction step before it completes.
    const job = await waitFor(async () => {
      const row = await t.services.db.db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', 'contact.obfuscate').executeTakeFirstOrThrow();
      return row.status === 'running' ? undefined : row;
    }, 60_000, 'the job to finish');
    expect(job).toEqual({ status: 'completed', attempts: 2 });
    expect(await worker.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
