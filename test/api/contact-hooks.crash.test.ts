import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, DELIVER_JOB } from '../../src/modules/contact-hooks/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { spawnProcess, type Spawned } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

let t: TestApp;
let api: Api;
let receiver: Receiver;
const children: Spawned[] = [];
const root = fileURLToPath(new URL('../../', import.meta.url));
const script = fileURLToPath(new URL('../../src/modules/contact-hooks/testing/children.ts', import.meta.url));

function child(mode: 'crash' | 'cli'): Spawned {
  const c = spawnProcess(process.execPath, ['--import', 'tsx', script, mode], {
    cwd: root, env: { ...process.env, EVENTLINE_HOOKS_TEST_DB: JSON.stringify(t.db.config) },
  });
  children.push(c);
  return c;
}

beforeAll(async () => {
  receiver = await startReceiver();
  // No worker in this process: only the child processes deliver.
  t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
});
afterEach(async () => {
  for (const c of children.splice(0)) await c.stop('SIGKILL');
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('contact hooks survive a killed worker', () => {
  it('delivers again after the worker is killed mid-call, with the same webhook-id, and merges the answer once', async () => {
    const company = CONTACT_FIELDS.find((f) => f.name === 'Company');
    // The first callback is never answered: the worker is killed while it waits.
    receiver.answer((_req, n) => (n === 1 ? 'hang' : { status: 200, body: { data: [{ id: company?.id, name: 'Company', value: ['Crash Test Dummies Inc.'] }] } }));
    const hook = await api('POST', '/ea/contacts/hooks', { name: 'AIS', callback: receiver.url, security: { type: 'apiKey', secret: 'crash-key' } });
    expect(hook.statusCode, hook.body).toBe(201);
    const hookId = (hook.json() as { id: string }).id;
    const created = await api('POST', '/ea/contacts', [{ firstName: 'Crashy', lastName: 'Killington', email: 'crashy@hooks.test' }]);
    const contactId = (created.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    const deliveries = async () => ((await api('GET', `/ea/contacts/hooks/${hookId}/deliveries`)).json() as { data: Array<{ id: string; status: string; attempts: number }> }).data;
    expect(await deliveries()).toMatchObject([{ status: 'queued', attempts: 0 }]);

    const crash = child('crash');
    await crash.waitForOutput(/worker started/, 60_000);
    await waitFor(async () => receiver.received.length === 1, 60_000, 'the first callback');
    expect(await deliveries()).toMatchObject([{ status: 'delivering', attempts: 1 }]);
    await crash.stop('SIGKILL');

    const worker = child('cli');
    await worker.waitForOutput(/worker started/, 60_000);
    const [done] = await waitFor(async () => {
      const list = await deliveries();
      return list[0]?.status === 'merged' ? list : undefined;
    }, 60_000, 'the restarted worker to deliver');
    // At least once: the receiver saw the callback twice, as one transaction (its idempotency key).
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([done?.id, done?.id]);
    // Merged once: one answered attempt, after the one that was cut off.
    const detail = (await api('GET', `/ea/contacts/hooks/${hookId}/deliveries/${done?.id ?? ''}`)).json() as { attempts: number; attemptLog: Array<{ attempt: number; outcome: string; statusCode?: number }> };
    expect(detail.attempts).toBe(2);
    expect(detail.attemptLog.map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([[1, 'started', undefined], [2, 'answered', 200]]);
    const contact = (await api('GET', `/ea/contacts/${contactId}`)).json() as { company?: string; lastModifiedBy?: string };
    expect(contact).toMatchObject({ company: 'Crash Test Dummies Inc.', lastModifiedBy: `contact-hook:${hookId}` });
    const job = await t.services.db.db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', DELIVER_JOB).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'completed', attempts: 2 });
    expect(await worker.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
