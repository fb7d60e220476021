import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { sampleEvent } from '../helpers/app.js';
import { fakeApi, fakeTime, tooMany, type Answer, type FakeApi } from './fake-api.js';

// The SDK sends an Idempotency-Key on every POST and PUT, the same on each retry of one call (docs/idempotency.md),
// so the server runs a retried call once.
let server: FakeApi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ok: Answer = { status: 202, body: { id: 'c1', status: 'Processing' } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function clientFailing(failures: readonly Answer[], extra: { idempotencyKeys?: boolean } = {}) {
  server = await fakeApi({ api: (_req, i) => failures[i] ?? ok });
  const time = fakeTime('2027-03-01T12:00:00Z', [0]);
  return { api: server, client: createClient({ baseUrl: server.url, clientId: 'c', clientSecret: 's', now: time.now, sleep: time.sleep, random: time.random, ...extra }) };
}

describe('SDK idempotency keys', () => {
  it('sends one key on a POST and the same key on each of its retries after 429s', async () => {
    const { api, client } = await clientFailing([tooMany, tooMany]);
    await client.request('post', '/ea/events/async', { body: sampleEvent({ title: 'Summit' }) });
    const sent = api.apiRequests().map((r) => r.headers['idempotency-key']);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(UUID);
    expect(new Set(sent).size).toBe(1);
  });

  it('sends a new key for each call, on PUT too, and none on GET or on the token request', async () => {
    const { api, client } = await clientFailing([]);
    await client.request('post', '/ea/events/async', { body: sampleEvent({ title: 'A' }) });
    await client.request('post', '/ea/events/async', { body: sampleEvent({ title: 'A' }) });
    await client.request('put', '/ea/events/{id}', { params: { id: 'e1' }, body: sampleEvent({ title: 'B' }) });
    await client.request('get', '/ea/events');
    const [a, b, put, get] = api.apiRequests().map((r) => r.headers['idempotency-key']);
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(b).not.toBe(a);
    expect(put).toMatch(UUID);
    expect(get).toBeUndefined();
    expect(api.tokenRequests().every((r) => r.headers['idempotency-key'] === undefined)).toBe(true);
  });

  it('uses the caller\'s own key, and sends none with idempotencyKeys: false', async () => {
    const mine = await clientFailing([tooMany]);
    await mine.client.request('post', '/ea/events/async', { body: sampleEvent({ title: 'A' }), headers: { 'Idempotency-Key': 'order-42' } });
    expect(mine.api.apiRequests().map((r) => r.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
    await server?.close();
    const off = await clientFailing([], { idempotencyKeys: false });
    await off.client.request('post', '/ea/events/async', { body: sampleEvent({ title: 'A' }) });
    expect(off.api.apiRequests()[0]?.headers['idempotency-key']).toBeUndefined();
  });
});
