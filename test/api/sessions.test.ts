import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { newId } from '../../src/db/ids.js';
import { sampleSession, workflowAttendee, workflowEvent } from '../helpers/workflow.js';

interface SessionBody { id: string; title: string; virtual: boolean; includedSession: boolean; timezone: string; event: { id: string }; lastModified: string; [k: string]: unknown }
interface Page { paging: { nextToken?: string; totalCount: number; limit: number }; data: SessionBody[] }

let t: TestApp;
let api: Api;
let accountId: string;
let hybrid: string;
let inPerson: string;
let virtualEvent: string;

const q = (filter: string) => `/ea/sessions?limit=200&filter=${encodeURIComponent(filter)}`;

async function create(body: Record<string, unknown>): Promise<SessionBody> {
  const res = await api('POST', '/ea/sessions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SessionBody;
}

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  hybrid = await workflowEvent(t.services, accountId, 'Hybrid');
  inPerson = await workflowEvent(t.services, accountId, 'In-person');
  virtualEvent = await workflowEvent(t.services, accountId, 'Virtual');
});
afterAll(async () => t?.close());

describe('sessions: create, read, update, delete', () => {
  it('creates a session with 201 and returns the reference fields, with the event\'s time zone', async () => {
    // A session's location is one of its event's session locations (issue 29): its code and name are the location's.
    const hall = (await api('POST', `/ea/events/${hybrid}/session-locations`, { code: 'HA', name: 'Hall A' })).json() as { id: string };
    const s = await create(sampleSession(hybrid, {
      code: 'KEY-1', description: 'Welcome', capacity: 50, enableWaitlist: true, waitlistCapacity: 5, featured: true,
      category: { name: 'Plenary' }, location: { id: hall.id, name: 'Hall A', code: 'HA' },
      type: { name: 'Talk' }, displayOnAgenda: false, registrationTypes: ['0190a1b2-0000-7000-8000-00000000000b'], order: 3,
    }));
    expect(s).toMatchObject({
      title: 'Opening Keynote', code: 'KEY-1', description: 'Welcome', event: { id: hybrid }, start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z',
      status: 'Active', includedSession: false, virtual: false, capacity: 50, capacityUnlimited: false, enableWaitlist: true, waitlistCapacity: 5,
      featured: true, displayOnAgenda: false, openForRegistration: true, category: { name: 'Plenary' }, location: { name: 'Hall A', code: 'HA' },
      type: { name: 'Talk' }, timezone: 'Europe/Berlin', order: 3, registrationTypes: ['0190a1b2-0000-7000-8000-00000000000b'],
    });
    const got = await api('GET', `/ea/sessions/${s.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(s);
    expect((await api('GET', `/ea/sessions/${s.id.toUpperCase()}`)).json()).toEqual(s);
  });

  it('rejects bad input with 400 naming the field, and stores nothing', async () => {
    const before = ((await api('GET', '/ea/sessions?limit=1')).json() as Page).paging.totalCount;
    const cases: Array<[Record<string, unknown>, string]> = [
      [sampleSession(hybrid, { start: '2027-03-01T12:00:00Z', end: '2027-03-01T11:00:00Z' }), 'end'],
      [sampleSession(hybrid, { status: 'Open' }), 'status'],
      [sampleSession(hybrid, { start: 'tomorrow' }), 'start'],
      [sampleSession(hybrid, { capacityUnlimited: false }), 'capacity'],
      [sampleSession(hybrid, { capacity: -1 }), 'capacity'],
      [sampleSession('0190a1b2-0000-7000-8000-000000000000'), 'event.id'],
      [{ title: 'No event', start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z' }, 'event'],
      [sampleSession(hybrid, { title: '' }), 'title'],
    ];
    for (const [body, target] of cases) {
      const res = await api('POST', '/ea/sessions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { code: number; target: string }).target, JSON.stringify(body)).toBe(target);
    }
    expect(((await api('GET', '/ea/sessions?limit=1')).json() as Page).paging.totalCount).toBe(before);
  });

  it('replaces the writable fields with PUT, ignores echoed read-only fields, and refuses to move a session to another event', async () => {
    const s = await create(sampleSession(hybrid, { title: 'Before', code: 'B', capacity: 10, includedSession: true }));
    const res = await api('PUT', `/ea/sessions/${s.id}`, { ...s, title: 'After', id: '0190a1b2-0000-7000-8000-000000000001', timezone: 'Mars/Olympus', code: undefined, capacity: null, capacityUnlimited: null });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as SessionBody;
    expect(updated).toMatchObject({ id: s.id, title: 'After', timezone: 'Europe/Berlin', includedSession: true, capacityUnlimited: true });
    expect(updated['code']).toBeUndefined();
    expect(updated['capacity']).toBeUndefined();
    expect(updated.lastModified >= s.lastModified).toBe(true);
    const move = await api('PUT', `/ea/sessions/${s.id}`, { ...s, event: { id: inPerson } });
    expect(move.statusCode).toBe(400);
    expect((move.json() as { target: string }).target).toBe('event.id');
    expect(((await api('GET', `/ea/sessions/${s.id}`)).json() as SessionBody).title).toBe('After');
  });

  it('deletes a session with 204, after which it is 404', async () => {
    const s = await create(sampleSession(hybrid, { title: 'Short-lived' }));
    const del = await api('DELETE', `/ea/sessions/${s.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await api('GET', `/ea/sessions/${s.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/ea/sessions/${s.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/sessions/${s.id}`, sampleSession(hybrid))).statusCode).toBe(404);
  });

  it('keeps status when PUT omits it, and keeps a capacity of 0 (null and 0 are not confused)', async () => {
    const s = await create(sampleSession(hybrid, { title: 'Called off', status: 'Cancelled', capacity: 0, capacityUnlimited: false }));
    expect(s).toMatchObject({ status: 'Cancelled', capacity: 0, capacityUnlimited: false });
    const { status: _status, ...withoutStatus } = s;
    const res = await api('PUT', `/ea/sessions/${s.id}`, { ...withoutStatus, title: 'Still off' });
    expect(res.json()).toMatchObject({ title: 'Still off', status: 'Cancelled', capacity: 0 });
  });

  it('deletes the session\'s enrollment and attendance with it', async () => {
    const s = await create(sampleSession(hybrid, { title: 'With people' }));
    const a = await workflowAttendee(t.services.db.db, accountId, hybrid);
    expect((await api('POST', `/ea/sessions/${s.id}/check-in`, [{ id: a, checkIn: '2027-03-01T10:00:00Z' }])).statusCode).toBe(207);
    const filter = encodeURIComponent(`session.id eq '${s.id}'`);
    expect(((await api('GET', `/ea/sessions/attendance?filter=${filter}`)).json() as Page).data).toHaveLength(1);
    expect((await api('DELETE', `/ea/sessions/${s.id}`)).statusCode).toBe(204);
    expect(((await api('GET', `/ea/sessions/attendance?filter=${filter}`)).json() as Page).data).toHaveLength(0);
    expect(((await api('GET', `/ea/sessions/enrollment?filter=${filter}`)).json() as Page).data).toHaveLength(0);
  });

  it('refuses with 409 to delete a session a webcast still points at, unless a delete hook removes the webcast', async () => {
    const s = await create(sampleSession(hybrid, { title: 'Streamed' }));
    const now = new Date().toISOString();
    const webcastId = newId();
    await t.services.db.db.insertInto('webcasts').values({
      id: webcastId, account_id: accountId, event_id: hybrid, session_id: s.id, title: 'Stream', type: null, format: null, provider: null, status: null,
      solution_type: null, player_type: null, meeting_id: null, source_id: null, details: null, links: '{}', extra: '{}',
      created: now, last_modified: now, created_by: 'test', last_modified_by: 'test',
    }).execute();
    const refused = await api('DELETE', `/ea/sessions/${s.id}`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(/webcast/);
    expect((await api('GET', `/ea/sessions/${s.id}`)).statusCode).toBe(200);
    t.services.sessions.onDelete(async (account, sessionId, trx) => {
      await trx.deleteFrom('webcasts').where('account_id', '=', account).where('session_id', '=', sessionId).execute();
    });
    expect((await api('DELETE', `/ea/sessions/${s.id}`)).statusCode).toBe(204);
    expect(await t.services.db.db.selectFrom('webcasts').select('id').where('id', '=', webcastId).executeTakeFirst()).toBeUndefined();
  });

  it('answers 404 for a malformed id (no session can have it)', async () => {
    const bad = await api('GET', '/ea/sessions/not-a-uuid');
    expect(bad.statusCode).toBe(404);
    expect((bad.json() as { target: string }).target).toBe('path');
  });
});

describe('sessions: virtual', () => {
  it('marks a session virtual in a Virtual or Hybrid event, and refuses with 409 in an In-person event', async () => {
    expect((await create(sampleSession(hybrid, { title: 'Hybrid virtual', virtual: true }))).virtual).toBe(true);
    expect((await create(sampleSession(virtualEvent, { title: 'Online only', virtual: true }))).virtual).toBe(true);
    const refused = await api('POST', '/ea/sessions', sampleSession(inPerson, { title: 'Never stored', virtual: true }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, target: 'virtual' });
    expect((refused.json() as { message: string }).message).toMatch(/Virtual or Hybrid/);
    const page = (await api('GET', q("title eq 'Never stored'"))).json() as Page;
    expect(page.data).toHaveLength(0);
    const plain = await create(sampleSession(inPerson, { title: 'In the room' }));
    const put = await api('PUT', `/ea/sessions/${plain.id}`, { ...plain, virtual: true });
    expect(put.statusCode).toBe(409);
    expect(((await api('GET', `/ea/sessions/${plain.id}`)).json() as SessionBody).virtual).toBe(false);
  });

  it('keeps the mark when PUT omits virtual, and removes it with virtual: false', async () => {
    const s = await create(sampleSession(hybrid, { title: 'Mark kept', virtual: true }));
    const { virtual: _v, ...withoutVirtual } = s;
    expect(((await api('PUT', `/ea/sessions/${s.id}`, withoutVirtual)).json() as SessionBody).virtual).toBe(true);
    expect(((await api('PUT', `/ea/sessions/${s.id}`, { ...s, virtual: false })).json() as SessionBody).virtual).toBe(false);
  });

  it('lets the webcasts module make a session virtual and undo it, within the rules of the event', async () => {
    const s = await create(sampleSession(hybrid, { title: 'Webcast linked' }));
    expect((await t.services.sessions.markVirtual(accountId, s.id)).virtual).toBe(true);
    expect(((await api('GET', `/ea/sessions/${s.id}`)).json() as SessionBody).virtual).toBe(true);
    // A webcast keeps the session virtual even when a PUT clears the planner's mark.
    expect(((await api('PUT', `/ea/sessions/${s.id}`, { ...s, virtual: false })).json() as SessionBody).virtual).toBe(true);
    expect((await t.services.sessions.unmarkVirtual(accountId, s.id)).virtual).toBe(false);
    const room = await create(sampleSession(inPerson, { title: 'Room only' }));
    await expect(t.services.sessions.markVirtual(accountId, room.id)).rejects.toMatchObject({ status: 409 });
    await expect(t.services.sessions.markVirtual(accountId, room.id)).rejects.toBeInstanceOf(ApiError);
    const other = await createTenant(t.services);
    await expect(t.services.sessions.markVirtual(other.accountId, s.id)).rejects.toMatchObject({ status: 404 });
    // Inside a caller's transaction, a refusal rolls the caller's work back with it.
    await expect(t.services.db.db.transaction().execute(async (trx) => {
      await trx.updateTable('sessions').set({ title: 'Renamed in trx' }).where('id', '=', room.id).execute();
      await t.services.sessions.markVirtual(accountId, room.id, trx);
    })).rejects.toMatchObject({ status: 409 });
    expect(((await api('GET', `/ea/sessions/${room.id}`)).json() as SessionBody).title).toBe('Room only');
  });

  it('finds virtual sessions with the virtual filter', async () => {
    const virtualOnes = (await api('GET', q("virtual eq 'true'"))).json() as Page;
    expect(virtualOnes.data.length).toBeGreaterThan(0);
    expect(virtualOnes.data.every((s) => s.virtual)).toBe(true);
    const physical = (await api('GET', q('virtual ne true'))).json() as Page;
    expect(physical.data.every((s) => !s.virtual)).toBe(true);
    expect(virtualOnes.paging.totalCount + physical.paging.totalCount).toBe(((await api('GET', '/ea/sessions?limit=1')).json() as Page).paging.totalCount);
  });
});

describe('sessions: lists', () => {
  it('filters by the reference\'s fields, in the query and in POST /sessions/filter', async () => {
    const ev = await workflowEvent(t.services, accountId, 'Virtual', 'Filter event');
    await create(sampleSession(ev, { title: 'Intro to Rust', code: 'R1', includedSession: true, category: { name: 'Engineering' }, capacity: 20 }));
    await create(sampleSession(ev, { title: 'Advanced Rust patterns', code: 'R2', featured: true, start: '2027-03-02T10:00:00Z', end: '2027-03-02T11:00:00Z', capacity: 200 }));
    await create(sampleSession(ev, { title: 'Lunch', code: 'L', status: 'Cancelled', admissionItems: ['0190a1b2-0000-7000-8000-0000000000ad'] }));
    const titles = async (filter: string) => ((await api('GET', q(`event.id eq '${ev}' and (${filter})`))).json() as Page).data.map((s) => s.title).sort();
    expect(await titles("title contains 'rust'")).toEqual(['Advanced Rust patterns', 'Intro to Rust']);
    expect(await titles("title match 'rust advanced'")).toEqual(['Advanced Rust patterns']);
    expect(await titles("status eq 'cancelled'")).toEqual(['Lunch']);
    expect(await titles("includedSession eq 'true'")).toEqual(['Intro to Rust']);
    expect(await titles("featured eq 'true' or code eq 'L'")).toEqual(['Advanced Rust patterns', 'Lunch']);
    expect(await titles("start ge '2027-03-02T00:00:00Z'")).toEqual(['Advanced Rust patterns']);
    expect(await titles("capacity gt '50'")).toEqual(['Advanced Rust patterns']);
    expect(await titles("category.name contains 'engin'")).toEqual(['Intro to Rust']);
    expect(await titles('admissionItems is not empty')).toEqual(['Lunch']);
    expect(await titles("admissionItems contains '0190a1b2-0000-7000-8000-0000000000ad'")).toEqual(['Lunch']);
    const viaPost = await api('POST', '/ea/sessions/filter?limit=10', { filter: `event.id eq '${ev}' and code ne 'L'` });
    expect(viaPost.statusCode).toBe(200);
    expect((viaPost.json() as Page).data.map((s) => s.title).sort()).toEqual(['Advanced Rust patterns', 'Intro to Rust']);
    expect((await api('GET', q(`event.id ne '${ev}'`))).json()).toMatchObject({ data: expect.not.arrayContaining([expect.objectContaining({ title: 'Lunch' })]) });
  });

  it('counts totalCount on the first page only: its tokens carry it, and a new first page counts again', async () => {
    const ev = await workflowEvent(t.services, accountId, 'Virtual', 'Counting event');
    for (const code of ['C1', 'C2', 'C3']) await create(sampleSession(ev, { title: `Count ${code}`, code }));
    type Paged = Page & { paging: { totalCount: number; nextToken?: string } };
    const first = (await api('GET', `/ea/sessions?limit=2&filter=${encodeURIComponent(`event.id eq '${ev}'`)}`)).json() as Paged;
    expect(first.paging.totalCount).toBe(3);
    await create(sampleSession(ev, { title: 'Count C4', code: 'C4' }));
    const second = (await api('GET', `/ea/sessions?token=${encodeURIComponent(first.paging.nextToken ?? '')}`)).json() as Paged;
    // The rows are read afresh (the new session is on this page); the total is the first page's.
    expect(second.data.map((s) => s.title)).toEqual(expect.arrayContaining(['Count C4']));
    expect(second.paging.totalCount).toBe(3);
    const again = (await api('GET', `/ea/sessions?limit=2&filter=${encodeURIComponent(`event.id eq '${ev}'`)}`)).json() as Paged;
    expect(again.paging.totalCount).toBe(4);
  });

  it('lists without a filter when POST .../filter has no body at all (the reference marks it optional)', async () => {
    const all = (await api('GET', '/ea/sessions?limit=200')).json() as Page;
    const res = await api('POST', '/ea/sessions/filter?limit=200'); // no body, no content-type
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Page).data.map((s) => s.id)).toEqual(all.data.map((s) => s.id));
  });

  it('answers 400 with target filter for a field or operator the reference does not list', async () => {
    for (const filter of ["title sw 'Intro'", "timezone eq 'UTC'", "virtual gt 'true'", "event.id eq 'not-a-uuid'", "title eq 'x' or 1=1 --"]) {
      const res = await api('GET', q(filter));
      expect(res.statusCode, filter).toBe(400);
      expect((res.json() as { target: string }).target).toBe('filter');
    }
    expect((await api('POST', '/ea/sessions/filter', { filter: 'capacity eq' })).statusCode).toBe(400);
  });

  it('sorts by a priority list of fields and refuses an unsortable one', async () => {
    const ev = await workflowEvent(t.services, accountId, 'Hybrid', 'Sort event');
    for (const [title, start, order] of [['B', '2027-03-01T10:00:00Z', 2], ['A', '2027-03-01T10:00:00Z', 1], ['C', '2027-03-01T09:00:00Z', 9]] as const) {
      await create(sampleSession(ev, { title, start, end: '2027-03-01T12:00:00Z', order }));
    }
    const sorted = async (sort: string) => ((await api('GET', `${q(`event.id eq '${ev}'`)}&sort=${encodeURIComponent(sort)}`)).json() as Page).data.map((s) => s.title);
    expect(await sorted('start:DESC,order:ASC')).toEqual(['A', 'B', 'C']);
    expect(await sorted('title:DESC')).toEqual(['C', 'B', 'A']);
    expect(await sorted('order')).toEqual(['A', 'B', 'C']);
    for (const sort of ['timezone:ASC', 'start:SIDEWAYS', 'start:ASC,start:DESC']) {
      const res = await api('GET', `/ea/sessions?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(400);
      expect((res.json() as { target: string }).target).toBe('sort');
    }
  });

  it('pages with nextToken under a sort, returning every session once', async () => {
    const ev = await workflowEvent(t.services, accountId, 'Hybrid', 'Paging event');
    const ids = new Set<string>();
    for (let i = 0; i < 23; i++) ids.add((await create(sampleSession(ev, { title: `P${i % 4}`, start: `2027-03-01T${String(10 + (i % 3)).padStart(2, '0')}:00:00Z`, end: '2027-03-01T18:00:00Z' }))).id);
    const seen: string[] = [];
    let url: string | undefined = `${q(`event.id eq '${ev}'`).replace('limit=200', 'limit=5')}&sort=${encodeURIComponent('start:DESC,title:ASC')}`;
    while (url) {
      const page = (await api('GET', url)).json() as Page;
      expect(page.paging.totalCount).toBe(23);
      seen.push(...page.data.map((s) => s.id));
      url = page.paging.nextToken ? `/ea/sessions?token=${page.paging.nextToken}` : undefined;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(ids);
  });
});

describe('sessions: scopes and accounts', () => {
  it('answers 403 when the token lacks the operation\'s scope', async () => {
    const tenant = await createTenant(t.services);
    const ev = await workflowEvent(t.services, tenant.accountId, 'Hybrid');
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/sessions:read'));
    const writeOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/sessions:write'));
    const created = await writeOnly('POST', '/ea/sessions', sampleSession(ev));
    expect(created.statusCode).toBe(201);
    const id = (created.json() as SessionBody).id;
    for (const [client, method, url, body] of [
      [readOnly, 'POST', '/ea/sessions', sampleSession(ev)],
      [readOnly, 'PUT', `/ea/sessions/${id}`, sampleSession(ev)],
      [writeOnly, 'GET', '/ea/sessions', undefined],
      [writeOnly, 'GET', `/ea/sessions/${id}`, undefined],
      [writeOnly, 'POST', '/ea/sessions/filter', {}],
      [writeOnly, 'DELETE', `/ea/sessions/${id}`, undefined],
    ] as const) {
      const res = await client(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers['www-authenticate']).toMatch(/insufficient_scope/);
    }
    expect((await readOnly('GET', `/ea/sessions/${id}`)).statusCode).toBe(200);
    expect((await apiClient(t.app, undefined)('GET', '/ea/sessions')).statusCode).toBe(401);
  });

  it('answers 404 for every id route when another account calls, and lists none of the other account\'s sessions', async () => {
    const mine = await create(sampleSession(hybrid, { title: 'Account A secret' }));
    const other = await createTenant(t.services);
    const otherApi = apiClient(t.app, await tokenFor(t.app, other));
    const otherEvent = await workflowEvent(t.services, other.accountId, 'Hybrid');
    for (const [method, url, body] of [
      ['GET', `/ea/sessions/${mine.id}`, undefined],
      ['PUT', `/ea/sessions/${mine.id}`, sampleSession(otherEvent)],
      ['DELETE', `/ea/sessions/${mine.id}`, undefined],
    ] as const) {
      const res = await otherApi(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Creating a session in another account's event is refused like an unknown event.
    const foreign = await otherApi('POST', '/ea/sessions', sampleSession(hybrid));
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as { target: string }).target).toBe('event.id');
    const list = (await otherApi('GET', `/ea/sessions?filter=${encodeURIComponent(`id eq '${mine.id}' or title eq 'Account A secret'`)}`)).json() as Page;
    expect(list.data).toHaveLength(0);
    expect(((await api('GET', `/ea/sessions/${mine.id}`)).json() as SessionBody).title).toBe('Account A secret');
  });
});
