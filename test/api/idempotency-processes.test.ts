import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sampleEvent, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app.js';
import { startServerProcesses, type Spawned } from '../helpers/process.js';

// Idempotency keys across processes (issue 35): two real `eventline` server processes on one database (SQLite: one
// file; PostgreSQL: one database) see one another's keys. Ten concurrent identical requests with one key, spread over
// both, create one event and all get the same answer; a reuse of the key at the other process is a 422.

describe('Idempotency-Key across two server processes', () => {
  let t: TestApp;
  let tenant: Tenant;
  let token: string;
  const servers: Spawned[] = [];
  let addresses: string[] = [];

  const creations = async () =>
    Number((await t.db.handle.db.selectFrom('event_creations').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', tenant.accountId).executeTakeFirstOrThrow()).n);
  const post = async (address: string, key: string, body: unknown) => {
    const res = await fetch(`${address}/ea/events/async`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.text(), location: res.headers.get('location'), replayed: res.headers.get('idempotent-replayed') };
  };

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    const started = await startServerProcesses(2, t.db.config, {
      PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', DEMO: 'false', RUN_WORKER: 'false', RATE_LIMIT_ENABLED: 'false',
    });
    servers.push(...started.servers);
    addresses = started.addresses;
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  it('creates one event from 10 concurrent identical requests with one key spread over both processes, with identical answers', async () => {
    const before = await creations();
    const body = sampleEvent({ title: 'Two Process Summit' });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(addresses[i % 2] ?? '', 'two-processes', body)));
    const first = results.find((r) => r.replayed === null);
    expect(first?.status, JSON.stringify(results)).toBe(202);
    for (const r of results) expect({ status: r.status, body: r.body, location: r.location }).toEqual({ status: first?.status, body: first?.body, location: first?.location });
    expect(results.filter((r) => r.replayed === 'true')).toHaveLength(9);
    expect(await creations()).toBe(before + 1);
  }, 60_000);

  it('replays at one process the answer the other gave, and refuses the key there with another body', async () => {
    const [a = '', b = ''] = addresses;
    const first = await post(a, 'across', sampleEvent({ title: 'Across Summit' }));
    expect(first.status).toBe(202);
    const replay = await post(b, 'across', sampleEvent({ title: 'Across Summit' }));
    expect({ ...replay, replayed: null }).toEqual(first);
    expect(replay.replayed).toBe('true');
    const reuse = await post(b, 'across', sampleEvent({ title: 'Other Summit' }));
    expect(reuse.status).toBe(422);
    expect(JSON.parse(reuse.body)).toMatchObject({ code: 422, target: 'Idempotency-Key' });
  }, 60_000);
});
