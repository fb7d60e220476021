import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, createClient, QuotaExceededError, TooManyRequestsError, type Logger } from '../../src/client/index.js';
import { fakeApi, fakeTime, limitExceeded, limitExceededRetryAfter, tooMany, tooManyRetryAfter, type Answer, type FakeApi } from './fake-api.js';

let server: FakeApi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ok: Answer = { status: 200, body: { id: 'e1', title: 'Done' } };

/** Answers `failures` (in order) and then 200. */
async function serverFailing(failures: readonly Answer[]): Promise<FakeApi> {
  server = await fakeApi({ api: (_req, i) => failures[i] ?? ok });
  return server;
}

function recordingLogger() {
  const errors: Array<{ message: string; context: Record<string, unknown> }> = [];
  const warnings: string[] = [];
  const logger: Logger = {
    error: (message, context) => void errors.push({ message, context }),
    warn: (message) => void warnings.push(message),
  };
  return { logger, errors, warnings };
}

function clientFor(api: FakeApi, time: ReturnType<typeof fakeTime>, extra: { logger?: Logger; waitForQuota?: boolean } = {}) {
  return createClient({
    baseUrl: api.url, clientId: 'client-1', clientSecret: 'secret-1',
    now: time.now, sleep: time.sleep, random: time.random, logger: extra.logger ?? recordingLogger().logger,
    ...(extra.waitForQuota !== undefined ? { waitForQuota: extra.waitForQuota } : {}),
  });
}

describe('429 Too Many Requests without Retry-After: the seed back-off', () => {
  it('waits 2 s+j, 4 s+j, 8 s+j and throws TooManyRequestsError on the fourth 429, logging once (j = 1 when random() is 0)', async () => {
    const api = await serverFailing([tooMany, tooMany, tooMany, tooMany]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0]);
    const log = recordingLogger();
    const err = await clientFor(api, time, { logger: log.logger }).get('/ea/events').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 429, code: 429, message: 'Too Many Requests', attempts: 4, waits: [2001, 4001, 8001], requestId: expect.any(String) });
    expect(time.sleeps).toEqual([2001, 4001, 8001]);
    expect(api.apiRequests()).toHaveLength(4);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]?.context).toMatchObject({ method: 'GET', path: '/ea/events', attempts: 4 });
  });

  it('adds j = 1000 when random() is 0.999999', async () => {
    const api = await serverFailing([tooMany, tooMany, tooMany, tooMany]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0.999999]);
    await expect(clientFor(api, time).get('/ea/events')).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(time.sleeps).toEqual([3000, 5000, 9000]);
  });

  it('draws a fresh jitter for every wait', async () => {
    const api = await serverFailing([tooMany, tooMany, tooMany, tooMany]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0.1, 0.5, 0.9]);
    await expect(clientFor(api, time).get('/ea/events')).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(time.sleeps).toEqual([2101, 4501, 8901]);
  });

  it('returns the body of a call that succeeds after two 429s, without logging an error', async () => {
    const api = await serverFailing([tooMany, tooMany]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0.25]);
    const log = recordingLogger();
    const body = await clientFor(api, time, { logger: log.logger }).get('/ea/events/{id}', { params: { id: 'e1' } });
    expect(body).toEqual({ id: 'e1', title: 'Done' });
    expect(time.sleeps).toEqual([2251, 4251]);
    expect(api.apiRequests().map((r) => r.path)).toEqual(['/ea/events/e1', '/ea/events/e1', '/ea/events/e1']);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toHaveLength(2);
  });

  it('sends the same method, body and fresh token on every retry', async () => {
    const api = await serverFailing([tooMany]);
    const time = fakeTime('2027-03-01T12:00:00Z');
    await clientFor(api, time).post('/ea/events/filter', { body: { filter: "format eq 'Virtual'" } });
    const [first, second] = api.apiRequests();
    expect(second?.method).toBe('POST');
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(second?.body ?? '')).toEqual({ filter: "format eq 'Virtual'" });
    expect(second?.bearer).toBe('tok-1');
  });

  it('applies the same rule to the token request', async () => {
    let refused = 0;
    server = await fakeApi({ api: () => ok, token: () => (refused++ < 2 ? tooMany : undefined) });
    const time = fakeTime('2027-03-01T12:00:00Z', [0]);
    expect(await clientFor(server, time).get('/ea/events')).toEqual(ok.body);
    expect(time.sleeps).toEqual([2001, 4001]);
    expect(server.tokenRequests()).toHaveLength(3);
  });
});

describe('Retry-After on 429 Too Many Requests and 503', () => {
  it('waits Retry-After plus the 1-1000 ms jitter instead of the seed\'s 2 s, and succeeds', async () => {
    const api = await serverFailing([tooManyRetryAfter(1), tooManyRetryAfter(3)]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0.25]);
    const log = recordingLogger();
    expect(await clientFor(api, time, { logger: log.logger }).get('/ea/events')).toEqual(ok.body);
    expect(time.sleeps).toEqual([1251, 3251]);
    expect(api.apiRequests()).toHaveLength(3);
    expect(log.errors).toEqual([]);
  });

  it('reads an HTTP-date Retry-After against the injected clock', async () => {
    const api = await serverFailing([tooManyRetryAfter('Mon, 01 Mar 2027 12:00:05 GMT')]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0]);
    expect(await clientFor(api, time).get('/ea/events')).toEqual(ok.body);
    expect(time.sleeps).toEqual([5001]);
  });

  it('keeps the seed\'s limits: four attempts at most, and a Retry-After of 16 s or more is not waited for', async () => {
    const api = await serverFailing([tooManyRetryAfter(1), tooManyRetryAfter(1), tooManyRetryAfter(1), tooManyRetryAfter(1)]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0]);
    const log = recordingLogger();
    const err = await clientFor(api, time, { logger: log.logger }).get('/ea/events').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(err).toMatchObject({ attempts: 4, waits: [1001, 1001, 1001] });
    expect(log.errors).toHaveLength(1);

    const far = await fakeApi({ api: () => tooManyRetryAfter(16) });
    try {
      const farTime = fakeTime('2027-03-01T12:00:00Z', [0]);
      await expect(clientFor(far, farTime).get('/ea/events')).rejects.toMatchObject({ status: 429, attempts: 1, waits: [] });
      expect(farTime.sleeps).toEqual([]);
    } finally {
      await far.close();
    }
  });

  it('retries a 503 that carries Retry-After (the rate limiter\'s store is down), and only such a 503', async () => {
    const unavailable = (headers?: Record<string, string>): Answer => ({ status: 503, body: { code: 503, message: 'Rate limiting is unavailable' }, ...(headers ? { headers } : {}) });
    const api = await serverFailing([unavailable({ 'retry-after': '1' }), unavailable({ 'retry-after': '2' })]);
    const time = fakeTime('2027-03-01T12:00:00Z', [0]);
    expect(await clientFor(api, time).post('/ea/events/filter', { body: { filter: "format eq 'Virtual'" } })).toEqual(ok.body);
    expect(time.sleeps).toEqual([1001, 2001]);
    expect(api.apiRequests().map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);

    // A write that met an unreachable database may have committed: its 503 is the caller's, not retried.
    const database = await fakeApi({ api: (_req, i) => (i === 0 ? { status: 503, body: { code: 503, message: 'The database is not reachable' }, headers: { 'retry-after': '1' } } : ok) });
    try {
      const t1 = fakeTime('2027-03-01T12:00:00Z', [0]);
      await expect(clientFor(database, t1).post('/ea/events/filter', { body: { filter: "format eq 'Virtual'" } })).rejects.toMatchObject({ status: 503, message: 'The database is not reachable' });
      expect(database.apiRequests()).toHaveLength(1);
    } finally {
      await database.close();
    }

    const always = await fakeApi({ api: () => unavailable({ 'retry-after': '1' }) });
    try {
      const t2 = fakeTime('2027-03-01T12:00:00Z', [0]);
      const err = await clientFor(always, t2).get('/ea/events').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiRequestError);
      expect(err).not.toBeInstanceOf(TooManyRequestsError);
      expect(err).toMatchObject({ status: 503 });
      expect(always.apiRequests()).toHaveLength(4);
    } finally {
      await always.close();
    }
  });

  it('applies Retry-After to the token request too', async () => {
    let refused = 0;
    server = await fakeApi({ api: () => ok, token: () => (refused++ < 1 ? tooManyRetryAfter(2) : undefined) });
    const time = fakeTime('2027-03-01T12:00:00Z', [0]);
    expect(await clientFor(server, time).get('/ea/events')).toEqual(ok.body);
    expect(time.sleeps).toEqual([2001]);
  });
});

describe('429 Limit Exceeded: the daily quota', () => {
  it('takes retryAt from Retry-After when the server sends it (its clock decides when its day ends)', async () => {
    const api = await serverFailing([limitExceededRetryAfter(3600)]);
    const time = fakeTime('2027-03-01T23:00:05Z');
    const err = (await clientFor(api, time).get('/ea/events').catch((e: unknown) => e)) as QuotaExceededError;
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(err.retryAt.toISOString()).toBe('2027-03-02T00:00:05.000Z');
    expect(api.apiRequests()).toHaveLength(1);
  });

  it('is never retried and carries retryAt, the next 00:00 UTC by the injected clock', async () => {
    const api = await serverFailing([limitExceeded]);
    const time = fakeTime('2027-03-01T17:45:12.345Z');
    const err = await clientFor(api, time).get('/ea/events').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(err).toMatchObject({ status: 429, code: 429, message: 'Limit Exceeded' });
    expect((err as QuotaExceededError).retryAt.toISOString()).toBe('2027-03-02T00:00:00.000Z');
    expect(api.apiRequests()).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('rolls over month and year ends', async () => {
    const api = await serverFailing([limitExceeded]);
    const time = fakeTime('2027-12-31T23:59:59.999Z');
    const err = (await clientFor(api, time).get('/ea/events').catch((e: unknown) => e)) as QuotaExceededError;
    expect(err.retryAt.toISOString()).toBe('2028-01-01T00:00:00.000Z');
  });

  it('with waitForQuota sleeps exactly until 00:00 UTC and retries', async () => {
    const api = await serverFailing([limitExceeded]);
    const time = fakeTime('2027-03-01T17:45:12.345Z');
    const body = await clientFor(api, time, { waitForQuota: true }).get('/ea/events');
    expect(body).toEqual(ok.body);
    expect(time.sleeps).toEqual([Date.parse('2027-03-02T00:00:00.000Z') - Date.parse('2027-03-01T17:45:12.345Z')]);
    expect(api.apiRequests()).toHaveLength(2);
  });

  it('with waitForQuota waits once: a quota still used up after midnight is thrown', async () => {
    const api = await serverFailing([limitExceeded, limitExceeded]);
    const time = fakeTime('2027-03-01T23:00:00Z');
    const err = (await clientFor(api, time, { waitForQuota: true }).get('/ea/events').catch((e: unknown) => e)) as QuotaExceededError;
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(time.sleeps).toEqual([3_600_000]);
    expect(err.retryAt.toISOString()).toBe('2027-03-03T00:00:00.000Z');
    expect(api.apiRequests()).toHaveLength(2);
  });

  it('can be asked for per call', async () => {
    const api = await serverFailing([limitExceeded]);
    const time = fakeTime('2027-03-01T23:30:00Z');
    expect(await clientFor(api, time).get('/ea/events', { waitForQuota: true })).toEqual(ok.body);
    expect(time.sleeps).toEqual([1_800_000]);
  });
});

describe('other answers', () => {
  it('throws ApiRequestError with the contract fields for a 4xx, without retrying', async () => {
    const api = await serverFailing([{ status: 400, body: { code: 400, message: "Unknown field 'nope'", target: 'filter', details: [{ code: 400, message: "Unknown field 'nope'", target: 'filter' }] } }]);
    const time = fakeTime('2027-03-01T12:00:00Z');
    const err = (await clientFor(api, time).get('/ea/events', { query: { filter: "nope eq 'x'" } }).catch((e: unknown) => e)) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 400, code: 400, message: "Unknown field 'nope'", target: 'filter', method: 'GET', path: '/ea/events', requestId: 'req-2' });
    expect(err.details).toEqual([{ code: 400, message: "Unknown field 'nope'", target: 'filter' }]);
    expect(err.toJSON()).toEqual({ code: 400, message: "Unknown field 'nope'", target: 'filter', details: err.details });
    expect(api.apiRequests()).toHaveLength(1);
    expect(api.apiRequests()[0]?.url.searchParams.get('filter')).toBe("nope eq 'x'");
  });

  it('does not retry a 5xx without Retry-After', async () => {
    const api = await serverFailing([{ status: 503, body: { code: 503, message: 'Service Unavailable' } }]);
    const time = fakeTime('2027-03-01T12:00:00Z');
    await expect(clientFor(api, time).get('/ea/events')).rejects.toMatchObject({ status: 503, message: 'Service Unavailable' });
    expect(api.apiRequests()).toHaveLength(1);
  });
});
