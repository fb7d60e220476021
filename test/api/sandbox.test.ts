import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createClient, type Logger } from '../../src/client/index.js';
import { GIVE_UP_WAIT_MS } from '../../src/client/retry.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';
import { redactMessage } from '../../src/modules/sandbox/index.js';

// The integrator's sandbox (issue 35 parts 4 and 5, docs/sandbox.md) against the real app on a real database (SQLite,
// or PostgreSQL with DATABASE_URL), with the rate limiter on (in memory, or Redis with REDIS_URL) and the real clock:
// the SDK's back-off and the midnight reset are measured in real seconds.

interface Entry { id: string; at: string; method: string; route: string; status: number; latencyMs: number; requestId: string; message?: string; sandbox?: string }
interface Page { data: Entry[]; paging: { nextToken?: string; totalCount?: number } }

let t: TestApp;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    env: {
      SANDBOX_CONTROLS: 'true', REQUEST_LOG_FLUSH_MS: '50', SANDBOX_CONTROLS_CACHE_MS: '1000',
      RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_KEY_PREFIX: `eventline:test:sandbox:${Date.now()}:`,
      // Free gets a daily quota of 3 (and room per second) so the quota is used up in three calls.
      // Enterprise gets room per second: these tests make bursts of calls that test other things.
      RATE_LIMIT_TIERS: JSON.stringify({ Free: { perDay: 3, perSecond: 50, burst: 50 }, Enterprise: { perDay: 500_000, perSecond: 1000, burst: 1000 } }),
    },
    config: { publicUrl: url, port },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => t?.close());

async function tenant(tier = 'Enterprise'): Promise<Tenant & { api: Api }> {
  const tn = await createTenant(t.services, { tier });
  return { ...tn, api: apiClient(t.app, await tokenFor(t.app, tn)) };
}

/** The application's log once the buffered entries are written. */
async function logOf(api: Api, query = ''): Promise<Entry[]> {
  await t.services.requestLogs.flush();
  const res = await api('GET', `/ea/request-logs?limit=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page).data;
}

describe('sandbox controls: forced Too Many Requests and the SDK', () => {
  it('forced for 3 calls: the SDK waits about 2, 4 and 8 s (with jitter), then succeeds; the log shows the four calls', async () => {
    const tn = await tenant();
    const set = await tn.api('PUT', '/ea/sandbox/controls', { force: { answer: 'too-many-requests', calls: 3 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ enabled: true, force: { answer: 'too-many-requests', calls: 3, remaining: 3 } });

    const waits: number[] = [];
    const logger: Logger = { error: () => undefined, warn: (_m, ctx) => { if (typeof ctx['waitMs'] === 'number') waits.push(ctx['waitMs']); } };
    const client = createClient({ baseUrl: url, clientId: tn.clientId, clientSecret: tn.clientSecret, logger });
    const started = performance.now();
    const res = await client.request('get', '/events', { query: { limit: 1 } });
    const took = performance.now() - started;
    expect(res.status).toBe(200);

    // The retry rule's waits: 2 s, 4 s, 8 s, each plus 1-1000 ms of jitter (docs/sandbox.md: a forced count answers
    // the seed's schedule in Retry-After, which the SDK adds its jitter to), all below the 16 s where it gives up.
    expect(waits).toHaveLength(3);
    waits.forEach((w, i) => {
      const base = 2000 * 2 ** i;
      expect(w).toBeGreaterThan(base);
      expect(w).toBeLessThanOrEqual(base + 1000);
      expect(w).toBeLessThan(GIVE_UP_WAIT_MS);
    });
    expect(took).toBeGreaterThanOrEqual(waits.reduce((a, b) => a + b, 0));

    const entries = (await logOf(tn.api)).filter((e) => e.route === '/ea/events');
    expect(entries.map((e) => e.status)).toEqual([429, 429, 429, 200]);
    expect(entries.slice(0, 3).map((e) => e.sandbox)).toEqual([
      'forced=too-many-requests;remaining=2', 'forced=too-many-requests;remaining=1', 'forced=too-many-requests;remaining=0',
    ]);
    expect(entries[3]?.sandbox).toBeUndefined();
    expect(entries.slice(0, 3).every((e) => e.message === 'Too Many Requests' && e.method === 'GET')).toBe(true);
    // The server saw the calls as far apart as the SDK waited (measured on arrival, the server's clock).
    const gaps = entries.slice(1).map((e, i) => Date.parse(e.at) - Date.parse(entries[i]?.at ?? ''));
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual((waits[i] ?? 0) - 5);
      expect(gap).toBeLessThan((waits[i] ?? 0) + 2000);
    });
    // The count is spent.
    expect((await tn.api('GET', '/ea/sandbox/controls')).json()).toMatchObject({ force: { remaining: 0 } });
  }, 60_000);

  it('a forced 429 carries the body, Retry-After and RateLimit fields of a real one, and the Eventline-Sandbox header', async () => {
    const tn = await tenant('Free');
    const real = await tn.api('GET', '/ea/events');
    expect(real.statusCode).toBe(200);
    await tn.api('PUT', '/ea/sandbox/controls', { force: { answer: 'limit-exceeded', calls: 1 } });
    const forced = await tn.api('GET', '/ea/events');
    expect(forced.statusCode).toBe(429);
    expect(forced.json()).toEqual({ code: 429, message: 'Limit Exceeded' });
    expect(forced.headers['eventline-sandbox']).toBe('forced=limit-exceeded;remaining=0');
    const untilMidnight = Math.ceil((new Date().setUTCHours(24, 0, 0, 0) - Date.now()) / 1000);
    expect(Math.abs(Number(forced.headers['retry-after']) - untilMidnight)).toBeLessThanOrEqual(2);
    expect(forced.headers['ratelimit-policy']).toBe(real.headers['ratelimit-policy']);
    expect(String(forced.headers['ratelimit'])).toMatch(/^"day";r=0;t=\d+, "second";r=\d+;t=\d+$/);
    // Not counted: the day's quota of 3 still has 2 calls left after the real one.
    expect((await tn.api('GET', '/ea/events')).statusCode).toBe(200);
    expect(String((await tn.api('GET', '/ea/events')).headers['ratelimit'])).toMatch(/^"day";r=0;/);

    const tn2 = await tenant();
    await tn2.api('PUT', '/ea/sandbox/controls', { force: { answer: 'too-many-requests', seconds: 30 } });
    const rate = await tn2.api('GET', '/ea/events');
    expect(rate.statusCode).toBe(429);
    expect(rate.json()).toEqual({ code: 429, message: 'Too Many Requests' });
    expect(Number(rate.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(String(rate.headers['ratelimit'])).toMatch(/"second";r=0;t=\d+$/);
    expect(String(rate.headers['eventline-sandbox'])).toMatch(/^forced=too-many-requests;seconds=(29|30)$/);
    // The controls themselves stay reachable, and turning them off ends the forced answers.
    expect((await tn2.api('DELETE', '/ea/sandbox/controls')).statusCode).toBe(204);
    expect((await tn2.api('GET', '/ea/events')).statusCode).toBe(200);
  }, 60_000);
});

describe('sandbox controls: the moved clock and the midnight reset', () => {
  it('after Limit Exceeded, with the clock moved to 23:59:59 UTC, the quota resets at the first call after midnight', async () => {
    const tn = await tenant('Free');
    for (let i = 0; i < 3; i++) expect((await tn.api('GET', '/ea/events')).statusCode).toBe(200);
    const exceeded = await tn.api('GET', '/ea/events');
    expect(exceeded.statusCode).toBe(429);
    expect(exceeded.json()).toEqual({ code: 429, message: 'Limit Exceeded' });

    const set = await tn.api('PUT', '/ea/sandbox/controls', { clock: { now: '23:59:59Z' } });
    expect(set.statusCode, set.body).toBe(200);
    const clock = (set.json() as { clock: { now: string; offsetSeconds: number } }).clock;
    expect(clock.now.slice(11, 19)).toMatch(/^23:59:59|^00:00:00/);
    expect(clock.now.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));

    // Still the same day on the application's clock: still used up, and Retry-After says one second.
    const before = await tn.api('GET', '/ea/events');
    expect(before.statusCode).toBe(429);
    expect(before.json()).toEqual({ code: 429, message: 'Limit Exceeded' });
    expect(Number(before.headers['retry-after'])).toBeLessThanOrEqual(1);
    expect(String(before.headers['eventline-sandbox'])).toMatch(/^clock-offset=-?\d+$/);

    await new Promise((r) => setTimeout(r, 1500));
    const after = await tn.api('GET', '/ea/events');
    expect(after.statusCode, after.body).toBe(200);
    // A new day of the quota on the application's clock: 3 calls, this one counted.
    expect(String(after.headers['ratelimit'])).toMatch(/^"day";r=2;t=(8639\d|864\d\d)/);
    const log = await logOf(tn.api, '&status=429');
    expect(log.map((e) => e.message)).toEqual(['Limit Exceeded', 'Limit Exceeded']);
    expect(log[1]?.sandbox).toMatch(/^clock-offset=/);
  }, 60_000);

  it('moves by an offset, and refuses a clock given both ways or not at all', async () => {
    const tn = await tenant();
    const set = await tn.api('PUT', '/ea/sandbox/controls', { clock: { offsetSeconds: -3600 } });
    expect(set.statusCode).toBe(200);
    const now = Date.parse((set.json() as { clock: { now: string } }).clock.now);
    expect(Math.abs(now - (Date.now() - 3_600_000))).toBeLessThan(5000);
    for (const clock of [{}, { offsetSeconds: 5, now: '23:59:59Z' }, { now: 'tomorrow' }, { now: '25:00:00Z' }]) {
      const res = await tn.api('PUT', '/ea/sandbox/controls', { clock });
      expect(res.statusCode, JSON.stringify(clock)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/clock/);
    }
    const bad = await tn.api('PUT', '/ea/sandbox/controls', { force: { answer: 'too-many-requests', calls: 2, seconds: 5 } });
    expect(bad.statusCode).toBe(400);
    // A refused change changed nothing.
    expect((await tn.api('GET', '/ea/sandbox/controls')).json()).toMatchObject({ clock: { offsetSeconds: -3600 } });
    expect((await tn.api('GET', '/ea/sandbox/controls')).json()).not.toHaveProperty('force');
  });
});

describe('sandbox controls: latency and 503s', () => {
  it('adds latency to every call, shown in the header and the log', async () => {
    const tn = await tenant();
    await tn.api('PUT', '/ea/sandbox/controls', { latencyMs: 300 });
    const started = performance.now();
    const res = await tn.api('GET', '/ea/events');
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    expect(res.statusCode).toBe(200);
    expect(res.headers['eventline-sandbox']).toBe('latency=300');
    const [entry] = (await logOf(tn.api)).filter((e) => e.route === '/ea/events');
    expect(entry?.sandbox).toBe('latency=300');
    expect(entry?.latencyMs).toBeGreaterThanOrEqual(295);
  });

  it('answers 503 on the share of calls asked, repeatably with a seed', async () => {
    const tn = await tenant();
    const pattern = async (): Promise<number[]> => {
      const set = await tn.api('PUT', '/ea/sandbox/controls', { failureRate: 0.5, failureSeed: 42 });
      expect(set.statusCode).toBe(200);
      const out: number[] = [];
      for (let i = 0; i < 24; i++) {
        const res = await tn.api('GET', '/ea/events');
        out.push(res.statusCode);
        if (res.statusCode === 503) {
          expect(res.json()).toEqual({ code: 503, message: 'Service Unavailable' });
          expect(res.headers['eventline-sandbox']).toBe('failure=503');
        }
      }
      return out;
    };
    const first = await pattern();
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect(await pattern()).toEqual(first);
    const failed = (await logOf(tn.api, '&status=5xx'));
    expect(failed.length).toBe(2 * first.filter((s) => s === 503).length);
    expect(failed.every((e) => e.sandbox === 'failure=503' && e.message === 'Service Unavailable')).toBe(true);

    await tn.api('PUT', '/ea/sandbox/controls', { failureRate: 1 });
    expect((await tn.api('GET', '/ea/events')).statusCode).toBe(503);
    await tn.api('PUT', '/ea/sandbox/controls', { failureRate: 0 });
    expect((await tn.api('GET', '/ea/events')).statusCode).toBe(200);
  });
});

describe('request log', () => {
  it('redacts quoted values, email addresses, phone numbers and raw paths from a message, and keeps its fixed part', () => {
    const cases: Array<[string, string]> = [
      ["Invalid filter: Unexpected 'ann@example.com' at column 14", "Invalid filter: Unexpected '[redacted]' at column 14"],
      ['Invalid value "O\\"Brien" for lastName', 'Invalid value "[redacted]" for lastName'],
      ["The account's event was not found", "The account's event was not found"],
      ['ann@example.com is already registered', '[redacted] is already registered'],
      ['call +1 (555) 123-4567', 'call [redacted]'],
      ['No operation GET /ea/contacts/ann%40example.com', 'No operation GET [path]'],
      ['Event 0190c3e4-1111-7abc-8def-0123456789ab not found', 'Event 0190c3e4-1111-7abc-8def-0123456789ab not found'],
      ['querystring/limit must be <= 200', 'querystring/limit must be <= 200'],
    ];
    for (const [message, kept] of cases) expect(redactMessage(message)).toBe(kept);
    expect(redactMessage('x'.repeat(1000)).length).toBeLessThanOrEqual(300);
  });

  it('keeps no body, query or personal data: a filter and a contact with an email leave no trace in the stored rows', async () => {
    const tn = await tenant();
    const email = 'ann.lee.sandbox@example.com';
    // A filter's message quotes the value it could not read.
    const filtered = await tn.api('GET', `/ea/events?filter=${encodeURIComponent(`start ge '${email}'`)}`);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.body).toContain(email);
    const made = await tn.api('POST', '/ea/contacts', [{ firstName: 'Ann', lastName: 'Leesandbox', email }]);
    expect(made.statusCode, made.body).toBeLessThan(300);
    const found = await tn.api('GET', `/ea/contacts?filter=${encodeURIComponent(`email eq '${email}'`)}`);
    expect(found.statusCode).toBe(200);
    const contactId = (found.json() as { data: Array<{ id: string }> }).data[0]?.id ?? '';
    expect(contactId).not.toBe('');
    expect((await tn.api('GET', `/ea/contacts/${contactId}`)).statusCode).toBe(200);
    // An email where an id belongs: a 404 (or 400) whose raw path is not what the log keeps.
    expect((await tn.api('GET', `/ea/contacts/${encodeURIComponent(email)}`)).statusCode).toBeGreaterThanOrEqual(400);

    const entries = await logOf(tn.api);
    const bad = entries.find((e) => e.status === 400 && e.route === '/ea/events');
    expect(bad?.message).toBeDefined();
    expect(bad?.message).toContain("'[redacted]'");
    expect(entries.find((e) => e.method === 'POST')?.route).toBe('/ea/contacts');
    expect(entries.some((e) => e.route === '/ea/contacts/{id}')).toBe(true);

    const rows = await sql<Record<string, unknown>>`select * from request_logs where account_id = ${tn.accountId}`.execute(t.services.db.db);
    expect(rows.rows.length).toBe(entries.length);
    const stored = JSON.stringify(rows.rows);
    for (const needle of [email, 'ann.lee', 'example.com', 'Leesandbox', 'Ann', contactId]) expect(stored).not.toContain(needle);
  });

  it('filters by status and since, pages, and is not logged itself', async () => {
    const tn = await tenant();
    for (let i = 0; i < 3; i++) await tn.api('GET', '/ea/events');
    // `since` is inclusive and the log shows milliseconds: the 404 comes in a later millisecond than the 200s (PostgreSQL
    // keeps microseconds, so a 200 in the 404's millisecond would be "since" it too).
    await new Promise((r) => setTimeout(r, 5));
    await tn.api('GET', '/ea/events/00000000-0000-7000-8000-000000000000');
    const all = await logOf(tn.api);
    expect(all.map((e) => e.status)).toEqual([200, 200, 200, 404]);
    expect(all.every((e) => e.route.startsWith('/ea/events'))).toBe(true);
    expect(await logOf(tn.api, '&status=4xx')).toHaveLength(1);
    expect(await logOf(tn.api, '&status=200')).toHaveLength(3);
    expect(await logOf(tn.api, `&since=${encodeURIComponent(all[3]?.at ?? '')}`)).toHaveLength(1);
    const page = await tn.api('GET', '/ea/request-logs?limit=2&sort=at:DESC');
    const body = page.json() as Page;
    expect(body.data.map((e) => e.status)).toEqual([404, 200]);
    const next = await tn.api('GET', `/ea/request-logs?token=${encodeURIComponent(body.paging.nextToken ?? '')}`);
    expect((next.json() as Page).data).toHaveLength(2);
    expect((await tn.api('GET', '/ea/request-logs?status=abc')).statusCode).toBe(400);
    expect((await tn.api('GET', '/ea/request-logs?filter=' + encodeURIComponent("bogus eq 'x'"))).statusCode).toBe(400);
    // Reading the log several times added nothing to it.
    expect(await logOf(tn.api)).toHaveLength(4);
  });

  it('is pruned to the newest entries per application and by age', async () => {
    const tn = await tenant();
    const size = t.services.requestLogs.settings.size;
    const at = new Date(Date.now() - 2000).toISOString();
    const rows = Array.from({ length: size + 5 }, (_, i) => ({
      id: crypto.randomUUID(), account_id: tn.accountId, client_id: tn.clientId, at: new Date(Date.parse(at) + i).toISOString(), method: 'GET',
      route: '/ea/events', status: 200, latency_ms: 1, request_id: `r${i}`, message: null, sandbox: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.services.db.db.insertInto('request_logs').values(rows.slice(i, i + 200)).execute();
    const old = {
      id: crypto.randomUUID(), account_id: tn.accountId, client_id: tn.clientId, at: new Date(Date.now() - 8 * 86_400_000).toISOString(), method: 'GET',
      route: '/ea/events', status: 200, latency_ms: 1, request_id: 'old', message: null, sandbox: null,
    };
    const other = await tenant();
    await t.services.db.db.insertInto('request_logs').values({ ...old, account_id: other.accountId, client_id: other.clientId }).execute();
    const result = await t.services.requestLogs.prune();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const left = await t.services.db.db.selectFrom('request_logs').select(['request_id']).where('client_id', '=', tn.clientId).orderBy('at').execute();
    expect(left).toHaveLength(size);
    expect(left[0]?.request_id).toBe('r5');
    expect(await t.services.db.db.selectFrom('request_logs').select('id').where('client_id', '=', other.clientId).execute()).toHaveLength(0);
  }, 60_000);

  it('writes entries off the request path, in batches, shortly after the request', async () => {
    const tn = await tenant();
    await tn.api('GET', '/ea/events');
    await waitFor(async () => (await t.services.db.db.selectFrom('request_logs').select('id').where('client_id', '=', tn.clientId).execute()).length === 1, 5000, 'the entry');
  });
});

describe('sandbox controls turned off by the deployment', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });
  }, 60_000);
  afterAll(async () => off?.close());

  it('refuses the controls with 403 and a clear message, and calls are untouched', async () => {
    const tn = await createTenant(off.services);
    const api = apiClient(off.app, await tokenFor(off.app, tn));
    for (const [method, body] of [['GET', undefined], ['PUT', { latencyMs: 100 }], ['DELETE', undefined]] as const) {
      const res = await api(method, '/ea/sandbox/controls', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: 'Sandbox controls are not enabled on this deployment (the operator sets SANDBOX_CONTROLS=1)' });
    }
    const call = await api('GET', '/ea/events');
    expect(call.statusCode).toBe(200);
    expect(call.headers['eventline-sandbox']).toBeUndefined();
    // The request log works without the controls.
    await off.services.requestLogs.flush();
    const log = await api('GET', '/ea/request-logs');
    expect((log.json() as Page).data.map((e) => [e.method, e.route, e.status])).toContainEqual(['GET', '/ea/events', 200]);
  });
});
