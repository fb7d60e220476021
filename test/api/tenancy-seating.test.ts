import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureEvent } from '../helpers/webcast-fixtures.js';

// Tenancy of the Seating tag (issue 31): another account's events, seatings, tables, seats and assignments are 404 to
// every operation (not 403), even through an event of its own; its attendees cannot take a seat; nothing changes.
describe('tenancy: seating', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let event: string;
  let ownEvent: string;
  let seating: string;
  let table: string;
  let seats: string[];
  let attendee: string;
  let outsider: string;
  let ownSeating: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-tenancy-seating-'));

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const a = await createTenant(t.services);
    const b = await createTenant(t.services);
    owner = apiClient(t.app, await tokenFor(t.app, a));
    other = apiClient(t.app, await tokenFor(t.app, b));
    event = await fixtureEvent(t.services, a.accountId);
    ownEvent = await fixtureEvent(t.services, b.accountId);
    seating = (await ok<{ id: string }>(owner('POST', `/ea/events/${event}/seatings`, { name: 'Dinner' }), 201)).id;
    const made = await ok<{ id: string; seats: Array<{ id: string }> }>(owner('POST', `/ea/events/${event}/seatings/${seating}/tables`, { capacity: 3 }), 201);
    table = made.id;
    seats = made.seats.map((s) => s.id);
    attendee = await fixtureAttendee(t.db.handle.db, a.accountId, event);
    outsider = await fixtureAttendee(t.db.handle.db, b.accountId, ownEvent);
    await ok(owner('POST', `/ea/events/${event}/seatings/${seating}/assignments`, { attendee: { id: attendee }, seat: { id: seats[0] } }), 201);
    ownSeating = (await ok<{ id: string }>(other('POST', `/ea/events/${ownEvent}/seatings`, { name: 'Mine' }), 201)).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 404 to another account for every seating operation and changes nothing', async () => {
    const s = `/ea/events/${event}/seatings/${seating}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/ea/events/${event}/seatings`],
      ['POST', `/ea/events/${event}/seatings`, { name: 'Intruder' }],
      ['GET', `/ea/events/${event}/seatings/assignments`],
      ['GET', s],
      ['GET', `${s}/tables`],
      ['POST', `${s}/tables`, { capacity: 2 }],
      ['GET', `${s}/tables/${table}`],
      ['GET', `${s}/tables/${table}/seats`],
      ['POST', `${s}/tables/${table}/seats`, { name: 'Extra' }],
      ['GET', `${s}/tables/${table}/seats/${seats[0]}`],
      ['GET', `${s}/assignments`],
      ['POST', `${s}/assignments`, { attendee: { id: outsider }, seat: { id: seats[1] } }],
      ['DELETE', `${s}/assignments/${attendee}`],
      // Another account's seating under the caller's own event is not found either.
      ['GET', `/ea/events/${ownEvent}/seatings/${seating}`],
      ['GET', `/ea/events/${ownEvent}/seatings/${seating}/tables/${table}`],
      ['POST', `/ea/events/${ownEvent}/seatings/${seating}/assignments`, { attendee: { id: outsider }, seat: { id: seats[1] } }],
    ];
    for (const [method, url, body] of calls) {
      const res = await other(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const seatings = await ok<{ data: Array<{ name: string }> }>(owner('GET', `/ea/events/${event}/seatings`));
    expect(seatings.data.map((x) => x.name)).toEqual(['Dinner']);
    const tables = await ok<{ data: Array<{ seats: unknown[] }> }>(owner('GET', `/ea/events/${event}/seatings/${seating}/tables`));
    expect(tables.data).toHaveLength(1);
    expect(tables.data[0]?.seats).toHaveLength(3);
    const held = await ok<{ data: Array<{ attendee: { id: string } }> }>(owner('GET', `/ea/events/${event}/seatings/assignments`));
    expect(held.data.map((x) => x.attendee.id)).toEqual([attendee]);
  });

  it('refuses another account\'s seat or attendee in the caller\'s own seating (400 naming the field)', async () => {
    const ownTable = await ok<{ seats: Array<{ id: string }> }>(other('POST', `/ea/events/${ownEvent}/seatings/${ownSeating}/tables`, { capacity: 1 }), 201);
    const foreignSeat = await other('POST', `/ea/events/${ownEvent}/seatings/${ownSeating}/assignments`, { attendee: { id: outsider }, seat: { id: seats[1] } });
    expect(foreignSeat.statusCode).toBe(400);
    expect(foreignSeat.json()).toMatchObject({ target: 'seat.id' });
    const foreignAttendee = await other('POST', `/ea/events/${ownEvent}/seatings/${ownSeating}/assignments`, { attendee: { id: attendee }, seat: { id: ownTable.seats[0]?.id } });
    expect(foreignAttendee.statusCode).toBe(400);
    expect(foreignAttendee.json()).toMatchObject({ target: 'attendee.id' });
    expect((await ok<{ data: unknown[] }>(other('GET', `/ea/events/${ownEvent}/seatings/assignments`))).data).toEqual([]);
  });
});
