import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiRequestError, createClient, type EventlineClient } from '../../src/client/index.js';
import { main } from '../../src/cli/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { EventInput } from '../../src/modules/events/index.js';
import { createTenant, sampleEvent, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';

const TOTAL = 1000;
const VIRTUAL = 130;

let t: TestApp;
let url: string;
let tenant: Tenant;
let other: Tenant;
let client: EventlineClient;
const ids = new Set<string>();
const virtualIds = new Set<string>();
let foreignId: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({ config: { publicUrl: url, port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  tenant = await createTenant(t.services);
  other = await createTenant(t.services);
  for (let i = 0; i < TOTAL; i++) {
    const virtual = i < VIRTUAL;
    const e = await t.services.events.createNow(tenant.accountId, tenant.adminId, sampleEvent({ title: `Event ${i}`, format: virtual ? 'Virtual' : 'In-person' }) as EventInput);
    ids.add(e.id);
    if (virtual) virtualIds.add(e.id);
  }
  foreignId = (await t.services.events.createNow(other.accountId, other.adminId, sampleEvent({ title: 'Not yours' }) as EventInput)).id;
  client = createClient({ baseUrl: url, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
}, 180_000);

afterAll(async () => t?.close());

/** A terminal as cli-progress sees one: isTTY, a width, and what was drawn on it. */
class FakeTerminal extends Writable {
  readonly isTTY = true;
  readonly columns = 120;
  drawn = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.drawn += chunk.toString();
    done();
  }
}

async function cli(args: readonly string[], env: Record<string, string> = {}, progressStream?: NodeJS.WritableStream): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', ...env }, { database: t.config.database });
  const code = await main(['node', 'eventline', 'api', ...args], { config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), progressStream } });
  return { code, stdout, stderr };
}

const credentials = (): string[] => ['--url', url, '--client-id', tenant.clientId, '--client-secret', tenant.clientSecret];

describe('the SDK against the real app', () => {
  it('pages through a 1,000-row list, yielding every row exactly once', async () => {
    const seen: string[] = [];
    for await (const e of client.paginate('/ea/events', { limit: 150 })) {
      expectTypeOf(e.id).toEqualTypeOf<string>();
      seen.push(e.id);
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen)).toEqual(ids);
  });

  it('reports paging.totalCount on every page and stops on the page without nextToken', async () => {
    const pages: Array<{ size: number; total: number | undefined; next: boolean }> = [];
    for await (const page of client.pages('/ea/events?limit=200')) pages.push({ size: page.data.length, total: page.paging.totalCount, next: page.paging.nextToken !== undefined });
    expect(pages.map((p) => p.size)).toEqual([200, 200, 200, 200, 200]);
    expect(pages.every((p) => p.total === TOTAL)).toBe(true);
    expect(pages.at(-1)?.next).toBe(false);
  });

  it('keeps the filter while paging, with the path written without the version', async () => {
    const seen = new Set<string>();
    for await (const e of client.paginate('/events', { filter: "format eq 'Virtual'", limit: 40 })) {
      expect(e.format).toBe('Virtual');
      seen.add(e.id);
    }
    expect(seen).toEqual(virtualIds);
  });

  it('pages a POST .../filter list with the filter in the body', async () => {
    let count = 0;
    for await (const e of client.paginate('/ea/events/filter', { limit: 50 }, { method: 'post', body: { filter: "format eq 'Virtual'" } })) {
      expect(virtualIds.has(e.id)).toBe(true);
      count++;
    }
    expect(count).toBe(VIRTUAL);
  });

  it('reads one event with a typed get', async () => {
    const id = [...ids][7] ?? '';
    const event = await client.get('/ea/events/{id}', { params: { id } });
    expectTypeOf(event.title).toEqualTypeOf<string>();
    expectTypeOf(event.format).toEqualTypeOf<'In-person' | 'Virtual' | 'Hybrid'>();
    expect(event).toMatchObject({ id, title: 'Event 7', format: 'Virtual', virtual: true });
    const untyped = await client.get(`/ea/events/${id}`);
    expectTypeOf(untyped).toEqualTypeOf<unknown>();
    expect(untyped).toEqual(event);
  });

  it('returns status and headers from request(): 202 with Location', async () => {
    // Another account, so the 1,000-row list stays as it is.
    const otherClient = createClient({ baseUrl: url, clientId: other.clientId, clientSecret: other.clientSecret });
    const res = await otherClient.request('post', '/ea/events/async', {
      // Checked against the generated request body type.
      body: { title: 'Through the SDK', format: 'Hybrid', type: 'Conference', timezone: 'UTC', languages: ['en-US'], planners: [{ firstName: 'Pat' }] },
    });
    expectTypeOf(res.data.status).toEqualTypeOf<'Processing' | 'Created' | 'Failed'>();
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/ea/events/async/${res.data.id}/status`);
    expect(res.requestId).toEqual(expect.any(String));
  });

  it('throws ApiRequestError with the contract error fields for a 404, also for another account\'s event', async () => {
    for (const id of [randomUUID(), foreignId]) {
      const err = (await client.get('/ea/events/{id}', { params: { id } }).catch((e: unknown) => e)) as ApiRequestError;
      expect(err).toBeInstanceOf(ApiRequestError);
      expect(err).toMatchObject({ status: 404, code: 404, message: 'Event not found', method: 'GET', path: `/ea/events/${id}` });
      expect(err.requestId).toEqual(expect.any(String));
      expect(err.toJSON()).toEqual({ code: 404, message: 'Event not found' });
    }
  });

  it('carries target and details of a 400', async () => {
    const err = (await client.get('/ea/events', { query: { filter: "nope eq 'x'" } }).catch((e: unknown) => e)) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 400, code: 400, target: 'filter' });
    expect(err.message).toMatch(/nope/);
  });
});

describe('eventline api', () => {
  it('prints every event of `get /ea/events --all` as one JSON array, with a progress bar only on a terminal', async () => {
    const run = await cli(['get', '/ea/events', '--all', '--query', 'limit=200', ...credentials()]);
    expect(run.code, run.stderr).toBe(0);
    const items = JSON.parse(run.stdout) as Array<{ id: string }>;
    expect(items).toHaveLength(TOTAL);
    expect(new Set(items.map((e) => e.id))).toEqual(ids);
    // stderr is not a terminal here (a pipe, a file): nothing is drawn.
    expect(run.stderr).toBe('');

    const terminal = new FakeTerminal();
    const drawn = await cli(['get', '/ea/events', '--all', '--query', 'limit=200', ...credentials()], {}, terminal);
    expect(drawn.code, drawn.stderr).toBe(0);
    expect((JSON.parse(drawn.stdout) as unknown[]).length).toBe(TOTAL);
    expect(drawn.stderr).toBe('');
    expect(terminal.drawn).toMatch(/fetching \u2588+\u2591* \d+\/1000 items/);
    expect(terminal.drawn).toContain(`fetching ${'\u2588'.repeat(30)} 1000/1000 items`);

    // --json keeps stderr for a JSON error: no bar either.
    const quiet = new FakeTerminal();
    const json = await cli(['get', '/ea/events', '--all', '--query', 'limit=200', '--json', ...credentials()], {}, quiet);
    expect(json.code, json.stderr).toBe(0);
    expect(quiet.drawn).toBe('');
  });

  it('takes the URL and credentials from EVENTLINE_URL, EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET', async () => {
    const id = [...ids][0] ?? '';
    const run = await cli(['get', `/events/${id}`], { EVENTLINE_URL: url, EVENTLINE_CLIENT_ID: tenant.clientId, EVENTLINE_CLIENT_SECRET: tenant.clientSecret });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id, title: 'Event 0' });
  });

  it('sends --data and --query', async () => {
    const run = await cli(['post', '/ea/events/filter', '--data', JSON.stringify({ filter: "format eq 'Virtual'" }), '--query', 'limit=5', ...credentials()]);
    expect(run.code, run.stderr).toBe(0);
    const page = JSON.parse(run.stdout) as { paging: { totalCount: number; limit: number }; data: unknown[] };
    expect(page.paging).toMatchObject({ totalCount: VIRTUAL, limit: 5 });
    expect(page.data).toHaveLength(5);
  });

  it('fails with exit 3 (an HTTP error) and the contract error on stderr for a 404', async () => {
    const run = await cli(['get', `/ea/events/${foreignId}`, ...credentials()]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: HTTP 404: Event not found \(request id: [^)]+\)\n$/);
  });

  it('fails with exit 3 when the credentials are refused, and exit 2 when they are missing or the input is bad', async () => {
    const refused = await cli(['get', '/ea/events', '--url', url, '--client-id', tenant.clientId, '--client-secret', 'wrong']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^error: HTTP 401: /);
    const missing = await cli(['get', '/ea/events', '--url', url]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--client-id and --client-secret/);
    const badMethod = await cli(['fetch', '/ea/events', ...credentials()]);
    expect(badMethod.code).toBe(2);
    const badJson = await cli(['post', '/ea/events/filter', '--data', '{nope', ...credentials()]);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/--data is not valid JSON/);
    const badQuery = await cli(['get', '/ea/events', '--query', 'limit', ...credentials()]);
    expect(badQuery.code).toBe(2);
  });
});
