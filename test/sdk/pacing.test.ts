import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type EventlineClient, type Logger } from '../../src/client/index.js';
import { parsePolicyList, ratePolicy, retryAfterMs } from '../../src/client/pacing.js';
import { createTenant, startTestApp, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/process.js';
import { fakeApi, fakeTime, type Answer, type FakeApi } from './fake-api.js';

const FREE_POLICY = '"day";q=1000;w=86400, "second";q=2;w=1';

describe('reading the RateLimit fields', () => {
  it('takes the shortest window as the rate, and reads r per policy', () => {
    expect(ratePolicy(FREE_POLICY)).toEqual({ name: 'second', intervalMs: 500, quota: 2 });
    expect(ratePolicy('"day";q=500000;w=86400, "second";q=25;w=1')).toEqual({ name: 'second', intervalMs: 40, quota: 25 });
    expect(ratePolicy('"ip";q=10;w=1')).toEqual({ name: 'ip', intervalMs: 100, quota: 10 });
    expect(parsePolicyList('"day";r=998;t=41000, "second";r=0;t=1')).toEqual([
      { name: 'day', params: { r: 998, t: 41000 } }, { name: 'second', params: { r: 0, t: 1 } },
    ]);
    for (const bad of [null, '', 'nonsense', '"second";q=0;w=1', '"second";w=1']) expect(ratePolicy(bad)).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP-date', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs('Mon, 01 Mar 2027 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 01 Mar 2027 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('pacing against a server that announces its rate', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  /** Every answer announces Free's limits; r says no call could go at once (a burst of 1). */
  const paced = (r: number): Answer => ({
    status: 200, body: { ok: true }, headers: { 'ratelimit-policy': FREE_POLICY, ratelimit: `"day";r=900;t=1000, "second";r=${r};t=1` },
  });

  it('spaces sequential calls by the announced interval plus 10 %, from the first answer on', async () => {
    api = await fakeApi({ api: () => paced(0) });
    const time = fakeTime('2027-03-01T12:00:00Z');
    const client = createClient({ baseUrl: api.url, clientId: 'c', clientSecret: 's', now: time.now, sleep: time.sleep, random: time.random });
    for (let i = 0; i < 5; i++) await client.get('/ea/events');
    // The first call goes at once; each later one waits for its turn (no time passes between calls here).
    expect(time.sleeps).toEqual([550, 550, 550, 550]);
    expect(api.apiRequests()).toHaveLength(5);
  });

  it('lets a learned burst go at once, then paces', async () => {
    let left = 3;
    // Professional's rate (10/s): one call per 110 ms with the margin.
    api = await fakeApi({ api: () => ({ status: 200, body: {}, headers: { 'ratelimit-policy': '"day";q=15000;w=86400, "second";q=10;w=1', ratelimit: `"second";r=${Math.max(0, left--)};t=1` } }) });
    const time = fakeTime('2027-03-01T12:00:00Z');
    const client = createClient({ baseUrl: api.url, clientId: 'c', clientSecret: 's', now: time.now, sleep: time.sleep, random: time.random });
    for (let i = 0; i < 6; i++) await client.get('/ea/events');
    // r=3 after the first call: a burst of 4, so four calls go at once; then one per interval.
    expect(time.sleeps).toEqual([110, 110]);
  });

  it('with pacing: false sends every call at once', async () => {
    api = await fakeApi({ api: () => paced(0) });
    const time = fakeTime('2027-03-01T12:00:00Z');
    const client = createClient({ baseUrl: api.url, clientId: 'c', clientSecret: 's', now: time.now, sleep: time.sleep, random: time.random, pacing: false });
    for (let i = 0; i < 5; i++) await client.get('/ea/events');
    expect(time.sleeps).toEqual([]);
  });

  it('holds at most maxConcurrency calls in flight, and one until the first answer is in', async () => {
    let inFlight = 0;
    let most = 0;
    const seenBeforeFirstAnswer: number[] = [];
    let answered = 0;
    api = await fakeApi({ api: () => ({ status: 200, body: { ok: true } }) });
    const base = api.url;
    const countingFetch: typeof fetch = async (input, init) => {
      inFlight++;
      most = Math.max(most, inFlight);
      if (answered === 0 && String(input).includes('/ea/events')) seenBeforeFirstAnswer.push(inFlight);
      try {
        await new Promise((r) => setTimeout(r, 20));
        return await fetch(input, init);
      } finally {
        inFlight--;
        if (String(input).includes('/ea/events')) answered++;
      }
    };
    const client = createClient({ baseUrl: base, clientId: 'c', clientSecret: 's', fetch: countingFetch, pacing: { maxConcurrency: 3 } });
    await Promise.all(Array.from({ length: 12 }, () => client.get('/ea/events')));
    expect(most).toBe(3);
    expect(seenBeforeFirstAnswer).toEqual([1]);
    expect(api.apiRequests()).toHaveLength(12);
  });
});

describe('pacing against the real app on the Free tier (rate limiter on)', () => {
  let t: TestApp;
  let url: string;
  let tenant: Tenant;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'true' }, config: { publicUrl: url, port } });
    await t.app.listen({ port, host: '127.0.0.1' });
    tenant = await createTenant(t.services, { tier: 'Free' });
  }, 60_000);
  afterAll(async () => t?.close());

  /** A fetch that counts the statuses the server answered with. */
  function countingFetch(statuses: number[]): typeof fetch {
    return async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).includes('/ea/events')) statuses.push(res.status);
      return res;
    };
  }

  function clientWith(statuses: number[], extra: { pacing?: boolean; logger?: Logger } = {}): EventlineClient {
    return createClient({ baseUrl: url, clientId: tenant.clientId, clientSecret: tenant.clientSecret, fetch: countingFetch(statuses), logger: extra.logger ?? { error: () => undefined }, ...(extra.pacing !== undefined ? { pacing: extra.pacing } : {}) });
  }

  it('answers a burst with 429s when the client does not pace (the limiter really is on)', async () => {
    const statuses: number[] = [];
    const client = clientWith(statuses, { pacing: false });
    // Four at once on a burst of 1: the server refuses some at once. The retries are not waited for here.
    await Promise.allSettled(Array.from({ length: 4 }, () => client.get('/ea/events')));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  }, 60_000);

  it('completes 30 concurrent calls, every one of them, with pacing on (the default)', async () => {
    // Let the previous test's retries and the rate window pass first.
    await new Promise((r) => setTimeout(r, 3_000));
    const statuses: number[] = [];
    const errors: string[] = [];
    const client = clientWith(statuses, { logger: { error: (message) => void errors.push(message) } });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => client.get('/ea/events', { query: { limit: 1 } })));
    const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    expect(results).toHaveLength(30);
    expect(errors).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
  }, 120_000);
});
