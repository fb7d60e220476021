import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// Issue 32's Travel Suppliers, Travel Accounts and Event Travel operations as eventline really answers them: every
// served status validated against the reference's response schemas (DESIGN rule 2), on whichever database the suite
// runs. The write extensions have no reference schema: test/api/travel.test.ts covers them.
describeContract('contract: Travel Suppliers, Travel Accounts and Event Travel match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let attendee: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';
  const check = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;
  const address = { address1: '1 Harbour St', city: 'Lisbon', countryCode: 'PT', postalCode: '1100-001' };

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    attendee = await fixtureAttendee(t.services.db.db, tenant.accountId, event);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/travel-suppliers/brands')).toEqual({ operationId: 'PropertyApiListBrands', scopes: ['business-transient/supplier-brands:read'] });
    expect(referenceOperation('GET', '/travel-accounts/supplier-accounts')).toEqual({ operationId: 'ListSupplierAccounts', scopes: ['business-transient/travel-supplier-accounts:read'] });
    expect(referenceOperation('GET', '/events/{id}/event-travel/air-actuals')).toEqual({ operationId: 'getAirActualDetail', scopes: ['event/air-request:read'] });
  });

  it('the supplier catalogue: lists 200, 400, 401, 403; gets 200, 404', async () => {
    const brand = await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/brands', { id: 'HX', name: 'Harbour Hotels', address }), 201);
    const chain = await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/chains', { name: 'Harbour Collection', code: 'HC', brand: { id: brand.id }, address }), 201);
    const property = await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/properties', {
      name: 'Harbour Lisbon', code: 'LIS01', chain: { id: chain.id }, brand: { id: brand.id }, currencyCode: 'EUR', address,
      externalCodes: [{ type: 'sabre_gds', chainCode: 'HC', propertyCode: '12345' }],
    }), 201);
    const room = await ok<{ id: string }>(api('POST', '/ea/travel-suppliers/property-rooms', {
      name: 'Deluxe King', code: 'DLXK', property: { id: property.id }, bedTypeCode: 'king', numberOfBeds: 1, capacity: 2, externalCodes: [{ type: 'crs', roomCode: 'DK1' }],
    }), 201);

    const lists = [
      ['/travel-suppliers/brands', "name sw 'Harb'", "code eq 'x'"],
      ['/travel-suppliers/chains', `brand.id eq '${brand.id}' and code eq 'HC'`, "created gt '2020-01-01T00:00:00Z'"],
      ['/travel-suppliers/properties', `chain.id eq '${chain.id}' and lastModified ge '2020-01-01T00:00:00Z'`, "currencyCode eq 'EUR'"],
      ['/travel-suppliers/property-rooms', `property.id eq '${property.id}' and name contains 'King'`, "capacity eq '2'"],
    ] as const;
    for (const [path, good, bad] of lists) {
      const page = check('GET', path, 200, await api('GET', `/ea${path}?${f(good)}`)) as { data: unknown[] };
      expect(page.data, path).toHaveLength(1);
      check('GET', path, 400, await api('GET', `/ea${path}?${f(bad)}`));
      check('GET', path, 401, await anonymous('GET', `/ea${path}`));
      check('GET', path, 403, await narrow('GET', `/ea${path}`));
    }
    const gets = [
      ['/travel-suppliers/brands/{brandId}', `/ea/travel-suppliers/brands/${brand.id}`, '/ea/travel-suppliers/brands/NOPE'],
      ['/travel-suppliers/chains/{chainId}', `/ea/travel-suppliers/chains/${chain.id}`, `/ea/travel-suppliers/chains/${MISSING}`],
      ['/travel-suppliers/properties/{propertyId}', `/ea/travel-suppliers/properties/${property.id}`, `/ea/travel-suppliers/properties/${MISSING}`],
      ['/travel-suppliers/property-rooms/{roomId}', `/ea/travel-suppliers/property-rooms/${room.id}`, `/ea/travel-suppliers/property-rooms/${MISSING}`],
    ] as const;
    for (const [path, found, missing] of gets) {
      check('GET', path, 200, await api('GET', found));
      check('GET', path, 404, await api('GET', missing));
      check('GET', path, 404, await otherApi('GET', found));
      check('GET', path, 401, await anonymous('GET', found));
    }
    // A path id that is no UUID names no resource: 404, as everywhere in eventline.
    check('GET', '/travel-suppliers/chains/{chainId}', 404, await api('GET', '/ea/travel-suppliers/chains/not-a-uuid'));
  });

  it('travel accounts and supplier accounts: lists 200, 400, 401, 403; gets 200, 404', async () => {
    const account = await ok<{ id: string }>(api('POST', '/ea/travel-accounts', { name: 'Acme Corp', type: 'corporate', certified: true, addresses: [address] }), 201);
    await ok(api('PUT', `/ea/travel-accounts/${account.id}/supplier-accounts`, { name: 'Acme (Harbour)', managementLevel: 'global', active: true, crmId: 'CRM-1' }));
    const page = check('GET', '/travel-accounts', 200, await api('GET', `/ea/travel-accounts?${f("name sw 'Acme'")}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    check('GET', '/travel-accounts', 400, await api('GET', `/ea/travel-accounts?${f("type eq 'corporate'")}`));
    check('GET', '/travel-accounts', 401, await anonymous('GET', '/ea/travel-accounts'));
    check('GET', '/travel-accounts', 403, await narrow('GET', '/ea/travel-accounts'));
    const suppliers = check('GET', '/travel-accounts/supplier-accounts', 200, await api('GET', `/ea/travel-accounts/supplier-accounts?${f("crmId eq 'CRM-1'")}`)) as { data: unknown[] };
    expect(suppliers.data).toHaveLength(1);
    check('GET', '/travel-accounts/supplier-accounts', 400, await api('GET', `/ea/travel-accounts/supplier-accounts?${f("active eq 'true'")}`));
    check('GET', '/travel-accounts/supplier-accounts', 403, await narrow('GET', '/ea/travel-accounts/supplier-accounts'));
    check('GET', '/travel-accounts/{travelAccountId}', 200, await api('GET', `/ea/travel-accounts/${account.id}`));
    check('GET', '/travel-accounts/{travelAccountId}', 404, await otherApi('GET', `/ea/travel-accounts/${account.id}`));
    check('GET', '/travel-accounts/{travelAccountId}', 404, await api('GET', '/ea/travel-accounts/nope'));
    check('GET', '/travel-accounts/{travelAccountId}/supplier-accounts', 200, await api('GET', `/ea/travel-accounts/${account.id}/supplier-accounts`));
    check('GET', '/travel-accounts/{travelAccountId}/supplier-accounts', 404, await otherApi('GET', `/ea/travel-accounts/${account.id}/supplier-accounts`));
    const bare = await ok<{ id: string }>(api('POST', '/ea/travel-accounts', { name: 'Solo Travel', type: 'leisure' }), 201);
    check('GET', '/travel-accounts/{travelAccountId}/supplier-accounts', 404, await api('GET', `/ea/travel-accounts/${bare.id}/supplier-accounts`));
  });

  it('event travel: lists 200, 400, 401, 403, 404', async () => {
    await ok(api('POST', `/ea/events/${event}/event-travel/air-requests`, {
      attendee: { id: attendee }, requesterMiddleName: 'Q', outgoingLeg: { origin: 'Boston', destination: 'Lisbon', date: '2027-03-01T00:00:00Z', time: '09:30' },
      seatType: 'Aisle', ticketType: 'Business', airlinePreference: [{ airlineName: 'TAP', rewardsCode: 'TP123' }], dateOfBirth: '1980-02-03', gender: 'Female',
      airRequestAnswers: [{ question: { id: MISSING }, value: ['Vegetarian'] }],
    }), 201);
    await ok(api('POST', `/ea/events/${event}/event-travel/air-actuals`, {
      attendee: { id: attendee }, confirmationNumber: 'ABC123', totalAmount: 812.4, currencyCode: 'EUR', journeyType: 'RoundTrip',
      flightDetail: [{ airline: 'TAP', flightNumber: 'TP218', originCode: 'BOS', destinationCode: 'LIS', departing: '2027-03-01T21:00:00Z', arriving: '2027-03-02T08:30:00Z', journeySegment: 'GoingToEvent' }],
    }), 201);
    await ok(api('POST', `/ea/events/${event}/event-travel/hotel-requests`, {
      attendee: { id: attendee }, hotelName: 'Harbour Lisbon', hotelCode: 'LIS01', roomName: 'Deluxe King', roomCode: 'DLXK', quantity: 1, checkinDate: '2027-03-01T15:00:00Z',
      checkoutDate: '2027-03-03T11:00:00Z', smoking: false, hotelAddress: { address1: '1 Harbour St', city: 'Lisbon', countryCode: 'PT' },
      hotelRoomRates: [{ roomNight: '2027-03-01T00:00:00Z', roomRate: 180 }, { roomNight: '2027-03-02T00:00:00Z', roomRate: 180 }],
    }), 201);
    await ok(api('POST', `/ea/events/${event}/event-travel/alternate-answers`, {
      attendee: { id: attendee }, travelType: 'AirRequest', question: { id: MISSING, text: 'Preferred airport?' }, answer: { value: ['BOS'] },
    }), 201);
    const lists = [
      ['/events/{id}/event-travel/air-requests', 'air-requests', 'sort=airRequestDetails.requesterLastName:DESC&expand=airRequestDetails.airRequestAnswers.question'],
      ['/events/{id}/event-travel/air-actuals', 'air-actuals', 'sort=airActualDetails.name:ASC'],
      ['/events/{id}/event-travel/hotel-requests', 'hotel-requests', 'sort=hotelRequestDetails.lastModified:DESC'],
      ['/events/{id}/event-travel/alternate-answers', 'alternate-answers', 'limit=10'],
    ] as const;
    for (const [path, rest, extra] of lists) {
      const page = check('GET', path, 200, await api('GET', `/ea/events/${event}/event-travel/${rest}?${extra}&${f(`attendee.id eq '${attendee}' or attendee.id eq '${MISSING}'`)}`)) as { data: unknown[] };
      expect(page.data, path).toHaveLength(1);
      check('GET', path, 400, await api('GET', `/ea/events/${event}/event-travel/${rest}?${f("status eq 'SUBMITTED'")}`));
      check('GET', path, 401, await anonymous('GET', `/ea/events/${event}/event-travel/${rest}`));
      check('GET', path, 403, await narrow('GET', `/ea/events/${event}/event-travel/${rest}`));
      check('GET', path, 404, await otherApi('GET', `/ea/events/${event}/event-travel/${rest}`));
    }
    check('GET', '/events/{id}/event-travel/air-requests', 400, await api('GET', `/ea/events/${event}/event-travel/air-requests?sort=airRequestDetails.status:ASC`));
  });
});
