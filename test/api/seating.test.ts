import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureAttendee, fixtureAttendees, fixtureEvent } from '../helpers/webcast-fixtures.js';

interface Seating { id: string; name: string; code?: string; readOnly: boolean }
interface Table { id: string; capacity: number; name?: string; seats: Array<{ id: string; name?: string }> }
interface Assignment { seating: { id: string; name?: string }; table: { id: string; capacity?: number }; seat: { id: string; name?: string }; attendee: { id: string } }
interface Page<T> { paging: { totalCount: number; nextToken?: string }; data: T[] }

// The Seating tag (issue 31): seating charts, tables, seats and seat assignments, with eventline's write extensions.
describe('seating', () => {
  let t: TestApp;
  let accountId: string;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let api: Api;
  let event: string;
  let otherEvent: string;
  let seating: Seating;
  let table: Table;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventline-seating-'));
  const base = () => `/ea/events/${event}/seatings`;

  beforeAll(async () => {
    t = await startTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    tenant = await createTenant(t.services);
    accountId = tenant.accountId;
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    event = await fixtureEvent(t.services, accountId);
    otherEvent = await fixtureEvent(t.services, accountId, 'Hybrid', 'Another event');
    seating = await ok<Seating>(api('POST', base(), { name: 'Awards Dinner', code: 'DINNER', sourceId: 'ext-1' }), 201);
    table = await ok<Table>(api('POST', `${base()}/${seating.id}/tables`, { name: 'Table 1', code: 'T1', capacity: 4, description: 'By the stage' }), 201);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a seating and reads it back, in the list and by id', async () => {
    expect(seating).toMatchObject({ name: 'Awards Dinner', code: 'DINNER', readOnly: false, sourceId: 'ext-1' });
    expect(await ok(api('GET', `${base()}/${seating.id}`))).toEqual(seating);
    const page = await ok<Page<Seating>>(api('GET', base()));
    expect(page.data.map((s) => s.id)).toEqual([seating.id]);
    const filtered = await ok<Page<Seating>>(api('GET', `${base()}?filter=${encodeURIComponent(`id eq '${seating.id}'`)}`));
    expect(filtered.data).toHaveLength(1);
  });

  it('answers 409 naming code for a second seating of the event with the same code, and allows it in another event', async () => {
    const res = await api('POST', base(), { name: 'Lunch', code: 'DINNER' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 409, target: 'code' });
    await ok(api('POST', `/ea/events/${otherEvent}/seatings`, { name: 'Dinner', code: 'DINNER' }), 201);
  });

  it('lays out a table with capacity seats by default, or the seats sent, never more than its capacity', async () => {
    expect(table.seats).toHaveLength(4);
    const read = await ok<Table>(api('GET', `${base()}/${seating.id}/tables/${table.id}?expand=seats`));
    expect(read.seats.map((s) => s.name)).toEqual(['Seat 1', 'Seat 2', 'Seat 3', 'Seat 4']);
    const named = await ok<Table>(api('POST', `${base()}/${seating.id}/tables`, { capacity: 3, seats: [{ name: 'Host' }, { name: 'Guest of honour' }] }), 201);
    expect(named.seats).toHaveLength(2);
    const tooMany = await api('POST', `${base()}/${seating.id}/tables`, { capacity: 1, seats: [{ name: 'A' }, { name: 'B' }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ target: 'seats' });
    // A seat more fits once; then the table is full (409).
    await ok(api('POST', `${base()}/${seating.id}/tables/${named.id}/seats`, { name: 'Plus one' }), 201);
    const full = await api('POST', `${base()}/${seating.id}/tables/${named.id}/seats`, { name: 'One too many' });
    expect(full.statusCode).toBe(409);
    const seats = await ok<Page<{ id: string; name: string }>>(api('GET', `${base()}/${seating.id}/tables/${named.id}/seats`));
    expect(seats.data.map((s) => s.name)).toEqual(['Host', 'Guest of honour', 'Plus one']);
    const seat = seats.data[0]!;
    expect(await ok(api('GET', `${base()}/${seating.id}/tables/${named.id}/seats/${seat.id}`))).toEqual(seat);
    const tables = await ok<Page<Table>>(api('GET', `${base()}/${seating.id}/tables`));
    expect(tables.data.map((x) => x.id)).toEqual([table.id, named.id]);
    expect(tables.data[0]!.seats[0]).toEqual({ id: table.seats[0]!.id });
  });

  it('answers 400 naming the field for bad input and changes nothing', async () => {
    const before = await ok<Page<Seating>>(api('GET', base()));
    for (const [body, target] of [[{ code: 'X' }, 'name'], [{ name: 'X', sourceId: 'x'.repeat(51) }, 'sourceId'], [{ name: 'X', extra: 1 }, undefined]] as const) {
      const res = await api('POST', base(), body);
      expect(res.statusCode, res.body).toBe(400);
      if (target !== undefined) expect(res.body).toContain(target);
    }
    const badCapacity = await api('POST', `${base()}/${seating.id}/tables`, { capacity: 0 });
    expect(badCapacity.statusCode).toBe(400);
    expect((await ok<Page<Seating>>(api('GET', base()))).data).toHaveLength(before.data.length);
    const badFilter = await api('GET', `${base()}?filter=${encodeURIComponent("name eq 'x'")}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ target: 'filter' });
  });

  it('assigns an attendee of the event to a seat, lists it (expanded on request) and unassigns', async () => {
    const attendee = await fixtureAttendee(t.db.handle.db, accountId, event);
    const seat = table.seats[0]!.id;
    const made = await ok<Assignment>(api('POST', `${base()}/${seating.id}/assignments`, { attendee: { id: attendee }, seat: { id: seat } }), 201);
    expect(made).toEqual({ seating: { id: seating.id }, table: { id: table.id }, seat: { id: seat }, attendee: { id: attendee } });
    const inSeating = await ok<Page<Assignment>>(api('GET', `${base()}/${seating.id}/assignments?expand=seating,table,seat`));
    expect(inSeating.data).toEqual([{
      seating: { id: seating.id, name: 'Awards Dinner', code: 'DINNER', readOnly: false, sourceId: 'ext-1' },
      table: { id: table.id, name: 'Table 1', code: 'T1', capacity: 4, description: 'By the stage' },
      seat: { id: seat, name: 'Seat 1' }, attendee: { id: attendee },
    }]);
    const inEvent = await ok<Page<Assignment>>(api('GET', `${base()}/assignments?filter=${encodeURIComponent(`attendee.id eq '${attendee}' and seat.id eq '${seat}'`)}`));
    expect(inEvent.data).toEqual([made]);
    const none = await ok<Page<Assignment>>(api('GET', `${base()}/assignments?filter=${encodeURIComponent(`table.id eq '${table.seats[1]!.id}'`)}`));
    expect(none.data).toEqual([]);

    // An attendee sits once per seating; a seat holds one attendee.
    const twice = await api('POST', `${base()}/${seating.id}/assignments`, { attendee: { id: attendee }, seat: { id: table.seats[1]!.id } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ target: 'attendee.id' });
    const other = await fixtureAttendee(t.db.handle.db, accountId, event);
    const taken = await api('POST', `${base()}/${seating.id}/assignments`, { attendee: { id: other }, seat: { id: seat } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ target: 'seat.id' });

    expect((await api('DELETE', `${base()}/${seating.id}/assignments/${attendee}`)).statusCode).toBe(204);
    expect((await ok<Page<Assignment>>(api('GET', `${base()}/${seating.id}/assignments`))).data).toEqual([]);
    const again = await api('DELETE', `${base()}/${seating.id}/assignments/${attendee}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ target: 'attendeeId' });
    // The freed seat takes someone else.
    await ok(api('POST', `${base()}/${seating.id}/assignments`, { attendee: { id: other }, seat: { id: seat } }), 201);
    expect((await api('DELETE', `${base()}/${seating.id}/assignments/${other}`)).statusCode).toBe(204);
  });

  it('answers 400 naming the field for an attendee of another event, a seat of another seating, or a mismatched table, and seats nobody', async () => {
    const stranger = await fixtureAttendee(t.db.handle.db, accountId, otherEvent);
    const attendee = await fixtureAttendee(t.db.handle.db, accountId, event);
    const elsewhere = await ok<Seating>(api('POST', base(), { name: 'Breakfast' }), 201);
    const otherTable = await ok<Table>(api('POST', `${base()}/${elsewhere.id}/tables`, { capacity: 1 }), 201);
    const cases: Array<[unknown, string]> = [
      [{ attendee: { id: stranger }, seat: { id: table.seats[2]!.id } }, 'attendee.id'],
      [{ attendee: { id: attendee }, seat: { id: otherTable.seats[0]!.id } }, 'seat.id'],
      [{ attendee: { id: attendee }, seat: { id: table.seats[2]!.id }, table: { id: otherTable.id } }, 'table.id'],
      [{ attendee: { id: attendee }, seat: { id: table.seats[2]!.id }, seating: { id: elsewhere.id } }, 'seating.id'],
      [{ attendee: { id: 'not-a-uuid' }, seat: { id: table.seats[2]!.id } }, 'attendee'],
    ];
    for (const [body, target] of cases) {
      const res = await api('POST', `${base()}/${seating.id}/assignments`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(target);
    }
    expect((await ok<Page<Assignment>>(api('GET', `${base()}/assignments`))).data).toEqual([]);
  });

  it('gives one seat to exactly one of 20 concurrent assignments (different attendees): one 201 and nineteen 409s', async () => {
    const attendees = await fixtureAttendees(t.db.handle.db, accountId, event, 20);
    const round = await ok<Table>(api('POST', `${base()}/${seating.id}/tables`, { name: 'Round', capacity: 1 }), 201);
    const seat = round.seats[0]!.id;
    const answers = await Promise.all(attendees.map((a) => api('POST', `${base()}/${seating.id}/assignments`, { attendee: { id: a }, seat: { id: seat } })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 409, target: 'seat.id' });
    const winner = answers.find((r) => r.statusCode === 201)!.json() as Assignment;
    const held = await ok<Page<Assignment>>(api('GET', `${base()}/${seating.id}/assignments?filter=${encodeURIComponent(`seat.id eq '${seat}'`)}`));
    expect(held.data).toEqual([winner]);
  });

  it('has the database refuse a second person in a seat, or a second seat for a person, whatever the service checked (unique indexes)', async () => {
    const db = t.db.handle.db;
    const [a, b] = await fixtureAttendees(db, accountId, event, 2);
    const pair = await ok<Table>(api('POST', `${base()}/${seating.id}/tables`, { name: 'Pair', capacity: 2 }), 201);
    const stamp = { created: '2027-01-01T00:00:00.000Z', last_modified: '2027-01-01T00:00:00.000Z', created_by: 'test', last_modified_by: 'test' };
    const row = (id: string, seat: string, attendee: string) => ({
      id, account_id: accountId, event_id: event, seating_id: seating.id, table_id: pair.id, seat_id: seat, attendee_id: attendee, ...stamp,
    });
    await db.insertInto('seating_assignments').values(row('0190a1b2-0000-7000-8000-0000000000d1', pair.seats[0]!.id, a!)).execute();
    await expect(db.insertInto('seating_assignments').values(row('0190a1b2-0000-7000-8000-0000000000d2', pair.seats[0]!.id, b!)).execute()).rejects.toThrow();
    await expect(db.insertInto('seating_assignments').values(row('0190a1b2-0000-7000-8000-0000000000d3', pair.seats[1]!.id, a!)).execute()).rejects.toThrow();
    await db.deleteFrom('seating_assignments').where('id', '=', '0190a1b2-0000-7000-8000-0000000000d1').execute();
  });

  it('seats one attendee once when 10 concurrent assignments name 10 different seats', async () => {
    const [attendee] = await fixtureAttendees(t.db.handle.db, accountId, event, 1);
    const wide = await ok<Table>(api('POST', `${base()}/${seating.id}/tables`, { name: 'Long', capacity: 10 }), 201);
    const answers = await Promise.all(wide.seats.map((s) => api('POST', `${base()}/${seating.id}/assignments`, { attendee: { id: attendee }, seat: { id: s.id } })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const held = await ok<Page<Assignment>>(api('GET', `${base()}/${seating.id}/assignments?filter=${encodeURIComponent(`attendee.id eq '${attendee}'`)}`));
    expect(held.data).toHaveLength(1);
  });

  it('pages assignments with a keyset token', async () => {
    const page1 = await ok<Page<Assignment>>(api('GET', `${base()}/assignments?limit=1`));
    expect(page1.data).toHaveLength(1);
    expect(page1.paging.totalCount).toBe(2);
    const page2 = await ok<Page<Assignment>>(api('GET', `${base()}/assignments?limit=1&token=${page1.paging.nextToken}`));
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0]).not.toEqual(page1.data[0]);
  });

  it('leaves expansions out without their read scope', async () => {
    const narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'seating/assignments:read seating/tables:read'));
    const page = await ok<Page<Assignment>>(narrow('GET', `${base()}/assignments?expand=seating,table,seat`));
    expect(page.data[0]!.seating).toEqual({ id: seating.id });
    expect(page.data[0]!.seat.name).toBeUndefined();
    expect(page.data[0]!.table.capacity).toBeGreaterThan(0);
    const tables = await ok<Page<Table>>(narrow('GET', `${base()}/${seating.id}/tables?expand=seats`));
    expect(tables.data[0]!.seats[0]).toEqual({ id: table.seats[0]!.id });
    expect((await narrow('GET', base())).statusCode).toBe(403);
  });

  it('seeds the demo event with a seated dinner: tables, seats and some assignments', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const demoEvent = (await ok<{ data: Array<{ id: string }> }>(demo('GET', '/ea/events'))).data[0]?.id ?? '';
    const seatings = await ok<Page<Seating>>(demo('GET', `/ea/events/${demoEvent}/seatings`));
    expect(seatings.data.map((s) => s.name)).toEqual(['Awards Dinner']);
    const dinner = seatings.data[0]!.id;
    const tables = await ok<Page<Table>>(demo('GET', `/ea/events/${demoEvent}/seatings/${dinner}/tables`));
    expect(tables.data.map((x) => x.seats.length)).toEqual([4, 8, 8]);
    const seated = await ok<Page<Assignment>>(demo('GET', `/ea/events/${demoEvent}/seatings/assignments?expand=table`));
    expect(seated.data).toHaveLength(7);
    expect(seated.data.filter((a) => a.table.id === tables.data[0]!.id)).toHaveLength(4);
  }, 120_000);
});
