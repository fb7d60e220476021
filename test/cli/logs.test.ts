import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';

// `eventline logs [--follow] [--status 4xx]` (issue 35, docs/sandbox.md) against a listening app: the application's
// request log, read through the SDK with the application's own credentials.

let t: TestApp;
let url: string;
let tenant: Tenant;
let api: Api;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { REQUEST_LOG_FLUSH_MS: '50' }, config: { publicUrl: url, port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  expect((await api('GET', '/ea/events')).statusCode).toBe(200);
  expect((await api('GET', '/ea/events/not-an-id')).statusCode).toBeGreaterThanOrEqual(400);
  await t.services.requestLogs.flush();
}, 120_000);

afterAll(async () => t?.close());

async function cli(args: readonly string[], signal?: AbortSignal, out?: { stdout: string }): Promise<{ code: number; stdout: string; stderr: string }> {
  const sink = out ?? { stdout: '' };
  let stderr = '';
  const code = await main(['node', 'eventline', 'logs', '--url', url, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret, ...args], {
    config: t.config, io: { stdout: (s) => void (sink.stdout += s), stderr: (s) => void (stderr += s) }, ...(signal ? { signal } : {}),
  });
  return { code, stdout: sink.stdout, stderr };
}

interface Line { method: string; route: string; status: number; message?: string }

describe('eventline logs', () => {
  it('prints the log as a table and as JSON lines, and narrows it by status', async () => {
    const text = await cli([]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^AT\s+METHOD\s+ROUTE\s+STATUS\s+LATENCY/);
    expect(text.stdout).toContain('/ea/events/{id}');

    const json = await cli(['--json']);
    const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => [l.method, l.route, l.status >= 400])).toEqual([['GET', '/ea/events', false], ['GET', '/ea/events/{id}', true]]);

    const failed = await cli(['--status', '4xx', '--json']);
    expect(failed.stdout.trim().split('\n').map((l) => (JSON.parse(l) as Line).route)).toEqual(['/ea/events/{id}']);

    // --jq and --fields shape each entry, as on every command that prints JSON.
    const jq = await cli(['--jq', '.route']);
    expect(jq.code, jq.stderr).toBe(0);
    expect(jq.stdout.trim().split('\n')).toEqual(['/ea/events', '/ea/events/{id}']);
    const fields = await cli(['--fields', 'method,status', '--json']);
    expect(fields.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).map((l) => Object.keys(l).sort())).toEqual([['method', 'status'], ['method', 'status']]);
  }, 60_000);

  it('--follow prints new entries as they come, and stops on the signal', async () => {
    const stop = new AbortController();
    const out = { stdout: '' };
    const running = cli(['--follow', '--interval', '200', '--json'], stop.signal, out);
    await waitFor(async () => out.stdout.split('\n').filter(Boolean).length >= 2, 10_000, 'the first entries');
    expect((await api('POST', '/ea/events/filter', {})).statusCode).toBe(200);
    await waitFor(async () => out.stdout.includes('"route":"/ea/events/filter"'), 10_000, 'the new entry');
    stop.abort();
    const done = await running;
    expect(done.code, done.stderr).toBe(0);
    const routes = done.stdout.trim().split('\n').map((l) => (JSON.parse(l) as Line).route);
    // Each entry once, in order, and the log's own reads are not in it.
    expect(routes).toEqual(['/ea/events', '/ea/events/{id}', '/ea/events/filter']);
  }, 60_000);

  it('refuses a bad status and missing credentials with a usage error', async () => {
    expect((await cli(['--status', 'teapot'])).code).not.toBe(0);
    let stderr = '';
    const code = await main(['node', 'eventline', 'logs', '--url', url], { config: t.config, io: { stdout: () => undefined, stderr: (s) => void (stderr += s) } });
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/client-id/);
  });
});
