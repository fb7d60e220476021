import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { sampleSession, workflowAttendee, workflowAttendees, workflowEvent } from '../helpers/workflow.js';

interface Enrollment { id: string; session: { id: string }; event: { id: string }; attendee: { id: string }; status: string; deleted: boolean; created: string; lastModified: string }
interface Page { paging: { nextToken?: string; totalCount: number }; data: Enrollment[] }

let t: TestApp;
let api: Api;
let accountId: string;
let eventId: string;

async function session(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/ea/sessions', sampleSession(eventId, { title: 'Workshop', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function enrollments(sessionId: string): Promise<Enrollment[]> {
  const res = await api('GET', `/ea/sessions/enrollment?limit=200&filter=${encodeURIComponent(`session.id eq '${sessionId}'`)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Page).data;
}

const statusOf = async (sessionId: string) => Object.fromEntries((await enrollments(sessionId)).map((e) => [e.attendee.id, e.deleted ? 'deleted' : e.status]));

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  eventId = await workflowEvent(t.services, accountId, 'Hybrid');
});
afterAll(async () => t?.close());

describe('session enrollment', () => {
  it('enrolls an attendee of the event in an Optional session with 204, and lists the registration', async () => {
    const s = await session();
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    const res = await api('POST', `/ea/sessions/${s}/enrollment/${a}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const list = await enrollments(s);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: `${s}::${a}`, session: { id: s }, event: { id: eventId }, attendee: { id: a }, status: 'Registered', deleted: false });
    // Enrolling again changes nothing.
    expect((await api('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(204);
    const again = await enrollments(s);
    expect(again).toEqual(list);
  });

  it('fills seats, then the waitlist, then refuses with 409; a freed seat goes to the first waitlisted attendee', async () => {
    const s = await session({ title: 'Small room', capacity: 2, capacityUnlimited: false, enableWaitlist: true, waitlistCapacity: 1 });
    const [a1, a2, a3, a4] = await workflowAttendees(t.services.db.db, accountId, eventId, 4);
    for (const a of [a1, a2, a3]) expect((await api('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(204);
    expect(await statusOf(s)).toEqual({ [a1!]: 'Registered', [a2!]: 'Registered', [a3!]: 'Waitlisted' });
    const full = await api('POST', `/ea/sessions/${s}/enrollment/${a4}`);
    expect(full.statusCode).toBe(409);
    expect((full.json() as { message: string }).message).toMatch(/waitlist are full/);
    expect(Object.keys(await statusOf(s))).not.toContain(a4);
    expect((await api('DELETE', `/ea/sessions/${s}/enrollment/${a1}`)).statusCode).toBe(204);
    expect(await statusOf(s)).toEqual({ [a1!]: 'deleted', [a2!]: 'Registered', [a3!]: 'Registered' });
    const removed = (await enrollments(s)).find((e) => e.attendee.id === a1);
    expect(removed).toMatchObject({ status: 'Cancelled', deleted: true });
    // Re-enrolling a removed attendee takes the free waitlist place.
    expect((await api('POST', `/ea/sessions/${s}/enrollment/${a1}`)).statusCode).toBe(204);
    expect((await statusOf(s))[a1!]).toBe('Waitlisted');
  });

  it('refuses with 409 when the session is full and has no waitlist', async () => {
    const s = await session({ title: 'One seat', capacity: 1 });
    const [a1, a2] = await workflowAttendees(t.services.db.db, accountId, eventId, 2);
    expect((await api('POST', `/ea/sessions/${s}/enrollment/${a1}`)).statusCode).toBe(204);
    const res = await api('POST', `/ea/sessions/${s}/enrollment/${a2}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 409, message: 'The session is full and has no waitlist' });
  });

  it('keeps capacity under concurrent enrollment', async () => {
    const s = await session({ title: 'Race', capacity: 3 });
    const people = await workflowAttendees(t.services.db.db, accountId, eventId, 8);
    const codes = await Promise.all(people.map(async (a) => (await api('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode));
    expect(codes.filter((c) => c === 204)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(Object.values(await statusOf(s))).toEqual(['Registered', 'Registered', 'Registered']);
  });

  it('refuses enrollment in an Included session, which every attendee of the event is already in', async () => {
    const s = await session({ title: 'Plenary', includedSession: true });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    const res = await api('POST', `/ea/sessions/${s}/enrollment/${a}`);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toMatch(/Included/);
    expect(await enrollments(s)).toHaveLength(0);
  });

  it('refuses a Cancelled session and an attendee who declined, and answers 404 for an attendee of another event', async () => {
    const cancelled = await session({ title: 'Called off', status: 'Cancelled' });
    const open = await session({ title: 'Open' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    expect((await api('POST', `/ea/sessions/${cancelled}/enrollment/${a}`)).statusCode).toBe(409);
    const declined = await workflowAttendee(t.services.db.db, accountId, eventId, { status: 'Declined' });
    const res = await api('POST', `/ea/sessions/${open}/enrollment/${declined}`);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toMatch(/Declined/);
    const otherEvent = await workflowEvent(t.services, accountId, 'Hybrid', 'Other');
    const stranger = await workflowAttendee(t.services.db.db, accountId, otherEvent);
    expect((await api('POST', `/ea/sessions/${open}/enrollment/${stranger}`)).statusCode).toBe(404);
    expect((await api('POST', `/ea/sessions/${open}/enrollment/0190a1b2-0000-7000-8000-000000000000`)).statusCode).toBe(404);
    expect((await api('POST', `/ea/sessions/0190a1b2-0000-7000-8000-000000000000/enrollment/${a}`)).statusCode).toBe(404);
    expect((await api('POST', `/ea/sessions/${open}/enrollment/not-a-uuid`)).statusCode).toBe(404);
    expect(await enrollments(open)).toHaveLength(0);
    expect(await enrollments(cancelled)).toHaveLength(0);
  });

  it('answers 404 when deleting a registration that does not exist or was already removed', async () => {
    const s = await session({ title: 'Delete twice' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    expect((await api('DELETE', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(404);
    expect((await api('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(404);
  });
});

describe('session enrollment lists', () => {
  it('filters by the reference\'s fields, including the composite id, in GET and POST .../filter', async () => {
    const s = await session({ title: 'Filter me' });
    const [a1, a2] = await workflowAttendees(t.services.db.db, accountId, eventId, 2);
    await api('POST', `/ea/sessions/${s}/enrollment/${a1}`);
    await api('POST', `/ea/sessions/${s}/enrollment/${a2}`);
    await api('DELETE', `/ea/sessions/${s}/enrollment/${a2}`);
    const byId = await api('POST', '/ea/sessions/enrollment/filter', { filter: `id eq '${s}::${a1}'` });
    expect(byId.statusCode).toBe(200);
    expect((byId.json() as Page).data.map((e) => e.attendee.id)).toEqual([a1]);
    const live = (await api('POST', '/ea/sessions/enrollment/filter?limit=200', { filter: `session.id eq '${s}' and deleted eq false` })).json() as Page;
    expect(live.data.map((e) => e.attendee.id)).toEqual([a1]);
    const cancelled = (await api('GET', `/ea/sessions/enrollment?filter=${encodeURIComponent(`attendee.id eq '${a2}' and status eq 'Cancelled'`)}`)).json() as Page;
    expect(cancelled.data).toHaveLength(1);
    for (const filter of ["title eq 'x'", "status contains 'Reg'", "session.id eq 'nope'"]) {
      const res = await api('GET', `/ea/sessions/enrollment?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect((res.json() as { target: string }).target).toBe('filter');
    }
  });

  it('includes records changed exactly at `after` and `before` (the reference\'s inclusive bounds)', async () => {
    const s = await session({ title: 'Bounds' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    await api('POST', `/ea/sessions/${s}/enrollment/${a}`);
    const [row] = await enrollments(s);
    const at = encodeURIComponent(row!.lastModified);
    const res = (await api('GET', `/ea/sessions/enrollment?after=${at}&before=${at}&filter=${encodeURIComponent(`session.id eq '${s}'`)}`)).json() as Page;
    expect(res.data).toHaveLength(1);
  });

  it('pages the enrollment list with nextToken', async () => {
    const s = await session({ title: 'Many' });
    const people = await workflowAttendees(t.services.db.db, accountId, eventId, 7);
    for (const a of people) await api('POST', `/ea/sessions/${s}/enrollment/${a}`);
    const seen: string[] = [];
    let url: string | undefined = `/ea/sessions/enrollment?limit=3&filter=${encodeURIComponent(`session.id eq '${s}'`)}`;
    while (url) {
      const page = (await api('GET', url)).json() as Page;
      seen.push(...page.data.map((e) => e.attendee.id));
      url = page.paging.nextToken ? `/ea/sessions/enrollment?token=${page.paging.nextToken}` : undefined;
    }
    expect(seen).toEqual(people);
  });
});

describe('session enrollment: scopes and accounts', () => {
  it('answers 403 without the read, write or delete scope', async () => {
    const tenant = await createTenant(t.services);
    const ev = await workflowEvent(t.services, tenant.accountId, 'Hybrid');
    const full = apiClient(t.app, await tokenFor(t.app, tenant));
    const s = ((await full('POST', '/ea/sessions', sampleSession(ev))).json() as { id: string }).id;
    const a = await workflowAttendee(t.services.db.db, tenant.accountId, ev);
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/session-enrollment:read'));
    const writeOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/session-enrollment:write'));
    expect((await readOnly('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(403);
    expect((await writeOnly('GET', '/ea/sessions/enrollment')).statusCode).toBe(403);
    expect((await writeOnly('POST', '/ea/sessions/enrollment/filter', {})).statusCode).toBe(403);
    expect((await writeOnly('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(204);
    // Removing a registration needs the delete scope, not write.
    expect((await writeOnly('DELETE', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(403);
    expect((await readOnly('GET', '/ea/sessions/enrollment')).statusCode).toBe(200);
  });

  it('answers 404 to another account for every id route and lists none of its registrations', async () => {
    const s = await session({ title: 'Private' });
    const a = await workflowAttendee(t.services.db.db, accountId, eventId);
    await api('POST', `/ea/sessions/${s}/enrollment/${a}`);
    const other = await createTenant(t.services);
    const otherApi = apiClient(t.app, await tokenFor(t.app, other));
    expect((await otherApi('POST', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(404);
    expect((await otherApi('DELETE', `/ea/sessions/${s}/enrollment/${a}`)).statusCode).toBe(404);
    // An attendee of another account in one's own session is equally unknown.
    const otherEvent = await workflowEvent(t.services, other.accountId, 'Hybrid');
    const otherSession = ((await otherApi('POST', '/ea/sessions', sampleSession(otherEvent))).json() as { id: string }).id;
    expect((await otherApi('POST', `/ea/sessions/${otherSession}/enrollment/${a}`)).statusCode).toBe(404);
    const list = (await otherApi('GET', `/ea/sessions/enrollment?filter=${encodeURIComponent(`session.id eq '${s}'`)}`)).json() as Page;
    expect(list.data).toHaveLength(0);
    expect(await statusOf(s)).toEqual({ [a]: 'Registered' });
  });
});
