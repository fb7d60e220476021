import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { availability, createBlock, reservationBody, type Block } from '../helpers/housing.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Tenancy of Housing (issue 31): another account's housing events, hotels, room types, inventory, reservation requests
// and reservations are 404 to every operation that names them in its path (not 403), its lists never show them, a
// body naming them is a 400 naming the field, and nothing of theirs changes.
describe('tenancy: housing', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let event: string;
  let attendee: string;
  let b: Block;
  let reservation: { id: string; confirmationNumber: string };
  let request: string;
  let otherAccountId: string;

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const a = await createTenant(t.services);
    const o = await createTenant(t.services);
    otherAccountId = o.accountId;
    owner = apiClient(t.app, await tokenFor(t.app, a));
    other = apiClient(t.app, await tokenFor(t.app, o));
    event = await fixtureEvent(t.services, a.accountId);
    attendee = await fixtureAttendee(t.db.handle.db, a.accountId, event);
    b = await createBlock(owner, event, { rooms: 2, days: ['2027-03-01', '2027-03-02'] });
    reservation = await ok(owner('POST', '/ea/reservations', reservationBody(b, { email: 'own@example.test', arrival: '2027-03-01', departure: '2027-03-03' })));
    request = (await ok<{ id: string }>(owner('POST', '/ea/reservation-requests', {
      housingEvent: { id: b.housingEventId }, guests: [{ lastName: 'Own' }], attendee: { id: attendee },
    }))).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 to another account for every housing resource and changes nothing', async () => {
    const he = `/ea/housing-events/${b.housingEventId}`;
    const rt = `${he}/hotels/${b.hotelId}/room-types/${b.roomTypeId}`;
    const resBody = reservationBody(b, { email: 'own@example.test', arrival: '2027-03-01', departure: '2027-03-02' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', he],
      ['GET', `${he}/hotels`],
      ['POST', `${he}/hotels`, { code: 'X1', name: 'X' }],
      ['GET', `${he}/hotels/${b.hotelId}`],
      ['GET', `${he}/hotels/${b.hotelId}/available-nights`],
      ['GET', `${he}/hotels/${b.hotelId}/room-types`],
      ['POST', `${he}/hotels/${b.hotelId}/room-types`, { code: 'X1', name: 'X' }],
      ['GET', rt],
      ['GET', `${rt}/inventory`],
      ['PUT', `${rt}/inventory`, { nights: [{ date: '2027-03-01', rooms: 99, rate: 1 }] }],
      ['GET', `${he}/inventory`],
      ['GET', `${he}/reservations`],
      ['PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { startDate: '2027-03-01', endDate: '2027-03-02', roomRate: 1 }],
      ['GET', `/ea/reservations/${reservation.id}`],
      ['GET', `/ea/reservations/${reservation.confirmationNumber}`],
      ['PUT', `/ea/reservations/${reservation.id}`, resBody],
      ['DELETE', `/ea/reservations/${reservation.id}`],
      ['GET', `/ea/reservation-requests/${request}`],
      ['PUT', `/ea/reservation-requests/${request}`, { housingEvent: { id: b.housingEventId }, guests: [{ lastName: 'X' }] }],
      ['DELETE', `/ea/reservation-requests/${request}`],
      ['POST', `/ea/reservation-requests/${request}/reservations/${reservation.id}`],
      ['DELETE', `/ea/reservation-requests/${request}/reservations/${reservation.id}`],
      ['GET', `/ea/events/${event}/event-travel/housing-reservation-requests`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(await availability(owner, b)).toEqual({ '2027-03-01': 1, '2027-03-02': 1 });
    expect(await ok(owner('GET', `/ea/reservations/${reservation.id}`))).toMatchObject({ isCanceled: false });
    expect(await ok(owner('GET', `/ea/reservation-requests/${request}`))).toMatchObject({ status: 'Active', guests: [{ lastName: 'Own' }] });
    expect((await ok<{ data: unknown[] }>(owner('GET', `/ea/housing-events/${b.housingEventId}/hotels`))).data).toHaveLength(1);
  });

  it('refuses another account\'s housing event, event or attendee named in a body (400 naming the field), and lists none of them', async () => {
    const res = await other('POST', '/ea/reservations', reservationBody(b, { email: 'intruder@example.test', arrival: '2027-03-01', departure: '2027-03-02' }));
    expect(res.json()).toMatchObject({ code: 400, target: 'housingEvent.id' });
    expect((await other('POST', '/ea/reservation-requests', { housingEvent: { id: b.housingEventId }, guests: [{ lastName: 'X' }] })).json()).toMatchObject({ target: 'housingEvent.id' });
    expect((await other('POST', '/ea/housing-events', { event: { id: event } })).json()).toMatchObject({ code: 400, target: 'event.id' });
    expect((await other('POST', '/ea/connections', undefined, { 'cvent-access-code': b.accessCode })).json()).toMatchObject({ code: 400, target: 'Cvent-Access-Code' });
    const mine = await createBlock(other, await fixtureEvent(t.services, otherAccountId), { rooms: 1, days: ['2027-03-01'] });
    const stranger = await other('POST', '/ea/reservation-requests', { housingEvent: { id: mine.housingEventId }, guests: [{ lastName: 'X' }], attendee: { id: attendee } });
    expect(stranger.json()).toMatchObject({ code: 400, target: 'attendee.id' });
    const foreignRoom = await other('POST', '/ea/reservations', { ...reservationBody(mine, { email: 'x@example.test', arrival: '2027-03-01', departure: '2027-03-02' }), hotel: { id: b.hotelId } });
    expect(foreignRoom.json()).toMatchObject({ code: 400, target: 'hotel.id' });
    const listed = await ok<{ data: Array<{ id: number }> }>(other('GET', '/ea/housing-events/summaries'));
    expect(listed.data.map((e) => e.id)).toEqual([mine.housingEventId]);
    expect(await availability(owner, b)).toEqual({ '2027-03-01': 1, '2027-03-02': 1 });
  });
});
