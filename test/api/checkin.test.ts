import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { sampleSession, workflowAttendee, workflowAttendees, workflowEvent } from '../helpers/workflow.js';

interface ItemResult { status: number; message?: string; data: { id?: string; code?: number; message?: string; target?: string }; request?: Record<string, unknown> }
interface Attendance { id: string; session: { id: string }; event: { id: string }; attendee: { id: string }; deleted: boolean; checkIn?: string; checkOut?: string; duration?: number; lastModified: string }
interface Enrollment { attendee: { id: string }; status: string; deleted: boolean }
interface Page<T> { paging: { nextToken?: string; totalCount: number }; data: T[] }

let t: TestApp;
let api: Api;
let accountId: string;
let eventId: string;

const IN = '2027-03-01T10:02:00Z';
const OUT = '2027-03-01T10:47:30Z';

async function session(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/ea/sessions', sampleSession(eventId, { title: 'Breakout', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function attendance(sessionId: string): Promise<Attendance[]> {
  const res = await api('GET', `/ea/sessions/attendance?limit=200&filter=${encodeURIComponent(`session.id eq '${sessionId}'`)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Page<Attendance>).data;
}

async function enrollments(sessionId: string): Promise<Enrollment[]> {
  const res = await api('POST', '/ea/sessions/enrollment/filter?limit=200', { filter: `session.id eq '${sessionId}'` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Page<Enrollment>).data;
}

async function checkIn(sessionId: string, items: unknown[], method: 'POST' | 'PUT' = 'POST'): Promise<ItemResult[]> {
  const res = await api(method, `/ea/sessions/${sessionId}/check-in`, items);
  expect(res.statusCode, res.body).toBe(207);
  return res.json() as ItemResult[];
}

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await workflowEvent(t.services, accountId, 'Hybrid');
});
afterAll(async () => t?.close());

describe('check-in', () => {
  it('enrolls a participant of the event who is not enrolled in an Optional session and marks them attended', async () => {
    const s = await session();
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    expect(await enrollments(s)).toHaveLength(0);
    const [result] = await checkIn(s, [{ id: a, checkIn: IN, checkOut: OUT, device: 'Kiosk 3' }]);
    expect(result).toEqual({ status: 201, data: { id: a }, request: { id: a, checkIn: IN, checkOut: OUT, device: 'Kiosk 3' } });
    expect(await enrollments(s)).toMatchObject([{ attendee: { id: a }, status: 'Registered', deleted: false }]);
    expect(await attendance(s)).toMatchObject([{
      id: `${s}::${a}`, session: { id: s }, event: { id: eventId }, attendee: { id: a }, deleted: false,
      checkIn: '2027-03-01T10:02:00.000Z', checkOut: '2027-03-01T10:47:30.000Z', duration: 2_730_000,
    }]);
  });

  it('upgrades a waitlisted or removed registration to Registered, even beyond capacity, when the attendee attends', async () => {
    const s = await session({ title: 'Full room', capacity: 1, enableWaitlist: true });
    const [seated, waiting] = await workflowAttendees(t.services.db.db, accountId, eventId, 2);
    await api('POST', `/ea/sessions/${s}/enrollment/${seated}`);
    await api('POST', `/ea/sessions/${s}/enrollment/${waiting}`);
    expect((await checkIn(s, [{ id: waiting, checkIn: IN }]))[0]?.status).toBe(201);
    expect((await enrollments(s)).map((e) => e.status)).toEqual(['Registered', 'Registered']);
  });

  it('records participation in an Included session, which then lists the attendee as enrolled', async () => {
    const s = await session({ title: 'Plenary', includedSession: true });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    expect((await checkIn(s, [{ id: a, checkIn: IN }]))[0]?.status).toBe(201);
    expect(await enrollments(s)).toMatchObject([{ attendee: { id: a }, status: 'Registered' }]);
  });

  it('updates the record in place when the same check-in is repeated: no duplicate', async () => {
    const s = await session({ title: 'Repeat' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    expect((await checkIn(s, [{ id: a, checkIn: IN }]))[0]?.status).toBe(201);
    const first = await attendance(s);
    expect((await checkIn(s, [{ id: a, checkIn: IN }]))[0]?.status).toBe(200);
    expect((await checkIn(s, [{ id: a, checkIn: '2027-03-01T10:05:00Z', checkOut: OUT }, { id: a, checkIn: '2027-03-01T10:05:00Z', checkOut: OUT }])).map((r) => r.status)).toEqual([200, 200]);
    const after = await attendance(s);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first[0]?.id, checkIn: '2027-03-01T10:05:00.000Z', checkOut: '2027-03-01T10:47:30.000Z', duration: 2_550_000 });
    expect(await enrollments(s)).toHaveLength(1);
  });

  it('stores the good items of a batch of 100 and reports the bad ones, changing nothing else', async () => {
    const s = await session({ title: 'Big batch' });
    const otherEvent = await workflowEvent(t.services, accountId, 'Hybrid', 'Other event');
    const good = await workflowAttendees(t.services.db.db, accountId, eventId, 94);
    const stranger = await workflowAttendee(t.services.db.db, accountId, otherEvent);
    const declined = await workflowAttendee(t.services.db.db, accountId, eventId, { status: 'Declined' });
    const [badDates, alsoBad] = await workflowAttendees(t.services.db.db, accountId, eventId, 2);
    const items: unknown[] = good.map((id) => ({ id, checkIn: IN }));
    const bad: Array<[number, unknown, number, string]> = [
      [3, { id: '0190a1b2-0000-7000-8000-000000000000', checkIn: IN }, 404, 'attendeeId'],
      [17, { id: stranger, checkIn: IN }, 404, 'attendeeId'],
      [40, { id: badDates, checkIn: IN, checkOut: '2027-03-01T09:00:00Z' }, 400, 'checkOut'],
      [41, { id: alsoBad, checkIn: '2027-02-30T10:00:00Z' }, 400, 'checkIn'],
      [60, { id: declined, checkIn: IN }, 409, 'attendeeId'],
      [99, 'not an object', 400, 'item'],
    ];
    for (const [at, item] of bad) items.splice(at, 0, item);
    expect(items).toHaveLength(100);
    const results = await checkIn(s, items);
    expect(results).toHaveLength(100);
    for (const [at, item, status, target] of bad) {
      expect(results[at], JSON.stringify(item)).toMatchObject({ status, data: { code: status, target } });
      expect(results[at]?.message).toBe(results[at]?.data.message);
    }
    const badAt = new Set(bad.map(([at]) => at));
    results.forEach((r, i) => {
      if (!badAt.has(i)) expect(r, `item ${i}`).toMatchObject({ status: 201, data: { id: (items[i] as { id: string }).id } });
    });
    expect(results[99]?.request).toBeUndefined();
    const stored = await attendance(s);
    expect(stored.map((r) => r.attendee.id).sort()).toEqual([...good].sort());
    expect((await enrollments(s)).map((e) => e.attendee.id).sort()).toEqual([...good].sort());
    // Nothing recorded for the bad items anywhere.
    const elsewhere = (await api('GET', `/ea/sessions/attendance?limit=200&filter=${encodeURIComponent(`attendee.id eq '${stranger}' or attendee.id eq '${badDates}' or attendee.id eq '${declined}'`)}`)).json() as Page<Attendance>;
    expect(elsewhere.data).toHaveLength(0);
  });

  it('refuses a whole batch over 100 items, empty, or not an array with 400, storing nothing', async () => {
    const s = await session({ title: 'Limits' });
    const people = await workflowAttendees(t.services.db.db, accountId, eventId, 101);
    for (const body of [people.map((id) => ({ id, checkIn: IN })), [], { items: [] }, 'text']) {
      const res = await api('POST', `/ea/sessions/${s}/check-in`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((res.json() as { code: number }).code).toBe(400);
    }
    expect(await attendance(s)).toHaveLength(0);
  });

  it('answers 404 for an unknown session and 409 for a Cancelled one', async () => {
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    expect((await api('POST', '/ea/sessions/0190a1b2-0000-7000-8000-000000000000/check-in', [{ id: a, checkIn: IN }])).statusCode).toBe(404);
    const cancelled = await session({ title: 'Off', status: 'Cancelled' });
    const res = await api('POST', `/ea/sessions/${cancelled}/check-in`, [{ id: a, checkIn: IN }]);
    expect(res.statusCode).toBe(409);
    expect(await attendance(cancelled)).toHaveLength(0);
  });

  it('updates check-out with PUT, computing the duration, and reports attendees without attendance as 404 items', async () => {
    const s = await session({ title: 'Update' });
    const [a, never] = await workflowAttendees(t.services.db.db, accountId, eventId, 2);
    await checkIn(s, [{ id: a, checkIn: IN }]);
    const results = await checkIn(s, [
      { id: a, checkOut: OUT, device: 'Door' },
      { id: never, checkOut: OUT },
      { id: a, checkOut: '2027-03-01T09:00:00Z' },
      { id: a, duration: -5 },
    ], 'PUT');
    expect(results.map((r) => r.status)).toEqual([200, 404, 400, 400]);
    expect(results[1]?.data.code).toBe(404);
    expect(await attendance(s)).toMatchObject([{ attendee: { id: a }, checkOut: '2027-03-01T10:47:30.000Z', duration: 2_730_000 }]);
    expect((await checkIn(s, [{ id: a, duration: 1000 }], 'PUT'))[0]?.status).toBe(200);
    expect((await attendance(s))[0]?.duration).toBe(1000);
    expect((await enrollments(s)).map((e) => e.attendee.id)).toEqual([a]);
  });
});

describe('attendance', () => {
  it('deletes attendance with 204 (listed as deleted), 404 the second time; a new check-in revives it', async () => {
    const s = await session({ title: 'Delete attendance' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    await checkIn(s, [{ id: a, checkIn: IN }]);
    expect((await api('DELETE', `/ea/sessions/${s}/attendance/${a}`)).statusCode).toBe(204);
    expect(await attendance(s)).toMatchObject([{ attendee: { id: a }, deleted: true }]);
    expect((await api('DELETE', `/ea/sessions/${s}/attendance/${a}`)).statusCode).toBe(404);
    expect((await checkIn(s, [{ id: a, checkOut: OUT }], 'PUT'))[0]?.status).toBe(404);
    expect((await checkIn(s, [{ id: a, checkIn: IN }]))[0]?.status).toBe(201);
    const after = await attendance(s);
    expect(after).toHaveLength(1);
    expect(after[0]?.deleted).toBe(false);
    expect((await enrollments(s))[0]).toMatchObject({ status: 'Registered', deleted: false });
  });

  it('filters attendance by the reference\'s fields and refuses others', async () => {
    const s = await session({ title: 'Filter attendance' });
    const [a1, a2] = await workflowAttendees(t.services.db.db, accountId, eventId, 2);
    await checkIn(s, [{ id: a1, checkIn: IN }, { id: a2, checkIn: IN }]);
    await api('DELETE', `/ea/sessions/${s}/attendance/${a2}`);
    const list = async (filter: string) => ((await api('GET', `/ea/sessions/attendance?filter=${encodeURIComponent(filter)}`)).json() as Page<Attendance>).data.map((r) => r.attendee.id);
    expect(await list(`session.id eq '${s}' and deleted eq false`)).toEqual([a1]);
    expect(await list(`id eq '${s}::${a2}'`)).toEqual([a2]);
    expect(await list(`event.id eq '${eventId}' and attendee.id eq '${a1}'`)).toEqual([a1]);
    expect(await list(`session.id eq '${s}' and created ge '2000-01-01T00:00:00Z'`)).toEqual([a1, a2]);
    for (const filter of ["checkIn gt '2027-01-01T00:00:00Z'", "status eq 'x'"]) {
      const res = await api('GET', `/ea/sessions/attendance?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
    }
  });
});

describe('check-in and attendance: scopes and accounts', () => {
  it('answers 403 without the attendance read or write scope', async () => {
    const tenant = await createTenant(t.services);
    const ev = await workflowEvent(t.services, tenant.accountId, 'Hybrid');
    const full = apiClient(t.app, await tokenFor(t.app, tenant));
    const s = ((await full('POST', '/ea/sessions', sampleSession(ev))).json() as { id: string }).id;
    const a = await workflowAttendee(t.services.db.db, tenant.accountId, ev);
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/session-attendance:read'));
    const writeOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/session-attendance:write'));
    for (const [method, url, body] of [['POST', `/ea/sessions/${s}/check-in`, [{ id: a, checkIn: IN }]], ['PUT', `/ea/sessions/${s}/check-in`, [{ id: a }]], ['DELETE', `/ea/sessions/${s}/attendance/${a}`, undefined]] as const) {
      expect((await readOnly(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await writeOnly('GET', '/ea/sessions/attendance')).statusCode).toBe(403);
    expect((await writeOnly('POST', `/ea/sessions/${s}/check-in`, [{ id: a, checkIn: IN }])).statusCode).toBe(207);
    expect((await readOnly('GET', '/ea/sessions/attendance')).statusCode).toBe(200);
  });

  it('answers 404 to another account for every id route, and reports its attendees as 404 items', async () => {
    const s = await session({ title: 'Account A only' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    await checkIn(s, [{ id: a, checkIn: IN }]);
    const other = await createTenant(t.services);
    const otherApi = apiClient(t.app, await tokenFor(t.app, other));
    for (const [method, url, body] of [
      ['POST', `/ea/sessions/${s}/check-in`, [{ id: a, checkIn: IN }]],
      ['PUT', `/ea/sessions/${s}/check-in`, [{ id: a, checkOut: OUT }]],
      ['DELETE', `/ea/sessions/${s}/attendance/${a}`, undefined],
    ] as const) {
      expect((await otherApi(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const otherEvent = await workflowEvent(t.services, other.accountId, 'Hybrid');
    const otherSession = ((await otherApi('POST', '/ea/sessions', sampleSession(otherEvent))).json() as { id: string }).id;
    const res = await otherApi('POST', `/ea/sessions/${otherSession}/check-in`, [{ id: a, checkIn: IN }]);
    expect(res.statusCode).toBe(207);
    expect((res.json() as ItemResult[])[0]?.status).toBe(404);
    expect(((await otherApi('GET', '/ea/sessions/attendance')).json() as Page<Attendance>).data).toHaveLength(0);
    const mine = await attendance(s);
    expect(mine).toMatchObject([{ attendee: { id: a }, deleted: false }]);
    expect(mine[0]).not.toHaveProperty('checkOut');
  });
});
