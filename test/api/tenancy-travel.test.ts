import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Tenancy of issue 32's travel tags: another account's brands, chains, properties, rooms, travel accounts, supplier
// accounts, events and their travel are 404 to every operation (not 403), its lists never show them, and nothing of
// theirs changes.
describe('tenancy: travel', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let event: string;
  let attendee: string;
  let otherEvent: string;
  let otherAttendee: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const a = await createTenant(t.services);
    const b = await createTenant(t.services);
    owner = apiClient(t.app, await tokenFor(t.app, a));
    other = apiClient(t.app, await tokenFor(t.app, b));
    event = await fixtureEvent(t.services, a.accountId);
    attendee = await fixtureAttendee(t.services.db.db, a.accountId, event);
    otherEvent = await fixtureEvent(t.services, b.accountId);
    otherAttendee = await fixtureAttendee(t.services.db.db, b.accountId, otherEvent);
    ids['brand'] = (await ok<{ id: string }>(owner('POST', '/ea/travel-suppliers/brands', { id: 'OWN', name: 'Owner brand' }), 201)).id;
    ids['chain'] = (await ok<{ id: string }>(owner('POST', '/ea/travel-suppliers/chains', { name: 'Owner chain', code: 'OC', brand: { id: 'OWN' } }), 201)).id;
    ids['property'] = (await ok<{ id: string }>(owner('POST', '/ea/travel-suppliers/properties', { name: 'Owner hotel', code: 'OH', chain: { id: ids['chain'] } }), 201)).id;
    ids['room'] = (await ok<{ id: string }>(owner('POST', '/ea/travel-suppliers/property-rooms', { name: 'Owner room', code: 'OR', property: { id: ids['property'] } }), 201)).id;
    ids['account'] = (await ok<{ id: string }>(owner('POST', '/ea/travel-accounts', { name: 'Owner account', type: 'corporate' }), 201)).id;
    await ok(owner('PUT', `/ea/travel-accounts/${ids['account']}/supplier-accounts`, { name: 'Owner supplier' }));
    ids['air-requests'] = (await ok<{ airRequestId: string }>(owner('POST', `/ea/events/${event}/event-travel/air-requests`, { attendee: { id: attendee } }), 201)).airRequestId;
    ids['air-actuals'] = (await ok<{ airActualId: string }>(owner('POST', `/ea/events/${event}/event-travel/air-actuals`, { attendee: { id: attendee } }), 201)).airActualId;
    ids['hotel-requests'] = (await ok<{ hotelRequestId: string }>(owner('POST', `/ea/events/${event}/event-travel/hotel-requests`, { attendee: { id: attendee } }), 201)).hotelRequestId;
    ids['alternate-answers'] = (await ok<{ id: string }>(owner('POST', `/ea/events/${event}/event-travel/alternate-answers`, {
      attendee: { id: attendee }, travelType: 'AirRequest', question: { id: attendee }, answer: { value: ['yes'] },
    }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const expect404 = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
    const r = await res;
    expect(r.statusCode, `${what}: ${r.body}`).toBe(404);
  };

  it('answers 404 to the supplier catalogue of another account, and shows none of it', async () => {
    await expect404(other('GET', '/ea/travel-suppliers/brands/OWN'), 'get brand');
    await expect404(other('PUT', '/ea/travel-suppliers/brands/OWN', { name: 'Stolen' }), 'put brand');
    await expect404(other('GET', `/ea/travel-suppliers/chains/${ids['chain']}`), 'get chain');
    await expect404(other('PUT', `/ea/travel-suppliers/chains/${ids['chain']}`, { name: 'Stolen', code: 'S' }), 'put chain');
    await expect404(other('GET', `/ea/travel-suppliers/properties/${ids['property']}`), 'get property');
    await expect404(other('PUT', `/ea/travel-suppliers/properties/${ids['property']}`, { name: 'Stolen', code: 'S' }), 'put property');
    await expect404(other('GET', `/ea/travel-suppliers/property-rooms/${ids['room']}`), 'get room');
    await expect404(other('PUT', `/ea/travel-suppliers/property-rooms/${ids['room']}`, { name: 'Stolen', code: 'S', property: { id: ids['property'] } }), 'put room');
    // Another account's ids are unknown as references too (400 naming the field, not a link across accounts).
    expect((await other('POST', '/ea/travel-suppliers/chains', { name: 'x', code: 'x', brand: { id: 'OWN' } })).statusCode).toBe(400);
    expect((await other('POST', '/ea/travel-suppliers/properties', { name: 'x', code: 'x', chain: { id: ids['chain'] } })).statusCode).toBe(400);
    expect((await other('POST', '/ea/travel-suppliers/property-rooms', { name: 'x', code: 'x', property: { id: ids['property'] } })).statusCode).toBe(400);
    // The other account may use the same brand code for a brand of its own.
    await ok(other('POST', '/ea/travel-suppliers/brands', { id: 'OWN', name: 'Their own' }), 201);
    for (const list of ['brands', 'chains', 'properties', 'property-rooms']) {
      const page = await ok<{ data: Array<{ name: string }> }>(other('GET', `/ea/travel-suppliers/${list}`));
      expect(page.data.filter((d) => d.name.startsWith('Owner')), list).toEqual([]);
    }
    expect((await ok<{ name: string }>(owner('GET', '/ea/travel-suppliers/brands/OWN'))).name).toBe('Owner brand');
    expect((await ok<{ name: string }>(owner('GET', `/ea/travel-suppliers/property-rooms/${ids['room']}`))).name).toBe('Owner room');
  });

  it('answers 404 to another account\'s travel accounts and supplier accounts', async () => {
    await expect404(other('GET', `/ea/travel-accounts/${ids['account']}`), 'get account');
    await expect404(other('PUT', `/ea/travel-accounts/${ids['account']}`, { name: 'Stolen', type: 'leisure' }), 'put account');
    await expect404(other('GET', `/ea/travel-accounts/${ids['account']}/supplier-accounts`), 'get supplier');
    await expect404(other('PUT', `/ea/travel-accounts/${ids['account']}/supplier-accounts`, { name: 'Stolen' }), 'put supplier');
    expect((await ok<{ data: unknown[] }>(other('GET', '/ea/travel-accounts'))).data).toEqual([]);
    expect((await ok<{ data: unknown[] }>(other('GET', '/ea/travel-accounts/supplier-accounts'))).data).toEqual([]);
    expect((await ok<{ name: string }>(owner('GET', `/ea/travel-accounts/${ids['account']}/supplier-accounts`))).name).toBe('Owner supplier');
  });

  it('answers 404 to another account\'s event travel, and takes no attendee of another account', async () => {
    const bodies: Record<string, object> = {
      'air-requests': { attendee: { id: attendee } }, 'air-actuals': { attendee: { id: attendee } }, 'hotel-requests': { attendee: { id: attendee } },
      'alternate-answers': { attendee: { id: attendee }, travelType: 'AirRequest', question: { id: attendee }, answer: { value: ['x'] } },
    };
    for (const [rest, body] of Object.entries(bodies)) {
      await expect404(other('GET', `/ea/events/${event}/event-travel/${rest}`), `list ${rest}`);
      await expect404(other('POST', `/ea/events/${event}/event-travel/${rest}`, body), `post ${rest}`);
      await expect404(other('PUT', `/ea/events/${event}/event-travel/${rest}/${ids[rest]}`, body), `put ${rest}`);
      await expect404(other('DELETE', `/ea/events/${event}/event-travel/${rest}/${ids[rest]}`), `delete ${rest}`);
      // Its own event, naming the owner's row or the owner's attendee.
      await expect404(other('DELETE', `/ea/events/${otherEvent}/event-travel/${rest}/${ids[rest]}`), `delete ${rest} under its event`);
      const steal = await other('POST', `/ea/events/${otherEvent}/event-travel/${rest}`, body);
      expect(steal.statusCode, rest).toBe(400);
      const page = await ok<{ data: unknown[] }>(owner('GET', `/ea/events/${event}/event-travel/${rest}`));
      expect(page.data, rest).toHaveLength(1);
    }
    await ok(other('POST', `/ea/events/${otherEvent}/event-travel/air-requests`, { attendee: { id: otherAttendee } }), 201);
    const mine = await ok<{ data: Array<{ attendee: { id: string } }> }>(owner('GET', `/ea/events/${event}/event-travel/air-requests`));
    expect(mine.data.map((d) => d.attendee.id)).toEqual([attendee]);
  });
});
