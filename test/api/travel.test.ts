import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Issue 32: the supplier catalogue, travel accounts and an event's travel, through the API on a real database.

let t: TestApp;
let api: Api;
let accountId: string;
const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;
const MISSING = '0190a1b2-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
});
afterAll(async () => {
  await t?.close();
});

interface Page<T> { paging: { nextToken?: string; totalCount?: number }; data: T[] }

/** Every item of a list, page by page. */
async function all<T>(path: string, limit: number): Promise<T[]> {
  const items: T[] = [];
  let url = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
  for (let i = 0; i < 50; i++) {
    const page = await ok<Page<T>>(api('GET', url));
    expect(page.data.length).toBeLessThanOrEqual(limit);
    items.push(...page.data);
    if (page.paging.nextToken === undefined) return items;
    url = `${path.split('?')[0]}?token=${encodeURIComponent(page.paging.nextToken)}`;
  }
  throw new Error('too many pages');
}

describe('the supplier catalogue', () => {
  it('creates brands by their code, refuses a second brand with the same id (409), and replaces one', async () => {
    const brand = await ok<{ id: string; name: string; deleted: boolean; created: string }>(api('POST', '/ea/travel-suppliers/brands', { id: 'MX', name: 'Meridian' }), 201);
    expect(brand).toMatchObject({ id: 'MX', name: 'Meridian', deleted: false });
    const again = await api('POST', '/ea/travel-suppliers/brands', { id: 'MX', name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, target: 'id' });
    const made = await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/brands', { name: 'No code given' }), 201);
    expect(made.id).toMatch(/^[0-9A-F]{12}$/);
    const updated = await ok<{ name: string; deleted: boolean; created: string }>(api('PUT', '/ea/travel-suppliers/brands/MX', { name: 'Meridian Hotels', deleted: true }));
    expect(updated).toMatchObject({ name: 'Meridian Hotels', deleted: true, created: brand.created });
    expect((await api('PUT', '/ea/travel-suppliers/brands/MX', { id: 'MY', name: 'x' })).statusCode).toBe(400);
    expect((await ok<{ name: string }>(api('GET', '/ea/travel-suppliers/brands/MX'))).name).toBe('Meridian Hotels');
    expect((await api('GET', '/ea/travel-suppliers/brands/NONE')).statusCode).toBe(404);
    expect((await api('POST', '/ea/travel-suppliers/brands', { id: 'bad id!', name: 'x' })).statusCode).toBe(400);
  });

  it('filters brands exactly as the reference lists (id eq|ne|contains, name eq|ne|sw|contains)', async () => {
    await ok(api('POST', '/ea/travel-suppliers/brands', { id: 'SUN1', name: 'Sunrise Inns' }), 201);
    await ok(api('POST', '/ea/travel-suppliers/brands', { id: 'SUN2', name: 'Sunset Suites' }), 201);
    const ids = async (filter: string) => (await ok<Page<{ id: string }>>(api('GET', `/ea/travel-suppliers/brands?${f(filter)}`))).data.map((b) => b.id);
    expect(await ids("id contains 'SUN'")).toEqual(['SUN1', 'SUN2']);
    expect(await ids("name sw 'Sunr'")).toEqual(['SUN1']);
    expect(await ids("name contains 'Suites' or id eq 'SUN1'")).toEqual(['SUN1', 'SUN2']);
    const bad = await api('GET', `/ea/travel-suppliers/brands?${f("name gt 'A'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ target: 'filter' });
  });

  it('links chains, properties and rooms to the account\'s brands, chains and properties (400 naming the field otherwise)', async () => {
    const noBrand = await api('POST', '/ea/travel-suppliers/chains', { name: 'Ghost', code: 'GH', brand: { id: 'NOPE' } });
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json()).toMatchObject({ target: 'brand.id' });
    await ok(api('POST', '/ea/travel-suppliers/brands', { id: 'LK', name: 'Lakeside' }), 201);
    const chain = await ok<{ id: string; brand: { id: string } }>(api('POST', '/ea/travel-suppliers/chains', { name: 'Lakeside Group', code: 'LKG', brand: { id: 'LK' } }), 201);
    expect(chain.brand).toEqual({ id: 'LK' });
    const noChain = await api('POST', '/ea/travel-suppliers/properties', { name: 'Lost', code: 'L1', chain: { id: MISSING } });
    expect(noChain.statusCode).toBe(400);
    expect(noChain.json()).toMatchObject({ target: 'chain.id' });
    const property = await ok<{ id: string; currencyCode: string; chain: { id: string } }>(api('POST', '/ea/travel-suppliers/properties', { name: 'Lakeside Geneva', code: 'GVA1', chain: { id: chain.id }, currencyCode: 'CHF' }), 201);
    expect(property).toMatchObject({ currencyCode: 'CHF', chain: { id: chain.id } });
    const noProperty = await api('POST', '/ea/travel-suppliers/property-rooms', { name: 'Twin', code: 'TW', property: { id: MISSING } });
    expect(noProperty.statusCode).toBe(400);
    expect(noProperty.json()).toMatchObject({ target: 'property.id' });
    const room = await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/property-rooms', { name: 'Twin Lake View', code: 'TWL', property: { id: property.id }, bedTypeCode: 'twin', numberOfBeds: 2, capacity: 2 }), 201);
    const replaced = await ok<{ capacity: number; bedTypeCode?: string }>(api('PUT', `/ea/travel-suppliers/property-rooms/${room.id}`, { name: 'Twin Lake View', code: 'TWL', property: { id: property.id }, capacity: 3 }));
    expect(replaced.capacity).toBe(3);
    expect(replaced.bedTypeCode).toBeUndefined();
    const rooms = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-suppliers/property-rooms?${f(`property.id eq '${property.id}'`)}`));
    expect(rooms.data.map((r) => r.id)).toEqual([room.id]);
    const props = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-suppliers/properties?${f(`chain.id eq '${chain.id}' and code ne 'X'`)}`));
    expect(props.data.map((p) => p.id)).toEqual([property.id]);
  });

  it('pages chains by keyset, each once, stable under inserts between pages', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/chains', { name: `Paging chain ${i}`, code: `PC${i}` }), 201)).id);
    const first = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-suppliers/chains?limit=2&${f("name sw 'Paging chain'")}`));
    expect(first.data.map((c) => c.id)).toEqual(made.slice(0, 2));
    expect(first.paging.totalCount).toBe(5);
    await ok(api('POST', '/ea/travel-suppliers/chains', { name: 'Paging chain late', code: 'PCL' }), 201);
    const second = await ok<Page<{ id: string }>>(api('GET', `/ea/travel-suppliers/chains?token=${encodeURIComponent(first.paging.nextToken ?? '')}`));
    expect(second.data.map((c) => c.id)).toEqual(made.slice(2, 4));
  });
});

describe('travel accounts', () => {
  it('creates and replaces a travel account, and sets its supplier account (one, kept by PUT)', async () => {
    const account = await ok<{ id: string; certified: boolean }>(api('POST', '/ea/travel-accounts', { name: 'Globex', type: 'corporate' }), 201);
    expect(account.certified).toBe(false);
    expect((await api('GET', `/ea/travel-accounts/${account.id}/supplier-accounts`)).statusCode).toBe(404);
    const set = await ok<{ travelAccount: { id: string }; active: boolean }>(api('PUT', `/ea/travel-accounts/${account.id}/supplier-accounts`, { name: 'Globex EMEA', managementLevel: 'regional' }));
    expect(set).toMatchObject({ travelAccount: { id: account.id }, active: true });
    await ok(api('PUT', `/ea/travel-accounts/${account.id}/supplier-accounts`, { name: 'Globex Worldwide', managementLevel: 'global', active: false, chainDefinedId: 'G-1' }));
    const suppliers = await ok<Page<{ name: string; active: boolean }>>(api('GET', `/ea/travel-accounts/supplier-accounts?${f(`id eq '${account.id}'`)}`));
    expect(suppliers.data).toEqual([{ travelAccount: { id: account.id }, name: 'Globex Worldwide', managementLevel: 'global', active: false, chainDefinedId: 'G-1' }]);
    const mismatch = await api('PUT', `/ea/travel-accounts/${account.id}/supplier-accounts`, { name: 'x', travelAccount: { id: MISSING } });
    expect(mismatch.statusCode).toBe(400);
    expect((await api('PUT', `/ea/travel-accounts/${MISSING}/supplier-accounts`, { name: 'x' })).statusCode).toBe(404);
    const replaced = await ok<{ type: string; certified: boolean }>(api('PUT', `/ea/travel-accounts/${account.id}`, { name: 'Globex Inc', type: 'consortia', certified: true }));
    expect(replaced).toMatchObject({ type: 'consortia', certified: true });
    expect((await api('POST', '/ea/travel-accounts', { name: 'x', type: 'business' })).statusCode).toBe(400);
  });

  it('sets one supplier account when two first writes race', async () => {
    const account = await ok<{ id: string }>(api('POST', '/ea/travel-accounts', { name: 'Racer', type: 'leisure' }), 201);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => api('PUT', `/ea/travel-accounts/${account.id}/supplier-accounts`, { name: `Racer ${i}` })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const list = await ok<Page<unknown>>(api('GET', `/ea/travel-accounts/supplier-accounts?${f(`id eq '${account.id}'`)}`));
    expect(list.data).toHaveLength(1);
  });
});

describe('event travel', () => {
  let event: string;
  let ada: string;
  let bob: string;
  const path = (rest: string) => `/ea/events/${event}/event-travel/${rest}`;

  beforeAll(async () => {
    event = await fixtureEvent(t.services, accountId);
    ada = await fixtureAttendee(t.services.db.db, accountId, event);
    bob = await fixtureAttendee(t.services.db.db, accountId, event);
  });

  it('takes an air request\'s requester and names from the attendee\'s contact unless sent', async () => {
    const made = await ok<{ airRequestId: string; requesterFirstName: string; requesterType: string; status: string; attendee: { id: string } }>(
      api('POST', path('air-requests'), { attendee: { id: ada }, seatType: 'Window', specialRequest: 'Wheelchair at the gate' }), 201);
    expect(made).toMatchObject({ attendee: { id: ada }, requesterFirstName: 'Ada', requesterType: 'Contact', status: 'SUBMITTED', seatType: 'Window', specialRequest: 'Wheelchair at the gate' });
    const guest = await ok<{ requesterFirstName?: string; requesterType: string }>(
      api('POST', path('air-requests'), { attendee: { id: ada }, requesterType: 'Guest', requesterId: MISSING, requesterFirstName: 'Grace', requesterLastName: 'Guest' }), 201);
    expect(guest).toMatchObject({ requesterType: 'Guest', requesterFirstName: 'Grace', requesterId: MISSING });
  });

  it('groups an attendee\'s requests, filters by attendee.id, and sorts by the requester\'s names', async () => {
    await ok(api('POST', path('air-requests'), { attendee: { id: bob }, requesterLastName: 'Zed', requesterFirstName: 'Bob' }), 201);
    const page = await ok<Page<{ attendee: { id: string }; airRequestDetails: Array<{ requesterLastName?: string }> }>>(api('GET', path('air-requests')));
    expect(page.data.map((d) => [d.attendee.id, d.airRequestDetails.length])).toEqual([[ada, 2], [bob, 1]]);
    const sorted = await ok<Page<{ attendee: { id: string }; airRequestDetails: Array<{ requesterLastName?: string }> }>>(api('GET', `${path('air-requests')}?sort=airRequestDetails.requesterLastName:DESC`));
    expect(sorted.data.flatMap((d) => d.airRequestDetails.map((r) => r.requesterLastName))[0]).toBe('Zed');
    const onlyBob = await ok<Page<{ attendee: { id: string } }>>(api('GET', `${path('air-requests')}?${f(`attendee.id eq '${bob}'`)}`));
    expect(onlyBob.data.map((d) => d.attendee.id)).toEqual([bob]);
    // The reference's filter joins attendee.id comparisons with `or` only, at most 17 of them.
    const and = await api('GET', `${path('air-requests')}?${f(`attendee.id eq '${bob}' and attendee.id ne '${ada}'`)}`);
    expect(and.statusCode).toBe(400);
    expect(and.json()).toMatchObject({ target: 'filter' });
    const many = (n: number) => Array.from({ length: n }, (_, i) => `attendee.id eq '${i === 0 ? bob : MISSING}'`).join(' or ');
    expect((await ok<Page<unknown>>(api('GET', `${path('hotel-requests')}?${f(many(17))}`))).data).toBeDefined();
    expect((await api('GET', `${path('hotel-requests')}?${f(many(18))}`)).statusCode).toBe(400);
    const paged = await all<{ airRequestDetails: unknown[] }>(path('air-requests'), 1);
    expect(paged.flatMap((d) => d.airRequestDetails)).toHaveLength(3);
    const badSort = await api('GET', `${path('air-requests')}?sort=airRequestDetails.status:ASC`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ target: 'sort' });
  });

  it('refuses an attendee of another event (400 naming attendee.id) and changes nothing', async () => {
    const other = await fixtureEvent(t.services, accountId);
    const stranger = await fixtureAttendee(t.services.db.db, accountId, other);
    for (const rest of ['air-requests', 'air-actuals', 'hotel-requests']) {
      const res = await api('POST', path(rest), { attendee: { id: stranger } });
      expect(res.statusCode, rest).toBe(400);
      expect(res.json()).toMatchObject({ target: 'attendee.id' });
    }
    const page = await ok<Page<{ attendee: { id: string } }>>(api('GET', `${path('air-requests')}?${f(`attendee.id eq '${stranger}'`)}`));
    expect(page.data).toEqual([]);
    expect((await api('POST', `/ea/events/${MISSING}/event-travel/air-requests`, { attendee: { id: ada } })).statusCode).toBe(404);
  });

  it('records, replaces and deletes air actuals, hotel requests and alternate answers', async () => {
    const actual = await ok<{ airActualId: string; name: string; status: string }>(api('POST', path('air-actuals'), {
      attendee: { id: ada }, confirmationNumber: 'QX7P2A', totalAmount: 640.2, currencyCode: 'USD', flightDetail: [{ airline: 'Delta', flightNumber: 'DL100', originCode: 'JFK', destinationCode: 'LHR' }],
    }), 201);
    expect(actual).toMatchObject({ name: expect.stringMatching(/^Ada Attendee\d+$/) as unknown, status: 'RESERVED', totalAmount: 640.2 });
    const replaced = await ok<{ status: string; confirmationNumber?: string }>(api('PUT', path(`air-actuals/${actual.airActualId}`), { attendee: { id: ada }, status: 'TICKETED' }));
    expect(replaced.status).toBe('TICKETED');
    expect(replaced.confirmationNumber).toBeUndefined();

    const badDates = await api('POST', path('hotel-requests'), { attendee: { id: ada }, checkinDate: '2027-03-03T00:00:00Z', checkoutDate: '2027-03-01T00:00:00Z' });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json()).toMatchObject({ target: 'checkoutDate' });
    const hotel = await ok<{ hotelRequestId: string }>(api('POST', path('hotel-requests'), { attendee: { id: bob }, hotelName: 'Lakeside Geneva', roommateRequested: 'Ada', quantity: 1 }), 201);
    const hotels = await ok<Page<{ hotelRequestDetails: Array<{ hotelName: string }> }>>(api('GET', path('hotel-requests')));
    expect(hotels.data.flatMap((d) => d.hotelRequestDetails.map((h) => h.hotelName))).toEqual(['Lakeside Geneva']);
    expect((await api('DELETE', path(`hotel-requests/${hotel.hotelRequestId}`))).statusCode).toBe(204);
    expect((await api('DELETE', path(`hotel-requests/${hotel.hotelRequestId}`))).statusCode).toBe(404);

    const guestWithoutId = await api('POST', path('alternate-answers'), { attendee: { id: ada }, requesterType: 'Guest', travelType: 'HotelRequest', question: { id: MISSING }, answer: { value: ['x'] } });
    expect(guestWithoutId.statusCode).toBe(400);
    const answer = await ok<{ id: string; answer: { value: string[] } }>(api('POST', path('alternate-answers'), {
      attendee: { id: ada }, travelType: 'GroupFlight', question: { id: MISSING, text: 'Which coach?' }, answer: { value: ['Coach A'] },
    }), 201);
    await ok(api('PUT', path(`alternate-answers/${answer.id}`), { attendee: { id: ada }, travelType: 'GroupFlight', question: { id: MISSING }, answer: { value: ['Coach B'] } }));
    const answers = await ok<Page<{ id: string; answer: { value: string[] } }>>(api('GET', path('alternate-answers')));
    expect(answers.data.map((a) => a.answer.value)).toEqual([['Coach B']]);
    expect((await api('DELETE', path(`alternate-answers/${answer.id}`))).statusCode).toBe(204);
    expect((await ok<Page<unknown>>(api('GET', path('alternate-answers')))).data).toEqual([]);
  });

  it('bounds the lists by after / before on lastModified', async () => {
    const future = await ok<Page<unknown>>(api('GET', `${path('air-requests')}?after=2100-01-01T00:00:00Z`));
    expect(future.data).toEqual([]);
    const past = await ok<Page<unknown>>(api('GET', `${path('air-requests')}?before=2100-01-01T00:00:00Z`));
    expect(past.data.length).toBeGreaterThan(0);
  });
});

describe('the demo account', () => {
  it('carries a supplier catalogue (two chains, three properties with rooms), a travel account and the demo event\'s travel', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    expect((await ok<Page<unknown>>(demo('GET', '/ea/travel-suppliers/chains'))).data).toHaveLength(2);
    const properties = (await ok<Page<{ id: string }>>(demo('GET', '/ea/travel-suppliers/properties'))).data;
    expect(properties).toHaveLength(3);
    for (const p of properties) {
      const rooms = await ok<Page<unknown>>(demo('GET', `/ea/travel-suppliers/property-rooms?${f(`property.id eq '${p.id}'`)}`));
      expect(rooms.data.length).toBeGreaterThan(0);
    }
    const accounts = (await ok<Page<{ id: string }>>(demo('GET', '/ea/travel-accounts'))).data;
    expect(accounts).toHaveLength(1);
    await ok(demo('GET', `/ea/travel-accounts/${accounts[0]?.id ?? ''}/supplier-accounts`));
    const demoEvent = (await ok<{ data: Array<{ id: string }> }>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    for (const rest of ['air-requests', 'air-actuals', 'hotel-requests', 'alternate-answers']) {
      expect((await ok<Page<unknown>>(demo('GET', `/ea/events/${demoEvent}/event-travel/${rest}`))).data.length, rest).toBeGreaterThan(0);
    }
  });
});
