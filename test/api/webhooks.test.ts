import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { sampleSession, workflowEvent } from '../helpers/workflow.js';

// Issue 35 part 1: event notifications, verified as a receiver would, with the official `standardwebhooks` package.

interface Endpoint { id: string; url: string; status: string; enabledEvents: string[]; secret?: string; pausedReason?: string; previousSecretExpires?: string }
interface Delivery { id: string; event: { id: string; type: string }; status: string; attempts: number; lastStatusCode?: number; lastError?: string; durationMs?: number }
interface Body { id: string; type: string; timestamp: string; data: { object: Record<string, unknown> } }

let t: TestApp;
let api: Api;
let accountId: string;
let eventId: string;
let receiver: Receiver;
let seq = 0;

const headersOf = (r: Received): Record<string, string> => ({
  'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
});

async function endpoint(a: Api, path: string, enabledEvents: string[]): Promise<Endpoint> {
  const res = await a('POST', '/ea/webhook-endpoints', { url: `${receiver.url.replace('/identify', '')}${path}`, enabledEvents, description: 'test receiver' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Endpoint;
}

async function register(a: Api, event = eventId): Promise<string> {
  seq += 1;
  const res = await a('POST', '/ea/attendees', [{ event: { id: event }, contact: { firstName: 'Ada', lastName: `Lovelace${seq}`, email: `ada${seq}@hooks.test` } }]);
  expect(res.statusCode, res.body).toBe(207);
  const [item] = res.json() as Array<{ status: number; data: { id: string } }>;
  expect(item?.status, res.body).toBe(201);
  return item?.data.id ?? '';
}

async function deliveries(a: Api, endpointId: string): Promise<Delivery[]> {
  const res = await a('GET', `/ea/webhook-endpoints/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Delivery[] }).data;
}


beforeAll(async () => {
  receiver = await startReceiver('/identify');
  t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_PAUSE_AFTER: '3', WEBHOOKS_MAX_ATTEMPTS: '3' } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await workflowEvent(t.services, accountId);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('webhook endpoints', () => {
  it('delivers an attendee registration signed per Standard Webhooks; a tampered body or a stale timestamp fails verification', async () => {
    receiver.answer(() => ({ status: 200, body: {} }));
    const ep = await endpoint(api, '/identify', ['attendee.registered']);
    expect(ep.secret).toMatch(/^whsec_/);
    expect(ep).toMatchObject({ status: 'enabled', enabledEvents: ['attendee.registered'] });
    // The secret is shown once: not in the list, not in a GET.
    expect((await api('GET', `/ea/webhook-endpoints/${ep.id}`)).body).not.toContain(ep.secret);
    expect((await api('GET', '/ea/webhook-endpoints')).body).not.toContain(ep.secret);

    const before = receiver.received.length;
    const attendeeId = await register(api);
    const got = await waitFor(async () => receiver.received.slice(before).find((r) => (r.json as Body | undefined)?.data?.object?.['id'] === attendeeId), 30_000, 'the webhook');
    const body = got.json as Body;
    expect(body).toMatchObject({ type: 'attendee.registered', data: { object: { id: attendeeId, event: { id: eventId } } } });
    expect(JSON.stringify(body.data.object)).toContain('@hooks.test');
    expect(got.headers['webhook-id']).toBe(body.id);

    const wh = new Webhook(ep.secret ?? '');
    expect(wh.verify(got.body, headersOf(got))).toMatchObject({ id: body.id, type: 'attendee.registered' });
    expect(() => wh.verify(got.body.replace('attendee.registered', 'attendee.cancelled'), headersOf(got))).toThrow();
    // A stale message: the same genuine delivery, verified ten minutes later.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect(() => wh.verify(got.body, headersOf(got))).toThrow(/timestamp/i);
    } finally {
      vi.useRealTimers();
    }
    const [d] = await waitFor(async () => {
      const list = await deliveries(api, ep.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 30_000, 'the delivery log');
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, event: { id: body.id, type: 'attendee.registered' } });
    expect(typeof d?.durationMs).toBe('number');
    await api('DELETE', `/ea/webhook-endpoints/${ep.id}`);
  }, 120_000);

  it('sends only ids to an application that may not read attendees', async () => {
    receiver.answer(() => ({ status: 200, body: {} }));
    const tenant = await createTenant(t.services, { appScopes: ['account/webhooks:read', 'account/webhooks:write', 'event/attendees:write', 'event/events:read'] });
    const limited = apiClient(t.app, await tokenFor(t.app, tenant));
    const ev = await workflowEvent(t.services, tenant.accountId);
    const ep = await endpoint(limited, '/identify', ['attendee.registered']);
    const first = await register(limited, ev);
    const got = await waitFor(async () => receiver.received.find((r) => (r.json as Body | undefined)?.data?.object?.['id'] === first), 30_000, 'the webhook');
    expect((got.json as Body).data.object).toEqual({ id: first });
    const list = await waitFor(async () => {
      const l = await deliveries(limited, ep.id);
      return l.every((x) => x.status === 'succeeded') ? l : undefined;
    }, 30_000, 'deliveries to end');
    expect(list).toHaveLength(1);
  }, 120_000);

  it('sends nothing when the transaction that notified rolls back', async () => {
    receiver.answer(() => ({ status: 200, body: {} }));
    const ep = await endpoint(api, '/identify', ['session.deleted']);
    const rolledBack = '00000000-0000-4000-8000-00000000dead';
    const committed = '00000000-0000-4000-8000-00000000beef';
    await expect(t.services.db.db.transaction().execute(async (trx) => {
      await t.services.notifier.notify(trx, accountId, 'session.deleted', { id: rolledBack });
      throw new Error('the change fails after notifying');
    })).rejects.toThrow('the change fails');
    await t.services.db.db.transaction().execute(async (trx) => t.services.notifier.notify(trx, accountId, 'session.deleted', { id: committed }));
    await waitFor(async () => receiver.received.some((r) => (r.json as Body | undefined)?.data?.object?.['id'] === committed), 30_000, 'the committed one');
    expect(receiver.received.some((r) => (r.json as Body | undefined)?.data?.object?.['id'] === rolledBack)).toBe(false);
    const list = await deliveries(api, ep.id);
    expect(list).toHaveLength(1);
    await api('DELETE', `/ea/webhook-endpoints/${ep.id}`);
  }, 60_000);

  it('sends contact.updated with the contact when a contact is updated through the API', async () => {
    receiver.answer(() => ({ status: 200, body: {} }));
    const ep = await endpoint(api, '/identify', ['contact.updated']);
    const created = await api('POST', '/ea/contacts', [{ firstName: 'Grace', lastName: 'Hopper', email: 'grace.webhooks@hooks.test' }]);
    const [item] = created.json() as Array<{ status: number; data: { id: string } }>;
    expect(item?.status, created.body).toBe(201);
    const id = item?.data.id ?? '';
    const put = await api('PUT', `/ea/contacts/${id}`, { firstName: 'Grace', lastName: 'Brewster Hopper', email: 'grace.webhooks@hooks.test' });
    expect(put.statusCode, put.body).toBe(200);
    const got = await waitFor(async () => receiver.received.find((r) => (r.json as Body | undefined)?.type === 'contact.updated' && (r.json as Body).data.object['id'] === id), 30_000, 'contact.updated');
    expect((got.json as Body).data.object).toMatchObject({ id, lastName: 'Brewster Hopper' });
    // Only updates: the creation sent nothing to this endpoint.
    expect(await deliveries(api, ep.id)).toHaveLength(1);
    await api('DELETE', `/ea/webhook-endpoints/${ep.id}`);
  }, 60_000);

  it('refuses a stream of unknown event types (400) and a stream without account/webhooks:read (403)', async () => {
    const bad = await api('GET', '/ea/webhook-events/stream?events=attendee.registered,attendee.teleported', undefined, { accept: 'text/event-stream' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, target: 'events' });
    const tenant = await createTenant(t.services, { appScopes: ['event/events:read'] });
    const noScope = apiClient(t.app, await tokenFor(t.app, tenant));
    expect((await noScope('GET', '/ea/webhook-events/stream', undefined, { accept: 'text/event-stream' })).statusCode).toBe(403);
  }, 60_000);

  it('checks input and the URL with a clear 400, and needs its scopes', async () => {
    const bad = await api('POST', '/ea/webhook-endpoints', { url: receiver.url, enabledEvents: ['attendee.teleported'] });
    expect(bad.statusCode).toBe(400);
    const meta = await api('POST', '/ea/webhook-endpoints', { url: 'https://169.254.169.254/latest', enabledEvents: ['session.created'] });
    expect(meta.statusCode).toBe(400);
    expect(meta.json()).toMatchObject({ code: 400, target: 'url' });
    const tenant = await createTenant(t.services, { appScopes: ['event/events:read'] });
    const noScope = apiClient(t.app, await tokenFor(t.app, tenant));
    expect((await noScope('GET', '/ea/webhook-endpoints')).statusCode).toBe(403);
    expect((await noScope('POST', '/ea/webhook-endpoints', { url: receiver.url, enabledEvents: ['session.created'] })).statusCode).toBe(403);
    const readOnly = createTenant(t.services, { appScopes: ['account/webhooks:read'] });
    const ro = apiClient(t.app, await tokenFor(t.app, await readOnly));
    expect((await ro('GET', '/ea/webhook-endpoints')).statusCode).toBe(200);
    expect((await ro('POST', '/ea/webhook-endpoints', { url: receiver.url, enabledEvents: ['session.created'] })).statusCode).toBe(403);
  }, 60_000);

  it('replays a failed delivery once', async () => {
    let n = 0;
    receiver.answer(() => {
      n += 1;
      return { status: 400, body: { error: 'not yet' } };
    });
    const ep = await endpoint(api, '/identify', ['session.created']);
    const created = await api('POST', '/ea/sessions', sampleSession(eventId, { title: `Replay ${Date.now()}` }));
    expect(created.statusCode, created.body).toBe(201);
    const sessionId = (created.json() as { id: string }).id;
    const [failed] = await waitFor(async () => {
      const l = await deliveries(api, ep.id);
      return l[0]?.status === 'failed' ? l : undefined;
    }, 30_000, 'the delivery to fail');
    expect(failed).toMatchObject({ status: 'failed', lastStatusCode: 400, attempts: 1 });
    const countFor = () => receiver.received.filter((r) => (r.json as Body | undefined)?.data?.object?.['id'] === sessionId).length;
    expect(countFor()).toBe(1);

    receiver.answer(() => ({ status: 204 }));
    const [a, b] = await Promise.all([
      api('POST', `/ea/webhook-endpoints/${ep.id}/deliveries/${failed?.id}/replay`),
      api('POST', `/ea/webhook-endpoints/${ep.id}/deliveries/${failed?.id}/replay`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    await waitFor(async () => (await deliveries(api, ep.id))[0]?.status === 'succeeded', 30_000, 'the replay');
    await new Promise((r) => setTimeout(r, 1500));
    expect(countFor()).toBe(2);
    const again = receiver.received.filter((r) => (r.json as Body | undefined)?.data?.object?.['id'] === sessionId);
    expect(again[1]?.headers['webhook-id']).toBe(again[0]?.headers['webhook-id']);
    // A finished one again is fine; one in progress is 409; replay-failed finds none now.
    expect((await api('POST', `/ea/webhook-endpoints/${ep.id}/replay-failed`)).json()).toEqual({ replayed: 0 });
    expect(n).toBe(1);
    await api('DELETE', `/ea/webhook-endpoints/${ep.id}`);
  }, 120_000);

  it('signs with the old and the new secret during a rotation\'s overlap, and with the new one only after it', async () => {
    receiver.answer(() => ({ status: 200, body: {} }));
    const ep = await endpoint(api, '/identify', ['session.updated']);
    const rotated = await api('POST', `/ea/webhook-endpoints/${ep.id}/rotate-secret`, { overlapSeconds: 4 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).not.toBe(ep.secret);
    expect((await api('GET', `/ea/webhook-endpoints/${ep.id}`)).json()).toHaveProperty('previousSecretExpires');

    const s = await api('POST', '/ea/sessions', sampleSession(eventId, { title: 'Rotation' }));
    const sessionId = (s.json() as { id: string }).id;
    const update = async (title: string) => {
      const res = await api('PUT', `/ea/sessions/${sessionId}`, sampleSession(eventId, { title }));
      expect(res.statusCode, res.body).toBe(200);
      return waitFor(async () => receiver.received.find((r) => (r.json as Body | undefined)?.data?.object?.['title'] === title), 30_000, title);
    };
    const during = await update('During the overlap');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(during.body, headersOf(during))).not.toThrow();
    expect(() => new Webhook(ep.secret ?? '').verify(during.body, headersOf(during))).not.toThrow();

    await new Promise((r) => setTimeout(r, 4500));
    const after = await update('After the overlap');
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(secret).verify(after.body, headersOf(after))).not.toThrow();
    expect(() => new Webhook(ep.secret ?? '').verify(after.body, headersOf(after))).toThrow();
    await api('DELETE', `/ea/webhook-endpoints/${ep.id}`);
  }, 120_000);

  it('honours Retry-After, then pauses the endpoint after repeated failure until it is enabled again', async () => {
    const times: number[] = [];
    receiver.answer(() => {
      times.push(Date.now());
      return times.length === 1 ? { status: 503, headers: { 'retry-after': '3' } } : { status: 200, body: {} };
    });
    const ep = await endpoint(api, '/identify', ['event.updated']);
    const put = () => api('PUT', `/ea/events/${eventId}`, {
      title: `Renamed ${Date.now()}`, format: 'Hybrid', type: 'Conference', timezone: 'Europe/Berlin', languages: ['en-US'],
      planners: [{ firstName: 'Pat', lastName: 'Planner', email: 'pat.planner@example.test' }], start: '2027-03-01T09:00:00.000Z', end: '2027-03-02T17:00:00.000Z',
    });
    expect((await put()).statusCode).toBe(200);
    await waitFor(async () => (await deliveries(api, ep.id))[0]?.status === 'succeeded', 30_000, 'the retried delivery');
    expect(times).toHaveLength(2);
    // The queue's own back-off would retry after about a second: the receiver asked for three.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(2900);

    // WEBHOOKS_PAUSE_AFTER=3 and WEBHOOKS_MAX_ATTEMPTS=3 here: three 500s in a row pause the endpoint.
    receiver.answer(() => ({ status: 500 }));
    expect((await put()).statusCode).toBe(200);
    const paused = await waitFor(async () => {
      const e = (await api('GET', `/ea/webhook-endpoints/${ep.id}`)).json() as Endpoint;
      return e.status === 'paused' ? e : undefined;
    }, 60_000, 'the pause');
    expect(paused.pausedReason).toMatch(/3 failed attempts/);
    // While paused, events are recorded as failed, not sent.
    const sent = receiver.received.length;
    expect((await put()).statusCode).toBe(200);
    await waitFor(async () => (await deliveries(api, ep.id)).filter((d) => d.status === 'failed').length === 2, 30_000, 'the paused delivery');
    expect(receiver.received.length).toBe(sent);

    receiver.answer(() => ({ status: 200, body: {} }));
    const enabled = await api('PATCH', `/ea/webhook-endpoints/${ep.id}`, { status: 'enabled' });
    expect(enabled.json()).toMatchObject({ status: 'enabled' });
    expect((await api('POST', `/ea/webhook-endpoints/${ep.id}/replay-failed`)).json()).toEqual({ replayed: 2 });
    await waitFor(async () => (await deliveries(api, ep.id)).every((d) => d.status === 'succeeded'), 30_000, 'the replays');
    await api('DELETE', `/ea/webhook-endpoints/${ep.id}`);
  }, 180_000);
});
