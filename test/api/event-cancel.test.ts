// Issue 34: POST /events/{id}/cancel (an eventline extension): the event's eventStatus becomes Cancelled and stays so;
// another account's event is 404 and unchanged; a token without event/events:write is 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, sampleEvent, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';

let t: TestApp;
let api: Api;
let other: Api;
let readOnly: Api;
let eventId: string;

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  const stranger = await createTenant(t.services);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  other = apiClient(t.app, await tokenFor(t.app, stranger));
  readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
  eventId = (await t.services.events.createNow(tenant.accountId, 'test', sampleEvent({ start: '2031-03-01T09:00:00.000Z', end: '2031-03-02T17:00:00.000Z' }))).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('cancelling an event', () => {
  it('refuses another account (404), a token without events:write (403) and an unknown id (404), changing nothing', async () => {
    const foreign = await other('POST', `/ea/events/${eventId}/cancel`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 404 });
    const forbidden = await readOnly('POST', `/ea/events/${eventId}/cancel`);
    expect(forbidden.statusCode).toBe(403);
    // An id that names no event is a 404 in the error shape, as GET /events/{id} answers it.
    const bad = await api('POST', '/ea/events/not-an-id/cancel');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 404 });
    expect((await ok<{ eventStatus: string }>(api('GET', `/ea/events/${eventId}`))).eventStatus).toBe('Upcoming');
  });

  it('marks the event Cancelled, again changes nothing, and an update keeps it cancelled', async () => {
    const cancelled = await ok<{ id: string; eventStatus: string; title: string }>(api('POST', `/ea/events/${eventId}/cancel`));
    expect(cancelled).toMatchObject({ id: eventId, eventStatus: 'Cancelled' });
    expect((await ok<{ eventStatus: string }>(api('POST', `/ea/events/${eventId}/cancel`))).eventStatus).toBe('Cancelled');
    const read = await ok<Record<string, unknown>>(api('GET', `/ea/events/${eventId}`));
    expect(read['eventStatus']).toBe('Cancelled');
    const updated = await ok<{ eventStatus: string; title: string }>(api('PUT', `/ea/events/${eventId}`, { ...read, title: 'Renamed after cancelling' }));
    expect(updated).toMatchObject({ eventStatus: 'Cancelled', title: 'Renamed after cancelling' });
  });
});
