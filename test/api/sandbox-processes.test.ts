import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, tokenFor, startTestApp, waitFor, type Api, type TestApp, type Tenant } from '../helpers/app.js';
import { startServerProcesses, type Spawned } from '../helpers/process.js';

// Sandbox controls and the request log across processes (issue 35, docs/sandbox.md): two real `eventline` server
// processes on one database (SQLite: one file; PostgreSQL: one database). A count of forced calls is spent once
// across both, a control set at one process acts at the other, and both write into one request log.

interface Entry { route: string; status: number; sandbox?: string }

describe('sandbox controls and the request log across two server processes', () => {
  let t: TestApp;
  let tenant: Tenant;
  let token: string;
  let api: Api;
  const servers: Spawned[] = [];
  let addresses: string[] = [];

  const call = async (address: string, method = 'GET', path = '/ea/events', body?: unknown) => {
    const res = await fetch(`${address}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    await res.body?.cancel();
    return { status: res.status, sandbox: res.headers.get('eventline-sandbox') };
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { SANDBOX_CONTROLS: 'true' }, build: { worker: false } });
    tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    const started = await startServerProcesses(2, t.db.config, {
      PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', DEMO: 'false', RUN_WORKER: 'false', RATE_LIMIT_ENABLED: 'false',
      SANDBOX_CONTROLS: 'true', REQUEST_LOG_FLUSH_MS: '100',
    });
    servers.push(...started.servers);
    addresses = started.addresses;
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
  });

  it('spends a count of forced calls once across both processes, and both write into one log', async () => {
    const [a = '', b = ''] = addresses;
    expect((await call(a, 'PUT', '/ea/sandbox/controls', { force: { answer: 'too-many-requests', calls: 5 } })).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call(i % 2 === 0 ? a : b)));
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    const remaining = results.filter((r) => r.status === 429).map((r) => /remaining=(\d)/.exec(r.sandbox ?? '')?.[1]).sort();
    expect(remaining).toEqual(['0', '1', '2', '3', '4']);

    const log = await waitFor(async () => {
      const res = await api('GET', '/ea/request-logs?limit=200&filter=' + encodeURIComponent("route eq '/ea/events'"));
      const data = (res.json() as { data: Entry[] }).data;
      return data.length === 12 ? data : undefined;
    }, 10_000, 'both processes\' entries');
    expect(log.filter((e) => e.status === 429 && e.sandbox?.startsWith('forced=too-many-requests;remaining=') === true)).toHaveLength(5);
  }, 60_000);

  it('a control set at one process acts at the other (within its cache time)', async () => {
    const [a = '', b = ''] = addresses;
    expect((await call(a, 'PUT', '/ea/sandbox/controls', { latencyMs: 40 })).status).toBe(200);
    const seen = await waitFor(async () => {
      const r = await call(b);
      return r.sandbox === 'latency=40' ? r : undefined;
    }, 5000, 'the latency at the other process');
    expect(seen.status).toBe(200);
    expect((await call(b, 'DELETE', '/ea/sandbox/controls')).status).toBe(204);
    await waitFor(async () => (await call(a)).sandbox === null, 5000, 'the controls off at the first process');
  }, 60_000);
});
