import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { availability, createBlock, reservationBody, type Block } from '../helpers/housing.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Housing (issue 31): room blocks, reservation requests and reservations, on the database the suite runs on. No room
// is sold twice: a reservation takes a room of each night of its stay in one transaction; a cancellation gives them back.
const NIGHTS = ['2027-02-28', '2027-03-01', '2027-03-02'];

describe('housing', () => {
  let t: TestApp;
  let api: Api;
  let eventId: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    eventId = await fixtureEvent(t.services, tenant.accountId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a block (housing event, hotel, room type, nights) and reads it back through the reference operations', async () => {
    const b = await createBlock(api, eventId, { rooms: 5, days: NIGHTS, rate: 199.5 });
    const info = await ok<{ id: number; name: string; planners: Array<{ email: string }>; attendeeTypes: Array<{ codes: string[] }>; status: string }>(
      api('GET', `/ea/housing-events/${b.housingEventId}`));
    expect(info).toMatchObject({ id: b.housingEventId, name: 'Event Hybrid', status: 'Open', planners: [{ email: 'pat.planner@example.test' }] });
    expect(info.attendeeTypes.map((a) => a.codes[0])).toEqual(['ATT', 'SPK']);
    const hotels = await ok<{ data: Array<{ id: number; housingEvent: { id: number } }> }>(api('GET', `/ea/housing-events/${b.housingEventId}/hotels`));
    expect(hotels.data).toEqual([expect.objectContaining({ id: b.hotelId, housingEvent: { id: b.housingEventId } })]);
    await ok(api('GET', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}`));
    const types = await ok<{ data: Array<{ id: number }> }>(api('GET', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/room-types?filter=${encodeURIComponent("attendeeTypes.codes eq 'ATT'")}`));
    expect(types.data.map((r) => r.id)).toEqual([b.roomTypeId]);
    const none = await ok<{ data: unknown[] }>(api('GET', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/room-types?filter=${encodeURIComponent("attendeeTypes.codes eq 'SPK'")}`));
    expect(none.data).toEqual([]);
    await ok(api('GET', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/room-types/${b.roomTypeId}`));
    expect(await availability(api, b)).toEqual({ '2027-02-28': 5, '2027-03-01': 5, '2027-03-02': 5 });
    const all = await ok<{ data: Array<{ date: string; rate: { base: number } }> }>(api('GET', `/ea/housing-events/${b.housingEventId}/inventory?filter=${encodeURIComponent("date ge '2027-03-01'")}`));
    expect(all.data.map((n) => n.date)).toEqual(['2027-03-01', '2027-03-02']);
    expect(all.data[0]?.rate.base).toBe(199.5);
    const avail = await ok<{ data: Array<{ date: string; quantity: number }>; paging: { limit: number; nextToken?: string } }>(
      api('GET', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/available-nights?limit=2&filter=${encodeURIComponent(`roomType.id eq '${b.roomTypeId}'`)}`));
    expect(avail.data.map((n) => [n.date, n.quantity])).toEqual([['2027-02-28', 5], ['2027-03-01', 5]]);
    expect(avail.paging.nextToken).toBeDefined();
    const dupHotel = await api('POST', `/ea/housing-events/${b.housingEventId}/hotels`, { code: b.hotelCode, name: 'Again' });
    expect(dupHotel.statusCode).toBe(409);
    expect(dupHotel.json()).toMatchObject({ target: 'code' });
    const dupRoom = await api('POST', `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/room-types`, { code: b.roomCode, name: 'Again' });
    expect(dupRoom.statusCode).toBe(409);
    const bad = await api('GET', `/ea/housing-events/${b.housingEventId}/inventory?filter=${encodeURIComponent("rate eq '1'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ target: 'filter' });
  });

  it('lists housing events that have not ended, and filters them by start', async () => {
    const b = await createBlock(api, eventId, { rooms: 1, days: ['2027-03-01'] });
    const list = await ok<{ data: Array<{ id: number }> }>(api('GET', '/ea/housing-events/summaries'));
    expect(list.data.map((e) => e.id)).toContain(b.housingEventId);
    // Page by page (the token keeps the list's set: events that have not ended).
    const seen: number[] = [];
    let next: string | undefined;
    do {
      const page: { data: Array<{ id: number }>; paging: { nextToken?: string } } = await ok(api('GET', `/ea/housing-events/summaries?limit=1${next ? `&token=${encodeURIComponent(next)}` : ''}`));
      seen.push(...page.data.map((e) => e.id));
      next = page.paging.nextToken;
    } while (next !== undefined);
    expect(seen).toEqual(list.data.map((e) => e.id));
    const filtered = await ok<{ data: Array<{ id: number }> }>(api('GET', `/ea/housing-events/summaries?filter=${encodeURIComponent("start gt '2030-01-01'")}`));
    expect(filtered.data).toEqual([]);
  });

  it('connects an integration with the housing event\'s access code, and answers 400 naming the header for an unknown one', async () => {
    const b = await createBlock(api, eventId, { rooms: 1, days: ['2027-03-01'] });
    const res = await ok<{ eventId: number; status: string }>(api('POST', '/ea/connections', undefined, { 'cvent-access-code': b.accessCode }));
    expect(res).toEqual({ eventId: b.housingEventId, status: 'CONNECTED', defaultCallbacks: false });
    expect((await ok<{ connectionStatus: string }>(api('GET', `/ea/housing-events/${b.housingEventId}`))).connectionStatus).toBe('CONNECTED');
    const unknown = await api('POST', '/ea/connections', undefined, { 'cvent-access-code': '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ target: 'Cvent-Access-Code' });
  });

  it('takes one room of each night of the stay, and a cancellation gives them back (once)', async () => {
    const b = await createBlock(api, eventId, { rooms: 3, days: NIGHTS, rate: 150 });
    const r = await ok<{ id: string; confirmationNumber: string; nights: Array<{ stayDate: string }>; totalCharges: { totalAmount: number }; startDate: string }>(
      api('POST', '/ea/reservations', reservationBody(b, { email: 'ada@example.test', arrival: '2027-02-28', departure: '2027-03-02' })));
    expect(r.nights.map((n) => n.stayDate)).toEqual(['2027-02-28', '2027-03-01']);
    expect(r.totalCharges.totalAmount).toBe(300);
    expect(await availability(api, b)).toEqual({ '2027-02-28': 2, '2027-03-01': 2, '2027-03-02': 3 });
    // By id and by confirmation number.
    expect((await ok<{ id: string }>(api('GET', `/ea/reservations/${r.confirmationNumber}`))).id).toBe(r.id);
    expect((await api('DELETE', `/ea/reservations/${r.id}`)).statusCode).toBe(204);
    expect(await availability(api, b)).toEqual({ '2027-02-28': 3, '2027-03-01': 3, '2027-03-02': 3 });
    expect((await api('DELETE', `/ea/reservations/${r.id}`)).statusCode).toBe(204);
    expect(await availability(api, b)).toEqual({ '2027-02-28': 3, '2027-03-01': 3, '2027-03-02': 3 });
    expect(await ok(api('GET', `/ea/reservations/${r.id}`))).toMatchObject({ isCanceled: true, isCancelled: true });
    const list = await ok<{ data: Array<{ id: string }> }>(api('GET', `/ea/housing-events/${b.housingEventId}/reservations?filter=${encodeURIComponent(`hotel.id eq '${b.hotelId}'`)}`));
    expect(list.data.map((x) => x.id)).toEqual([r.id]);
  });

  it('answers 400 naming the field for a departure not after arrival, nights outside the block, and an overlapping stay of the same guest', async () => {
    const b = await createBlock(api, eventId, { rooms: 3, days: NIGHTS });
    const before = await availability(api, b);
    const expect400 = async (body: unknown, target: string) => {
      const res = await api('POST', '/ea/reservations', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target });
    };
    await expect400(reservationBody(b, { email: 'x@example.test', arrival: '2027-03-01', departure: '2027-03-01' }), 'guests[0].departure');
    await expect400(reservationBody(b, { email: 'x@example.test', arrival: '2027-03-02', departure: '2027-02-28' }), 'guests[0].departure');
    await expect400(reservationBody(b, { email: 'x@example.test', arrival: '2027-02-20', departure: '2027-03-01' }), 'guests[0].arrival');
    await expect400(reservationBody(b, { email: 'x@example.test', arrival: '2027-03-02', departure: '2027-03-05' }), 'guests[0].departure');
    await expect400({ ...reservationBody(b, { email: 'x@example.test', arrival: '2027-03-01', departure: '2027-03-02' }), attendeeType: { id: b.attendeeTypeId + 1 } }, 'attendeeType.id');
    await expect400({ ...reservationBody(b, { email: 'x@example.test', arrival: '2027-03-01', departure: '2027-03-02' }), housingEvent: { id: 999999 } }, 'housingEvent.id');
    await ok(api('POST', '/ea/reservations', reservationBody(b, { email: 'Same@Example.test', arrival: '2027-02-28', departure: '2027-03-02' })));
    await expect400(reservationBody(b, { email: 'same@example.test', arrival: '2027-03-01', departure: '2027-03-03' }), 'guests[0].email');
    // Back to back is no overlap.
    await ok(api('POST', '/ea/reservations', reservationBody(b, { email: 'same@example.test', arrival: '2027-03-02', departure: '2027-03-03' })));
    expect(await availability(api, b)).toEqual({ '2027-02-28': (before['2027-02-28'] ?? 0) - 1, '2027-03-01': (before['2027-03-01'] ?? 0) - 1, '2027-03-02': (before['2027-03-02'] ?? 0) - 1 });
  });

  it('takes nothing when one night of the stay has no room left (the transaction rolls back)', async () => {
    const b = await createBlock(api, eventId, { rooms: 1, days: NIGHTS });
    await ok(api('POST', '/ea/reservations', reservationBody(b, { email: 'last@example.test', arrival: '2027-03-02', departure: '2027-03-03' })));
    const res = await api('POST', '/ea/reservations', reservationBody(b, { email: 'late@example.test', arrival: '2027-02-28', departure: '2027-03-03' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ target: 'roomType.id' });
    expect(await availability(api, b)).toEqual({ '2027-02-28': 1, '2027-03-01': 1, '2027-03-02': 0 });
  });

  it('moves a reservation\'s rooms when its stay changes, or changes nothing', async () => {
    const b = await createBlock(api, eventId, { rooms: 1, days: NIGHTS });
    const r = await ok<{ id: string }>(api('POST', '/ea/reservations', reservationBody(b, { email: 'mover@example.test', arrival: '2027-02-28', departure: '2027-03-01' })));
    const moved = await ok<{ nights: Array<{ stayDate: string }>; isModified: boolean }>(
      api('PUT', `/ea/reservations/${r.id}`, reservationBody(b, { email: 'mover@example.test', arrival: '2027-02-28', departure: '2027-03-02' })));
    expect(moved.nights.map((n) => n.stayDate)).toEqual(['2027-02-28', '2027-03-01']);
    expect(moved.isModified).toBe(true);
    expect(await availability(api, b)).toEqual({ '2027-02-28': 0, '2027-03-01': 0, '2027-03-02': 1 });
    await ok(api('POST', '/ea/reservations', reservationBody(b, { email: 'other@example.test', arrival: '2027-03-02', departure: '2027-03-03' })));
    const full = await api('PUT', `/ea/reservations/${r.id}`, reservationBody(b, { email: 'mover@example.test', arrival: '2027-03-01', departure: '2027-03-03' }));
    expect(full.statusCode).toBe(400);
    expect(await availability(api, b)).toEqual({ '2027-02-28': 0, '2027-03-01': 0, '2027-03-02': 0 });
    await ok(api('PUT', `/ea/reservations/${r.id}`, reservationBody(b, { email: 'mover@example.test', arrival: '2027-03-01', departure: '2027-03-02' })));
    expect(await availability(api, b)).toEqual({ '2027-02-28': 1, '2027-03-01': 0, '2027-03-02': 0 });
    expect((await api('DELETE', `/ea/reservations/${r.id}`)).statusCode).toBe(204);
    const again = await api('PUT', `/ea/reservations/${r.id}`, reservationBody(b, { email: 'mover@example.test', arrival: '2027-03-01', departure: '2027-03-02' }));
    expect(again.statusCode).toBe(400);
  });

  it('keeps sold rooms when the block shrinks, and refuses a block below them', async () => {
    const b = await createBlock(api, eventId, { rooms: 2, days: ['2027-03-01'] });
    await ok(api('POST', '/ea/reservations', reservationBody(b, { email: 'a1@example.test', arrival: '2027-03-01', departure: '2027-03-02' })));
    await ok(api('POST', '/ea/reservations', reservationBody(b, { email: 'a2@example.test', arrival: '2027-03-01', departure: '2027-03-02' })));
    const url = `/ea/housing-events/${b.housingEventId}/hotels/${b.hotelId}/room-types/${b.roomTypeId}/inventory`;
    const low = await api('PUT', url, { nights: [{ date: '2027-03-01', rooms: 1, rate: 100 }] });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ target: 'nights[0].rooms' });
    const more = await ok<{ data: Array<{ currentBlock: number; pickup: number; available: number; originalBlock: number }> }>(api('PUT', url, { nights: [{ date: '2027-03-01', rooms: 4, rate: 100 }] }));
    expect(more.data).toEqual([expect.objectContaining({ currentBlock: 4, pickup: 2, available: 2, originalBlock: 2 })]);
  });

  it('updates a room\'s rates by hotel and room code; reservations keep theirs', async () => {
    const b = await createBlock(api, eventId, { rooms: 2, days: NIGHTS, rate: 100 });
    const r = await ok<{ id: string }>(api('POST', '/ea/reservations', reservationBody(b, { email: 'rate@example.test', arrival: '2027-03-01', departure: '2027-03-02' })));
    const res = await ok<{ nights: number; roomRate: number }>(api('PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { startDate: '2027-03-01', endDate: '2027-03-02', roomRate: 120.25, currencyCode: 'USD' }));
    expect(res).toMatchObject({ nights: 2, roomRate: 120.25 });
    const inv = await ok<{ data: Array<{ date: string; rate: { base: number } }> }>(api('GET', `/ea/housing-events/${b.housingEventId}/inventory`));
    expect(inv.data.map((n) => n.rate.base)).toEqual([100, 120.25, 120.25]);
    expect((await ok<{ totalCharges: { totalAmount: number } }>(api('GET', `/ea/reservations/${r.id}`))).totalCharges.totalAmount).toBe(100);
    const eur = await api('PUT', `/ea/housing-hotels/${b.hotelCode}/rooms/${b.roomCode}/rates`, { startDate: '2027-03-01', endDate: '2027-03-02', roomRate: 1, currencyCode: 'EUR' });
    expect(eur.json()).toMatchObject({ code: 400, target: 'currencyCode' });
    expect((await api('PUT', `/ea/housing-hotels/NOPE/rooms/${b.roomCode}/rates`, { startDate: '2027-03-01', endDate: '2027-03-02', roomRate: 1 })).statusCode).toBe(404);
  });

  it('keeps reservation requests, links one reservation, and lists them for the event by attendee', async () => {
    const b = await createBlock(api, eventId, { rooms: 2, days: NIGHTS });
    const attendeeId = await fixtureAttendee(t.db.handle.db, accountId, eventId);
    const request = await ok<{ id: string; status: string; bookingSite: { href: string } }>(api('POST', '/ea/reservation-requests', {
      housingEvent: { id: b.housingEventId }, attendeeTypeCode: 'ATT', guests: [{ lastName: 'Istrant', firstName: 'Reg', email: 'reg@example.test' }],
      specialRequest: 'Quiet room', attendee: { id: attendeeId },
    }));
    expect(request.status).toBe('Active');
    expect((await ok<{ attendeeType: { id: number } }>(api('GET', `/ea/reservation-requests/${request.id}`))).attendeeType).toEqual({ id: b.attendeeTypeId });
    const updated = await ok<{ specialRequest: string }>(api('PUT', `/ea/reservation-requests/${request.id}`, {
      housingEvent: { id: b.housingEventId }, guests: [{ lastName: 'Istrant', email: 'reg@example.test' }], specialRequest: 'High floor', attendee: { id: attendeeId },
    }));
    expect(updated.specialRequest).toBe('High floor');
    const r = await ok<{ id: string; confirmationNumber: string }>(api('POST', '/ea/reservations', reservationBody(b, { email: 'reg@example.test', arrival: '2027-03-01', departure: '2027-03-02' })));
    expect((await api('POST', `/ea/reservation-requests/${request.id}/reservations/${r.confirmationNumber}`)).statusCode).toBe(204);
    expect((await ok<{ reservation: { id: string } }>(api('GET', `/ea/reservation-requests/${request.id}`))).reservation).toEqual({ id: r.id });
    expect((await ok<{ reservationRequest: { id: string } }>(api('GET', `/ea/reservations/${r.id}`))).reservationRequest).toEqual({ id: request.id });
    const r2 = await ok<{ id: string }>(api('POST', '/ea/reservations', reservationBody(b, { email: 'reg2@example.test', arrival: '2027-03-01', departure: '2027-03-02' })));
    const second = await api('POST', `/ea/reservation-requests/${request.id}/reservations/${r2.id}`);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ target: 'reservationId' });
    const cancel = await api('DELETE', `/ea/reservation-requests/${request.id}`);
    expect(cancel.statusCode).toBe(400);
    expect((await ok<{ status: string }>(api('GET', `/ea/reservation-requests/${request.id}`))).status).toBe('Active');
    expect((await api('DELETE', `/ea/reservation-requests/${request.id}/reservations/${r.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/reservation-requests/${request.id}/reservations/${r.id}`)).statusCode).toBe(400);
    expect((await api('DELETE', `/ea/reservation-requests/${request.id}`)).statusCode).toBe(204);
    const cancelled = await api('PUT', `/ea/reservation-requests/${request.id}`, { housingEvent: { id: b.housingEventId }, guests: [{ lastName: 'Istrant' }] });
    expect(cancelled.statusCode).toBe(400);
    const list = await ok<{ data: Array<{ reservationRequest: { id: string }; attendee?: { id: string } }> }>(api('GET', `/ea/events/${eventId}/event-travel/housing-reservation-requests`));
    expect(list.data.map((x) => x.reservationRequest.id)).toContain(request.id);
    const mine = await ok<{ data: Array<{ reservationRequest: { id: string } }> }>(
      api('GET', `/ea/events/${eventId}/event-travel/housing-reservation-requests?filter=${encodeURIComponent(`attendee.id eq '${attendeeId}'`)}`));
    expect(mine.data.map((x) => x.reservationRequest.id)).toEqual([request.id]);
    const badType = await api('POST', '/ea/reservation-requests', { housingEvent: { id: b.housingEventId }, attendeeTypeCode: 'NOPE', guests: [{ lastName: 'X' }] });
    expect(badType.json()).toMatchObject({ code: 400, target: 'attendeeTypeCode' });
  });

  it('sells exactly the rooms left to 50 concurrent reservations, and a cancellation gives one back', async () => {
    const b: Block = await createBlock(api, eventId, { rooms: 10, days: ['2027-03-01', '2027-03-02'] });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api('POST', '/ea/reservations', reservationBody(b, { email: `rush${i}@example.test`, arrival: '2027-03-01', departure: '2027-03-03' }))));
    const booked = results.filter((r) => r.statusCode === 200);
    expect(booked).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 400 && (r.json() as { target?: string }).target === 'roomType.id')).toHaveLength(40);
    expect(await availability(api, b)).toEqual({ '2027-03-01': 0, '2027-03-02': 0 });
    const list = await ok<{ data: unknown[] }>(api('GET', `/ea/housing-events/${b.housingEventId}/reservations`));
    expect(list.data).toHaveLength(10);
    const first = booked[0]?.json() as { id: string };
    expect((await api('DELETE', `/ea/reservations/${first.id}`)).statusCode).toBe(204);
    expect(await availability(api, b)).toEqual({ '2027-03-01': 1, '2027-03-02': 1 });
  });
});
