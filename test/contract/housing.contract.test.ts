import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { createBlock, reservationBody, type Block } from '../helpers/housing.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// The Housing and Housing Hotels tags and Event Travel's housing requests (issue 31) as eventline really answers them:
// every served operation's success and error statuses validated against the reference's response schemas (DESIGN
// rule 2), on whichever database the suite runs. The write extensions (POST housing events, hotels, room types, PUT
// inventory) have no reference schema: the API test covers them.
describeContract('contract: the Housing tags match the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let event: string;
  let attendee: string;
  let b: Block;
  const check = expectReferenceAnswer;
  const f = (filter: string) => `filter=${encodeURIComponent(filter)}`;
  const NIGHTS = ['2027-02-28', '2027-03-01', '2027-03-02'];

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    event = await fixtureEvent(t.services, tenant.accountId);
    attendee = await fixtureAttendee(t.db.handle.db, tenant.accountId, event);
    b = await createBlock(api, event, { rooms: 5, days: NIGHTS, rate: 210.5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scopes', () => {
    expect(referenceOperation('POST', '/reservations')).toEqual({ operationId: 'createReservation', scopes: ['housing/reservations:write'] });
    expect(referenceOperation('PUT', '/housing-hotels/{hotelCode}/rooms/{roomCode}/rates')).toEqual({ operationId: 'updateHotelRoomRates', scopes: ['housing/hotel-room-rates:write'] });
    expect(referenceOperation('GET', '/events/{id}/event-travel/housing-reservation-requests')).toEqual({ operationId: 'getHousingReservationRequests', scopes: ['event/hotel-request:read'] });
  });

  it('housing events and connections: summaries 200, 400; info 200, 404; POST /connections 200, 400, 401, 403', async () => {
    check('GET', '/housing-events/summaries', 200, await api('GET', '/ea/housing-events/summaries'));
    check('GET', '/housing-events/summaries', 200, await api('GET', `/ea/housing-events/summaries?${f("start ge '2027-01-01' and end le '2028-01-01'")}`));
    check('GET', '/housing-events/summaries', 400, await api('GET', `/ea/housing-events/summaries?${f("name eq 'x'")}`));
    check('GET', '/housing-events/summaries', 401, await anonymous('GET', '/ea/housing-events/summaries'));
    check('GET', '/housing-events/summaries', 403, await narrow('GET', '/ea/housing-events/summaries'));
    check('GET', '/housing-events/{housingEventId}', 200, await api('GET', `/ea/housing-events/${b.housingEventId}`));
    check('GET', '/housing-events/{housingEventId}', 404, await otherApi('GET', `/ea/housing-events/${b.housingEventId}`));
    check('POST', '/connections', 200, await api('POST', '/ea/connections', undefined, { 'cvent-access-code': b.accessCode }));
    check('POST', '/connections', 400, await api('POST', '/ea/connections', undefined, { 'cvent-access-code': 'unknown' }));
    check('POST', '/connections', 400, await api('POST', '/ea/connections'));
    check('POST', '/connections', 401, await anonymous('POST', '/ea/connections', undefined, { 'cvent-access-code': b.accessCode }));
    check('POST', '/connections', 403, await narrow('POST', '/ea/connections', undefined, { 'cvent-access-code': b.accessCode }));
  });

  it('hotels and room types: lists 200, 400, 404; one 200, 404; available nights 200, 400, 404', async () => {
    const he = b.housingEventId;
    check('GET', '/housing-events/{housingEventId}/hotels', 200, await api('GET', `/ea/housing-events/${he}/hotels?locale=en-US`));
    check('GET', '/housing-events/{housingEventId}/hotels', 400, await api('GET', `/ea/housing-events/${he}/hotels?limit=0`));
    check('GET', '/housing-events/{housingEventId}/hotels', 404, await otherApi('GET', `/ea/housing-events/${he}/hotels`));
    check('GET', '/housing-events/{housingEventId}/hotels/{hotelId}', 200, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}`));
    check('GET', '/housing-events/{housingEventId}/hotels/{hotelId}', 400, await api('GET', `/ea/housing-events/${he}/hotels/abc`));
    check('GET', '/housing-events/{housingEventId}/hotels/{hotelId}', 404, await api('GET', `/ea/housing-events/${he}/hotels/999999`));
    const types = '/housing-events/{housingEventId}/hotels/{hotelId}/room-types';
    check('GET', types, 200, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types?${f(`attendeeTypes.id eq '${b.attendeeTypeId}' or attendeeTypes.codes eq 'SPK'`)}`));
    check('GET', types, 400, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types?${f("name eq 'x'")}`));
    check('GET', types, 404, await otherApi('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types`));
    const one = `${types}/{roomTypeId}`;
    check('GET', one, 200, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types/${b.roomTypeId}`));
    check('GET', one, 400, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types/x`));
    check('GET', one, 404, await otherApi('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types/${b.roomTypeId}`));
    const nights = '/housing-events/{housingEventId}/hotels/{hotelId}/available-nights';
    const page = check('GET', nights, 200, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/available-nights?${f("attendeeType.codes eq 'ATT' and date ge '2027-03-01'")}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(2);
    check('GET', nights, 400, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/available-nights?limit=51`));
    check('GET', nights, 404, await otherApi('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/available-nights`));
  });

  it('inventory: room type and housing event lists 200, 400, 404; room rates PUT 200, 400, 404', async () => {
    const he = b.housingEventId;
    const rt = '/housing-events/{housingEventId}/hotels/{hotelId}/room-types/{roomTypeId}/inventory';
    check('GET', rt, 200, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types/${b.roomTypeId}/inventory?${f("date eq '2027-03-01'")}`));
    check('GET', rt, 400, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types/${b.roomTypeId}/inventory?${f("date eq 'tomorrow'")}`));
    check('GET', rt, 404, await api('GET', `/ea/housing-events/${he}/hotels/${b.hotelId}/room-types/999999/inventory`));
    const all = '/housing-events/{housingEventId}/inventory';
    const page = check('GET', all, 200, await api('GET', `/ea/housing-events/${he}/inventory?limit=2`)) as { paging: { nextToken?: string } };
    check('GET', all, 200, await api('GET', `/ea/housing-events/${he}/inventory?token=${encodeURIComponent(page.paging.nextToken ?? '')}`));
    check('GET', all, 400, await api('GET', `/ea/housing-events/${he}/inventory?${f("pickup gt '1'")}`));
    check('GET', all, 404, await otherApi('GET', `/ea/housing-events/${he}/inventory`));
    const rates = '/housing-hotels/{hotelCode}/rooms/{roomCode}/rates';
    check('PUT', rates, 200, await api('PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { rateCode: 'GRP', startDate: '2027-02-28', endDate: '2027-03-02', roomRate: 199, currencyCode: 'USD' }));
    check('PUT', rates, 400, await api('PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { startDate: '2027-03-02', endDate: '2027-02-28', roomRate: 199 }));
    check('PUT', rates, 404, await otherApi('PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { startDate: '2027-02-28', endDate: '2027-03-02', roomRate: 199 }));
    check('PUT', rates, 403, await narrow('PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { startDate: '2027-02-28', endDate: '2027-03-02', roomRate: 199 }));
  });

  it('reservations: POST 200, 400; GET 200, 404; PUT 200, 400, 404; DELETE 204, 404; the housing event\'s list 200, 400, 404', async () => {
    const body = reservationBody(b, { email: 'contract@example.test', arrival: '2027-02-28', departure: '2027-03-02' }, {
      numberOfChildren: 1, specialRequest: 'Crib', customFields: { customField1: 'A' }, travelDetails: { arrival: { carrier: 'BA', carrierNumber: '213' } },
    });
    const r = check('POST', '/reservations', 200, await api('POST', '/ea/reservations', body)) as { id: string };
    check('POST', '/reservations', 400, await api('POST', '/ea/reservations', { ...body, guests: [{ ...body.guests[0], departure: '2027-02-27' }] }));
    check('POST', '/reservations', 400, await api('POST', '/ea/reservations', { ...body, numberOfAdults: 0 }));
    check('POST', '/reservations', 401, await anonymous('POST', '/ea/reservations', body));
    check('GET', '/reservations/{reservationId}', 200, await api('GET', `/ea/reservations/${r.id}`));
    check('GET', '/reservations/{reservationId}', 404, await otherApi('GET', `/ea/reservations/${r.id}`));
    check('PUT', '/reservations/{reservationId}', 200, await api('PUT', `/ea/reservations/${r.id}`, { ...body, numberOfChildren: 0 }));
    check('PUT', '/reservations/{reservationId}', 400, await api('PUT', `/ea/reservations/${r.id}`, { ...body, roomType: { id: 999999 } }));
    check('PUT', '/reservations/{reservationId}', 404, await otherApi('PUT', `/ea/reservations/${r.id}`, body));
    const list = '/housing-events/{housingEventId}/reservations';
    check('GET', list, 200, await api('GET', `/ea/housing-events/${b.housingEventId}/reservations?${f(`attendeeType.id eq '${b.attendeeTypeId}' and hotel.id eq '${b.hotelId}'`)}`));
    check('GET', list, 400, await api('GET', `/ea/housing-events/${b.housingEventId}/reservations?${f("noShow eq 'true'")}`));
    check('GET', list, 404, await otherApi('GET', `/ea/housing-events/${b.housingEventId}/reservations`));
    check('DELETE', '/reservations/{reservationId}', 204, await api('DELETE', `/ea/reservations/${r.id}`));
    check('DELETE', '/reservations/{reservationId}', 404, await otherApi('DELETE', `/ea/reservations/${r.id}`));
    check('GET', '/reservations/{reservationId}', 200, await api('GET', `/ea/reservations/${r.id}`));
  });

  it('reservation requests: POST 200, 400; GET 200, 404; PUT 200, 400, 404; DELETE 204, 400, 404; link 204, 400, 404; unlink 204, 400, 404; the event\'s list 200, 400, 404', async () => {
    const body = {
      housingEvent: { id: b.housingEventId }, attendeeTypeCode: 'ATT', sourceId: 'REG-1', hotel: { id: b.hotelId }, roomType: { id: b.roomTypeId },
      guests: [{ firstName: 'Rae', lastName: 'Quester', email: 'rae@example.test', arrival: '2027-03-01', departure: '2027-03-02' }],
      redirectURL: 'https://register.example.test/done', attendee: { id: attendee }, rewardProgram: { id: 7, name: 'Points' },
    };
    const req = check('POST', '/reservation-requests', 200, await api('POST', '/ea/reservation-requests', body)) as { id: string };
    check('POST', '/reservation-requests', 400, await api('POST', '/ea/reservation-requests', { ...body, guests: [] }));
    check('POST', '/reservation-requests', 400, await api('POST', '/ea/reservation-requests', { ...body, housingEvent: { id: 999999 } }));
    const one = '/reservation-requests/{reservationRequestsId}';
    check('GET', one, 200, await api('GET', `/ea/reservation-requests/${req.id}`));
    check('GET', one, 404, await otherApi('GET', `/ea/reservation-requests/${req.id}`));
    check('PUT', one, 200, await api('PUT', `/ea/reservation-requests/${req.id}`, { ...body, specialRequest: 'Near the lift' }));
    check('PUT', one, 400, await api('PUT', `/ea/reservation-requests/${req.id}`, { ...body, roomType: { id: 999999 } }));
    check('PUT', one, 404, await otherApi('PUT', `/ea/reservation-requests/${req.id}`, body));
    const r = (await api('POST', '/ea/reservations', reservationBody(b, { email: 'rae@example.test', arrival: '2027-03-01', departure: '2027-03-02' }))).json() as { id: string };
    const link = '/reservation-requests/{reservationRequestsId}/reservations/{reservationId}';
    check('POST', link, 204, await api('POST', `/ea/reservation-requests/${req.id}/reservations/${r.id}`));
    check('POST', link, 404, await api('POST', `/ea/reservation-requests/${req.id}/reservations/999`));
    check('POST', link, 404, await otherApi('POST', `/ea/reservation-requests/${req.id}/reservations/${r.id}`));
    check('DELETE', one, 400, await api('DELETE', `/ea/reservation-requests/${req.id}`));
    const other = (await api('POST', '/ea/reservations', reservationBody(b, { email: 'rae2@example.test', arrival: '2027-03-01', departure: '2027-03-02' }))).json() as { id: string };
    check('POST', link, 400, await api('POST', `/ea/reservation-requests/${req.id}/reservations/${other.id}`));
    check('DELETE', link, 400, await api('DELETE', `/ea/reservation-requests/${req.id}/reservations/${other.id}`));
    check('DELETE', link, 404, await otherApi('DELETE', `/ea/reservation-requests/${req.id}/reservations/${r.id}`));
    check('DELETE', link, 204, await api('DELETE', `/ea/reservation-requests/${req.id}/reservations/${r.id}`));
    check('DELETE', one, 204, await api('DELETE', `/ea/reservation-requests/${req.id}`));
    check('DELETE', one, 404, await otherApi('DELETE', `/ea/reservation-requests/${req.id}`));
    check('PUT', one, 400, await api('PUT', `/ea/reservation-requests/${req.id}`, body));
    const travel = '/events/{id}/event-travel/housing-reservation-requests';
    const page = check('GET', travel, 200, await api('GET', `/ea/events/${event}/event-travel/housing-reservation-requests?${f(`attendee.id eq '${attendee}'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    check('GET', travel, 400, await api('GET', `/ea/events/${event}/event-travel/housing-reservation-requests?${f("status eq 'Active'")}`));
    check('GET', travel, 404, await otherApi('GET', `/ea/events/${event}/event-travel/housing-reservation-requests`));
    check('GET', travel, 403, await narrow('GET', `/ea/events/${event}/event-travel/housing-reservation-requests`));
  });
});
